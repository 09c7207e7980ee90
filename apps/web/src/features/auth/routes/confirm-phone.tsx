import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

export default function ConfirmPhonePage() {
  return (
    <AccountPage
      title="Confirm your phone number"
      purpose="Enter the 6-digit code we sent by SMS. The code is valid for 10 minutes."
    >
      <ul className="cw-account-page__links">
        <li>
          <Link to="/add-phno">Change the phone number</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
