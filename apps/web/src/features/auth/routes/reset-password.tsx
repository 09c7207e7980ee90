import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

export default function ResetPasswordPage() {
  return (
    <AccountPage
      title="Reset your password"
      purpose="We e-mail you a 6-digit code; with it you choose a new password. Resetting signs you out on every device."
    >
      <ul className="cw-account-page__links">
        <li>
          <Link to="/login">Remembered it? Log in</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
