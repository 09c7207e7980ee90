import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createOnboardedUser(t.database.db, { email: 'edge@example.com', password: 'password-for-tests' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'edge@example.com', password: 'password-for-tests' },
  });
  token = login.json().data.token;
});
afterAll(() => t.close());

const contact = (message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: { name: 'Ravi', email: 'ravi@example.com', subject: 'Hello', message },
    remoteAddress: '198.51.100.9',
  });

describe('control characters at the edge', () => {
  it('refuses NUL in a body field with 400 naming the field, and keeps tabs and new lines', async () => {
    const nul = await contact('Hello\u0000there');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      details: [{ path: 'message' }],
    });
    expect(nul.json().message).toMatch(/control characters/);
    expect((await contact('Line one\n\tLine two\r\n')).statusCode).toBe(201);
  });

  it('refuses control characters in paths and queries', async () => {
    const inPath = await t.app.inject({
      method: 'GET',
      url: '/api/v1/group/abc%00def/leaderboard',
      headers: bearer(token),
    });
    expect(inPath.statusCode).toBe(400);
    const inQuery = await t.app.inject({
      method: 'GET',
      url: '/api/v1/news?q=oil%00',
      headers: bearer(token),
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().details[0].path).toBe('q');
  });

  it('answers 400, not 500, when a value the database cannot store gets past the schemas', async () => {
    const far = await t.app.inject({
      method: 'GET',
      url: '/api/v1/journal/calendar?month=9999-12',
      headers: bearer(token),
    });
    expect(far.statusCode).toBeLessThan(500);
  });

  it('answers the router’s own refusals in the API envelope', async () => {
    const badUtf8 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/courses/%ED%A0%80',
      headers: bearer(token),
    });
    expect(badUtf8.statusCode).toBe(400);
    expect(badUtf8.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${'x'.repeat(500)}`,
      headers: bearer(token),
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('refuses half of an emoji anywhere in a request', async () => {
    const response = await contact('calm \ud83d then busy');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'message', message: expect.stringMatching(/^Remove the broken characters/) },
    ]);
  });
});
