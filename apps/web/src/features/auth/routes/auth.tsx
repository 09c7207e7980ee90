import { Link } from 'react-router';
import { AccountPage } from '../components/account-page';

/** /auth: the entry page after logging out or opening the app signed out; log in or create an account. */
export default function AuthPage() {
  return (
    <AccountPage
      title="Welcome to Candlewise"
      purpose="Learn to trade with video courses, practise in risk-managed competitions and keep a journal that shows what works."
    >
      <ul className="cw-auth-choices">
        <li>
          <Link className="cw-button cw-button--primary" to="/login">
            Log in
          </Link>
        </li>
        <li>
          <Link className="cw-button cw-button--secondary" to="/signup">
            Create an account
          </Link>
        </li>
      </ul>
      <ul className="cw-auth-pitch">
        <li>Six courses from market basics to options and risk management</li>
        <li>Paper-trading competitions with live leaderboards</li>
        <li>A journal that turns your trades into statistics</li>
      </ul>
    </AccountPage>
  );
}
