import { useEffect } from 'react';
import { Link } from 'react-router';
import './landing.css';

// The default price (PRO_PRICE_INR, README §Configuration). The server can configure another; /pricing shows the live figure.
const PRO_PRICE = '₹2,000';

const courses = [
  {
    title: 'Stock Market Fundamentals',
    summary:
      'How exchanges, order types, indices and market hours work, and what really happens between pressing Buy and owning a share.',
  },
  {
    title: 'Trading Psychology',
    summary:
      'Fear, greed, revenge trading and overconfidence: how they show up in your decisions, and the routines that keep them in check.',
  },
  {
    title: 'Technical Analysis Masterclass',
    summary:
      'Candlestick charts, trends, support and resistance, volume and indicators, and an honest look at where these tools fall short.',
  },
  {
    title: 'Fundamental Analysis Deep Dive',
    summary:
      'Reading financial statements, valuation ratios and business quality, so you can judge what a company is actually worth.',
  },
  {
    title: 'Options Trading Basics',
    summary:
      'Calls, puts, premiums, expiry and the Greeks, with the risks of buying and of selling options spelled out plainly.',
  },
  {
    title: 'Risk Management Essentials',
    summary:
      'Position sizing, stop-losses, risk and reward, and drawdown: the rules that stop one bad trade from ending an account.',
  },
] as const;

// Decorative chart for the hero: [open, close, high, low] on a 0–100 price scale.
const heroCandles: ReadonlyArray<readonly [number, number, number, number]> = [
  [30, 38, 40, 27],
  [38, 35, 41, 32],
  [35, 46, 48, 34],
  [46, 52, 55, 44],
  [52, 47, 54, 44],
  [47, 44, 49, 40],
  [44, 55, 57, 43],
  [55, 62, 65, 53],
  [62, 58, 64, 56],
  [58, 70, 72, 57],
  [70, 76, 79, 68],
];

function priceToY(price: number): number {
  return 210 - (price - 20) * 3.1;
}

function HeroChart() {
  return (
    <svg
      className="cw-landing__hero-chart"
      width="360"
      height="220"
      viewBox="0 0 360 220"
      aria-hidden="true"
      focusable="false"
    >
      <g className="cw-landing__chart-grid">
        <line x1="0" y1="40" x2="360" y2="40" />
        <line x1="0" y1="100" x2="360" y2="100" />
        <line x1="0" y1="160" x2="360" y2="160" />
      </g>
      {heroCandles.map(([open, close, high, low], index) => {
        const x = 26 + index * 31;
        const rising = close >= open;
        const top = priceToY(Math.max(open, close));
        const bottom = priceToY(Math.min(open, close));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, never reordered list
          <g key={index} className={rising ? 'cw-landing__candle--up' : 'cw-landing__candle--down'}>
            <line x1={x} y1={priceToY(high)} x2={x} y2={priceToY(low)} strokeWidth="2" />
            <rect x={x - 8} y={top} width="16" height={Math.max(bottom - top, 2)} rx="2" />
          </g>
        );
      })}
    </svg>
  );
}

/** Equity peaks, falls to the group's threshold, sits frozen, then trading resumes. Described by its caption. */
function FreezeRuleChart() {
  return (
    <svg
      className="cw-landing__freeze-chart"
      width="320"
      height="170"
      viewBox="0 0 320 170"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="cw-landing__freeze-band" x="188" y="12" width="72" height="138" rx="4" />
      <text className="cw-landing__freeze-label" x="224" y="28" textAnchor="middle">
        Frozen
      </text>
      <line className="cw-landing__freeze-peak" x1="10" y1="42" x2="310" y2="42" />
      <text className="cw-landing__freeze-label" x="12" y="36">
        Peak
      </text>
      <line className="cw-landing__freeze-threshold" x1="10" y1="86" x2="310" y2="86" />
      <text className="cw-landing__freeze-label" x="12" y="104">
        Threshold
      </text>
      <polyline
        className="cw-landing__freeze-equity"
        points="10,130 40,118 70,104 95,92 120,42 140,58 160,52 188,86 260,86 285,78 310,70"
      />
    </svg>
  );
}

/** The public front page at /. Page content only: PublicLayout supplies the header and footer. */
export default function LandingPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = 'Candlewise.app: learn to trade with courses, competitions and a journal';
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <div className="cw-landing">
      <section className="cw-landing__hero" aria-labelledby="cw-landing-title">
        <div className="cw-landing__container cw-landing__hero-grid">
          <div className="cw-landing__hero-text">
            <p className="cw-landing__eyebrow">Trading education</p>
            <h1 id="cw-landing-title" className="cw-landing__title">
              Learn to trade with discipline, then practise before real money is at stake
            </h1>
            <p className="cw-landing__lead">
              Candlewise teaches trading from first principles: video courses from market basics to options,
              paper-trading competitions that enforce a real risk rule, and a journal that turns your trades
              into statistics you can learn from.
            </p>
            <div className="cw-landing__actions">
              <Link className="cw-landing__button cw-landing__button--primary" to="/signup">
                Create your free account
              </Link>
              <Link className="cw-landing__button cw-landing__button--secondary" to="/login">
                Log in
              </Link>
            </div>
            <p className="cw-landing__note">
              Free to start. Pro is {PRO_PRICE} a month when you want more. Education only, not investment
              advice.
            </p>
          </div>
          <div className="cw-landing__hero-visual">
            <HeroChart />
          </div>
        </div>
      </section>

      <section className="cw-landing__section" aria-labelledby="cw-landing-courses">
        <div className="cw-landing__container">
          <h2 id="cw-landing-courses" className="cw-landing__heading">
            Courses that start at the beginning
          </h2>
          <p className="cw-landing__intro">
            Short video lessons with chapters you can jump between. Your progress is saved, so you can pick up
            where you stopped on any device.
          </p>
          <ul className="cw-landing__cards">
            {courses.map((course) => (
              <li key={course.title} className="cw-landing__card">
                <h3 className="cw-landing__card-title">{course.title}</h3>
                <p className="cw-landing__card-text">{course.summary}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        className="cw-landing__section cw-landing__section--subtle"
        aria-labelledby="cw-landing-competitions"
      >
        <div className="cw-landing__container cw-landing__split">
          <div>
            <h2 id="cw-landing-competitions" className="cw-landing__heading">
              Trading competitions with a real risk rule
            </h2>
            <p className="cw-landing__intro">
              Knowing the theory is not the same as following it under pressure. In a competition you trade a
              paper account, with virtual money at simulated market prices, against other learners.
            </p>
            <ol className="cw-landing__steps">
              <li>
                <h3 className="cw-landing__step-title">Join a group</h3>
                <p>
                  Each group runs between a start and an end date, with its own instruments, such as indices,
                  Indian and US stocks, forex, gold or crypto. Request to join; once approved, you get a
                  funded paper account.
                </p>
              </li>
              <li>
                <h3 className="cw-landing__step-title">Respect the freeze rule</h3>
                <p>
                  Every group sets a drawdown threshold. If your account falls that far below its peak, your
                  positions are closed and the account is frozen for the group’s freeze duration. You cannot
                  trade your way out of a hole in a panic. That pause is the lesson.
                </p>
              </li>
              <li>
                <h3 className="cw-landing__step-title">Watch the live leaderboard</h3>
                <p>
                  Members are ranked live by profit and loss in percent, with balance, equity, number of
                  trades and number of freezes in view. Standings become final when the competition ends.
                </p>
              </li>
            </ol>
          </div>
          <figure className="cw-landing__figure">
            <FreezeRuleChart />
            <figcaption className="cw-landing__caption">
              For example, with a 10% threshold, an account that peaked at ₹1,10,000 is frozen when its equity
              falls to ₹99,000.
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="cw-landing__section" aria-labelledby="cw-landing-journal">
        <div className="cw-landing__container">
          <h2 id="cw-landing-journal" className="cw-landing__heading">
            A trading journal that shows you the truth
          </h2>
          <p className="cw-landing__intro">
            Most traders repeat the same mistakes because they never write them down. The journal makes
            reviewing your trading a daily habit.
          </p>
          <ul className="cw-landing__features">
            <li className="cw-landing__feature">
              <h3 className="cw-landing__card-title">Daily reflections</h3>
              <p className="cw-landing__card-text">
                Answer a few guided questions, record how you felt, rate the day from 1 to 5, and add notes
                and chart screenshots.
              </p>
            </li>
            <li className="cw-landing__feature">
              <h3 className="cw-landing__card-title">Every trade in one place</h3>
              <p className="cw-landing__card-text">
                Log trades with stop, target, setup and mistake tags, or import a CSV export from your broker.
                Competition trades are added for you.
              </p>
            </li>
            <li className="cw-landing__feature">
              <h3 className="cw-landing__card-title">Statistics that matter</h3>
              <p className="cw-landing__card-text">
                Net profit and loss, win rate, profit factor, expectancy, maximum drawdown, streaks, an equity
                curve and breakdowns by tag, symbol, weekday and hour.
              </p>
            </li>
          </ul>
        </div>
      </section>

      <section className="cw-landing__section cw-landing__section--subtle" aria-labelledby="cw-landing-news">
        <div className="cw-landing__container cw-landing__narrow">
          <h2 id="cw-landing-news" className="cw-landing__heading">
            Market news in the same place you learn
          </h2>
          <p className="cw-landing__intro">
            Headlines from selected market news sources, sorted into categories, linked to the instruments
            they mention and searchable, so you can connect what you study with what the market is doing
            today.
          </p>
        </div>
      </section>

      <section className="cw-landing__section" aria-labelledby="cw-landing-pro">
        <div className="cw-landing__container">
          <div className="cw-landing__pro">
            <div>
              <h2 id="cw-landing-pro" className="cw-landing__heading">
                Go further with Pro
              </h2>
              <p className="cw-landing__price">
                <span className="cw-landing__price-amount">{PRO_PRICE}</span> a month
              </p>
              <p className="cw-landing__pro-terms">
                Billed monthly in Indian rupees. Cancel any time; Pro stays active until the end of the period
                you have paid for.
              </p>
            </div>
            <div>
              <ul className="cw-landing__checklist">
                <li className="cw-landing__checklist-item">All Pro courses, in addition to the free ones</li>
                <li className="cw-landing__checklist-item">
                  Broker sync: fills from your connected broker account land in the journal as verified trades
                </li>
                <li className="cw-landing__checklist-item">
                  Full journal statistics, breakdowns and equity curve
                </li>
              </ul>
              <Link className="cw-landing__text-link" to="/pricing">
                Compare Free and Pro
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section className="cw-landing__section cw-landing__closing" aria-labelledby="cw-landing-start">
        <div className="cw-landing__container cw-landing__narrow">
          <h2 id="cw-landing-start" className="cw-landing__heading">
            Start with the fundamentals today
          </h2>
          <p className="cw-landing__intro">
            Create a free account, confirm your e-mail and phone number, and start your first course.
          </p>
          <div className="cw-landing__actions cw-landing__actions--center">
            <Link className="cw-landing__button cw-landing__button--primary" to="/signup">
              Create your free account
            </Link>
          </div>
          <p className="cw-landing__note">
            Already have an account?{' '}
            <Link className="cw-landing__text-link" to="/login">
              Log in
            </Link>
          </p>
        </div>
      </section>

      <aside className="cw-landing__disclaimer" aria-label="Risk disclaimer">
        <div className="cw-landing__container">
          <p>
            Candlewise is an education service. Nothing on Candlewise is investment advice or a recommendation
            to buy or sell any instrument. Trading involves a real risk of loss. Paper trading uses virtual
            money and simulated prices, and results there do not predict results with real money. See the{' '}
            <Link to="/terms-and-conditions">Terms and Conditions</Link>.
          </p>
        </div>
      </aside>
    </div>
  );
}
