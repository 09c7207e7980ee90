import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

export default function AddPhoneNumberPage() {
  return (
    <AccountPage
      title="Add your phone number"
      purpose="We send a 6-digit code by SMS to confirm the number. It keeps your account recoverable and lets us reach you about your competitions."
    >
      <ul className="cw-account-page__links">
        <li>
          <Link to="/confirm-phno">I already have a code</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
