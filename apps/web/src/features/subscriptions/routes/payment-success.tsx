import { formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { useRefreshStoredUser } from '../api/get-user-details';
import { useVerifyCheckout } from '../api/verify-checkout';
import { receiptPath } from '../lib/receipt-path';
import { serverMessage } from '../lib/server-message';
import './payment-success.css';

type Verification =
  | { status: 'verifying' }
  | { status: 'verified'; expirySeconds: number | null; paymentId: string | null }
  /** No session_id, or the server knows no such checkout of this user: nothing was paid here. */
  | { status: 'no-payment' }
  /** The checkout exists but is not paid (409), or the check failed: it can be asked again. */
  | { status: 'unconfirmed'; detail: string };

// docs/product-contract.md §2: shown only once the server has verified the payment.
const SUCCESS_TITLE = 'Payment Success';
const SUCCESS_TEXT = 'Your payment was successful. Thank you!';
const NO_PAYMENT = 'We could not find a completed payment for this page.';
const VERIFY_FAILED = 'We could not confirm the payment yet. Try again in a moment.';

/**
 * /success (docs/product-contract.md §2): checkout comes back here with ?session_id=…. The server verifies the session
 * with the provider and switches Pro on (POST /plans/getsession), then the stored user is refreshed.
 * Only a verified payment is thanked; anything else says so and leads to /pricing. Without a
 * session_id the problem is also logged (docs/product-contract.md §8).
 */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const userId = useCurrentUser()?._id ?? null;
  const verify = useVerifyCheckout();
  const refreshStoredUser = useRefreshStoredUser();
  const [verification, setVerification] = useState<Verification>(
    sessionId ? { status: 'verifying' } : { status: 'no-payment' },
  );
  const handled = useRef<string | null>(null);
  usePageTitle(verification.status === 'verified' ? SUCCESS_TITLE : 'Payment');

  const confirmPayment = useCallback(
    async (currentUserId: string, currentSessionId: string) => {
      setVerification({ status: 'verifying' });
      let expirySeconds: number | null;
      let paymentId: string | null;
      try {
        const plan = await verify.mutateAsync({ userId: currentUserId, sessionId: currentSessionId });
        expirySeconds = plan.planExpirationDate;
        paymentId = plan.paymentId ?? null;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
          setVerification({ status: 'no-payment' });
        } else {
          setVerification({ status: 'unconfirmed', detail: serverMessage(error) ?? VERIFY_FAILED });
        }
        return;
      }
      try {
        const user = await refreshStoredUser(currentUserId);
        expirySeconds = user.planExpirationDate;
      } catch (error) {
        // Pro is on at the server; the stored copy catches up on the next refresh.
        console.error('Could not refresh the user after the payment', error);
      }
      setVerification({ status: 'verified', expirySeconds, paymentId });
    },
    [verify.mutateAsync, refreshStoredUser],
  );

  useEffect(() => {
    const key = sessionId ?? '';
    if (handled.current === key) return; // once per address, StrictMode's second effect included
    handled.current = key;
    if (!sessionId) {
      console.error('The payment success page was opened without a session_id.');
      setVerification({ status: 'no-payment' });
      return;
    }
    if (userId) void confirmPayment(userId, sessionId);
  }, [sessionId, userId, confirmPayment]);

  if (verification.status === 'verified') {
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
          <path
            d="M17 29l7 7 15-16"
            fill="none"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1 id="cw-payment-success-title" className="cw-payment-success__title">
          {SUCCESS_TITLE}
        </h1>
        <p className="cw-payment-success__text">{SUCCESS_TEXT}</p>
        <p className="cw-payment-success__status" role="status">
          {verification.expirySeconds === null
            ? 'Pro is active.'
            : `Pro is active until ${formatLongUsDate(verification.expirySeconds)}.`}
        </p>
        {verification.paymentId ? (
          <Link className="cw-payment-success__receipt" to={receiptPath(verification.paymentId)}>
            View your receipt
          </Link>
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

  if (verification.status === 'verifying') {
    return (
      <section className="cw-payment-success" aria-labelledby="cw-payment-success-title" aria-busy="true">
        <h1 id="cw-payment-success-title" className="cw-payment-success__title">
          Confirming your payment
        </h1>
        <p className="cw-payment-success__text" role="status">
          Checking with the payment provider…
        </p>
      </section>
    );
  }

  return (
    <section
      className="cw-payment-success cw-payment-success--unconfirmed"
      aria-labelledby="cw-payment-success-title"
    >
      <svg
        className="cw-payment-success__icon cw-payment-success__icon--notice"
        width="56"
        height="56"
        viewBox="0 0 56 56"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="28" cy="28" r="26" />
        <path d="M28 16v15" fill="none" strokeWidth="4" strokeLinecap="round" />
        <path d="M28 39.5v.5" fill="none" strokeWidth="4.5" strokeLinecap="round" />
      </svg>
      <h1 id="cw-payment-success-title" className="cw-payment-success__title">
        {verification.status === 'no-payment' ? 'No payment to confirm' : 'Payment not confirmed'}
      </h1>
      <p className="cw-payment-success__text">{NO_PAYMENT}</p>
      {verification.status === 'unconfirmed' ? (
        <p className="cw-payment-success__status" role="alert">
          {verification.detail}
        </p>
      ) : null}
      <div className="cw-payment-success__actions">
        {verification.status === 'unconfirmed' ? (
          <Button size="large" onClick={() => userId && sessionId && void confirmPayment(userId, sessionId)}>
            Try again
          </Button>
        ) : null}
        <Link className="cw-payment-success__link-button" to="/pricing">
          See plans and pricing
        </Link>
      </div>
    </section>
  );
}
