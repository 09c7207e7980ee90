import type { PublicUser } from '@candlewise/shared';
import { daysRemaining, formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header/page-header';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { useCancelSubscription } from '../api/cancel-subscription';
import { findProPlan, usePlans } from '../api/get-plans';
import { useStoredUserDetails } from '../api/get-user-details';
import { useReactivateSubscription } from '../api/re-activate-subscription';
import { PaymentHistory } from '../components/payment-history';
import { PlanChangeDialog } from '../components/plan-change-dialog';
import { pageReload } from '../lib/page-reload';
import { rememberPlanChangeNotice, takePlanChangeNotice } from '../lib/plan-change-notice';
import { CANCEL_DIALOG_TEXT, reactivateDialogText } from '../lib/plan-change-text';
import { serverMessage } from '../lib/server-message';
import './manage-subscription.css';

// docs/product-contract.md §2 and §8: these sentences are contracts.
const CANCEL_LABEL = 'Cancel Plan';
const REACTIVATE_LABEL = 'Re-activate Plan';
const CANCEL_SUCCESS = 'Subscription canceled successfully';
const REACTIVATE_SUCCESS = 'Subscription re-activated successfully';
const CHANGE_FAILED = 'Failed to cancel subscription';

/**
 * /manage-subscription (docs/product-contract.md §2): the plan, its status, expiry and days left; cancel or re-activate;
 * then the payment history with a receipt per payment.
 */
export default function ManageSubscriptionPage() {
  usePageTitle('Manage Subscription');
  const user = useCurrentUser();
  if (!user) return <Navigate to="/auth" replace />;
  return <SubscriptionOverview userId={user._id} />;
}

function SubscriptionOverview({ userId }: { userId: string }) {
  const details = useStoredUserDetails(userId);

  // After the reload that follows a plan change, say once what happened (lib/plan-change-notice).
  useEffect(() => {
    if (!details.isSuccess) return;
    const notice = takePlanChangeNotice();
    if (notice) toast.success(notice);
  }, [details.isSuccess]);

  if (details.isPending) {
    return (
      <p className="cw-manage__loading" role="status">
        Loading subscription details...
      </p>
    );
  }

  if (details.isError) {
    return (
      <div className="cw-manage">
        <PageHeader title="Manage Your Subscription" />
        <Alert
          type="error"
          showIcon
          title="We could not load your subscription details."
          description={serverMessage(details.error) ?? 'Check your connection and try again.'}
          action={
            <Button onClick={() => details.refetch()} disabled={details.isFetching}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }

  if (details.data.planStatus === 'Not Subscribed') return <NoSubscription />;
  return <SubscriptionDetails user={details.data} />;
}

function NoSubscription() {
  return (
    <div className="cw-manage">
      <section className="cw-manage__empty">
        <h1 className="cw-manage__empty-title">No active subscription found.</h1>
        <p className="cw-manage__empty-text">
          Pro adds the Pro courses, broker sync into your journal and full journal statistics.
        </p>
        <Link className="cw-manage__link-button" to="/pricing">
          See plans and pricing
        </Link>
      </section>
      {/* Receipts of a plan that has ended stay available. */}
      <PaymentHistory />
    </div>
  );
}

function SubscriptionDetails({ user }: { user: PublicUser }) {
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const plans = usePlans();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [reloading, setReloading] = useState(false);

  const { planStatus, planExpirationDate } = user;
  const isCanceled = planStatus === 'canceled';
  const actionLabel = isCanceled ? REACTIVATE_LABEL : CANCEL_LABEL;
  const pending = cancel.isPending || reactivate.isPending || reloading;
  const expiry = planExpirationDate === null ? null : formatLongUsDate(planExpirationDate);
  const dialogText = isCanceled
    ? reactivateDialogText({
        provider: plans.data?.provider ?? null,
        expirySeconds: planExpirationDate,
        priceInr: findProPlan(plans.data)?.priceInr ?? null,
      })
    : CANCEL_DIALOG_TEXT;

  function succeed(message: string) {
    setDialogOpen(false);
    setReloading(true);
    toast.success(message);
    rememberPlanChangeNotice(message);
    pageReload.reload();
  }

  function fail(error: unknown) {
    setDialogOpen(false);
    toast.error(serverMessage(error) ?? CHANGE_FAILED);
  }

  function confirm() {
    if (pending) return;
    // docs/product-contract.md §5: cancel only an active plan, re-activate only a canceled one.
    if (planStatus === 'active') {
      cancel.mutate(user._id, { onSuccess: () => succeed(CANCEL_SUCCESS), onError: fail });
    } else if (planStatus === 'canceled') {
      reactivate.mutate(user._id, { onSuccess: () => succeed(REACTIVATE_SUCCESS), onError: fail });
    }
  }

  return (
    <div className="cw-manage">
      <PageHeader
        title="Manage Your Subscription"
        description="View your plan details and subscription status"
      />
      <section className="cw-manage__card" aria-label="Your subscription">
        <div className="cw-manage__summary">
          <p className="cw-manage__plan">Your Plan: Pro</p>
          <p className={`cw-manage__status cw-manage__status--${isCanceled ? 'canceled' : 'active'}`}>
            {`Subscription Status: ${planStatus}`}
          </p>
        </div>
        <ul className="cw-manage__facts">
          <li className="cw-manage__fact">{`Expiry Date: ${expiry ?? 'Not set'}`}</li>
          {planExpirationDate === null ? null : (
            <li className="cw-manage__fact">{`Days Remaining: ${daysRemaining(planExpirationDate)} days`}</li>
          )}
        </ul>
        {isCanceled && expiry ? (
          <p className="cw-manage__note">
            {`Your plan is canceled and will not renew. Pro features stay on until ${expiry}.`}
          </p>
        ) : null}
        <div className="cw-manage__actions">
          <Button
            type={isCanceled ? 'primary' : 'default'}
            danger={!isCanceled}
            onClick={() => setDialogOpen(true)}
            disabled={pending}
          >
            {actionLabel}
          </Button>
        </div>
      </section>
      <PaymentHistory />
      <PlanChangeDialog
        open={dialogOpen}
        text={dialogText}
        actionLabel={actionLabel}
        destructive={!isCanceled}
        pending={pending}
        onConfirm={confirm}
        onClose={() => setDialogOpen(false)}
      />
    </div>
  );
}
