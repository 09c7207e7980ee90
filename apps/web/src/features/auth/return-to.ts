/**
 * The page a signed-out visitor asked for, kept while they log in (or sign up and onboard), so that
 * the guards take them back to it instead of /home. Session storage: one tab, gone with it.
 */
const KEY = 'cw:return-to';

/** Only a path of this app: '/journal?tab=statistics', never '//elsewhere' or 'https://…'. */
function isAppPath(value: string | null): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export function rememberReturnTo(path: string): void {
  if (!isAppPath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage disabled: the visitor lands on /home, as before.
  }
}

/** The remembered page, or null (read during render: it changes nothing). */
export function peekReturnTo(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return isAppPath(value) ? value : null;
  } catch {
    return null;
  }
}

/** Called once a signed-in visitor is inside the app: the detour is over. */
export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
