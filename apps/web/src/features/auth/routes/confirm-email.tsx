import { useSelector } from 'react-redux';
import { selectAuth } from '@/lib/auth-slice';
import { AccountPage } from '../components/account-page';
import { ConfirmCodeForm } from '../components/confirm-code-form';
import { SignedInAs } from '../components/signed-in-as';

export default function ConfirmEmailPage() {
  const { user } = useSelector(selectAuth);
  return (
    <AccountPage
      title="Confirm your e-mail"
      step={2}
      purpose={
        <>
          Enter the 6-digit code we e-mailed to <strong>{user?.email}</strong>. It works for 10 minutes.
        </>
      }
    >
      <ConfirmCodeForm channel="email" />
      <SignedInAs actionLabel="Wrong address? Sign out and start again" then="/signup" />
    </AccountPage>
  );
}
