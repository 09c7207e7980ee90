import { users, verificationCodes } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, lastCode, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each scenario from its own address, so the per-address limits do not mix scenarios. */
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function post(url: string, payload: unknown, token?: string, remoteAddress = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: token ? bearer(token) : {},
    remoteAddress,
  });
}

/** Signs up, then logs in with the same password as the web does (sign-up grants no session). */
async function signUp(email: string, password = 'a-strong-password') {
  const response = await post('/auth/signup', { email, password });
  expect(response.statusCode).toBe(201);
  const session = await post('/auth/login', { email, password });
  expect(session.statusCode).toBe(200);
  return session.json().data as { token: string; user: { _id: string; role: string | null } };
}

async function onboard(email: string, phone = '+919876543210') {
  const { token } = await signUp(email);
  expect((await post('/auth/confirm-email', { code: lastCode(t.outbox, email) }, token)).statusCode).toBe(
    200,
  );
  expect((await post('/auth/phone', { phoneNumber: phone }, token)).statusCode).toBe(200);
  expect((await post('/auth/confirm-phone', { code: lastCode(t.smsOutbox, phone) }, token)).statusCode).toBe(
    200,
  );
  const details = await post(
    '/auth/user-details',
    { firstName: 'Priya', lastName: 'Shah', experienceLevel: 'beginner', interests: ['options'] },
    token,
  );
  expect(details.statusCode).toBe(200);
  return { token, user: details.json().data.user };
}

describe('onboarding', () => {
  it('walks sign-up → e-mail code → phone → code → details and ends with role user', async () => {
    const { token, user } = await signUp('new.learner@example.com');
    expect(user.role).toBeNull();
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe('new.learner@example.com');
    expect(mail.subject).toMatch(/confirmation code/);
    expect(mail.html).toContain('Candlewise');

    const confirmed = await post(
      '/auth/confirm-email',
      { code: lastCode(t.outbox, 'new.learner@example.com') },
      token,
    );
    expect(confirmed.json().data.user.emailVerified).toBe(true);

    expect((await post('/auth/phone', { phoneNumber: '+91 98765 43210' }, token)).statusCode).toBe(200);
    const phone = await post('/auth/confirm-phone', { code: lastCode(t.smsOutbox, '+919876543210') }, token);
    expect(phone.json().data.user).toMatchObject({
      phoneNumber: '+919876543210',
      phoneVerified: true,
      role: null,
    });

    const details = await post(
      '/auth/user-details',
      { firstName: 'Asha', lastName: 'Rao', experienceLevel: 'intermediate', interests: ['forex'] },
      token,
    );
    expect(details.statusCode).toBe(200);
    expect(details.json().data.user).toMatchObject({ firstName: 'Asha', lastName: 'Rao', role: 'user' });
  });

  it('answers a sign-up for a registered e-mail like a new one, grants nothing, and e-mails the owner', async () => {
    const fresh = await post('/auth/signup', {
      email: 'brand.new@example.com',
      password: 'a-strong-password',
    });
    await signUp('twice@example.com');
    const before = t.outbox.length;
    const again = await post('/auth/signup', { email: 'TWICE@example.com', password: 'another-password' });
    // Same status, same body: nothing tells whether the address had an account.
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    expect(JSON.stringify(again.json())).not.toMatch(/token|already exists/i);
    // The owner hears of it (with no code in it), and the account is unchanged.
    const notes = t.outbox.slice(before);
    expect(notes).toHaveLength(1);
    expect(notes[0].to).toBe('twice@example.com');
    expect(notes[0].text).toMatch(/tried to create an account with your e-mail address/);
    expect(notes[0].text).toMatch(/reset your password/);
    expect(notes[0].text).not.toMatch(/\b\d{6}\b/);
    const [{ count }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(email) = 'twice@example.com'`);
    expect(count).toBe(1);
    expect(
      (await post('/auth/login', { email: 'twice@example.com', password: 'another-password' })).statusCode,
    ).toBe(401);
    // A second try within the hour answers the same and does not e-mail the owner again.
    const third = await post('/auth/signup', { email: 'twice@example.com', password: 'third-password' });
    expect(third.json()).toEqual(fresh.json());
    expect(t.outbox.length).toBe(before + 1);
  });

  it('refuses steps out of order', async () => {
    const { token } = await signUp('order@example.com');
    const phone = await post('/auth/phone', { phoneNumber: '+919876543211' }, token);
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toBe('Confirm your e-mail address first.');
    const details = await post(
      '/auth/user-details',
      { firstName: 'A', lastName: 'B', experienceLevel: 'beginner' },
      token,
    );
    expect(details.statusCode).toBe(409);
  });
});

describe('verification codes', () => {
  it('counts wrong codes, refuses the 6th attempt even with the right code, and changes nothing', async () => {
    const { token } = await signUp('guesser@example.com');
    const right = lastCode(t.outbox, 'guesser@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/auth/confirm-email', { code: wrong }, token);
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages[0]).toBe('That code is not right. 4 attempts left.');
    expect(messages[4]).toMatch(/last attempt/);
    const sixth = await post('/auth/confirm-email', { code: right }, token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'guesser@example.com'));
    expect(row.emailVerifiedAt).toBeNull();
  });

  it('refuses an expired code and a replayed code', async () => {
    const { token, user } = await signUp('expiry@example.com');
    const code = lastCode(t.outbox, 'expiry@example.com');
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user._id));
    const expired = await post('/auth/confirm-email', { code }, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This code has expired. Ask for a new code.');

    // A fresh code works once; the same code again is refused.
    await t.database.db
      .update(verificationCodes)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(verificationCodes.userId, user._id));
    expect((await post('/auth/resend-code', { channel: 'email' }, token)).statusCode).toBe(200);
    const fresh = lastCode(t.outbox, 'expiry@example.com');
    expect((await post('/auth/confirm-email', { code: fresh }, token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user._id));
    const replay = await post('/auth/confirm-email', { code: fresh }, token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('This code is no longer valid. Ask for a new code.');
  });

  it('lets the owner in with a fresh code after 40 wrong guesses, and still stops the guessing', async () => {
    const { token, user } = await signUp('locked.out@example.com');
    const first = lastCode(t.outbox, 'locked.out@example.com');
    const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      // From many addresses, so only the account's own counts decide.
      statuses.push((await post('/auth/confirm-email', { code: wrongFor(first) }, token)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect((await post('/auth/confirm-email', { code: first }, token)).statusCode).toBe(429);

    // A minute later the owner asks for a new code: it works at once.
    const resendAfterAMinute = async () => {
      await t.database.db
        .update(verificationCodes)
        .set({ sentAt: new Date(Date.now() - 61_000) })
        .where(eq(verificationCodes.userId, user._id));
      expect((await post('/auth/resend-code', { channel: 'email' }, token)).statusCode).toBe(200);
      return lastCode(t.outbox, 'locked.out@example.com');
    };
    const fresh = await resendAfterAMinute();
    // The fresh code still allows only five wrong guesses, then refuses even the right one.
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/auth/confirm-email', { code: wrongFor(fresh) }, token)).statusCode).toBe(400);
    }
    expect((await post('/auth/confirm-email', { code: fresh }, token)).statusCode).toBe(429);
    const third = await resendAfterAMinute();
    const confirmed = await post('/auth/confirm-email', { code: third }, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.user.emailVerified).toBe(true);
  });

  it('still stops one address guessing codes for many accounts', async () => {
    const address = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { token } = await signUp(`spread.guess.${i}@example.com`);
      const right = lastCode(t.outbox, `spread.guess.${i}@example.com`);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let j = 0; j < 5; j += 1) {
        statuses.push((await post('/auth/confirm-email', { code: wrong }, token, address)).statusCode);
      }
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  });

  it('answers a resend within 60 s with 429 and Retry-After, and sends nothing', async () => {
    const { token } = await signUp('resend@example.com');
    const before = t.outbox.length;
    const response = await post('/auth/resend-code', { channel: 'email' }, token);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json().message).toMatch(/You can ask for a new one in \d+ seconds/);
    expect(t.outbox.length).toBe(before);
  });
});

describe('passwords and sessions', () => {
  it('resets the password with an e-mailed code; the old password and the old token stop working', async () => {
    const { token } = await onboard('reset.me@example.com', '+919800000001');
    const cachedRead = () => t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: bearer(token) });
    expect((await cachedRead()).statusCode).toBe(200);
    const unknown = await post('/auth/forgot-password', { email: 'nobody-here@example.com' });
    const known = await post('/auth/forgot-password', { email: 'reset.me@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
    await t.app.background.flush(); // the code is mailed after the answer left

    const code = lastCode(t.outbox, 'reset.me@example.com');
    const reset = await post('/auth/reset-password', {
      email: 'reset.me@example.com',
      code,
      password: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(200);

    expect(
      (await post('/auth/login', { email: 'reset.me@example.com', password: 'a-strong-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/login', { email: 'reset.me@example.com', password: 'brand-new-password' }))
        .statusCode,
    ).toBe(200);
    const old = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(old.statusCode).toBe(401);
    expect((await cachedRead()).statusCode).toBe(401);
  });

  it('logs out one token, and logout-all ends every session', async () => {
    await onboard('sessions@example.com', '+919800000002');
    const first = (
      await post('/auth/login', { email: 'sessions@example.com', password: 'a-strong-password' })
    ).json().data.token;
    const second = (
      await post('/auth/login', { email: 'sessions@example.com', password: 'a-strong-password' })
    ).json().data.token;
    const cachedRead = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: bearer(token) });
    expect((await cachedRead(first)).statusCode).toBe(200);
    expect((await post('/auth/logout', undefined, first)).statusCode).toBe(200);
    expect((await post('/auth/logout', undefined, first)).statusCode).toBe(401);
    expect((await cachedRead(first)).statusCode).toBe(401);
    expect((await cachedRead(second)).statusCode).toBe(200);
    expect((await post('/auth/logout-all', undefined, second)).statusCode).toBe(200);
    expect((await post('/auth/logout', undefined, second)).statusCode).toBe(401);
    expect((await cachedRead(second)).statusCode).toBe(401);
  });

  it('changes the password with the current one and returns a working token', async () => {
    const { token } = await onboard('changer@example.com', '+919800000003');
    const wrong = await post(
      '/auth/change-password',
      { currentPassword: 'nope-nope-nope', newPassword: 'whatever-else-1' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'currentPassword', message: 'Your current password is not right.' },
    ]);
    const changed = await post(
      '/auth/change-password',
      { currentPassword: 'a-strong-password', newPassword: 'whatever-else-1' },
      token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await post('/auth/logout', undefined, token)).statusCode).toBe(401);
    expect((await post('/auth/logout', undefined, changed.json().data.token)).statusCode).toBe(200);
  });

  it('deletes the account only with the right password', async () => {
    const { token, user } = await onboard('leaver@example.com', '+919800000004');
    const del = (password: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/user/account',
        headers: bearer(token),
        payload: { password },
      });
    expect((await del('not-my-password')).statusCode).toBe(400);
    expect((await del('a-strong-password')).statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user._id))).toHaveLength(0);
  });
});

describe('the spec’s user calls', () => {
  it('PUT user/update/user-details sets lastNotificationViewedAt for the caller and refuses another userId', async () => {
    const me = await onboard('viewer@example.com', '+919800000005');
    const other = await onboard('someone.else@example.com', '+919800000006');
    const at = new Date(Date.now() - 5000).toISOString();
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update/user-details',
      headers: bearer(me.token),
      payload: { userId: me.user._id, lastNotificationViewedAt: at },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.user.lastNotificationViewedAt).toBe(at);

    const theirs = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update/user-details',
      headers: bearer(me.token),
      payload: { userId: other.user._id, lastNotificationViewedAt: at },
    });
    expect(theirs.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.user._id));
    expect(row.lastNotificationViewedAt).toBeNull();
  });

  it('GET user/details of another user is 403', async () => {
    const me = await onboard('curious@example.com', '+919800000007');
    const other = await signUp('private@example.com');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/details/${other.user._id}`,
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('bad input on every account endpoint', () => {
  const long = 'x'.repeat(300);
  const cases: Array<[string, unknown]> = [
    ['/auth/signup', {}],
    ['/auth/signup', { email: 'not-an-email', password: 'long-enough-pass' }],
    ['/auth/signup', { email: 'a@example.com', password: 'short' }],
    ['/auth/signup', { email: `${long}@example.com`, password: 'long-enough-pass' }],
    ['/auth/signup', { email: 42, password: ['x'] }],
    ['/auth/login', { email: 'a@example.com' }],
    ['/auth/login', { email: 'a@example.com', password: long }],
    ['/auth/forgot-password', { email: 'nope' }],
    ['/auth/reset-password', { email: 'a@example.com', code: '12ab56', password: 'long-enough-pass' }],
    ['/auth/reset-password', { email: 'a@example.com', code: '123456', password: 'short' }],
  ];
  it.each(cases)('POST %s %j → 400 with field details', async (url, payload) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body.details.length).toBeGreaterThan(0);
  });

  it('validates the signed-in steps the same way', async () => {
    const { token } = await signUp('validator@example.com');
    const bad: Array<[string, unknown]> = [
      ['/auth/confirm-email', { code: '12345' }],
      ['/auth/confirm-email', {}],
      ['/auth/resend-code', { channel: 'pigeon' }],
      ['/auth/phone', { phoneNumber: '98765' }],
      ['/auth/phone', { phoneNumber: long }],
      ['/auth/confirm-phone', { code: 'abcdef' }],
      ['/auth/user-details', { firstName: long, lastName: 'B', experienceLevel: 'beginner' }],
      ['/auth/user-details', { firstName: 'A', lastName: 'B', experienceLevel: 'wizard' }],
      ['/auth/change-password', { currentPassword: 'x', newPassword: 'short' }],
    ];
    for (const [url, payload] of bad) {
      const response = await post(url, payload, token);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().details.length).toBeGreaterThan(0);
    }
  });

  it('needs a token for the signed-in steps', async () => {
    for (const url of ['/auth/confirm-email', '/auth/phone', '/auth/user-details', '/auth/logout']) {
      expect((await post(url, {})).statusCode, url).toBe(401);
    }
  });
});

describe('profile pictures', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(200, 1),
  ]);

  function multipart(content: Buffer, filename: string, type: string) {
    const boundary = '----candlewise-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('stores a PNG and serves it with its type and no script execution', async () => {
    const { token } = await onboard('avatar@example.com', '+919800000008');
    const body = multipart(png, 'me.png', 'image/png');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile-image',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().data.user.profile_image_url as string;
    expect(url).toMatch(/^\/api\/v1\/uploads\/avatars\/[a-z0-9-]+\.png$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('refuses 3 MB with 413 and an executable renamed .png with 415', async () => {
    const { token } = await onboard('uploader@example.com', '+919800000009');
    const big = multipart(Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), 'big.png', 'image/png');
    const tooBig = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile-image',
      headers: { ...big.headers, ...bearer(token) },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

    const elf = multipart(
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]),
      'cat.png',
      'image/png',
    );
    const exe = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile-image',
      headers: { ...elf.headers, ...bearer(token) },
      payload: elf.payload,
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('Upload a PNG, JPEG or WebP image.');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'uploader@example.com'));
    expect(row.profileImageUrl).toBeNull();
  });
});

describe('profile pictures sent as broken multipart', () => {
  it('answers no boundary, a body cut short and a garbled body with 400 and a sentence', async () => {
    const { token } = await onboard('broken.upload@example.com', '+919800000010');
    const boundary = '----candlewise-test-boundary';
    const whole = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n--${boundary}--\r\n`,
    );
    for (const [label, contentType, payload] of [
      ['no boundary', 'multipart/form-data', whole],
      ['cut short', `multipart/form-data; boundary=${boundary}`, whole.subarray(0, 70)],
      ['garbled', `multipart/form-data; boundary=${boundary}`, Buffer.from('not multipart at all')],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/profile-image',
        headers: { ...bearer(token), 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(response.json().message, label).toMatch(/multipart\/form-data/);
    }
  });
});

describe('account flows that must not tell who has an account, or cost money', () => {
  it('answers a wrong reset code the same for an unknown e-mail and a known one, to the last attempt', async () => {
    await onboard('quiet.reset@example.com', '+919800000011');
    await post('/auth/forgot-password', { email: 'quiet.reset@example.com' });
    await t.app.background.flush();
    const attempt = (email: string) =>
      post('/auth/reset-password', { email, code: '000000', password: 'another-long-password' });
    for (let i = 0; i < 7; i += 1) {
      const known = await attempt('quiet.reset@example.com');
      const unknown = await attempt('nobody.quiet@example.com');
      expect(known.statusCode).toBe(400);
      expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
        status: known.statusCode,
        body: known.json(),
      });
    }
  });

  it('makes a new phone number wait the same 60 s as a resend, and sends nothing meanwhile', async () => {
    const { token } = await signUp('two.phones@example.com');
    await post('/auth/confirm-email', { code: lastCode(t.outbox, 'two.phones@example.com') }, token);
    expect((await post('/auth/phone', { phoneNumber: '+919811111111' }, token)).statusCode).toBe(200);
    const sent = t.smsOutbox.length;
    const second = await post('/auth/phone', { phoneNumber: '+919822222222' }, token);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/You can ask for a new one in \d+ seconds/);
    expect(t.smsOutbox.length).toBe(sent);
  });

  it('sends at most ten text messages a day to one account', async () => {
    const { token, user } = await signUp('many.texts@example.com');
    await post('/auth/confirm-email', { code: lastCode(t.outbox, 'many.texts@example.com') }, token);
    for (let i = 0; i < 10; i += 1)
      await t.app.attempts.reserve(`sms-daily:user:${user._id}`, 10, 86_400_000);
    const sent = t.smsOutbox.length;
    const refused = await post('/auth/phone', { phoneNumber: '+919833333333' }, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^We have sent the 10 text messages an account can get in a day\./,
    );
    expect(t.smsOutbox.length).toBe(sent);
  });
});

describe('what waits for onboarding', () => {
  it('refuses joining, paying, the journal and broker connection with 403 naming the step', async () => {
    const { token } = await signUp('not.yet@example.com');
    const calls = [
      () => post('/group/group-running/participants', { userId: 'ignored' }, token),
      () => post('/plans/checkout', {}, token),
      () => t.app.inject({ method: 'GET', url: '/api/v1/journal/trades', headers: bearer(token) }),
      () => t.app.inject({ method: 'GET', url: '/api/v1/broker/connections', headers: bearer(token) }),
    ];
    for (const call of calls) {
      const refused = await call();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'ONBOARDING_REQUIRED',
        message: 'Confirm your e-mail address first: enter the 6-digit code we sent you.',
        details: [{ path: 'step', message: '/confirm-email' }],
      });
    }
    await post('/auth/confirm-email', { code: lastCode(t.outbox, 'not.yet@example.com') }, token);
    const next = await post('/group/group-running/participants', { userId: 'ignored' }, token);
    expect(next.json()).toMatchObject({ code: 'ONBOARDING_REQUIRED', details: [{ message: '/add-phno' }] });
    // Courses and news stay open at every step.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/courses', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });
});
