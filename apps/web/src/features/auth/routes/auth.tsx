import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

export default function AuthPage() {
  return (
    <AccountPage
      title="Welcome to Candlewise"
      purpose="Log in to pick up where you left off, or create an account to start learning to trade."
    >
      <ul className="cw-account-page__links">
        <li>
          <Link to="/login">Log in</Link>
        </li>
        <li>
          <Link to="/signup">Create an account</Link>
        </li>
      </ul>
    </AccountPage>
  );
}
