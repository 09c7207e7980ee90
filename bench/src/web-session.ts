// The bench user's session in a browser, as the web app keeps it: shared by bench:web (Lighthouse)
// and bench:boot (traces).
import type { Browser } from 'puppeteer-core';
import { BENCH_USER, BenchError } from './processes.ts';
import { joinRunningCompetition } from './scenarios.ts';

/**
 * Signs the bench user in through the API, makes them an approved member of the running
 * competition (the leaderboard then shows their desk), and puts the session where the web app keeps
 * it: localStorage 'persist:root' (redux-persist, each slice JSON-encoded once more) of the browser's
 * profile, set from a page of the app's origin.
 */
export async function plantBenchSession(browser: Browser, baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  if (!login.ok) throw new BenchError(`Signing in failed: HTTP ${login.status} ${await login.text()}`);
  const { token, user } = ((await login.json()) as { data: { token: string; user: { _id: string } } }).data;
  await joinRunningCompetition({ baseUrl, token, userId: user._id, email: BENCH_USER.email });
  const persisted = JSON.stringify({
    auth: JSON.stringify({ token, user }),
    theme: JSON.stringify({ darkMode: false }),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });
  const tab = await browser.newPage();
  try {
    await tab.goto(`${baseUrl}/privacy-policy`, { waitUntil: 'load' });
    await tab.evaluate(`window.localStorage.setItem('persist:root', ${JSON.stringify(persisted)})`);
  } finally {
    await tab.close();
  }
}
