import { Link } from 'react-router';
import { PolicyDocument } from '../components/policy-document/policy-document';

/** /privacy-policy: what Candlewise collects, why, for how long, and the choices a learner has. */
export default function PrivacyPolicyPage() {
  return (
    <PolicyDocument title="Privacy Policy" lastUpdated="2026-11-21">
      <div className="cw-policy__summary">
        <p>
          <strong>In short:</strong> we collect what we need to run your account, your courses, competitions
          and journal, and nothing for advertising. We never see or store your card number. Broker credentials
          are encrypted. You can delete your account from your profile page at any time.
        </p>
      </div>

      <h2 id="who-we-are">1. Who we are</h2>
      <p>
        Candlewise runs the Candlewise.app website and web app and is responsible for the personal data
        described in this policy. If you have a question about it, or want to use any of your rights, contact
        us through the <Link to="/contact">Contact page</Link>.
      </p>

      <h2 id="what-we-collect">2. What we collect</h2>
      <h3>Your account</h3>
      <ul>
        <li>
          Your e-mail address and password. The password is stored only as a one-way hash, so nobody at
          Candlewise can read it.
        </li>
        <li>
          Your first and last name, your trading experience level and your interests, and a profile picture if
          you add one.
        </li>
        <li>
          Your phone number, which we use to confirm your account with a code sent by text message and to
          protect your account. We do not use it for marketing.
        </li>
        <li>Your plan (Free or Pro), its status and its dates.</li>
      </ul>
      <h3>What you do on Candlewise</h3>
      <ul>
        <li>Courses: the lessons you complete and where you stopped in a video.</li>
        <li>
          Competitions: the groups you ask to join and their answer, and the orders, positions, results and
          freezes of your paper accounts.
        </li>
        <li>
          Journal: your daily reflections, answers, mood and ratings, notes, screenshots, and the trades you
          enter, import from a CSV file or sync from a broker.
        </li>
        <li>Notifications we send you in the app, and whether you have read them.</li>
        <li>
          Messages you send us through the Contact page: your name, e-mail address, subject and message.
        </li>
      </ul>
      <h3>Broker connections</h3>
      <p>
        If you connect a broker account, we store the credentials you give us (such as an API key and secret,
        or a client ID and access token). They are encrypted at rest, used only to import your trades into
        your journal, and deleted when you disconnect the broker.
      </p>
      <h3>Payments</h3>
      <p>
        Payments for Pro are handled by our payment provider. Your card or bank details go directly to the
        provider: Candlewise never receives or stores your card number. We keep the provider’s references for
        your payments and subscription, the amounts and dates, so we can show your plan and handle refunds.
      </p>
      <h3>Technical data</h3>
      <p>
        When you use Candlewise, our servers record your IP address, the time and the pages or actions
        requested, and basic information about your browser. We use these logs to keep the service secure,
        limit abuse such as repeated login attempts, and fix errors. We do not use advertising or third-party
        tracking tools.
      </p>

      <h2 id="why">3. Why we use it</h2>
      <ul>
        <li>
          To provide the service you signed up for: your account, courses, competitions, journal, news and
          Pro.
        </li>
        <li>
          To confirm that the e-mail address and phone number are yours and to keep your account secure.
        </li>
        <li>
          To take payments, handle cancellations and refunds, and keep the records that tax law requires.
        </li>
        <li>
          To send you messages about your account: confirmation codes, competition updates, and changes to
          your subscription. These are part of the service and are not marketing.
        </li>
        <li>To answer your messages and support requests.</li>
        <li>
          To understand, in aggregate, how the service is used so we can improve the courses and features.
        </li>
        <li>To meet our legal obligations and to protect Candlewise and its users from fraud and abuse.</li>
      </ul>
      <p>We do not sell your personal data, and we do not use it to show you advertising.</p>

      <h2 id="sharing">4. Who can see it</h2>
      <ul>
        <li>
          <strong>Other members of your groups</strong> see your name and your competition results on that
          group’s leaderboard. Your journal is never shown to other users.
        </li>
        <li>
          <strong>Service providers</strong> who run parts of Candlewise for us: hosting, e-mail delivery,
          text message delivery and payments. They may use your data only to provide their service to us.
        </li>
        <li>
          <strong>Your broker</strong>, if you connect one, receives the requests needed to read your trades.
        </li>
        <li>
          <strong>Authorities</strong>, when the law requires us to disclose information, or when it is
          necessary to protect someone’s safety or our legal rights.
        </li>
      </ul>
      <p>
        Some of these providers may process data outside the country where you live. When that happens we use
        providers that protect it to the standard required by the applicable data protection law.
      </p>

      <h2 id="local-storage">5. Cookies and local storage</h2>
      <p>
        Candlewise does not use advertising or tracking cookies. The app stores two things in your browser’s
        local storage:
      </p>
      <ul>
        <li>
          your session (your sign-in token and basic account details), so you stay signed in between visits;
        </li>
        <li>your choice of light or dark mode.</li>
      </ul>
      <p>
        Logging out removes the session. Clearing your browser’s site data removes both and signs you out. The
        payment provider may set its own cookies on its checkout page, under its own privacy policy.
      </p>

      <h2 id="retention">6. How long we keep it</h2>
      <ul>
        <li>Account, learning, competition and journal data: for as long as your account exists.</li>
        <li>Confirmation codes: they expire after 10 minutes and are stored only as a hash.</li>
        <li>Server logs used for security: up to 90 days.</li>
        <li>
          Contact messages: up to two years after our last reply, so we can follow up on the same request.
        </li>
        <li>
          Payment and invoice records: for as long as tax and accounting law requires, even after your account
          is deleted.
        </li>
      </ul>
      <p>
        When you delete your account, we delete or anonymise your personal data within 30 days, except the
        records the law requires us to keep. Your rows on past competition leaderboards are anonymised. Copies
        in our backups are removed as the backups are replaced, within a further 30 days.
      </p>

      <h2 id="your-choices">7. Your choices and rights</h2>
      <ul>
        <li>You can see and correct your account details on your profile page.</li>
        <li>
          You can delete your account from your profile page. Deleting it ends any Pro subscription; see{' '}
          <Link to="/refunds-cancellations">Refunds and Cancellations</Link> for what that means for payments.
        </li>
        <li>You can disconnect a broker at any time, which deletes the stored credentials.</li>
        <li>
          You can ask us for a copy of your data, to correct or delete it, or to stop a particular use of it,
          through the <Link to="/contact">Contact page</Link>. We will answer within 30 days, and may ask you
          to confirm your identity first.
        </li>
        <li>
          If you are unhappy with how we handle your data, tell us first so we can try to put it right. You
          can also complain to the data protection authority where you live.
        </li>
      </ul>

      <h2 id="security">8. Security</h2>
      <p>
        Passwords are hashed, broker credentials are encrypted at rest, traffic to Candlewise is encrypted in
        transit, and access to personal data is limited to the people and systems that need it. Logins and
        confirmation codes are rate limited to stop guessing. No system is perfectly secure: if you suspect a
        problem with your account or find a vulnerability, please tell us through the{' '}
        <Link to="/contact">Contact page</Link>.
      </p>

      <h2 id="children">9. Children</h2>
      <p>
        Candlewise is for people aged 18 and over. We do not knowingly collect data from anyone younger. If
        you believe a child has created an account, contact us and we will delete it.
      </p>

      <h2 id="changes">10. Changes to this policy</h2>
      <p>
        We will update this policy when what we collect or how we use it changes. The date at the top shows
        the latest version. If a change is significant, we will tell you by e-mail or in the app before it
        takes effect.
      </p>

      <h2 id="contact">11. Contact</h2>
      <p>
        For any privacy question or request, write to us through the <Link to="/contact">Contact page</Link>{' '}
        with a subject such as “Privacy request”. We reply by e-mail.
      </p>
    </PolicyDocument>
  );
}
