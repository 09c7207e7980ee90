import { useDispatch } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { login } from '@/lib/auth-slice';
import { logIn } from '../api/log-in';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
  useAccountForm,
} from '../components/account-form';
import { AccountPage } from '../components/account-page';

/** What /reset-password hands over after a successful reset. */
export type LoginPageState = { notice?: string; email?: string } | null;

/** The form: on success the session is stored and the guards take over (role → /home, none → next step). */
function LoginForm({ email }: { email: string }) {
  const dispatch = useDispatch();
  const form = useAccountForm({
    initialValues: { email, password: '' },
    schema: (schemas) => schemas.logInSchema,
    onSubmit: async (input) => {
      dispatch(login(await logIn(input)));
    },
  });

  return (
    <>
      <form className="cw-form" method="post" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
        <TextField
          form={form}
          field="email"
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
        />
        <PasswordField form={form} field="password" label="Password" autoComplete="current-password" />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label="Log in" pendingLabel="Logging in…" />
      </form>
      <ul className="cw-account-page__links">
        <li>
          <Link to="/reset-password">Forgot your password? Reset it</Link>
        </li>
        <li>
          <Link to="/signup">New to Candlewise? Create an account</Link>
        </li>
      </ul>
    </>
  );
}

/** /login: e-mail and password. */
export default function LoginPage() {
  const state = useLocation().state as LoginPageState;
  return (
    <AccountPage
      title="Log in to Candlewise"
      purpose="Sign in with your e-mail and password to continue your courses, competitions and trading journal."
      notice={state?.notice}
    >
      <LoginForm email={state?.email ?? ''} />
    </AccountPage>
  );
}
