import type { PublicUser } from '@candlewise/shared';

export type OnboardingStep = '/confirm-email' | '/add-phno' | '/user-details';

/**
 * Where onboarding stands (docs/architecture.md §Accounts and onboarding). The same rule as `nextOnboardingStep` in
 * packages/shared/src/auth/account-schemas.ts, kept here because that module loads zod (~20 KB
 * gzipped) and the guards run on /login, which must stay under 100 KB. A test holds the two equal.
 */
export function nextOnboardingStep(
  user: Pick<PublicUser, 'role' | 'emailVerified' | 'phoneVerified'>,
): OnboardingStep | null {
  if (user.role) return null;
  if (!user.emailVerified) return '/confirm-email';
  if (!user.phoneVerified) return '/add-phno';
  return '/user-details';
}

/** The pages that belong to each step: the phone step includes typing the SMS code. */
const pagesOfStep: Record<OnboardingStep, readonly string[]> = {
  '/confirm-email': ['/confirm-email'],
  '/add-phno': ['/add-phno', '/confirm-phno'],
  '/user-details': ['/user-details'],
};

const stepPages = new Set(Object.values(pagesOfStep).flat());

/**
 * Where an account page must send its visitor instead of rendering, or null to render it:
 * - signed out: the step pages need a session, so they go to /login;
 * - signed in without a role: anything but the current step goes to that step (resume onboarding).
 * A user with a role is the public guard's business (→ /home).
 */
export function onboardingRedirect(
  pathname: string,
  session: { token: string | null; user: PublicUser | null },
): string | null {
  const { token, user } = session;
  if (!token || !user) return stepPages.has(pathname) ? '/login' : null;
  const step = nextOnboardingStep(user);
  if (!step || pagesOfStep[step].includes(pathname)) return null;
  return step;
}
