import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { selectAuth } from '@/lib/auth-slice';
import { usePageTitle } from '@/lib/use-page-title';
import { onboardingRedirect } from '../onboarding-steps';
import { FormNotice } from './account-form';
import './account-page.css';

/** Sign up, confirm the e-mail, add and confirm the phone, tell us about yourself. */
export const SIGN_UP_STEPS = 4;

/**
 * The card every account page sits in: where the user is in sign-up, a title, one sentence of
 * purpose, then the page's form (mounted only when the visitor may use it).
 *
 * It is also the onboarding gate (docs/architecture.md §Accounts and onboarding): a signed-in user without a role resumes onboarding
 * at their next step whatever account page they open, and a visitor without a session is sent from
 * the step pages to /login. Reactive, so finishing a step (updateUser) moves the user on by itself.
 * It lives here, not in the public guard, so the landing page does not carry it.
 */
export function AccountPage({
  title,
  purpose,
  step,
  notice,
  children,
}: {
  title: string;
  purpose: ReactNode;
  /** Good news carried over from the previous page, e.g. "Your password was changed". */
  notice?: string | null;
  /** Position in the sign-up flow, e.g. 2 for confirming the e-mail. */
  step?: number;
  children?: ReactNode;
}) {
  usePageTitle(title);
  const session = useSelector(selectAuth);
  const { pathname } = useLocation();
  const redirect = onboardingRedirect(pathname, session);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <section className="cw-account-page" aria-labelledby="cw-account-page-title">
      <div className="cw-account-page__card">
        {step ? (
          <p className="cw-account-page__step">
            Step {step} of {SIGN_UP_STEPS}
          </p>
        ) : null}
        <h1 id="cw-account-page-title" className="cw-account-page__title">
          {title}
        </h1>
        <p className="cw-account-page__purpose">{purpose}</p>
        {notice ? <FormNotice message={notice} /> : null}
        {children ? <div className="cw-account-page__body">{children}</div> : null}
      </div>
    </section>
  );
}
