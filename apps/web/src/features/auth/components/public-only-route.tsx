import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { selectAuth } from '@/lib/auth-slice';
import { peekReturnTo } from '../return-to';

/**
 * The public-area guard (docs/product-contract.md §2): a signed-in user who has a role goes to /home, or back to the
 * page they asked for before logging in. A user without a role is still onboarding (docs/architecture.md §Accounts and onboarding) and
 * stays on the account pages.
 */
export function PublicOnlyRoute({ children }: { children?: ReactNode }) {
  const { token, user } = useSelector(selectAuth);
  if (token && user?.role) return <Navigate to={peekReturnTo() ?? '/home'} replace />;
  return children ?? <Outlet />;
}
