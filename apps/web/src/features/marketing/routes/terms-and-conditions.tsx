import { Link } from 'react-router';
import { PolicyDocument } from '../components/policy-document/policy-document';

/** /terms-and-conditions: the agreement between a learner and Candlewise. */
export default function TermsAndConditionsPage() {
  return (
    <PolicyDocument title="Terms and Conditions" lastUpdated="2026-11-21">
      <div className="cw-policy__summary">
        <p>
          <strong>In short:</strong> Candlewise teaches trading. It does not give investment advice, and the
          competitions use virtual money at simulated prices. You need to be 18 or older to have an account.
          Pro is a monthly subscription in Indian rupees that you can cancel at any time; it stays active
          until the end of the period you have paid for. The full terms below are what count.
        </p>
      </div>

      <h2 id="about">1. About these terms</h2>
      <p>
        These terms are an agreement between you and Candlewise, which runs the Candlewise.app website and web
        app (the “service”). By creating an account or using the service you accept these terms, our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link> and our{' '}
        <Link to="/refunds-cancellations">Refunds and Cancellations</Link> policy. If you do not agree, please
        do not use the service.
      </p>

      <h2 id="education-only">2. Education only, not investment advice</h2>
      <p>
        Everything on Candlewise, including the courses, competitions, leaderboards, journal statistics and
        market news, is provided for education and general information. Candlewise is not your investment
        adviser, research analyst or broker, and nothing on the service is a recommendation to buy, sell or
        hold any security, derivative, currency, commodity or crypto-asset.
      </p>
      <ul>
        <li>
          Trading carries a real risk of loss, and you can lose more than you expect, including all of your
          capital.
        </li>
        <li>
          Examples in courses are illustrations. Past performance, including your own results or anyone else’s
          in a competition, does not predict future results.
        </li>
        <li>
          You alone are responsible for the decisions you make with real money. Before investing, consider
          speaking to an adviser who is registered with the regulator where you live.
        </li>
      </ul>

      <h2 id="paper-trading">3. Paper trading and competitions are simulated</h2>
      <p>
        Competition accounts (“paper accounts”) hold virtual money only. Orders are filled against simulated
        or delayed prices, which can differ from real market prices, spreads and fills. No real money is won
        or lost, and virtual balances, rankings and results have no cash value and cannot be exchanged for
        money.
      </p>
      <ul>
        <li>
          You ask to join a group and its organisers decide whether to approve the request. They may reject or
          remove a participant, for example to keep a competition fair.
        </li>
        <li>
          Each group has a freeze rule. When your account’s drawdown reaches the group’s threshold, your open
          positions are closed at the simulated market price, pending orders are cancelled and the account is
          frozen for the group’s freeze duration. The threshold and duration are shown in the group’s details
          before you join.
        </li>
        <li>
          Members of a group can see its leaderboard, which shows each participant’s name and results. We may
          correct or remove results affected by a technical fault, a pricing error or abuse, such as using
          several accounts.
        </li>
      </ul>

      <h2 id="accounts">4. Accounts and eligibility</h2>
      <ul>
        <li>
          You must be at least 18 years old and able to enter into a binding contract under the law that
          applies to you.
        </li>
        <li>
          Give accurate details, and confirm your e-mail address and phone number when asked. One account per
          person; accounts may not be shared or transferred.
        </li>
        <li>
          Keep your password secret. You are responsible for what happens under your account. If you think
          someone else has used it, change your password and tell us through the{' '}
          <Link to="/contact">Contact page</Link>.
        </li>
      </ul>

      <h2 id="acceptable-use">5. Acceptable use</h2>
      <p>When you use Candlewise you agree not to:</p>
      <ul>
        <li>break the law, or use the service to mislead, harass or harm anyone;</li>
        <li>
          create several accounts or co-ordinate with others to manipulate a competition or its leaderboard;
        </li>
        <li>
          copy, download, record, resell or publicly share course videos and other paid content, except where
          a feature clearly allows it;
        </li>
        <li>
          probe, overload or disrupt the service, get around its limits or security, or scrape it with
          automated tools;
        </li>
        <li>upload malware, or content you do not have the right to share.</li>
      </ul>

      <h2 id="your-content">6. Your content</h2>
      <p>
        Your journal entries, notes, screenshots, trades and messages stay yours. You allow us to store and
        process them only as needed to run the service for you, for example to calculate your statistics. Your
        journal is private to you. The only result other users can see is your row on the leaderboard of a
        group you take part in.
      </p>

      <h2 id="our-content">7. Our content</h2>
      <p>
        The courses, videos, text, design and software of Candlewise belong to Candlewise or to the people who
        licensed them to us. We give you a personal, non-transferable, non-commercial right to use them
        through the service while your account is open and, for Pro content, while your Pro subscription is
        active.
      </p>

      <h2 id="broker-connections">8. Broker connections</h2>
      <p>
        Connecting a broker account is optional. When you connect one, you authorise Candlewise to use the
        credentials you give us to read your account’s trades and import them into your journal. Candlewise
        does not place orders in your broker account. Your broker’s own terms continue to apply, and we are
        not responsible for your broker’s service, its data or its availability. You can disconnect at any
        time, which deletes the stored credentials.
      </p>

      <h2 id="pro">9. Pro subscription and payment</h2>
      <ul>
        <li>
          Candlewise has a free plan and a paid plan, Pro. The current price of Pro and what it includes are
          shown on the <Link to="/pricing">Pricing page</Link>.
        </li>
        <li>
          Pro is billed monthly in advance, in Indian rupees (INR), through our payment provider, and renews
          automatically each month until you cancel. Any applicable taxes are shown at checkout.
        </li>
        <li>
          If we change the price, we will tell you in advance, and the new price applies only from your first
          billing period after the notice.
        </li>
        <li>
          You can cancel at any time from the Manage Subscription page. Cancellation takes effect at the end
          of the period you have already paid for: you keep Pro until the expiry date shown there, and you are
          not charged again. Until that date you can re-activate the plan from the same page; after it, you
          can subscribe again from the Pricing page.
        </li>
        <li>
          Refunds are covered by our <Link to="/refunds-cancellations">Refunds and Cancellations</Link>{' '}
          policy.
        </li>
      </ul>

      <h2 id="availability">10. Availability and changes to the service</h2>
      <p>
        We work to keep Candlewise available and accurate, but we cannot promise that it will be uninterrupted
        or free of errors. Market data, prices and news may be delayed, incomplete or wrong, and news comes
        from third-party sources that we do not control or endorse. We may change, add or remove features and
        content. If a change significantly reduces what you get from an active Pro subscription, you may
        cancel and ask for a refund of the unused part of the current period.
      </p>

      <h2 id="termination">11. Closing your account</h2>
      <p>
        You can delete your account at any time from your profile page. We may suspend or close an account
        that breaks these terms, and will tell you why unless the law or safety prevents it. If we close your
        account for a reason that is not a breach of these terms, we will refund the unused part of any Pro
        period you have paid for.
      </p>

      <h2 id="liability">12. Our responsibility to you</h2>
      <p>
        The service is provided “as is”. To the extent the law allows, Candlewise is not liable for any
        trading or investment losses, for decisions you make based on the service, or for indirect or
        consequential losses, and our total liability to you is limited to the amount you paid us in the
        twelve months before the claim. Nothing in these terms limits any liability or consumer right that
        cannot be limited by law.
      </p>

      <h2 id="law">13. Governing law</h2>
      <p>
        These terms are governed by the laws of India. Disputes are subject to the jurisdiction of the
        competent courts in India. This does not take away any protection you have under the consumer laws of
        the place where you live.
      </p>

      <h2 id="changes">14. Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The date at the top of this page shows the latest
        version. If a change is significant, we will tell you by e-mail or in the app before it takes effect.
        If you keep using Candlewise after that, the new terms apply.
      </p>

      <h2 id="contact">15. Contact</h2>
      <p>
        Questions about these terms? Write to us through the <Link to="/contact">Contact page</Link> and we
        will reply by e-mail.
      </p>
    </PolicyDocument>
  );
}
