import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

describe('admin: users', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, role] of [
      ['root', 'admin'],
      ['learner', 'user'],
      ['second', 'user'],
    ] as const) {
      const user = await createOnboardedUser(t.database.db, {
        email: `${name}@example.com`,
        password: 'password-for-tests',
        firstName: name[0].toUpperCase() + name.slice(1),
        role,
      });
      ids[name] = user.id;
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `${name}@example.com`, password: 'password-for-tests' },
      });
      tokens[name] = login.json().data.token;
    }
  });
  afterAll(() => t.close());

  const patch = (as: string, userId: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${userId}`,
      headers: bearer(tokens[as]),
      payload,
    });

  it('is closed to non-admins', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: bearer(tokens.learner),
    });
    expect(response.statusCode).toBe(403);
    expect((await patch('learner', ids.learner, { role: 'admin' })).statusCode).toBe(403);
  });

  it('searches and pages through users', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users?search=LEARN&pageSize=10',
      headers: bearer(tokens.root),
    });
    expect(response.statusCode).toBe(200);
    const { users, total } = response.json().data;
    expect(total).toBe(1);
    expect(users[0]).toMatchObject({ email: 'learner@example.com', disabled: false });
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users?page=2&pageSize=2',
      headers: bearer(tokens.root),
    });
    expect(paged.json().data).toMatchObject({ total: 3, page: 2 });
    expect(paged.json().data.users).toHaveLength(1);
  });

  it('never lets an admin demote or disable their own account', async () => {
    const demote = await patch('root', ids.root, { role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('You cannot remove your own admin role. Ask another admin to do it.');
    const disable = await patch('root', ids.root, { disabled: true });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().message).toBe(
      'You cannot disable your own account. Ask another admin if it must be disabled.',
    );
  });

  it('disables an account: its token stops at once and login says why; enabling lets it sign in afresh', async () => {
    // Warm the cached path first: a cached read must not outlive the disable.
    const groups = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: bearer(tokens.second) });
    expect((await groups()).statusCode).toBe(200);
    expect((await patch('root', ids.second, { disabled: true })).json().data.user.disabled).toBe(true);
    expect((await groups()).statusCode).toBe(403);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/details/${ids.second}`,
      headers: bearer(tokens.second),
    });
    expect(me.statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'second@example.com', password: 'password-for-tests' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/disabled/);
    await patch('root', ids.second, { disabled: false });
    // A session from before the disable stays ended: re-enabling revives no old token.
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/details/${ids.second}`,
      headers: bearer(tokens.second),
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Your session has ended. Please sign in again.');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'second@example.com', password: 'password-for-tests' },
    });
    expect(signedIn.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/details/${ids.second}`,
      headers: bearer(signedIn.json().data.token),
    });
    expect(again.statusCode).toBe(200);
  });

  it('promotes a user, after which the new admin may demote the first', async () => {
    expect((await patch('root', ids.learner, { role: 'admin' })).json().data.user.role).toBe('admin');
    expect((await patch('learner', ids.root, { role: 'user' })).statusCode).toBe(200);
  });
});

describe('dev outbox', () => {
  it('lists what the console transports sent, newest first, and is absent in production', async () => {
    const { createTestDatabase, testConfig } = await import('./helper.ts');
    const { buildApp } = await import('../src/app.ts');
    const database = await createTestDatabase();
    const dev = await buildApp({ config: testConfig(), database, logger: false });
    await dev.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'outbox@example.com', password: 'password-for-tests' },
    });
    await dev.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        name: 'A',
        email: 'a@example.com',
        subject: 'Hi',
        message: 'A message that is long enough.',
      },
    });
    const outbox = await dev.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(outbox.statusCode).toBe(200);
    const [newest, older] = outbox.json().data;
    expect(newest).toMatchObject({ channel: 'email', subject: '[Contact] Hi' });
    expect(older).toMatchObject({ to: 'outbox@example.com', channel: 'email' });
    expect(older.text).toMatch(/\b\d{6}\b/);
    await dev.close();

    const production = await buildApp({
      config: testConfig({ isProduction: true, nodeEnv: 'production' }),
      database,
      logger: false,
    });
    expect((await production.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
    await production.close();
    await database.close();
  });
});
