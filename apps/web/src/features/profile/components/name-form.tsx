import type { PublicUser } from '@candlewise/shared';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import { FormAlert, SubmitButton, TextField, useAccountForm } from '@/features/auth';
import { updateUser } from '@/lib/auth-slice';
import { updateProfile } from '../api/update-profile';

/** First and last name, as leaderboards and the avatar menu show them. */
export function NameForm({ user }: { user: PublicUser }) {
  const dispatch = useDispatch();
  const form = useAccountForm({
    initialValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
    schema: (schemas) => schemas.userDetailsSchema.pick({ firstName: true, lastName: true }),
    onSubmit: async (names) => {
      dispatch(updateUser(await updateProfile(user._id, names)));
      toast.success('Your name was saved.');
    },
  });

  return (
    <form className="cw-form cw-profile__form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
      <div className="cw-form__row">
        <TextField form={form} field="firstName" label="First name" autoComplete="given-name" />
        <TextField form={form} field="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.pending} label="Save name" pendingLabel="Saving…" />
    </form>
  );
}
