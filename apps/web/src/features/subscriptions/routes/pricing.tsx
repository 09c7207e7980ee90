import type { PublicUser } from '@candlewise/shared';
import { hasPro } from '@candlewise/shared/subscription/plan-rules';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdaptivePage } from '@/components/adaptive-page/adaptive-page';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { type Plan, usePlans } from '../api/get-plans';
import { openCheckout, useStartCheckout } from '../api/start-checkout';
import { CheckIcon } from '../components/check-icon';
import { formatInr } from '../lib/format-inr';
import { serverMessage } from '../lib/server-message';
import '../components/plan-buttons.css';
import './pricing.css';

/**
 * /pricing: Free and Pro from GET /plans. Visitors read it in the public layout and sign up from it
 * (decision 002); a signed-in Free user starts the checkout here. Plain CSS and the API client only,
 * so the public page stays light.
 */
export default function PricingPage() {
  usePageTitle('Pricing');
  const user = useCurrentUser();
  const plans = usePlans();

  return (
    <AdaptivePage>
      <div className="cw-pricing">
        <header className="cw-pricing__intro">
          <h1 className="cw-pricing__title">Pricing</h1>
          <p className="cw-pricing__lead">
            Learn for free. Upgrade to Pro for the Pro courses, broker sync into your journal and full journal
            statistics.
          </p>
        </header>

        {plans.status === 'pending' ? (
          <p className="cw-pricing__state" role="status">
            Loading plans…
          </p>
        ) : null}
        {plans.status === 'error' ? (
          <div className="cw-pricing__state cw-pricing__state--error" role="alert">
            <p>{`We could not load the plans. ${serverMessage(plans.error) ?? 'Check your connection and try again.'}`}</p>
            <button
              type="button"
              className="cw-plan-button cw-plan-button--secondary"
              onClick={plans.refetch}
            >
              Try again
            </button>
          </div>
        ) : null}
        {plans.status === 'success' ? (
          <ul className="cw-pricing__plans">
            {plans.data.plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} user={user} />
              </li>
            ))}
          </ul>
        ) : null}

        {/* Once the plans are in: drawn under "Loading plans…", the cards pushed it a screen down. */}
        {plans.status === 'pending' ? null : (
          <p className="cw-pricing__more">
            <Link to="/sales">See everything Pro adds</Link>
            <span aria-hidden="true"> · </span>
            <Link to="/refunds-cancellations">Refunds and cancellations</Link>
          </p>
        )}
      </div>
    </AdaptivePage>
  );
}

function PlanCard({ plan, user }: { plan: Plan; user: PublicUser | null }) {
  const isPro = plan.id === 'pro';
  const headingId = `cw-plan-${plan.id}`;
  return (
    <article
      className={isPro ? 'cw-pricing__card cw-pricing__card--pro' : 'cw-pricing__card'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="cw-pricing__plan-name">
        {plan.name}
      </h2>
      <p className="cw-pricing__price">{`${formatInr(plan.priceInr)} / ${plan.interval}`}</p>
      <ul className="cw-pricing__features">
        {plan.features.map((feature) => (
          <li key={feature} className="cw-pricing__feature">
            <CheckIcon className="cw-pricing__check" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="cw-pricing__action">
        {isPro ? <ProAction user={user} /> : <FreeAction user={user} />}
      </div>
    </article>
  );
}

function FreeAction({ user }: { user: PublicUser | null }) {
  if (!user) {
    return (
      <Link className="cw-plan-button cw-plan-button--secondary cw-plan-button--block" to="/signup">
        Start for free
      </Link>
    );
  }
  return <p className="cw-pricing__note">{hasPro(user) ? 'Included in Pro' : 'Your current plan'}</p>;
}

function ProAction({ user }: { user: PublicUser | null }) {
  if (!user) {
    return (
      <Link className="cw-plan-button cw-plan-button--primary cw-plan-button--block" to="/signup">
        Upgrade to Pro
      </Link>
    );
  }
  if (hasPro(user)) {
    return (
      <div className="cw-pricing__owned">
        <p className="cw-pricing__owned-text">You have Pro</p>
        <Link
          className="cw-plan-button cw-plan-button--secondary cw-plan-button--block"
          to="/manage-subscription"
        >
          Manage subscription
        </Link>
      </div>
    );
  }
  return <UpgradeButton />;
}

function UpgradeButton() {
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const [error, setError] = useState<string | null>(null);

  async function upgrade() {
    if (checkout.isPending) return;
    setError(null);
    try {
      const { url } = await checkout.mutateAsync();
      openCheckout(url, navigate);
    } catch (failure) {
      setError(serverMessage(failure) ?? 'We could not start the checkout. Please try again.');
    }
  }

  return (
    <>
      <button
        type="button"
        className="cw-plan-button cw-plan-button--primary cw-plan-button--block"
        onClick={upgrade}
        disabled={checkout.isPending}
        aria-busy={checkout.isPending || undefined}
      >
        Upgrade to Pro
      </button>
      {error ? (
        <p className="cw-pricing__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
