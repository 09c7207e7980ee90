import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { login } from '@/lib/auth-slice';
import { logIn } from '../api/log-in';
import { type AccountSession, signUp } from '../api/sign-up';
import { markCodeSent } from '../code-delivery';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
  useAccountForm,
} from '../components/account-form';
import { AccountPage } from '../components/account-page';
import type { LoginPageState } from './login';

const RETURNING_USER_NOTICE =
  'If this address already has an account, we e-mailed its owner instead of a code: log in with its password, or reset the password if you forgot it.';

/** /signup: e-mail and password; the new session has no role, so the gate moves on to /confirm-email. */
function SignupForm() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const form = useAccountForm({
    initialValues: { email: '', password: '' },
    schema: (schemas) => schemas.signUpSchema,
    onSubmit: async (input) => {
      // Sign-up answers the same for a new and a registered address and grants no session (ADR 027):
      // the page logs in with the password just chosen. A new account (or its owner typing the
      // right password) gets in; otherwise the address had an account, whose owner we e-mailed.
      await signUp(input);
      let session: AccountSession;
      try {
        session = await logIn(input);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        const state: LoginPageState = { email: input.email, notice: RETURNING_USER_NOTICE };
        navigate('/login', { replace: true, state });
        return;
      }
      if (!session.user.emailVerified) markCodeSent(`email:${session.user._id}`); // the code is on its way
      dispatch(login(session));
    },
  });

  return (
    <>
      <form className="cw-form" method="post" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
        <TextField
          form={form}
          field="email"
          label="E-mail"
          hint="We send a 6-digit code here to confirm it."
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
        />
        <PasswordField
          form={form}
          field="password"
          label="Password"
          hint="At least 8 characters."
          autoComplete="new-password"
        />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label="Create account" pendingLabel="Creating account…" />
        <p className="cw-form__fineprint">
          By creating an account you accept our <Link to="/terms-and-conditions">Terms and Conditions</Link>{' '}
          and <Link to="/privacy-policy">Privacy Policy</Link>. Candlewise is trading education, not
          investment advice.
        </p>
      </form>
      <ul className="cw-account-page__links">
        <li>
          <Link to="/login">Already have an account? Log in</Link>
        </li>
      </ul>
    </>
  );
}

export default function SignupPage() {
  return (
    <AccountPage
      title="Create your Candlewise account"
      step={1}
      purpose="Start with your e-mail and a password. Then we confirm your e-mail and phone number and ask a little about you: about two minutes in all."
    >
      <SignupForm />
    </AccountPage>
  );
}
