import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_NOT_FOUND } from '../src/services/contact/admin-contact-messages.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let adminId = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const [email, role] of [
    ['root@example.com', 'admin'],
    ['learner@example.com', 'user'],
  ] as const) {
    const user = await createOnboardedUser(t.database.db, {
      email,
      password: 'password-for-tests',
      firstName: role === 'admin' ? 'Rita' : 'Lena',
      lastName: role === 'admin' ? 'Root' : 'Learner',
      role,
    });
    if (role === 'admin') adminId = user.id;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'password-for-tests' },
    });
    tokens[email] = login.json().data.token;
  }
  for (const subject of ['First question', 'Second question', 'Third question']) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        name: 'Visitor',
        email: 'v@example.com',
        subject,
        message: 'Some words that are long enough.',
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
  }
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'PATCH', url: string, payload?: object, who = 'root@example.com') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });

type Listed = {
  _id: string;
  subject: string;
  handledAt: string | null;
  handledBy: { _id: string; name: string } | null;
};
const list = async (status?: string) => {
  const response = await admin('GET', `/admin/contact-messages${status ? `?status=${status}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { messages: Listed[]; total: number; status: string };
};

describe('admin: contact messages handled', () => {
  it('starts open, is marked handled and open again, and filters Open / Handled / All', async () => {
    const all = await list();
    expect(all.status).toBe('all');
    expect(all.total).toBe(3);
    expect(all.messages.every((m) => m.handledAt === null && m.handledBy === null)).toBe(true);
    const second = all.messages.find((m) => m.subject === 'Second question')!;

    const marked = await admin('PATCH', `/admin/contact-messages/${second._id}`, { handled: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      success: true,
      message: 'Marked as handled',
      data: { _id: second._id, handledBy: { _id: adminId, name: 'Rita Root' } },
    });
    expect(Date.parse(marked.json().data.handledAt)).not.toBeNaN();

    expect((await list('open')).messages.map((m) => m.subject)).toEqual(['Third question', 'First question']);
    expect((await list('open')).total).toBe(2);
    const handled = await list('handled');
    expect(handled).toMatchObject({ total: 1, messages: [{ subject: 'Second question' }] });
    expect((await list('all')).total).toBe(3);

    const reopened = await admin('PATCH', `/admin/contact-messages/${second._id}`, { handled: false });
    expect(reopened.json()).toMatchObject({
      message: 'Marked as open',
      data: { handledAt: null, handledBy: null },
    });
    expect((await list('open')).total).toBe(3);
    expect((await list('handled')).total).toBe(0);
  });

  it('answers 404 for an unknown id and 400 for a bad body or filter', async () => {
    const missing = await admin('PATCH', '/admin/contact-messages/no-such-message', { handled: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: CONTACT_MESSAGE_NOT_FOUND,
    });
    const id = (await list()).messages[0]._id;
    expect((await admin('PATCH', `/admin/contact-messages/${id}`, { handled: 'yes' })).statusCode).toBe(400);
    expect((await admin('GET', '/admin/contact-messages?status=closed')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const id = (await list()).messages[0]._id;
    const learner = await admin(
      'PATCH',
      `/admin/contact-messages/${id}`,
      { handled: true },
      'learner@example.com',
    );
    expect(learner.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/contact-messages/${id}`,
      payload: { handled: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await list('handled')).total).toBe(0);
  });
});
