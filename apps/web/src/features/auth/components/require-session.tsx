import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { selectAuth } from '@/lib/auth-slice';
import { nextOnboardingStep } from '../onboarding-steps';

/**
 * The guard variant of docs/product-contract.md §2: visitors without a token or a user go to /auth and nothing else renders.
 * A user without a role is still onboarding and resumes at the next step (docs/architecture.md §Accounts and onboarding).
 * Synchronous and reactive, so signing out anywhere under it leaves at once.
 */
export function RequireSession({
  redirectTo = '/auth',
  children,
}: {
  redirectTo?: string;
  children?: ReactNode;
}) {
  const { token, user } = useSelector(selectAuth);
  if (!token || !user) return <Navigate to={redirectTo} replace />;
  const step = nextOnboardingStep(user);
  if (step) return <Navigate to={step} replace />;
  return children ?? <Outlet />;
}
