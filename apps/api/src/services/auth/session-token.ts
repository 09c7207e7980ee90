import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export type SessionClaims = { userId: string; tokenVersion: number; expiresAt: number; tokenId: string };

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** HS256 JWT: `sub` = user id, `exp` in seconds, `tv` = the user's token version (revoke all), `jti` (revoke one). */
export async function signSessionToken(
  secret: string,
  userId: string,
  tokenVersion: number,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tv: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .setIssuer('candlewise')
    .setJti(randomUUID())
    .sign(key(secret));
}

/** The claims of a valid, unexpired token we signed; null for anything else. */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], issuer: 'candlewise' });
    const { sub, tv, exp, jti } = payload;
    if (
      typeof sub !== 'string' ||
      typeof tv !== 'number' ||
      typeof exp !== 'number' ||
      typeof jti !== 'string'
    ) {
      return null;
    }
    return { userId: sub, tokenVersion: tv, expiresAt: exp, tokenId: jti };
  } catch {
    return null;
  }
}
