import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { selectAuth } from '@/lib/auth-slice';
import { addPhoneNumber } from '../api/add-phone-number';
import { markCodeSent, rememberPendingPhoneNumber } from '../code-delivery';
import { FormAlert, SubmitButton, useAccountForm } from '../components/account-form';
import { AccountPage } from '../components/account-page';
import { PhoneField } from '../components/phone-field';
import { SignedInAs } from '../components/signed-in-as';

function AddPhoneNumberForm() {
  const navigate = useNavigate();
  const { user } = useSelector(selectAuth);
  const form = useAccountForm({
    initialValues: { countryCode: '+91', phoneNumber: '' },
    schema: (schemas) => schemas.phoneFormSchema,
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
        <PhoneField
          form={form}
          label="Phone number"
          hint="Pick your country's code, then the number as you dial it at home, for example 98765 43210."
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
