import { type ReactNode, useEffect, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type AuthState, logout } from '@/lib/auth-slice';
import { checkSession, SESSION_EXPIRED_MESSAGE } from '../check-session';
import { nextOnboardingStep } from '../onboarding-steps';
import { forgetReturnTo, rememberReturnTo } from '../return-to';
import './protected-route.css';

const SIGNED_OUT_TO_AUTH = new Set(['/group', '/manage-subscription']);

type Verdict = { status: 'checking' } | { status: 'allowed' } | { status: 'redirect'; to: string };

/**
 * The protected-area guard (docs/product-contract.md §2): 'Loading....' while checking; no token or user → /login;
 * an expired token → alert, logout, /login; a token that cannot be decoded → console, /login.
 * A valid session whose user has no role yet is still onboarding: it resumes at the next step.
 *
 * The check runs on entry and again on every move inside the area (a token can expire while the
 * app is open). It reads the store at that moment instead of subscribing: a deliberate logout
 * inside the frame must land on /auth (the frame's job), not be raced to /login by this guard.
 */
export function ProtectedRoute({
  redirectTo = '/login',
  children,
}: {
  redirectTo?: string;
  children?: ReactNode;
}) {
  const store = useStore<{ auth: AuthState }>();
  const dispatch = useDispatch();
  const { pathname, search, hash } = useLocation();
  // A valid session is allowed from the first render: the page (or its first view, drawn at build
  // time) stays on screen instead of flashing 'Loading....' for the one frame the effect takes.
  const [verdict, setVerdict] = useState<Verdict>(() => validSessionVerdict(store.getState().auth));

  useEffect(() => {
    const { token, user } = store.getState().auth;
    const session = checkSession(token, user);
    if (session.status === 'valid') {
      const next = validSessionVerdict({ token, user });
      if (next.status === 'allowed') forgetReturnTo();
      setVerdict((current) => (sameVerdict(current, next) ? current : next));
      return;
    }
    if (session.status === 'expired') {
      window.alert(SESSION_EXPIRED_MESSAGE);
      dispatch(logout());
    } else if (session.status === 'undecodable') {
      console.error('The stored session token could not be decoded', session.error);
      // Drop the unusable token too: otherwise the public guard (token + user with a role) would send
      // the visitor straight back here from /login, round and round.
      dispatch(logout());
    }
    // docs/product-contract.md §2: the Groups and subscription screens send a signed-out visitor to /auth (the guard
    // variant); everywhere else, and for an expired or broken session, it is /login.
    const signedOut = session.status !== 'expired' && session.status !== 'undecodable';
    // After logging in, the visitor comes back here (a deep link is not lost at the login page).
    rememberReturnTo(`${pathname}${search}${hash}`);
    setVerdict({
      status: 'redirect',
      to: signedOut && SIGNED_OUT_TO_AUTH.has(pathname) ? '/auth' : redirectTo,
    });
  }, [pathname, search, hash, store, dispatch, redirectTo]);

  if (verdict.status === 'checking') {
    return (
      <p className="cw-session-check" role="status">
        Loading....
      </p>
    );
  }
  if (verdict.status === 'redirect') return <Navigate to={verdict.to} replace />;
  return children ?? <Outlet />;
}

/** Where a valid session goes (the page, or the next onboarding step); 'checking' for any other. */
function validSessionVerdict({ token, user }: Pick<AuthState, 'token' | 'user'>): Verdict {
  if (checkSession(token, user).status !== 'valid') return { status: 'checking' };
  const step = user ? nextOnboardingStep(user) : null;
  return step ? { status: 'redirect', to: step } : { status: 'allowed' };
}

function sameVerdict(a: Verdict, b: Verdict): boolean {
  return a.status === b.status && (a.status !== 'redirect' || b.status !== 'redirect' || a.to === b.to);
}

export default ProtectedRoute;
