import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

export default function LoginPage() {
  return (
    <AccountPage
      title="Log in to Candlewise"
      purpose="Sign in with your e-mail and password to continue your courses, competitions and trading journal."
    >
      <ul className="cw-account-page__links">
        <li>
          <Link to="/signup">New to Candlewise? Create an account</Link>
        </li>
        <li>
          <Link to="/reset-password">Forgot your password? Reset it</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
