import { type JwtPayload, jwtDecode } from 'jwt-decode';

export const SESSION_EXPIRED_MESSAGE = 'Session Expired, please login again';

export type SessionCheck =
  | { status: 'missing' }
  | { status: 'valid' }
  | { status: 'expired' }
  | { status: 'undecodable'; error: unknown };

/** docs/product-contract.md §2 and §5: a session needs a token and a user, and the token's expiry (seconds) must not be past. */
export function checkSession(token: string | null, user: object | null, now = Date.now()): SessionCheck {
  if (!token || !user) return { status: 'missing' };
  let payload: JwtPayload;
  try {
    payload = jwtDecode<JwtPayload>(token);
  } catch (error) {
    return { status: 'undecodable', error };
  }
  if (typeof payload.exp === 'number' && payload.exp * 1000 < now) return { status: 'expired' };
  return { status: 'valid' };
}
