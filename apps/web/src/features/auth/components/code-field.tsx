import { type FieldHost, TextField } from './account-form';

/**
 * The 6-digit code field: numeric keypad on phones, and the browser may fill it from the SMS. No
 * maxLength: a pasted " 123456" must not lose its last digit (the shared schema trims it).
 */
export function CodeField({
  form,
  field = 'code',
  label,
}: {
  form: FieldHost;
  field?: string;
  label: string;
}) {
  return (
    <TextField
      form={form}
      field={field}
      label={label}
      className="cw-form__input cw-form__input--code"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
    />
  );
}
