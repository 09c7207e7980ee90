import { Link } from 'react-router';
import { AdaptivePage } from '@/components/adaptive-page/adaptive-page';
import { usePageTitle } from '@/lib/use-page-title';
import { findProPlan, usePlans } from '../api/get-plans';
import { CheckIcon } from '../components/check-icon';
import { formatInr } from '../lib/format-inr';
import '../components/plan-buttons.css';
import './sales.css';

const proCourses = [
  {
    title: 'Fundamental Analysis Deep Dive',
    summary: 'Financial statements, valuation ratios and business quality: judge what a company is worth.',
  },
  {
    title: 'Options Trading Basics',
    summary:
      'Calls, puts, premiums, expiry and the Greeks, with the risks of buying and selling spelled out.',
  },
] as const;

const statistics = [
  'Net P&L, win rate and profit factor',
  'Expectancy in money and in R',
  'Average win and loss, streaks and max drawdown',
  'Equity curve and a P&L calendar',
  'Breakdowns by tag, symbol, weekday and hour',
] as const;

const comparison: ReadonlyArray<{ feature: string; free: boolean }> = [
  { feature: 'Free courses with progress', free: true },
  { feature: 'Trading competitions and leaderboards', free: true },
  { feature: 'Journal with basic statistics', free: true },
  { feature: 'Market news', free: true },
  { feature: 'Pro courses', free: false },
  { feature: 'Broker sync into the journal', free: false },
  { feature: 'Full journal statistics and breakdowns', free: false },
];

/** The price line from GET /plans; the page never states a price the server did not configure. */
function ProPrice() {
  const plans = usePlans();
  const pro = findProPlan(plans.data);
  if (plans.status === 'pending') {
    return (
      <p className="cw-sales__price cw-sales__price--pending" role="status">
        Loading the price…
      </p>
    );
  }
  if (!pro) {
    return (
      <p className="cw-sales__price-note">
        See the current price on the <Link to="/pricing">Pricing page</Link>.
      </p>
    );
  }
  return <p className="cw-sales__price">{`${formatInr(pro.priceInr)} / ${pro.interval}`}</p>;
}

function Included({ included }: { included: boolean }) {
  return included ? (
    <span className="cw-sales__yes">
      <CheckIcon />
      <span className="cw-sales__sr-only">Included</span>
    </span>
  ) : (
    <span className="cw-sales__no">
      <span aria-hidden="true">—</span>
      <span className="cw-sales__sr-only">Not included</span>
    </span>
  );
}

/** /sales: what Pro adds, with the live price and the way to /pricing. Plain CSS, light and dark. */
export default function SalesPage() {
  usePageTitle('Candlewise Pro');
  return (
    <AdaptivePage>
      <div className="cw-sales">
        <section className="cw-sales__hero">
          <p className="cw-sales__eyebrow">Candlewise Pro</p>
          <h1 className="cw-sales__title">Learn deeper. Journal with real trades. See what works.</h1>
          <p className="cw-sales__lead">
            Pro adds the advanced courses, brings your broker&apos;s trades into your journal and shows every
            statistic of your trading.
          </p>
          <ProPrice />
          <p className="cw-sales__price-note">
            Cancel any time: Pro stays on until the end of the month you paid for.
          </p>
          <Link className="cw-plan-button cw-plan-button--primary" to="/pricing">
            See plans and pricing
          </Link>
        </section>

        <section className="cw-sales__section" aria-labelledby="cw-sales-adds">
          <h2 id="cw-sales-adds" className="cw-sales__section-title">
            What Pro adds
          </h2>
          <ul className="cw-sales__benefits">
            <li className="cw-sales__benefit">
              <h3 className="cw-sales__benefit-title">Pro courses</h3>
              <p className="cw-sales__benefit-text">
                Two in-depth video courses, lesson by lesson with progress.
              </p>
              <ul className="cw-sales__courses">
                {proCourses.map((course) => (
                  <li key={course.title}>
                    <strong className="cw-sales__course-title">{course.title}</strong>
                    <span className="cw-sales__course-summary">{course.summary}</span>
                  </li>
                ))}
              </ul>
            </li>
            <li className="cw-sales__benefit">
              <h3 className="cw-sales__benefit-title">Broker sync</h3>
              <p className="cw-sales__benefit-text">
                Connect your Alpaca or Dhan account and your fills arrive in the journal as verified trades.
                No copying them in by hand, no typos in prices.
              </p>
            </li>
            <li className="cw-sales__benefit">
              <h3 className="cw-sales__benefit-title">Full journal statistics</h3>
              <p className="cw-sales__benefit-text">
                Every number the journal can work out from your trades:
              </p>
              <ul className="cw-sales__stats">
                {statistics.map((item) => (
                  <li key={item}>
                    <CheckIcon className="cw-sales__check" />
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          </ul>
        </section>

        <section className="cw-sales__section" aria-labelledby="cw-sales-compare">
          <h2 id="cw-sales-compare" className="cw-sales__section-title">
            Free and Pro side by side
          </h2>
          <div className="cw-sales__table-wrap cw-scroll-x">
            <table className="cw-sales__table">
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  <th scope="col">Free</th>
                  <th scope="col">Pro</th>
                </tr>
              </thead>
              <tbody>
                {comparison.map((row) => (
                  <tr key={row.feature}>
                    <th scope="row">{row.feature}</th>
                    <td>
                      <Included included={row.free} />
                    </td>
                    <td>
                      <Included included />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section className="cw-sales__closing">
          <h2 className="cw-sales__section-title">Ready to go Pro?</h2>
          <p className="cw-sales__lead">Compare the plans and upgrade in a minute.</p>
          <Link className="cw-plan-button cw-plan-button--primary" to="/pricing">
            See plans and pricing
          </Link>
        </section>
      </div>
    </AdaptivePage>
  );
}
