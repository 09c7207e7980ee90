/**
 * A field's one error sentence under it: read out when it appears (role alert), and named by the
 * field's aria-describedby (`${fieldId}-error`, see NumberField's `invalid`).
 */
export function FieldError({ fieldId, message }: { fieldId: string; message: string | null }) {
  if (!message) return null;
  return (
    <span id={`${fieldId}-error`} role="alert">
      {message}
    </span>
  );
}

/** The props of a Form.Item that shows one error sentence for the field `fieldId`. */
export function errorItemProps(fieldId: string, message: string | null) {
  return {
    htmlFor: fieldId,
    validateStatus: message ? ('error' as const) : undefined,
    help: message ? <FieldError fieldId={fieldId} message={message} /> : undefined,
  };
}
