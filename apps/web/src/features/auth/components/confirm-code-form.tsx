import { useDispatch, useSelector } from 'react-redux';
import { selectAuth, updateUser } from '@/lib/auth-slice';
import { type CodeChannel, confirmCode } from '../api/confirm-code';
import { resendCode } from '../api/resend-code';
import { FormAlert, SubmitButton, useAccountForm } from './account-form';
import { CodeField } from './code-field';
import { ResendCodeButton } from './resend-code-button';

const sentMessages: Record<CodeChannel, string> = {
  email: 'We sent a new code to your e-mail.',
  phone: 'We sent a new code to your phone.',
};

const prompts: Record<CodeChannel, string> = {
  email: 'Didn’t get it? Check your spam folder, or',
  phone: 'No SMS after a minute? Check the number, or',
};

/**
 * The code step of /confirm-email and /confirm-phno: the 6-digit code, then the updated user is
 * stored and the onboarding gate moves on to the next step. Wrong codes show the attempts left.
 */
export function ConfirmCodeForm({ channel }: { channel: CodeChannel }) {
  const dispatch = useDispatch();
  const { user } = useSelector(selectAuth);
  const form = useAccountForm({
    initialValues: { code: '' },
    schema: (schemas) => schemas.confirmCodeSchema,
    onSubmit: async ({ code }) => {
      dispatch(updateUser(await confirmCode(channel, code)));
    },
  });

  return (
    <>
      <form className="cw-form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
        <CodeField form={form} label="6-digit code" />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label="Confirm" pendingLabel="Confirming…" />
      </form>
      <ResendCodeButton
        timerKey={`${channel}:${user?._id ?? ''}`}
        send={() => resendCode(channel)}
        sentMessage={sentMessages[channel]}
        prompt={prompts[channel]}
      />
    </>
  );
}
