import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { addPhoneNumber } from '../api/add-phone-number';
import { selectAuth } from '../auth-slice';
import { markCodeSent, rememberPendingPhoneNumber } from '../code-delivery';
import { FormAlert, SubmitButton, TextField, useAccountForm } from '../components/account-form';
import { AccountPage } from '../components/account-page';
import { SignedInAs } from '../components/signed-in-as';

function AddPhoneNumberForm() {
  const navigate = useNavigate();
  const { user } = useSelector(selectAuth);
  const form = useAccountForm({
    initialValues: { phoneNumber: '' },
    schema: (schemas) => schemas.addPhoneSchema,
    onSubmit: async ({ phoneNumber }) => {
      await addPhoneNumber(phoneNumber);
      markCodeSent(`phone:${user?._id ?? ''}`);
      rememberPendingPhoneNumber(phoneNumber);
      navigate('/confirm-phno');
    },
  });

  return (
    <>
      <form className="cw-form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
        <TextField
          form={form}
          field="phoneNumber"
          label="Phone number"
          hint="With the country code, for example +919876543210."
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91…"
        />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label="Send code" pendingLabel="Sending code…" />
      </form>
      <ul className="cw-account-page__links">
        <li>
          <Link to="/confirm-phno">I already have a code</Link>
        </li>
      </ul>
      <SignedInAs />
    </>
  );
}

export default function AddPhoneNumberPage() {
  return (
    <AccountPage
      title="Add your phone number"
      step={3}
      purpose="We send a 6-digit code by SMS to confirm it. It keeps your account recoverable and lets us reach you about your competitions."
    >
      <AddPhoneNumberForm />
    </AccountPage>
  );
}
