import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(64, 1),
]);

function multipart(field: string, filename: string) {
  const boundary = '----candlewise-files-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await createOnboardedUser(t.database.db, { email: 'leaving@example.com', password: 'password-for-tests' });
  token = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'leaving@example.com', password: 'password-for-tests' },
    })
  ).json().data.token;
});
afterAll(() => t.close());

describe('deleting an account', () => {
  it('removes its files too: the avatar is no longer served and the screenshots are gone', async () => {
    const avatar = multipart('image', 'me.png');
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile-image',
      headers: { ...avatar.headers, ...bearer(token) },
      payload: avatar.payload,
    });
    const avatarUrl = uploaded.json().data.user.profile_image_url as string;
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(200);

    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/journal/entries/2026-11-02',
      headers: bearer(token),
      payload: { notes: 'A day to remember.' },
    });
    const shot = multipart('screenshots', 'chart.png');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/journal/entries/2026-11-02/screenshots',
      headers: { ...shot.headers, ...bearer(token) },
      payload: shot.payload,
    });
    expect(added.statusCode).toBe(201);
    const screenshotKeys = (await t.database.db.query.journalEntryScreenshots.findMany()).map(
      (row) => row.storageKey,
    );
    expect(screenshotKeys).toHaveLength(1);
    expect(await t.app.fileStorage.get(screenshotKeys[0])).not.toBeNull();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/account',
      headers: bearer(token),
      payload: { password: 'password-for-tests' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
    expect(await t.app.fileStorage.get(screenshotKeys[0])).toBeNull();
    expect(await t.app.fileStorage.get(avatarUrl.replace('/api/v1/uploads/', ''))).toBeNull();
  });
});
