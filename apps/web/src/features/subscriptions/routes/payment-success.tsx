import { formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';
import { Alert, Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { useRefreshStoredUser } from '../api/get-user-details';
import { useVerifyCheckout } from '../api/verify-checkout';
import { serverMessage } from '../lib/server-message';
import './payment-success.css';

type Verification =
  | { status: 'idle' }
  | { status: 'verifying' }
  | { status: 'verified'; expirySeconds: number | null }
  | { status: 'failed'; message: string };

const VERIFY_FAILED = 'We could not confirm the payment yet. Try again in a moment.';

/**
 * /success (spec §2): checkout comes back here with ?session_id=…. The page thanks the user at once;
 * meanwhile the server verifies the session and switches Pro on (POST /plans/getsession), then the
 * stored user is refreshed. Without a session_id the problem is only logged (spec §8).
 */
export default function PaymentSuccessPage() {
  usePageTitle('Payment Success');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const userId = useCurrentUser()?._id ?? null;
  const verify = useVerifyCheckout();
  const refreshStoredUser = useRefreshStoredUser();
  const [verification, setVerification] = useState<Verification>({ status: 'idle' });
  const handled = useRef<string | null>(null);

  const confirmPayment = useCallback(
    async (currentUserId: string, currentSessionId: string) => {
      setVerification({ status: 'verifying' });
      let expirySeconds: number | null;
      try {
        const plan = await verify.mutateAsync({ userId: currentUserId, sessionId: currentSessionId });
        expirySeconds = plan.planExpirationDate;
      } catch (error) {
        setVerification({ status: 'failed', message: serverMessage(error) ?? VERIFY_FAILED });
        return;
      }
      try {
        const user = await refreshStoredUser(currentUserId);
        expirySeconds = user.planExpirationDate;
      } catch (error) {
        // Pro is on at the server; the stored copy catches up on the next refresh.
        console.error('Could not refresh the user after the payment', error);
      }
      setVerification({ status: 'verified', expirySeconds });
    },
    [verify.mutateAsync, refreshStoredUser],
  );

  useEffect(() => {
    const key = sessionId ?? '';
    if (handled.current === key) return; // once per address, StrictMode's second effect included
    handled.current = key;
    if (!sessionId) {
      console.error('The payment success page was opened without a session_id.');
      return;
    }
    if (userId) void confirmPayment(userId, sessionId);
  }, [sessionId, userId, confirmPayment]);

  return (
    <section className="cw-payment-success" aria-labelledby="cw-payment-success-title">
      <svg
        className="cw-payment-success__icon"
        width="56"
        height="56"
        viewBox="0 0 56 56"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="28" cy="28" r="26" />
        <path d="M17 29l7 7 15-16" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 id="cw-payment-success-title" className="cw-payment-success__title">
        Payment Success
      </h1>
      <p className="cw-payment-success__text">Your payment was successful. Thank you!</p>

      {verification.status === 'verifying' ? (
        <p className="cw-payment-success__status" role="status">
          Switching on Pro…
        </p>
      ) : null}
      {verification.status === 'verified' ? (
        <p className="cw-payment-success__status" role="status">
          {verification.expirySeconds === null
            ? 'Pro is active.'
            : `Pro is active until ${formatLongUsDate(verification.expirySeconds)}.`}
        </p>
      ) : null}
      {verification.status === 'failed' ? (
        <Alert
          className="cw-payment-success__alert"
          type="error"
          showIcon
          title={verification.message}
          action={
            <Button
              size="small"
              onClick={() => userId && sessionId && void confirmPayment(userId, sessionId)}
            >
              Try again
            </Button>
          }
        />
      ) : null}

      <Button
        type="primary"
        size="large"
        className="cw-payment-success__continue"
        onClick={() => navigate('/home')}
      >
        Continue
      </Button>
    </section>
  );
}
