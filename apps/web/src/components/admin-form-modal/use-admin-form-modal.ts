import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';

/** Messages per form field ('title', 'chapters.0', …); the form-wide sentence sits under ''. */
export type FormErrors = Record<string, string>;

type Issue = { path: PropertyKey[]; message: string };

/** What zod's safeParse answers; the web app checks with the shared package's schemas. */
type ParseResult<Data> =
  | { success: true; data: Data }
  | { success: false; error: { issues: readonly Issue[] } };

/** A zod schema, or anything else that answers like one. */
export type SafeParser<Data> = { safeParse(input: unknown): ParseResult<Data> };

/** The outcome of checking a draft: the data to send, or the messages to show. */
export type Validation<Data> = { data: Data } | { errors: FormErrors };

/** The first message per field from a zod result's issues. */
export function errorsFromIssues(issues: readonly Issue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** A failed save as form errors: the server's details per field, and its sentence for the form. */
export function errorsFromApi(error: unknown, fallback = 'The save failed.'): FormErrors {
  if (!(error instanceof ApiError)) return { '': error instanceof Error ? error.message : fallback };
  const errors: FormErrors = { '': error.message };
  for (const detail of error.details) errors[detail.path] ??= detail.message;
  return errors;
}

/** Checks a value with a schema: its data, or the first message per field. */
export function validateWith<Data>(schema: SafeParser<Data>, value: unknown): Validation<Data> {
  const parsed = schema.safeParse(value);
  return parsed.success ? { data: parsed.data } : { errors: errorsFromIssues(parsed.error.issues) };
}

type Check<Draft, Data> =
  /** The draft is checked as it is, usually with the schema the API applies, so a form error and a 400 read the same. */
  | { schema: SafeParser<Data>; validate?: never }
  /** For a draft that is not the request's shape (a length typed as mm:ss, minutes sent as milliseconds). */
  | { validate: (draft: Draft) => Validation<Data>; schema?: never };

export type AdminFormModalOptions<Draft, Data> = Check<Draft, Data> & {
  initialDraft: Draft | (() => Draft);
  /** Sends the checked data (a mutation's mutateAsync); a rejection becomes the form's errors. */
  submit: (data: Data) => Promise<unknown>;
  /** Called after a successful save, and when the modal is cancelled. */
  onClose: () => void;
  /** A failed save as form errors; by default the server's details per field and its sentence above the form. */
  errorsFromError?: (error: unknown) => FormErrors;
  /** Whether changing any field also clears the form-wide message ('' key); by default only that field's. */
  clearFormErrorOnChange?: boolean;
};

/**
 * The wiring every admin create/edit modal shares: a draft of the fields, a message per field (and one
 * for the form under ''), the Modal's OK button submitting the Form, and a save that checks the draft,
 * sends it, closes on success and shows the server's refusal under the fields it names.
 */
export function useAdminFormModal<Draft extends object, Data>(options: AdminFormModalOptions<Draft, Data>) {
  const { submit, onClose, errorsFromError = errorsFromApi, clearFormErrorOnChange = false } = options;
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(options.initialDraft);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [String(key)]: _cleared, ...rest }) => {
      if (!clearFormErrorOnChange) return rest;
      const { '': _form, ...fields } = rest;
      return fields;
    });
  };

  /** The input's id, which the Form.Item's label points at. */
  const fieldId = (key: keyof Draft & string) => `${formId}-${key}`;

  /** A Form.Item's label target and its field's message. */
  const item = (key: keyof Draft & string) => ({
    htmlFor: fieldId(key),
    validateStatus: errors[key] ? ('error' as const) : undefined,
    help: errors[key],
  });

  async function save() {
    const checked = options.schema ? validateWith(options.schema, draft) : options.validate(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setPending(true);
    try {
      await submit(checked.data);
      onClose();
    } catch (error) {
      setErrors(errorsFromError(error));
    } finally {
      setPending(false);
    }
  }

  return {
    formId,
    draft,
    change,
    errors,
    fieldId,
    item,
    save,
    pending,
    /** The Modal's: its OK button submits the form, and it shows the save under way. */
    modalProps: {
      open: true,
      okButtonProps: { htmlType: 'submit' as const, form: formId },
      confirmLoading: pending,
      onCancel: onClose,
      destroyOnHidden: true,
    },
    /** The Form's: vertical, and a submit (OK or Enter) saves. */
    formProps: {
      id: formId,
      layout: 'vertical' as const,
      onFinish: () => void save(),
      requiredMark: false,
    },
  };
}
