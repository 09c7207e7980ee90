import { Link } from 'react-router';
import { readPendingPhoneNumber } from '../code-delivery';
import { AccountPage } from '../components/account-page';
import { ConfirmCodeForm } from '../components/confirm-code-form';
import { SignedInAs } from '../components/signed-in-as';

export default function ConfirmPhonePage() {
  const phoneNumber = readPendingPhoneNumber();
  return (
    <AccountPage
      title="Confirm your phone number"
      step={3}
      purpose={
        phoneNumber ? (
          <>
            Enter the 6-digit code we sent by SMS to <strong>{phoneNumber}</strong>. It works for 10 minutes.
          </>
        ) : (
          'Enter the 6-digit code we sent to your phone by SMS. It works for 10 minutes.'
        )
      }
    >
      <ConfirmCodeForm channel="phone" />
      <ul className="cw-account-page__links">
        <li>
          <Link to="/add-phno">Change the phone number</Link>
        </li>
      </ul>
      <SignedInAs />
    </AccountPage>
  );
}
