import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * The browser steps several specs share to get a learner into a competition: signing up through the
 * onboarding screens, asking to join a group, and an admin approving that request. Each helper makes
 * the checks the step itself needs on the way; what a spec tests about its own subject stays in the
 * spec, e.g. through `onScreen`, which runs once each screen is reached and before anything on it is
 * touched (an axe sweep, or the spec's own assertions about that screen).
 */

type OutboxMessage = {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  createdAt: string;
};

/**
 * The newest 6-digit code the dev outbox holds for an address or number (mail and SMS are not sent in
 * dev) on that channel, in a message whose subject or text matches `about`. Polls until it is there.
 */
export async function outboxCode(
  request: APIRequestContext,
  to: string,
  channel: 'email' | 'sms',
  about = /./,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()).data as OutboxMessage[];
      const message = messages.find(
        (item) => item.channel === channel && about.test(item.subject + item.text),
      );
      found = message?.text.match(/\b(\d{6})\b/)?.[1];
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** Who signs up: an e-mail address and a phone number (E.164) no one has used yet. */
export type Visitor = {
  email: string;
  password: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
};

/** The onboarding screens `signUpInBrowser` passes through, in order. */
export type SignUpScreen =
  | '/signup'
  | '/confirm-email'
  | '/add-phno'
  | '/confirm-phno'
  | '/user-details'
  | '/home';

/**
 * Signs a visitor up in the browser, the way a newcomer does: /signup (e-mail and password), the
 * e-mail code from the dev outbox, the phone number and its code, then the details (name, Beginner,
 * Technical analysis), until /home greets them by first name. `page` is signed out (or fresh); the
 * helper opens /signup itself. `onScreen` runs on each screen once its URL is reached (on /home after
 * the greeting). Returns the visitor with their full name as the app shows it.
 */
export async function signUpInBrowser(
  page: Page,
  request: APIRequestContext,
  visitor: Visitor,
  { onScreen }: { onScreen?: (screen: SignUpScreen) => Promise<void> } = {},
): Promise<Visitor & { fullName: string }> {
  await page.goto('/signup');
  await onScreen?.('/signup');
  await page.getByLabel('E-mail', { exact: true }).fill(visitor.email);
  await page.getByLabel('Password', { exact: true }).fill(visitor.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // The first sign-up of a just-started server: the page's code arrives after its paint (a submit
  // before that is held and sent again once the app is live), then two password hashes.
  await expect(page).toHaveURL(/\/confirm-email$/, { timeout: 30_000 });
  await onScreen?.('/confirm-email');
  await page
    .getByLabel('6-digit code', { exact: true })
    .fill(await outboxCode(request, visitor.email, 'email'));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/add-phno$/);
  await onScreen?.('/add-phno');
  await page.getByLabel('Phone number', { exact: true }).fill(visitor.phoneNumber);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/confirm-phno$/);
  await onScreen?.('/confirm-phno');
  await page
    .getByLabel('6-digit code', { exact: true })
    .fill(await outboxCode(request, visitor.phoneNumber, 'sms'));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/user-details$/);
  await onScreen?.('/user-details');
  await page.getByLabel('First name', { exact: true }).fill(visitor.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(visitor.lastName);
  await page.getByRole('radio', { name: /Beginner/ }).check();
  await page.getByRole('checkbox', { name: 'Technical analysis' }).check();
  await page.getByRole('button', { name: 'Finish and start learning' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: new RegExp(`, ${visitor.firstName}`) })).toBeVisible();
  await onScreen?.('/home');
  return { ...visitor, fullName: `${visitor.firstName} ${visitor.lastName}` };
}

/**
 * On /group, the learner asks to join the competition `group` names: Join on its card, Join Group in
 * the dialog, then the "Request sent successfully" toast and a disabled Request Sent on the card.
 * Returns the card.
 */
export async function askToJoin(page: Page, group: string): Promise<Locator> {
  const card = page.getByRole('article', { name: group });
  await card.getByRole('button', { name: 'Join', exact: true }).click();
  await page.getByRole('dialog', { name: 'Join Group' }).getByRole('button', { name: 'Join Group' }).click();
  await expect(page.getByText('Request sent successfully')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  return card;
}

/** The admin screens `approveInAdmin` passes through, in order. */
export type ApprovalScreen = '/admin groups with requests waiting' | '/admin join request approved';

/**
 * An admin approves a learner's pending request to join a competition. `page` is the admin's,
 * showing /admin?tab=groups. Waits for the panel's "N join request(s) waiting", opens the Requests of
 * the competition `group` names, checks the learner's row (found by `learner`, their full name) is
 * Pending, approves it, and checks the row then says Approved and offers Approve no more. `onScreen`
 * runs once the waiting count shows and once the approval shows.
 */
export async function approveInAdmin(
  page: Page,
  {
    group,
    learner,
    onScreen,
  }: { group: string; learner: string; onScreen?: (screen: ApprovalScreen) => Promise<void> },
): Promise<void> {
  const panel = page.getByRole('region', { name: 'Competitions and approvals' });
  await expect(panel.getByText(/\d+ join requests? waiting/)).toBeVisible();
  await onScreen?.('/admin groups with requests waiting');
  await panel.getByRole('row').filter({ hasText: group }).getByRole('button', { name: 'Requests' }).click();
  const requestRow = panel
    .locator('.cw-admin-groups__participants')
    .getByRole('row')
    .filter({ hasText: learner });
  await expect(requestRow.getByText('Pending')).toBeVisible();
  await requestRow.getByRole('button', { name: 'Approve' }).click();
  await expect(requestRow.getByText('Approved')).toBeVisible();
  await expect(requestRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await onScreen?.('/admin join request approved');
}
