import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { requestPasswordReset, resetPassword } from '../api/reset-password';
import { markCodeSent } from '../code-delivery';
import {
  FormAlert,
  FormNotice,
  PasswordField,
  SubmitButton,
  TextField,
  useAccountForm,
} from '../components/account-form';
import { AccountPage } from '../components/account-page';
import { CodeField } from '../components/code-field';
import { ResendCodeButton } from '../components/resend-code-button';
import type { LoginPageState } from './login';

const SENT_FALLBACK = 'If an account uses that e-mail, we sent it a code. It works for 10 minutes.';

/** Step 1: the e-mail. The answer is the same whether or not the account exists. */
function RequestCodeStep({ onSent }: { onSent: (email: string, message: string) => void }) {
  const form = useAccountForm({
    initialValues: { email: '' },
    schema: (schemas) => schemas.forgotPasswordSchema,
    onSubmit: async ({ email }) => {
      const message = await requestPasswordReset(email);
      markCodeSent(`reset:${email}`);
      onSent(email, message || SENT_FALLBACK);
    },
  });
  return (
    <form className="cw-form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
      <TextField
        form={form}
        field="email"
        label="E-mail"
        hint="The address you signed up with."
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
      />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending} label="Send code" pendingLabel="Sending code…" />
    </form>
  );
}

/** Step 2: the e-mailed code and the new password; then every device is signed out and /login opens. */
function NewPasswordStep({ email, notice, onBack }: { email: string; notice: string; onBack: () => void }) {
  const navigate = useNavigate();
  const form = useAccountForm({
    initialValues: { code: '', password: '' },
    schema: (schemas) => schemas.resetPasswordSchema.omit({ email: true }),
    onSubmit: async ({ code, password }) => {
      const message = await resetPassword({ email, code, password });
      const state: LoginPageState = {
        email,
        notice: message || 'Your password was changed. Log in with the new one.',
      };
      navigate('/login', { replace: true, state });
    },
  });
  return (
    <>
      <FormNotice message={notice} />
      <form className="cw-form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
        <CodeField form={form} label="6-digit code" />
        <PasswordField
          form={form}
          field="password"
          label="New password"
          hint="At least 8 characters."
          autoComplete="new-password"
        />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label="Set new password" pendingLabel="Setting password…" />
      </form>
      <ResendCodeButton
        timerKey={`reset:${email}`}
        send={() => requestPasswordReset(email)}
        sentMessage={SENT_FALLBACK}
      />
      <p className="cw-account-page__who">
        Code sent to <strong>{email}</strong>.{' '}
        <button type="button" className="cw-link-button" onClick={onBack}>
          Use another e-mail
        </button>
      </p>
    </>
  );
}

export default function ResetPasswordPage() {
  const [sent, setSent] = useState<{ email: string; notice: string } | null>(null);
  return (
    <AccountPage
      title="Reset your password"
      purpose="We e-mail you a 6-digit code; with it you choose a new password. Resetting signs you out on every device."
    >
      {sent ? (
        <NewPasswordStep email={sent.email} notice={sent.notice} onBack={() => setSent(null)} />
      ) : (
        <RequestCodeStep onSent={(email, notice) => setSent({ email, notice })} />
      )}
      <ul className="cw-account-page__links">
        <li>
          <Link to="/login">Remembered it? Log in</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
