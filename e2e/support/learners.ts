import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { Session } from './session.ts';

/** The body of a successful API answer; any other answer fails the test with its status and text. */
// biome-ignore lint/suspicious/noExplicitAny: API answers are read ad hoc in the journeys.
export async function json(response: APIResponse): Promise<any> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The 6-digit code last sent to `to` (mail or SMS), from the development outbox. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const outbox = await json(await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=1`));
  const code = String(outbox.data[0]?.text ?? '').match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export type NewLearner = Session & { email: string; password: string; headers: { Authorization: string } };

/**
 * A learner of the spec's own, signed up and onboarded through the API (e-mail and phone confirmed,
 * details given) and signed in, so no other spec's use of the shared learner changes what it sees.
 * `prefix` names the spec in the e-mail address.
 */
export async function createLearner(
  request: APIRequestContext,
  { prefix, firstName, lastName }: { prefix: string; firstName: string; lastName: string },
): Promise<NewLearner> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${prefix}-${unique}@e2e.test`;
  const password = `${prefix}-password-1`;
  const phoneNumber = `+9197${unique.slice(-8)}`;
  await json(await request.post('/api/v1/auth/signup', { data: { email, password } }));
  // Sign-up grants no session (ADR 027): log in with the password just chosen.
  const started = await json(await request.post('/api/v1/auth/login', { data: { email, password } }));
  const headers = { Authorization: `Bearer ${started.data.token}` };
  const confirm = async (url: string, to: string) =>
    json(await request.post(url, { headers, data: { code: await latestCode(request, to) } }));
  await confirm('/api/v1/auth/confirm-email', email);
  await json(await request.post('/api/v1/auth/phone', { headers, data: { phoneNumber } }));
  await confirm('/api/v1/auth/confirm-phone', phoneNumber);
  await json(
    await request.post('/api/v1/auth/user-details', {
      headers,
      data: { firstName, lastName, experienceLevel: 'beginner', interests: ['forex'] },
    }),
  );
  const session: Session = (
    await json(await request.post('/api/v1/auth/login', { data: { email, password } }))
  ).data;
  return { ...session, email, password, headers: { Authorization: `Bearer ${session.token}` } };
}
