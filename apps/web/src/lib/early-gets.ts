import { type EarlyGet, earlyGetSlots } from './api-client';

/**
 * Starts a GET that the page about to render will make, so its answer is under way while the
 * page's code loads (a signed-in first load: see app/signed-in-pages.ts). The page's own request
 * for the same address with the same token, within EARLY_GET_MAX_AGE_MS (lib/api-client.ts), takes this answer instead
 * of asking again; it is handled exactly like its own (errors, 401, onboarding). Signed in only.
 * Any write drops the answers not taken yet: they may no longer be true. `onData`, if given, gets
 * the answer's data as soon as it arrives (a successful answer only). A GET the HTML's head script
 * already started (window.cwFirstReads) is taken over rather than asked again.
 */
export function startEarlyGet(path: string, onData?: (data: unknown) => void): void {
  const token = earlyGetSlots.token();
  const url = earlyGetSlots.url(path);
  if (!token || earlyGetSlots.has(url)) return;
  const early = takeHtmlRead(url, token) ?? {
    token,
    startedAt: Date.now(),
    response: fetch(url, {
      method: 'GET',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    }).catch(() => null),
  };
  earlyGetSlots.keep(url, early);
  const { response } = early;
  if (onData) {
    // A copy of a successful answer's data, for work the page would do only once rendered (e.g.
    // fetch the picture it will show). Cloned before the page can read the body: this callback
    // was registered first. A failed answer is left to the page, which reports it.
    void response
      .then((answer) => (answer?.ok ? answer.clone().json() : null))
      .then((body: { data?: unknown } | null) => {
        if (body && 'data' in body) onData(body.data);
      })
      .catch(() => {});
  }
}

declare global {
  interface Window {
    /** GETs the HTML's head script started before the app's code arrived (the API's spa.ts). */
    cwFirstReads?: Partial<Record<string, EarlyGet>>;
  }
}

/** The HTML's own start of this GET, once, if it was asked with this token. */
function takeHtmlRead(url: string, token: string): EarlyGet | undefined {
  const started = typeof window === 'undefined' ? undefined : window.cwFirstReads?.[url];
  if (!started) return undefined;
  delete window.cwFirstReads?.[url];
  return started.token === token ? started : undefined;
}
