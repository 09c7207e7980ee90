import { users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../src/services/auth/session-token.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { createTestApp, type TestApp } from './helper.ts';

describe('sign-in and the caller’s identity', () => {
  let t: TestApp;
  let learnerId: string;
  let otherId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    learnerId = (
      await createOnboardedUser(t.database.db, {
        email: 'learner@example.com',
        password: 'learner-pass-1',
        firstName: 'Lea',
        lastName: 'Rner',
      })
    ).id;
    otherId = (
      await createOnboardedUser(t.database.db, { email: 'other@example.com', password: 'other-pass-12' })
    ).id;
    adminId = (
      await createOnboardedUser(t.database.db, {
        email: 'admin@example.com',
        password: 'admin-pass-12',
        role: 'admin',
      })
    ).id;
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });

  it('signs in with the right password and never returns secrets', async () => {
    const response = await login('Learner@Example.com', 'learner-pass-1');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user).toMatchObject({
      _id: learnerId,
      email: 'learner@example.com',
      firstName: 'Lea',
      role: 'user',
    });
    expect(data.token.split('.')).toHaveLength(3);
    expect(response.body).not.toMatch(/passwordHash|password_hash|scrypt/);
  });

  it('gives one answer for an unknown e-mail and a wrong password', async () => {
    const wrong = await login('learner@example.com', 'not-the-password', '198.51.100.2');
    const unknown = await login('nobody@example.com', 'not-the-password', '198.51.100.2');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNAUTHORIZED',
        message: 'Invalid email or password',
      });
    }
  });

  it('answers 20 rapid wrong logins with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 20; i += 1) {
      const response = await login('other@example.com', `guess-${i}-wrong`, '198.51.100.3');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('never limits successful sign-ins (only failures count)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1)
      statuses.push((await login('learner@example.com', 'learner-pass-1', '198.51.100.9')).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('returns the caller’s own details and refuses another user’s id with 403', async () => {
    const token = (await login('learner@example.com', 'learner-pass-1', '198.51.100.4')).json().data.token;
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/details/${learnerId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.userData).toMatchObject({ _id: learnerId, planStatus: 'Not Subscribed' });

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/details/${otherId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('lets an admin read any user', async () => {
    const token = (await login('admin@example.com', 'admin-pass-12', '198.51.100.5')).json().data.token;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/details/${learnerId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.userData._id).toBe(learnerId);
    expect(adminId).toBeTruthy();
  });

  it('refuses missing, forged, expired and revoked tokens with 401', async () => {
    const url = `/api/v1/user/details/${learnerId}`;
    const none = await t.app.inject({ method: 'GET', url });
    const forged = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${await signSessionToken('another-secret-another-secret-0123456789', learnerId, 0)}`,
      },
    });
    const expired = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${await signSessionToken(t.app.config.appSecret, learnerId, 0, new Date(Date.now() - 8 * 86_400_000))}`,
      },
    });
    const current = await signSessionToken(t.app.config.appSecret, learnerId, 0);
    await t.database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, learnerId));
    const revoked = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${current}` },
    });
    for (const response of [none, forged, expired, revoked]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });
});
