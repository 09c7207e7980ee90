import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { login } from '@/lib/auth-slice';
import { signUp } from '../api/sign-up';
import { markCodeSent } from '../code-delivery';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
  useAccountForm,
} from '../components/account-form';
import { AccountPage } from '../components/account-page';

/** /signup: e-mail and password; the new session has no role, so the gate moves on to /confirm-email. */
function SignupForm() {
  const dispatch = useDispatch();
  const form = useAccountForm({
    initialValues: { email: '', password: '' },
    schema: (schemas) => schemas.signUpSchema,
    onSubmit: async (input) => {
      const session = await signUp(input);
      markCodeSent(`email:${session.user._id}`); // the confirmation code is already on its way
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
