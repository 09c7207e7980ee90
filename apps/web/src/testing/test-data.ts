import type { PublicUser } from '@candlewise/shared';

let sequence = 0;

/** A fully onboarded learner; each call gets its own _id so no cache is shared between tests. */
export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  sequence += 1;
  return {
    _id: `user-${sequence}-${Math.random().toString(16).slice(2, 10)}`,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profile_image_url: null,
    role: 'user',
    emailVerified: true,
    phoneNumber: '+919800000000',
    phoneVerified: true,
    lastNotificationViewedAt: null,
    planStatus: 'Not Subscribed',
    planExpirationDate: null,
    timeZone: 'Asia/Kolkata',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT-shaped token (header.payload.signature); the client only decodes it, never verifies. */
export function makeToken({ expiresInSeconds = 3600 }: { expiresInSeconds?: number } = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'user', exp })}.c2lnbmF0dXJl`;
}

/** A token whose expiry (seconds) has passed. */
export function makeExpiredToken(): string {
  return makeToken({ expiresInSeconds: -60 });
}

/** A signed-in session for renderApp. */
export function makeSession(overrides: Partial<PublicUser> = {}) {
  return { token: makeToken(), user: makeUser(overrides) };
}
