import { describe, expect, it } from 'vitest';
import { nextOnboardingStep, phoneNumberSchema, verificationCodeSchema } from './account-schemas.ts';

describe('phone numbers', () => {
  it('accepts E.164 numbers, ignoring spaces and dashes', () => {
    expect(phoneNumberSchema.parse('+91 98765-43210')).toBe('+919876543210');
    expect(phoneNumberSchema.parse('+14155552671')).toBe('+14155552671');
  });
  it.each(['9876543210', '+0123456789', '+12', '+1234567890123456', '+91abc'])('refuses %s', (value) => {
    expect(phoneNumberSchema.safeParse(value).success).toBe(false);
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
