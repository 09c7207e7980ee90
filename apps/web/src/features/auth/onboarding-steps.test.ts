import { nextOnboardingStep as sharedNextOnboardingStep } from '@candlewise/shared';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser } from '@/testing/test-data';
import { nextOnboardingStep, onboardingRedirect } from './onboarding-steps';

describe('onboarding steps', () => {
  it('agrees with the shared rule for every combination', () => {
    for (const role of [null, 'user', 'admin'] as const) {
      for (const emailVerified of [false, true]) {
        for (const phoneVerified of [false, true]) {
          const user = { role, emailVerified, phoneVerified };
          expect(nextOnboardingStep(user)).toBe(sharedNextOnboardingStep(user));
        }
      }
    }
  });

  const token = makeToken();
  const onboarding = (overrides: Parameters<typeof makeUser>[0]) => ({
    token,
    user: makeUser({ role: null, ...overrides }),
  });

  it.each([
    // [page, user state, where the page sends them (null: it renders)]
    ['/login', { emailVerified: false, phoneVerified: false }, '/confirm-email'],
    ['/signup', { emailVerified: false, phoneVerified: false }, '/confirm-email'],
    ['/confirm-email', { emailVerified: false, phoneVerified: false }, null],
    ['/add-phno', { emailVerified: false, phoneVerified: false }, '/confirm-email'],
    ['/confirm-email', { emailVerified: true, phoneVerified: false }, '/add-phno'],
    ['/add-phno', { emailVerified: true, phoneVerified: false }, null],
    ['/confirm-phno', { emailVerified: true, phoneVerified: false }, null],
    ['/user-details', { emailVerified: true, phoneVerified: false }, '/add-phno'],
    ['/auth', { emailVerified: true, phoneVerified: true }, '/user-details'],
    ['/reset-password', { emailVerified: true, phoneVerified: true }, '/user-details'],
    ['/confirm-phno', { emailVerified: true, phoneVerified: true }, '/user-details'],
    ['/user-details', { emailVerified: true, phoneVerified: true }, null],
  ] as const)('a user without a role on %s (%o) goes to %s', (page, state, expected) => {
    expect(onboardingRedirect(page, onboarding(state))).toBe(expected);
  });

  it('sends a visitor from the step pages only, to /login', () => {
    const signedOut = { token: null, user: null };
    for (const page of ['/confirm-email', '/add-phno', '/confirm-phno', '/user-details']) {
      expect(onboardingRedirect(page, signedOut)).toBe('/login');
    }
    for (const page of ['/login', '/signup', '/auth', '/reset-password']) {
      expect(onboardingRedirect(page, signedOut)).toBeNull();
    }
  });

  it('leaves a user with a role to the public guard', () => {
    expect(onboardingRedirect('/login', { token, user: makeUser({ role: 'user' }) })).toBeNull();
  });
});
