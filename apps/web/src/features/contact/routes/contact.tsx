import type { ContactMessageInput } from '@candlewise/shared';
import { type ChangeEvent, type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { useCreateContactMessage } from '../api/create-contact-message';
import './contact.css';

type FieldName = keyof ContactMessageInput;
type FieldErrors = Partial<Record<FieldName, string>>;

const fieldNames: readonly FieldName[] = ['name', 'email', 'subject', 'message'];

const emptyValues: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

type ContactSchema =
  typeof import('@candlewise/shared/contact/contact-message-schema')['contactMessageSchema'];

// The schema pulls in zod (about 20 KB gzipped). It is fetched when the visitor first focuses the form,
// not with the page, so it never delays the first paint; it is ready long before anyone can submit.
let contactSchemaPromise: Promise<ContactSchema> | null = null;
function loadContactSchema(): Promise<ContactSchema> {
  contactSchemaPromise ??= import('@candlewise/shared/contact/contact-message-schema').then(
    (module) => module.contactMessageSchema,
    (error: unknown) => {
      contactSchemaPromise = null; // let the next submit try again
      throw error;
    },
  );
  return contactSchemaPromise;
}

const SUCCESS_FALLBACK =
  'Thanks — we received your message and will reply by e-mail within two business days.';
const UNEXPECTED_ERROR = 'Something went wrong while sending your message. Please try again.';
const FORM_LOAD_ERROR = 'The form could not finish loading. Check your connection and try again.';

function isFieldName(value: string): value is FieldName {
  return (fieldNames as readonly string[]).includes(value);
}

function validate(schema: ContactSchema, values: ContactMessageInput) {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as FieldErrors };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isFieldName(field) && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}

/** The API may name a field "email", "body.email" or "/body/email": the last segment is the field. */
function fieldErrorsFromDetails(details: ApiError['details']): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of details) {
    const field = detail.path.split(/[./]/).filter(Boolean).pop() ?? '';
    if (isFieldName(field) && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

function firstInvalidField(errors: FieldErrors): FieldName | undefined {
  return fieldNames.find((field) => errors[field]);
}

/** /contact: a light form (no antd) validated with the same schema as the API. */
export default function ContactPage() {
  const idPrefix = useId();
  const { mutateAsync, isPending } = useCreateContactMessage();
  const [values, setValues] = useState<ContactMessageInput>(emptyValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const fieldRefs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const confirmationHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterReset = useRef(false);
  const schemaRef = useRef<ContactSchema | null>(null);

  usePageTitle('Contact us');
  useTypedBeforeHydration(
    () => fieldRefs.current,
    emptyValues,
    (typed) => setValues((current) => ({ ...current, ...typed })),
  );

  // Focus moves in the same commit that swaps the form for the confirmation (a layout effect, not a
  // passive one), so nothing (a screen reader, a keypress, a test) ever sees the new content
  // without focus on it.
  useLayoutEffect(() => {
    if (confirmation !== null) {
      confirmationHeadingRef.current?.focus();
    } else if (focusAfterReset.current) {
      focusAfterReset.current = false;
      fieldRefs.current.subject?.focus();
    }
  }, [confirmation]);

  const fieldId = (field: FieldName) => `${idPrefix}-${field}`;
  const errorId = (field: FieldName) => `${idPrefix}-${field}-error`;

  function preloadSchema() {
    if (schemaRef.current) return;
    loadContactSchema().then(
      (schema) => {
        schemaRef.current = schema;
      },
      () => {}, // retried on submit, where a failure is shown to the user
    );
  }

  function focusField(field: FieldName | undefined) {
    if (field) fieldRefs.current[field]?.focus();
  }

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as FieldName;
    const value = event.target.value;
    // An update of the state as it is, not as this render saw it: a keystroke right after hydration
    // can come before the fields typed earlier (adopted by useTypedBeforeHydration) are rendered.
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field shows an error, re-check it as the user types so the message clears as soon as it is fixed.
    if (errors[field] && schemaRef.current) {
      const message = validate(schemaRef.current, { ...values, [field]: value }).errors[field];
      setErrors((current) => ({ ...current, [field]: message }));
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;

    let schema: ContactSchema;
    try {
      schema = await loadContactSchema();
      schemaRef.current = schema;
    } catch {
      setFormError(FORM_LOAD_ERROR);
      return;
    }

    const { data, errors: clientErrors } = validate(schema, values);
    setFormError(null);
    if (!data) {
      setErrors(clientErrors);
      focusField(firstInvalidField(clientErrors));
      return;
    }
    setErrors({});

    try {
      const response = await mutateAsync(data);
      setConfirmation(response.message?.trim() || SUCCESS_FALLBACK);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(UNEXPECTED_ERROR);
        return;
      }
      const serverErrors = error.status === 400 ? fieldErrorsFromDetails(error.details) : {};
      const firstField = firstInvalidField(serverErrors);
      if (firstField) {
        setErrors(serverErrors);
        focusField(firstField);
      } else {
        // 429 (too many messages), 5xx, network: the client already words these as a sentence for the user.
        setFormError(error.message);
      }
    }
  }

  function handleSendAnother() {
    // Keep who is writing; clear what was written.
    setValues((current) => ({ ...emptyValues, name: current.name.trim(), email: current.email.trim() }));
    setErrors({});
    setFormError(null);
    focusAfterReset.current = true;
    setConfirmation(null);
  }

  function describedBy(field: FieldName, hintId?: string): string | undefined {
    const ids = [hintId, errors[field] ? errorId(field) : undefined].filter(Boolean);
    return ids.length > 0 ? ids.join(' ') : undefined;
  }

  function renderError(field: FieldName) {
    if (!errors[field]) return null;
    return (
      <p id={errorId(field)} className="cw-contact__error">
        {errors[field]}
      </p>
    );
  }

  const messageHintId = `${idPrefix}-message-hint`;

  return (
    <div className="cw-contact">
      <h1 className="cw-contact__title">Contact us</h1>
      <p className="cw-contact__lead">
        Questions about a course, a competition, your subscription or a refund? Send us a message and we will
        reply by e-mail within two business days.
      </p>

      {confirmation !== null ? (
        <div className="cw-contact__confirmation" role="status">
          <h2 ref={confirmationHeadingRef} className="cw-contact__confirmation-title" tabIndex={-1}>
            Message sent
          </h2>
          <p className="cw-contact__confirmation-text">{confirmation}</p>
          <button
            type="button"
            className="cw-contact__button cw-contact__button--secondary"
            onClick={handleSendAnother}
          >
            Send another message
          </button>
        </div>
      ) : (
        <form
          className="cw-contact__form"
          method="post"
          noValidate
          onSubmit={handleSubmit}
          onFocus={preloadSchema}
          aria-label="Contact form"
        >
          <div className="cw-contact__field">
            <label className="cw-contact__label" htmlFor={fieldId('name')}>
              Name
            </label>
            <input
              ref={(element) => {
                fieldRefs.current.name = element;
              }}
              id={fieldId('name')}
              className="cw-contact__input"
              name="name"
              type="text"
              autoComplete="name"
              required
              value={values.name}
              onChange={handleChange}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
            />
            {renderError('name')}
          </div>

          <div className="cw-contact__field">
            <label className="cw-contact__label" htmlFor={fieldId('email')}>
              E-mail
            </label>
            <input
              ref={(element) => {
                fieldRefs.current.email = element;
              }}
              id={fieldId('email')}
              className="cw-contact__input"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              required
              value={values.email}
              onChange={handleChange}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email')}
            />
            {renderError('email')}
          </div>

          <div className="cw-contact__field">
            <label className="cw-contact__label" htmlFor={fieldId('subject')}>
              Subject
            </label>
            <input
              ref={(element) => {
                fieldRefs.current.subject = element;
              }}
              id={fieldId('subject')}
              className="cw-contact__input"
              name="subject"
              type="text"
              required
              value={values.subject}
              onChange={handleChange}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={describedBy('subject')}
            />
            {renderError('subject')}
          </div>

          <div className="cw-contact__field">
            <label className="cw-contact__label" htmlFor={fieldId('message')}>
              Message
            </label>
            <p id={messageHintId} className="cw-contact__hint">
              At least 10 characters. For a refund, include the date and amount of the payment.
            </p>
            <textarea
              ref={(element) => {
                fieldRefs.current.message = element;
              }}
              id={fieldId('message')}
              className="cw-contact__input cw-contact__textarea"
              name="message"
              rows={7}
              required
              value={values.message}
              onChange={handleChange}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy('message', messageHintId)}
            />
            {renderError('message')}
          </div>

          {formError ? (
            <p className="cw-contact__form-error" role="alert">
              {formError}
            </p>
          ) : null}

          <button
            type="submit"
            className="cw-contact__button cw-contact__button--primary"
            disabled={isPending}
          >
            {isPending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}

      <p className="cw-contact__footnote">
        We use what you send only to answer you; see our <Link to="/privacy-policy">Privacy Policy</Link>.
        Asking about a payment? Our <Link to="/refunds-cancellations">Refunds and Cancellations</Link> policy
        may already answer it.
      </p>
    </div>
  );
}
