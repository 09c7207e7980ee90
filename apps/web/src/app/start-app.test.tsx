import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP } from '@/features/groups/routes/leaderboard-test-group';
import { PRERENDERED_PATHS, SIGNED_IN_SHELL_PATHS } from '@/prerender';
import { mockApi } from '@/testing/mock-api';
import { makeSession } from '@/testing/test-data';
// The server writes this script into the page; the web app answers it (held submissions).
import { FIRST_READS_SCRIPT, PRERENDER_HEAD_SCRIPT } from '../../../api/src/plugins/prerender-head';
import { loadRenderer } from './load-renderer.cjs';
import { startApp } from './start-app';
import { PERSIST_STORAGE_KEY } from './store';

// React DOM itself, counted: start-app asks for it in a task after the entry's.
vi.mock('./load-renderer.cjs', async (importOriginal) => {
  const real = await importOriginal<typeof import('./load-renderer.cjs')>();
  return { loadRenderer: vi.fn(real.loadRenderer) };
});

let container: HTMLElement;
let root: Root | undefined;
let consoleError: ReturnType<typeof vi.spyOn>;

/** The pages as the build renders them (its own process: see scripts/prerender.mjs). */
let pages: Record<string, string>;
/** The signed-in pages' first views, as the build draws them beside the pages. */
let shells: Record<string, { html: string; page: string }>;

beforeAll(() => {
  const folder = mkdtempSync(path.join(tmpdir(), 'candlewise-pages-'));
  const out = path.join(folder, 'pages.json');
  try {
    execFileSync(process.execPath, ['scripts/prerender.mjs', out], { cwd: path.resolve(__dirname, '../..') });
    pages = JSON.parse(readFileSync(out, 'utf8'));
    shells = JSON.parse(readFileSync(path.join(folder, 'signed-in-shells.json'), 'utf8'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);

const PRODUCTS_URL = 'https://example.com/offer';

/** What the server sends for a page rendered ahead of time: its markup inside #root, filled in. */
function serveAheadOfTime(path: string) {
  window.history.replaceState(null, '', path);
  const meta = document.createElement('meta');
  meta.name = 'cw:products-url';
  meta.content = PRODUCTS_URL;
  document.head.append(meta);
  container.innerHTML = pages[path]
    .replaceAll('__CW_YEAR__', String(new Date().getFullYear()))
    .replaceAll('__CW_PRODUCTS_URL__', PRODUCTS_URL);
  container.dataset.prerendered = path;
}

/**
 * /login as the server sends it, with an e-mail and a password typed into the painted form before
 * the app's script has run (`headScript`: the server's head script ran first, as in a browser).
 * Returns the login requests the API has had (it answers 401).
 */
function typeIntoPaintedLogin({ headScript }: { headScript: boolean }) {
  const { callsTo } = mockApi({
    'POST /auth/login': {
      status: 401,
      body: { success: false, message: 'Invalid e-mail or password', code: 'UNAUTHORIZED' },
    },
  });
  serveAheadOfTime('/login');
  if (headScript) new Function(PRERENDER_HEAD_SCRIPT)();
  container.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'asha@example.com';
  container.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'correct horse battery';
  return () => callsTo('POST', '/auth/login');
}

async function expectOneLoginWithWhatWasTyped(sentLogins: () => Array<{ body: unknown }>) {
  await waitFor(() => expect(sentLogins()).toHaveLength(1));
  expect(sentLogins()[0].body).toMatchObject({
    email: 'asha@example.com',
    password: 'correct horse battery',
  });
}

/** React attaches its props to each node it hydrates: wait for that, not for a fixed time. */
function hydrated(element: Element) {
  return waitFor(() =>
    expect(Object.keys(element).some((key) => key.startsWith('__reactProps$'))).toBe(true),
  );
}

/**
 * The first reads the server names in a signed-in page's head (apps/api/src/plugins/prerender-head.ts),
 * with a stored session marked on <html> as its head script does. afterEach takes both away.
 */
function nameFirstReads(content: string, data: Record<string, string>) {
  const meta = document.createElement('meta');
  meta.name = 'cw:first-reads';
  meta.content = content;
  Object.assign(meta.dataset, data);
  document.head.append(meta);
  document.documentElement.classList.add('cw-session');
}

/** The state the app persists: a session (or none) and the theme, as redux-persist writes them. */
function storeSession(state: { token: string | null; user?: unknown; darkMode?: boolean }) {
  const user =
    state.user ?? (state.token ? { _id: 'u1', firstName: 'Asha', lastName: 'Rao', role: 'user' } : null);
  window.localStorage.setItem(
    PERSIST_STORAGE_KEY,
    JSON.stringify({
      auth: JSON.stringify({ token: state.token, user }),
      theme: JSON.stringify({ darkMode: state.darkMode ?? false }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    }),
  );
}

/** A signed-in learner (makeSession's) stored as the app persists it; returns the session. */
function storeSignedIn() {
  const session = makeSession();
  storeSession(session);
  return session;
}

beforeEach(() => {
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  document.head.querySelector('meta[name="cw:products-url"]')?.remove();
  document.head.querySelector('meta[name="cw:first-reads"]')?.remove();
  delete window.cwFirstReads;
  document.documentElement.classList.remove('cw-session');
  window.localStorage.clear();
  consoleError.mockRestore();
  window.cwHeldSubmit = undefined;
  window.cwFormsLive = undefined;
});

describe('the renderer', () => {
  it("is evaluated in a task after the entry's, not in it, and the page is drawn with it", async () => {
    vi.mocked(loadRenderer).mockClear();
    window.history.replaceState(null, '', '/no-such-page');
    const started = startApp(container);
    // The entry's task: the store is made and the theme painted, React DOM not yet evaluated.
    expect(loadRenderer).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve));
    expect(loadRenderer).toHaveBeenCalled();
    root = await started;
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

describe('pages rendered ahead of time', () => {
  it('renders every first page whole: the page itself, no loading state, no inline script', () => {
    expect(Object.keys(pages)).toEqual([...PRERENDERED_PATHS]);
    for (const [path, html] of Object.entries(pages)) {
      expect(html, path).toContain('<h1');
      expect(html, path).not.toContain('cw-page-spinner');
      expect(html, path).not.toContain('<script');
      expect(html, path).toContain('href="__CW_PRODUCTS_URL__"'); // the server writes the address in
    }
  });

  it('hydrates the markup in place for a signed-out visitor: same nodes, no mismatch, links work', async () => {
    serveAheadOfTime('/login');
    const heading = screen.getByRole('heading', { level: 1, name: 'Log in to Candlewise' });

    root = await startApp(container);
    const user = userEvent.setup();
    await hydrated(heading);
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading); // kept, not re-created
    expect(consoleError).not.toHaveBeenCalled();

    // The painted form now works: typing, the password toggle, and client-side links.
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    expect(screen.getByLabelText('E-mail')).toHaveValue('asha@example.com');
    await user.click(screen.getByRole('button', { name: /^Show/ }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getAllByRole('link', { name: 'Sign up' })[0]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your Candlewise account' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/signup');
  });

  it('keeps what a visitor typed before the script arrived: the form sends it', async () => {
    const sentLogins = typeIntoPaintedLogin({ headScript: false });

    root = await startApp(container);
    // The form is live once what was typed is in its state (the head script, absent here, holds
    // back a press before that); React's props on the heading come earlier, mid-hydration.
    await waitFor(() => expect(window.cwFormsLive).toBe(true));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));

    await expectOneLoginWithWhatWasTyped(sentLogins);
    expect(screen.queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument();
  });

  it('sends a form submitted before the script arrived once the page is live, with what was typed', async () => {
    const sentLogins = typeIntoPaintedLogin({ headScript: true });
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true); // held back: no plain GET with the password in it

    root = await startApp(container);
    await expectOneLoginWithWhatWasTyped(sentLogins);
    expect(await screen.findByText('Invalid e-mail or password')).toBeInTheDocument();
  });

  it('lets submissions through only once what was typed is in the form: one sent at that instant has it', async () => {
    const sentLogins = typeIntoPaintedLogin({ headScript: true });
    // A press of "Log in" at the very moment the page says its forms are live (the head script
    // stops holding submissions back then).
    let live: boolean | undefined;
    Object.defineProperty(window, 'cwFormsLive', {
      configurable: true,
      get: () => live,
      set: (value: boolean | undefined) => {
        live = value;
        if (value) container.querySelector('form')!.requestSubmit();
      },
    });
    try {
      root = await startApp(container);
      await expectOneLoginWithWhatWasTyped(sentLogins);
      expect(screen.queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument();
    } finally {
      // A plain property again, for the next test.
      Object.defineProperty(window, 'cwFormsLive', { configurable: true, writable: true, value: undefined });
    }
  });

  it.each([
    {
      path: '/contact',
      before: ['name', 'Playwright Visitor'],
      during: (n: number) => ['email', `visitor${n}@example.com`],
      rest: { subject: 'Question about competitions', message: 'How long does a freeze last?' },
      send: {
        button: 'Send message',
        request: 'POST /contact',
        status: 201,
        body: {
          success: true,
          message: 'Thanks — we received your message and will reply by e-mail within two business days.',
          data: { _id: 'c1' },
        },
      },
    },
    {
      path: '/login',
      before: ['email', 'asha@example.com'],
      during: (n: number) => ['password', `correct horse ${n}`],
      rest: {},
      send: {
        button: 'Log in',
        request: 'POST /auth/login',
        status: 401,
        body: { success: false, code: 'UNAUTHORIZED', message: 'Invalid email or password' },
      },
    },
  ])(
    'keeps a field typed before the script while the visitor types on in the next one ($path)',
    async ({ path, before, during, rest, send }) => {
      const [method, endpoint] = send.request.split(' ');
      const { callsTo } = mockApi({
        [send.request]: { status: send.status, body: send.body },
      });
      serveAheadOfTime(path);
      const field = (name: string) =>
        container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
      const [typedFirst, firstValue] = before;
      field(typedFirst).value = firstValue;

      // The visitor types into the next field at every turn of the event loop while the app starts,
      // hydrates and takes in the field typed before it: a keystroke lands in each gap between
      // React's tasks, including the one between taking in that field and committing it.
      const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));
      let keystrokes = 0;
      const starting = startApp(container).then((started) => {
        root = started;
      });
      while (!window.cwFormsLive && keystrokes < 5_000) {
        keystrokes += 1;
        const [name, value] = during(keystrokes);
        fireEvent.input(field(name), { target: { value } });
        await nextTick();
      }
      await starting;
      const [typedNext, lastValue] = during(keystrokes);

      expect(field(typedFirst).value).toBe(firstValue);
      expect(field(typedNext).value).toBe(lastValue);
      for (const [name, value] of Object.entries(rest)) fireEvent.input(field(name), { target: { value } });
      await userEvent.setup().click(screen.getByRole('button', { name: send.button }));

      await waitFor(() => expect(callsTo(method, endpoint)).toHaveLength(1));
      expect(callsTo(method, endpoint)[0].body).toMatchObject({
        [typedFirst]: firstValue,
        [typedNext]: lastValue,
      });
    },
  );

  it('hydrates the landing page without a mismatch', async () => {
    serveAheadOfTime('/');
    const heading = screen.getByRole('heading', { level: 1 });
    root = await startApp(container);
    await hydrated(heading);
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('applies a stored dark theme', async () => {
    storeSession({ token: null, darkMode: true });
    serveAheadOfTime('/');
    const heading = screen.getByRole('heading', { level: 1 });
    root = await startApp(container);
    expect(document.documentElement.dataset.theme).toBe('dark');
    await hydrated(heading);
    expect(document.documentElement.dataset.theme).toBe('dark'); // the store agrees once live
  });

  it('replaces the markup when a session is stored: a signed-in user never works on the signed-out page', async () => {
    storeSession({ token: 'header.payload.signature' });
    serveAheadOfTime('/login');
    document.documentElement.classList.add('cw-session');
    const heading = screen.getByRole('heading', { level: 1 });

    root = await startApp(container);
    expect(heading).not.toBeInTheDocument();
    expect(container.dataset.prerendered).toBeUndefined();
    expect(document.documentElement.classList.contains('cw-session')).toBe(false);
  });
});

describe('signed-in first views drawn at build time', () => {
  /** What the server sends for /group and the others with their first view: it inside #root. */
  function serveFirstView(path: string) {
    window.history.replaceState(null, '', path);
    container.innerHTML = shells[path].html.replaceAll('__CW_YEAR__', String(new Date().getFullYear()));
    container.dataset.shell = path;
  }

  /** Every node the app put into #root that is a loading state other than the page's own. */
  function watchForStopgaps() {
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (container.querySelector('[aria-label="Loading page"]')) seen.push('page spinner');
      if (container.textContent?.includes('Loading....')) seen.push('session check');
      if (container.childElementCount === 0) seen.push('nothing');
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return { seen, stop: () => observer.disconnect() };
  }

  it('draws the frame and the page heading, and nothing that waits for the app to work', () => {
    expect(SIGNED_IN_SHELL_PATHS).toEqual(['/home', '/group', '/journal', '/group/:groupId/leaderboard']);
    for (const path of SIGNED_IN_SHELL_PATHS) {
      container.innerHTML = shells[path].html;
      expect(container.querySelector('.cw-frame header a[href="/home"]')).toHaveTextContent('Candlewise.app');
      expect(container.querySelector('main#main')).not.toBeNull();
      // The navigation and the header's controls come with the app; so does every button.
      expect(container.querySelector('[data-testid="sidebar"], [data-testid="bottom-nav"]')).toBeNull();
      expect(container.querySelector('button, input, form')).toBeNull();
      expect(shells[path].html).not.toContain('<script');
    }
    container.innerHTML = shells['/group'].html;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('GROUPS');
    expect(screen.getByRole('status', { name: 'Loading groups' })).toBeInTheDocument();
    container.innerHTML = shells['/journal'].html;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Journal');
    expect(screen.getByText(/^Your trading diary/)).toBeInTheDocument();
    container.innerHTML = shells['/group/:groupId/leaderboard'].html;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Leaderboard');
    expect(screen.getByRole('link', { name: 'All groups' })).toHaveAttribute('href', '/group');
    expect(screen.getByText('Loading the leaderboard')).toBeInTheDocument();
  });

  it("swaps a leaderboard's first view for the page drawing the same view, then its competition", async () => {
    const session = storeSignedIn();
    let answerGroup: () => void = () => {};
    const groupAnswered = new Promise<void>((resolve) => {
      answerGroup = resolve;
    });
    mockApi({
      [`GET /group/${GROUP._id}`]: async () => {
        await groupAnswered;
        return { body: { success: true, data: GROUP } };
      },
      [`GET /group/getParticipants/participants/${session.user._id}`]: { body: { success: true, data: [] } },
      [`GET /group/${GROUP._id}/leaderboard`]: {
        status: 403,
        body: { success: false, code: 'FORBIDDEN', message: 'Members only.' },
      },
    });
    document.documentElement.classList.add('cw-session');
    window.history.replaceState(null, '', `/group/${GROUP._id}/leaderboard`);
    const firstView = shells['/group/:groupId/leaderboard'].html;
    container.innerHTML = firstView.replaceAll('__CW_YEAR__', String(new Date().getFullYear()));
    container.dataset.shell = '/group/:groupId/leaderboard';
    const drawnAtBuildTime = screen.getByRole('heading', { level: 1, name: 'Leaderboard' });
    const watch = watchForStopgaps();

    root = await startApp(container);
    await screen.findByRole('button', { name: /account/i }, { timeout: 30_000 });
    // The app's own first view: the same heading and placeholder, in elements of its own.
    expect(drawnAtBuildTime).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading the leaderboard')).toBeInTheDocument();
    answerGroup();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: `${GROUP.name} · Leaderboard` },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    watch.stop();
    expect(watch.seen).toEqual([]);
    document.documentElement.classList.remove('cw-session');
  }, 60_000);

  it('keeps the first view until the app draws the same page in its place, with no spinner between', async () => {
    const session = storeSignedIn();
    mockApi({
      'GET /group/': { body: { success: true, data: [] } },
      [`GET /group/getParticipants/participants/${session.user._id}`]: { body: { success: true, data: [] } },
    });
    document.documentElement.classList.add('cw-session');
    serveFirstView('/group');
    const drawnAtBuildTime = screen.getByRole('heading', { level: 1, name: 'GROUPS' });
    const watch = watchForStopgaps();

    root = await startApp(container);
    // The app's own frame has the avatar menu, which the build could not draw.
    await screen.findByRole('button', { name: /account/i }, { timeout: 30_000 });
    watch.stop();
    expect(watch.seen).toEqual([]);
    expect(drawnAtBuildTime).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'GROUPS' })).toBeInTheDocument();
    expect(container.dataset.shell).toBeUndefined();
    expect(await screen.findByText('No groups available')).toBeInTheDocument();
    document.documentElement.classList.remove('cw-session');
  }, 60_000);

  it("completes /home's first view from the HTML, and the app's first render keeps its picture", async () => {
    const session = storeSignedIn();
    const course = {
      _id: 'course-1',
      title: 'Candlestick Basics',
      description: 'Read the bodies and wicks of a chart before placing a trade.',
      thumbnail: '/images/courses/candlestick-basics.svg',
      isPro: false,
      published: true,
      locked: false,
      videoCount: 4,
      totalDuration: 1800,
      completedCount: 1,
      progress: 25,
      continueVideoId: 2,
    };
    mockApi({ 'GET /courses': { body: { success: true, data: [course] } } });
    nameFirstReads('/api/v1/courses /api/v1/journal/summary', { coursePicture: '/api/v1/courses' });
    serveFirstView('/home');
    // Drawn at build time: the greeting without a name and the course card's grey placeholder.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back$/);
    expect(container.querySelector('.cw-dashboard-continue__image--pending')).not.toBeNull();
    new Function(FIRST_READS_SCRIPT)();
    // The head script, before any of the app's code: the stored learner's name and the picture.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      `Welcome back, ${session.user.firstName}`,
    );
    await waitFor(() =>
      expect(container.querySelector('img.cw-dashboard-continue__image')).toHaveAttribute(
        'src',
        course.thumbnail,
      ),
    );
    expect(container.querySelector('.cw-dashboard-continue__image--pending')).toBeNull();
    const placeholderShown: string[] = [];
    const observer = new MutationObserver(() => {
      if (container.querySelector('.cw-dashboard-continue__image--pending'))
        placeholderShown.push('placeholder');
    });
    observer.observe(container, { childList: true, subtree: true });

    root = await startApp(container);
    await screen.findByRole('button', { name: /account/i }, { timeout: 30_000 });
    expect(await screen.findByText(course.title)).toBeInTheDocument();
    observer.disconnect();
    // From the first view to the app's page, the picture never gave way to the placeholder.
    expect(placeholderShown).toEqual([]);
    expect(container.querySelector('img.cw-dashboard-continue__image')).toHaveAttribute(
      'src',
      course.thumbnail,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      `Welcome back, ${session.user.firstName}`,
    );
  }, 60_000);

  it("names the competition in a leaderboard's first view from the HTML, and the app keeps that heading", async () => {
    const session = storeSignedIn();
    mockApi({
      [`GET /group/${GROUP._id}`]: { body: { success: true, data: GROUP } },
      [`GET /group/getParticipants/participants/${session.user._id}`]: { body: { success: true, data: [] } },
      [`GET /group/${GROUP._id}/leaderboard`]: {
        status: 403,
        body: { success: false, code: 'FORBIDDEN', message: 'Members only.' },
      },
    });
    nameFirstReads('/api/v1/group/:groupId /api/v1/group/getParticipants/participants/:userId', {
      route: '/group/:groupId/leaderboard',
      groupHeading: '/api/v1/group/:groupId',
    });
    serveFirstView('/group/:groupId/leaderboard');
    window.history.replaceState(null, '', `/group/${GROUP._id}/leaderboard`);
    const named = `${GROUP.name} · Leaderboard`;
    new Function(FIRST_READS_SCRIPT)();
    // Before any of the app's code: the heading names the competition, in the view the build drew.
    await waitFor(() => expect(container.querySelector('h1')).toHaveTextContent(named));
    expect(container.dataset.shell).toBe('/group/:groupId/leaderboard');
    const headings: string[] = [];
    const observer = new MutationObserver(() => {
      const text = container.querySelector('h1')?.textContent;
      if (text && headings.at(-1) !== text) headings.push(text);
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });

    root = await startApp(container);
    await screen.findByRole('button', { name: /account/i }, { timeout: 30_000 });
    expect(
      await screen.findByText("This leaderboard is for the competition's approved members."),
    ).toBeInTheDocument();
    observer.disconnect();
    // The app drew its page with the same heading: never the bare "Leaderboard" again.
    expect(headings.every((text) => text === named)).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(named);
  }, 60_000);

  it('drops the first view at once without a session: the visitor is sent to sign in', async () => {
    mockApi();
    serveFirstView('/group');
    root = await startApp(container);
    expect(container.dataset.shell).toBeUndefined();
    await waitFor(() => expect(window.location.pathname).toBe('/auth'), { timeout: 30_000 });
    expect(screen.queryByRole('heading', { name: 'GROUPS' })).not.toBeInTheDocument();
  }, 60_000);
});
