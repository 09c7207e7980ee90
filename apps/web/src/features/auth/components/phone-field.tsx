import { PHONE_COUNTRIES } from '@candlewise/shared/auth/phone-countries';
import type { ReactNode } from 'react';
import { type FieldHost, FieldShell, hintIdOf } from './account-form';

// Its own module: the country list comes only with the forms that ask for a number (sign-up's phone
// step, the profile), not with /login, which stays within the public pages' 100 KB budget.

/**
 * A phone number: the country code from a list (India first) and the number as written at home;
 * the form's schema (phoneFormSchema) joins them into the E.164 number the API takes.
 */
export function PhoneField({ form, label, hint }: { form: FieldHost; label: string; hint?: ReactNode }) {
  const error = form.errors.phoneNumber ?? form.errors.countryCode;
  const number = form.fieldProps('phoneNumber', hint ? hintIdOf(form, 'phoneNumber') : undefined);
  const country = form.fieldProps('countryCode');
  return (
    <FieldShell
      form={form}
      field="phoneNumber"
      label={label}
      hint={hint}
      error={error}
      controlClassName="cw-form__control cw-form__control--phone"
    >
      <select
        className="cw-form__input cw-form__country"
        aria-label="Country code"
        {...country}
        aria-describedby={error ? form.errorId('phoneNumber') : undefined}
      >
        {PHONE_COUNTRIES.map((entry) => (
          <option key={entry.code + entry.country} value={entry.code}>
            {entry.code} {entry.country}
          </option>
        ))}
      </select>
      <input
        className="cw-form__input"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="98765 43210"
        {...number}
        aria-invalid={error ? true : undefined}
      />
    </FieldShell>
  );
}
