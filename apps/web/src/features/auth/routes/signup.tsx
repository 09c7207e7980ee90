import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

export default function SignupPage() {
  return (
    <AccountPage
      title="Create your Candlewise account"
      purpose="Sign up with your e-mail and a password of at least 8 characters. We then confirm your e-mail and phone number before your first lesson."
    >
      <ul className="cw-account-page__links">
        <li>
          <Link to="/login">Already have an account? Log in</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
