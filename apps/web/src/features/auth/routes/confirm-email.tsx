import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

export default function ConfirmEmailPage() {
  return (
    <AccountPage
      title="Confirm your e-mail"
      purpose="Enter the 6-digit code we e-mailed you. The code is valid for 10 minutes."
    >
      <ul className="cw-account-page__links">
        <li>
          <Link to="/signup">Used the wrong address? Sign up again</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
