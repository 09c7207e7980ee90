import { FieldError } from '@/components/plain/plain-field';

/** The props of a Form.Item that shows one error sentence for the field `fieldId`. */
export function errorItemProps(fieldId: string, message: string | null) {
  return {
    htmlFor: fieldId,
    validateStatus: message ? ('error' as const) : undefined,
    help: message ? <FieldError fieldId={fieldId} message={message} /> : undefined,
  };
}
