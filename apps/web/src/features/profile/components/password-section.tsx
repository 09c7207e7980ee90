import type { PublicUser } from '@candlewise/shared';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import { changePassword, FormAlert, PasswordField, SubmitButton, useAccountForm } from '@/features/auth';
import { login } from '@/lib/auth-slice';

/** Change the password; every other device is signed out and this one continues with the new token. */
export function PasswordSection({ user }: { user: PublicUser }) {
  const dispatch = useDispatch();
  const form = useAccountForm({
    initialValues: { currentPassword: '', newPassword: '' },
    schema: (schemas) => schemas.changePasswordSchema,
    onSubmit: async (passwords) => {
      const { token } = await changePassword(passwords);
      dispatch(login({ token, user }));
      form.reset();
      toast.success('Your password was changed. Other devices were signed out.');
    },
  });

  return (
    <form className="cw-form cw-profile__form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
      {/* Lets password managers pair the new password with this account. */}
      <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
      <div className="cw-profile__fields">
        <PasswordField
          form={form}
          field="currentPassword"
          label="Current password"
          autoComplete="current-password"
        />
        <PasswordField
          form={form}
          field="newPassword"
          label="New password"
          hint="At least 8 characters."
          autoComplete="new-password"
        />
      </div>
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending} label="Change password" pendingLabel="Changing password…" />
    </form>
  );
}
