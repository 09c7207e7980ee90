import { describe, expect, it } from 'vitest';
import {
  nextOnboardingStep,
  phoneFormSchema,
  phoneNumberSchema,
  verificationCodeSchema,
} from './account-schemas.ts';

describe('phone numbers', () => {
  it('accepts E.164 numbers, ignoring spaces and dashes', () => {
    expect(phoneNumberSchema.parse('+91 98765-43210')).toBe('+919876543210');
    expect(phoneNumberSchema.parse('+14155552671')).toBe('+14155552671');
  });
  it.each(['9876543210', '+0123456789', '+12', '+1234567890123456', '+91abc'])('refuses %s', (value) => {
    expect(phoneNumberSchema.safeParse(value).success).toBe(false);
  });
});

describe('the phone forms (a country code and the number)', () => {
  const parse = (countryCode: string, phoneNumber: string) =>
    phoneFormSchema.safeParse({ countryCode, phoneNumber });

  it('take a 10-digit Indian number without +91, as people write it', () => {
    expect(parse('+91', '9876543210').data).toEqual({ phoneNumber: '+919876543210' });
    expect(parse('+91', '098765 43210').data).toEqual({ phoneNumber: '+919876543210' });
    expect(parse('+44', '07700 900123').data).toEqual({ phoneNumber: '+447700900123' });
  });

  it('take a number typed with its own country code as it is', () => {
    expect(parse('+91', '+1 415 555 0100').data).toEqual({ phoneNumber: '+14155550100' });
  });

  it('say what is wrong, on the number', () => {
    expect(parse('+91', '').error?.issues).toMatchObject([
      { path: ['phoneNumber'], message: 'Enter your phone number.' },
    ]);
    expect(parse('+91', '12ab').error?.issues).toMatchObject([
      {
        path: ['phoneNumber'],
        message: 'Enter the number without the country code, for example 9876543210.',
      },
    ]);
    expect(parse('+999', '9876543210').error?.issues[0].message).toBe('Choose a country code.');
  });
});

describe('verification codes', () => {
  it('are exactly six digits', () => {
    expect(verificationCodeSchema.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', 'abcdef', '12 345']) {
      expect(verificationCodeSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('onboarding resume', () => {
  it('sends a user to the first unfinished step', () => {
    expect(nextOnboardingStep({ role: null, emailVerified: false, phoneVerified: false })).toBe(
      '/confirm-email',
    );
    expect(nextOnboardingStep({ role: null, emailVerified: true, phoneVerified: false })).toBe('/add-phno');
    expect(nextOnboardingStep({ role: null, emailVerified: true, phoneVerified: true })).toBe(
      '/user-details',
    );
    expect(nextOnboardingStep({ role: 'user', emailVerified: true, phoneVerified: true })).toBeNull();
  });
});
