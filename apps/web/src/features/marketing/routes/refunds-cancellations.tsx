import { Link } from 'react-router';
import { PolicyDocument } from '../components/policy-document/policy-document';

/** /refunds-cancellations: how the monthly Pro plan is billed, cancelled, re-activated and refunded. */
export default function RefundsCancellationsPage() {
  return (
    <PolicyDocument title="Refunds and Cancellations" lastUpdated="2026-11-21">
      <div className="cw-policy__summary">
        <p>
          <strong>In short:</strong> cancel Pro at any time and keep it until the end of the month you have
          paid for. If Pro is not for you, ask within 7 days of your first payment for a full refund. After
          that we do not refund part-used months.
        </p>
      </div>

      <h2 id="plans">1. Plans and billing</h2>
      <p>
        The Free plan costs nothing and needs no payment details. Pro is a monthly subscription, priced in
        Indian rupees (INR) as shown on the <Link to="/pricing">Pricing page</Link> when you subscribe. You
        pay for each month in advance through our payment provider: first when you subscribe, then on the same
        day each month, until you cancel.
      </p>

      <h2 id="cancelling">2. Cancelling Pro</h2>
      <ul>
        <li>
          You can cancel at any time, without giving a reason, from <strong>Manage Subscription</strong> in
          the account menu, using <strong>Cancel Plan</strong>.
        </li>
        <li>
          Cancellation takes effect at the end of the period you have already paid for. Your status changes to
          “canceled”, you will not be charged again, and you keep every Pro feature until the expiry date
          shown on the Manage Subscription page.
        </li>
        <li>
          On the expiry date your account returns to the Free plan: Pro courses lock, broker sync stops and
          the journal shows the free statistics. Nothing is deleted: your journal entries, trades, course
          progress and competition history stay in your account.
        </li>
      </ul>

      <h2 id="reactivating">3. Changing your mind</h2>
      <p>
        Until the expiry date you can undo a cancellation with <strong>Re-activate Plan</strong> on the Manage
        Subscription page. Nothing is charged at that moment; the subscription simply renews on the expiry
        date as before. After the expiry date, subscribe again from the{' '}
        <Link to="/pricing">Pricing page</Link>.
      </p>

      <h2 id="refunds">4. Refunds</h2>
      <h3>Your first Pro payment</h3>
      <p>
        If you ask within 7 days of your first ever Pro payment, and you have completed no more than three
        lessons of Pro courses, we refund that payment in full. Pro ends when the refund is made.
      </p>
      <h3>Later payments</h3>
      <p>
        Monthly renewals are not refundable, and we do not refund part-used months, whether you cancel early
        in the month or late. To avoid the next charge, cancel before your renewal date; you keep Pro until
        then.
      </p>
      <h3>When something went wrong on our side</h3>
      <ul>
        <li>
          If you were charged twice for the same period, or charged after your cancellation took effect, we
          refund the wrong charge in full.
        </li>
        <li>
          If Pro features were unavailable for a significant part of a paid month because of a fault on our
          side, or if we removed a substantial part of Pro while you were subscribed, we refund the affected
          part of that month.
        </li>
      </ul>
      <p>This policy does not limit any right to a refund that you have under the law where you live.</p>

      <h2 id="deleting-your-account">5. Deleting your account while subscribed</h2>
      <p>
        Deleting your account from your profile page ends Pro immediately and stops all future charges. The
        rest of the current month is not refunded, unless you are still within the 7-day window for your first
        payment described above. If you want to keep Pro until the end of the month, cancel the plan first and
        delete your account after the expiry date.
      </p>

      <h2 id="how-to-request">6. How to ask for a refund</h2>
      <ol>
        <li>
          Send us a message through the <Link to="/contact">Contact page</Link>, from the e-mail address of
          your Candlewise account, with the subject “Refund request”.
        </li>
        <li>
          Tell us the date and amount of the payment and, if you have it, the payment reference from your
          receipt.
        </li>
        <li>
          We reply by e-mail within two business days, with our decision or any question we need answered.
        </li>
      </ol>
      <p>
        An approved refund is sent to the card or account you paid with, through our payment provider. Banks
        usually show it within 5 to 10 business days, depending on your bank.
      </p>

      <h2 id="contact">7. Contact</h2>
      <p>
        For any question about billing, cancellations or refunds, write to us through the{' '}
        <Link to="/contact">Contact page</Link>.
      </p>
    </PolicyDocument>
  );
}
