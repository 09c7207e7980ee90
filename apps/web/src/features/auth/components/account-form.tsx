import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { type AccountSchemas, loadAccountSchemas, type SafeParser } from '../account-schemas';
import './account-form.css';

// The account forms' state and controls share one module (and so one small chunk with the account
// page): every extra chunk on /login costs its own request and bytes against the 100 KB budget.

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

const FORM_LOAD_ERROR = 'The form could not finish loading. Check your connection and try again.';
const UNEXPECTED_ERROR = 'Something went wrong. Please try again.';

/** The API may name a field "email", "body.email" or "/body/email": the last segment is the field. */
function fieldOf(path: ReadonlyArray<PropertyKey> | string): string {
  const segments = typeof path === 'string' ? path.split(/[./]/) : path.map(String);
  return segments.filter(Boolean).pop() ?? '';
}

/**
 * State and behaviour shared by the account forms: values, inline field errors (validated with the
 * shared zod schema, loaded lazily), the server's `details` mapped onto the fields, any other
 * failure as one sentence for an alert, and the in-flight flag that disables the submit button.
 */
export function useAccountForm<Values extends Record<string, unknown>, Output>({
  initialValues,
  schema: pickSchema,
  onSubmit,
}: {
  initialValues: Values;
  /** Picks the form's schema from the shared account schemas (loaded on first focus or submit). */
  schema: (schemas: AccountSchemas) => SafeParser<Output>;
  /** Sends the validated data; throw the ApiError to have it shown. */
  onSubmit: (data: Output) => Promise<void>;
}) {
  type Field = keyof Values & string;
  const idPrefix = useId();
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const schemaRef = useRef<SafeParser<Output> | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const fields = Object.keys(initialValues) as Field[];
  const loadSchema = () => loadAccountSchemas().then(pickSchema);
  useTypedBeforeHydration(
    () => inputs.current,
    initialValues,
    (typed) => setValues((current) => ({ ...current, ...typed })),
  );

  function validate(schema: SafeParser<Output>, candidate: Values) {
    const result = schema.safeParse(candidate);
    if (result.success) return { data: result.data, errors: {} as FieldErrors<Field> };
    const found: FieldErrors<Field> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.slice(0, 1)) as Field;
      if (fields.includes(field) && !found[field]) found[field] = issue.message;
    }
    return { data: null, errors: found };
  }

  function focusFirst(found: FieldErrors<Field>) {
    const first = fields.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  }

  /** Starts fetching the schema on the first focus, long before anyone can press the button. */
  function preload() {
    if (schemaRef.current) return;
    loadSchema().then(
      (schema) => {
        schemaRef.current = schema;
      },
      () => {}, // retried on submit, where a failure is shown
    );
  }

  function setValue<Key extends Field>(field: Key, value: Values[Key]) {
    // An update of the state as it is, not as this render saw it: a keystroke right after hydration
    // can come before the fields typed earlier (adopted by useTypedBeforeHydration) are rendered.
    setValues((current) => ({ ...current, [field]: value }));
    // A field that shows an error is checked again as it changes, so the message goes once fixed.
    if (errors[field] && schemaRef.current) {
      const message = validate(schemaRef.current, { ...values, [field]: value }).errors[field];
      setErrors((current) => ({ ...current, [field]: message }));
    }
  }

  /** A 400's details go onto their fields; anything else becomes the form's one-sentence alert. */
  function showError(error: unknown) {
    if (!(error instanceof ApiError)) {
      console.error(error);
      setFormError(UNEXPECTED_ERROR);
      return;
    }
    const fromServer: FieldErrors<Field> = {};
    if (error.status === 400 || error.status === 429) {
      for (const detail of error.details) {
        const field = fieldOf(detail.path) as Field;
        if (fields.includes(field) && !fromServer[field]) fromServer[field] = detail.message;
      }
    }
    if (Object.keys(fromServer).length > 0) {
      setErrors(fromServer);
      focusFirst(fromServer);
    } else {
      setFormError(error.message);
    }
  }

  /** Back to the initial values, with no errors (e.g. the password fields after a change). */
  function reset() {
    setValues(initialValues);
    setErrors({});
    setFormError(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setFormError(null);
    try {
      let schema: SafeParser<Output>;
      try {
        schema = await loadSchema();
        schemaRef.current = schema;
      } catch {
        setFormError(FORM_LOAD_ERROR);
        return;
      }
      const checked = validate(schema, values);
      setErrors(checked.errors);
      if (!checked.data) {
        focusFirst(checked.errors);
        return;
      }
      await onSubmit(checked.data);
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  }

  const inputId = (field: Field) => `${idPrefix}-${field}`;
  const errorId = (field: Field) => `${idPrefix}-${field}-error`;

  /** Everything an input needs: id, name, value, change handler, ref, and the error's aria wiring. */
  function fieldProps(field: Field, hintId?: string) {
    const described = [hintId, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ');
    return {
      id: inputId(field),
      name: field,
      value: String(values[field] ?? ''),
      onChange: (event: { target: { value: string } }) =>
        setValue(field, event.target.value as Values[Field]),
      ref: (element: HTMLElement | null) => {
        inputs.current[field] = element;
      },
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': described || undefined,
    };
  }

  return {
    values,
    setValue,
    errors,
    setErrors,
    formError,
    setFormError,
    pending,
    preload,
    handleSubmit,
    showError,
    reset,
    fieldProps,
    inputId,
    errorId,
    registerInput: (field: Field) => (element: HTMLElement | null) => {
      inputs.current[field] = element;
    },
  };
}

/** The part of useAccountForm a field reads; method syntax so any form's field names fit. */
export type FieldHost = {
  errors: Partial<Record<string, string>>;
  fieldProps(
    field: string,
    hintId?: string,
  ): {
    id: string;
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    ref: (element: HTMLElement | null) => void;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
  };
  errorId(field: string): string;
  inputId(field: string): string;
};

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'value' | 'onChange' | 'name' | 'id'>;

/** A labelled input with an optional hint and its inline error, wired with aria-invalid/aria-describedby. */
/**
 * What every field of these forms shares: the label, the hint under it, the control row and the
 * error under that, wired by ids. `field` names the error and the ids; `children` is the control.
 */
export function FieldShell({
  form,
  field,
  label,
  hint,
  error,
  controlClassName = 'cw-form__control',
  children,
}: {
  form: FieldHost;
  field: string;
  label: string;
  hint?: ReactNode;
  /** Defaults to the field's own error; a field of two inputs names the one to show. */
  error?: string;
  controlClassName?: string;
  children: ReactNode;
}) {
  const shown = error ?? form.errors[field];
  return (
    <div className="cw-form__field">
      <label className="cw-form__label" htmlFor={form.inputId(field)}>
        {label}
      </label>
      {hint ? (
        <p id={hintIdOf(form, field)} className="cw-form__hint">
          {hint}
        </p>
      ) : null}
      <div className={controlClassName}>{children}</div>
      {shown ? (
        <p id={form.errorId(field)} className="cw-form__error">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

/** The id of a field's hint, for its input's aria-describedby. */
export function hintIdOf(form: FieldHost, field: string): string {
  return `${form.inputId(field)}-hint`;
}

export function TextField({
  form,
  field,
  label,
  hint,
  action,
  ...input
}: { form: FieldHost; field: string; label: string; hint?: ReactNode; action?: ReactNode } & InputProps) {
  return (
    <FieldShell form={form} field={field} label={label} hint={hint}>
      <input
        className="cw-form__input"
        {...input}
        {...form.fieldProps(field, hint ? hintIdOf(form, field) : undefined)}
      />
      {action}
    </FieldShell>
  );
}

/** A password input with a Show/Hide button, so a mistyped password can be checked on a phone. */
export function PasswordField(
  props: { form: FieldHost; field: string; label: string; hint?: ReactNode } & InputProps,
) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      action={
        <button
          type="button"
          className="cw-form__reveal"
          aria-pressed={visible}
          aria-controls={props.form.inputId(props.field)}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="cw-visually-hidden"> password</span>
        </button>
      }
    />
  );
}

/** A failure that belongs to no field, in the server's own words. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="cw-form__alert" role="alert">
      {message}
    </p>
  );
}

/** Good news after an action ("We sent a new code"), announced politely. */
export function FormNotice({ message }: { message: string | null }) {
  return (
    <p className="cw-form__notice" role="status">
      {message}
    </p>
  );
}

/** The form's one primary button; disabled with an "…ing" label while the request is in flight. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" className="cw-button cw-button--primary cw-form__submit" disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
