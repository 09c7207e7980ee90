import type { UserRole } from '@candlewise/shared';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { selectAuth } from '@/lib/auth-slice';

const accountNames: Record<UserRole, string> = {
  admin: 'an administrator account',
  user: 'a learner account',
};

/** Shows its children only to a user with the given role; anyone else reads why, inside the frame. */
export function RequireRole({ requiredRole, children }: { requiredRole: UserRole; children: ReactNode }) {
  const { user } = useSelector(selectAuth);
  if (user?.role === requiredRole) return children;
  return (
    <div role="alert">
      <PageHeader
        title="Access denied"
        description={`You need ${accountNames[requiredRole]} to open this page.`}
      />
      <Link to="/home">Back to your dashboard</Link>
    </div>
  );
}
