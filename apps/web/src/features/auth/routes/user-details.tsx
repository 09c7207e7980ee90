import { AccountPage } from '../components/account-page';

export default function UserDetailsPage() {
  return (
    <AccountPage
      title="Tell us about yourself"
      purpose="The last step of signing up: your name, trading experience and interests shape the courses we suggest first."
    >
      <ol className="cw-account-page__steps">
        <li>First and last name, as shown on leaderboards</li>
        <li>Your experience level, from first trade to seasoned</li>
        <li>The markets you want to learn: stocks, options, forex, crypto</li>
      </ol>
    </AccountPage>
  );
}
