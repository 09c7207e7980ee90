import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { logout, selectAuth } from '@/lib/auth-slice';
import { logoutOnServer } from '../api/logout-on-server';

/** "Signed in as …" on the onboarding steps, with a way out for whoever used the wrong account or address. */
export function SignedInAs({
  actionLabel = 'Sign out',
  then = '/login',
}: {
  actionLabel?: string;
  then?: string;
}) {
  const { user } = useSelector(selectAuth);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  if (!user) return null;

  function signOut() {
    logoutOnServer(); // first: it still carries the token
    dispatch(logout());
    navigate(then, { replace: true });
  }

  return (
    <p className="cw-account-page__who">
      Signed in as <strong>{user.email}</strong>.{' '}
      <button type="button" className="cw-link-button" onClick={signOut}>
        {actionLabel}
      </button>
    </p>
  );
}
