/**
 * "Welcome" or "Welcome back": an account that has just finished onboarding is greeted as new for
 * the rest of that session (the tab, and only under the token it signed up with); any later sign-in
 * is a return. Kept in sessionStorage under a short tail of the session token, never the token.
 */
const KEY = 'cw-new-account-session';

const tail = (token: string) => token.slice(-16);

export function markNewAccount(token: string | null): void {
  if (!token) return;
  try {
    window.sessionStorage.setItem(KEY, tail(token));
  } catch {
    // Storage refused (private mode): a first visit then reads "Welcome back", nothing worse.
  }
}

export function isNewAccountSession(token: string | null): boolean {
  if (!token) return false;
  try {
    return window.sessionStorage.getItem(KEY) === tail(token);
  } catch {
    return false;
  }
}
