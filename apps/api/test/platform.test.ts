import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contactMessages } from '@candlewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFERRED_SCRIPT_TYPE,
  FIRST_READS_SCRIPT,
  FIRST_READS_SCRIPT_HASH,
  SIGNED_IN_SHELL_STYLE,
} from '../src/plugins/prerender-head.ts';
import { createTestApp, type TestApp } from './helper.ts';

/**
 * A web build folder made of `files` (path inside it → text, or a value written as JSON): what the
 * API serves the app from (index.html, assets, .vite/manifest.json and the prerendered markup).
 */
const fakeDists: string[] = [];
afterAll(() => {
  for (const dist of fakeDists) rmSync(dist, { recursive: true, force: true });
});

function fakeDist(files: Record<string, string | object>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'candlewise-dist-'));
  fakeDists.push(dist);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dist;
}

describe('platform API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A route that fails unexpectedly, to see what a client gets from a bug.
    t.app.get('/api/v1/test-only/crash', async () => {
      throw new Error('secret internal detail: connection string postgres://admin:hunter2@db');
    });
  });
  afterAll(() => t.close());

  it('answers health with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { status: 'ok', database: { reachable: true } },
    });
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'No API endpoint matches GET /api/v1/no-such-thing. Check the path and method.',
    });
  });

  it('answers malformed JSON with 400 and a sentence', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Asha",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(response.json().message).toMatch(/not valid JSON/);
  });

  it('answers invalid fields with 400 and one detail per field, storing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: '', email: 'not-an-email', subject: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const byPath = Object.fromEntries(
      body.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(byPath).toMatchObject({
      name: 'Please enter your name.',
      email: 'Please enter a valid e-mail address.',
      subject: 'Expected string, but got number.',
      message: 'This field is required.',
    });
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'A',
        email: 'a@example.com',
        subject: 'big',
        message: 'x'.repeat(1_100_000),
      }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unexpected error with 500, the request id and no internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test-only/crash' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: expect.stringContaining(String(requestId)),
    });
    expect(response.body).not.toMatch(/hunter2|secret internal|stack/);
  });

  it('sends security headers with a CSP that allows only our scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document with the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/contact']),
    );
  });
});

describe('contact form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const message = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    subject: 'Question about Pro',
    message: 'Does Pro include the options course?',
  };

  it('stores the message, mails support and confirms', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: message });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/received your message/);
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.data._id,
      email: 'asha@example.com',
      subject: 'Question about Pro',
    });
    expect(t.outbox.at(-1)).toMatchObject({ subject: '[Contact] Question about Pro' });
  });

  it('limits one address to 5 messages in 10 minutes with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        remoteAddress: '203.0.113.9',
        payload: message,
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      // A wait a person can read: minutes, not 598 seconds (Retry-After keeps the seconds).
      message: 'Too many requests. Please wait 10 minutes and try again.',
    });
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fakeDist({
      'index.html':
        '<html><head><meta name="cw:products-url" content="__CW_PRODUCTS_URL__"></head><body>app</body></html>',
      'assets/main-abc123.js': 'console.log("app")',
      '.vite/manifest.json': {
        'index.html': { file: 'assets/main-abc123.js', isEntry: true, imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js' },
        'src/features/auth/routes/login.tsx': {
          file: 'assets/login-2.js',
          imports: ['_shared.js', '_form.js'],
          css: ['assets/login-3.css'],
        },
        '_form.js': { file: 'assets/form-4.js' },
      },
    });
    t = await createTestApp({ webDistDir: dist, productsUrl: 'https://example.com/offer?a=1&b=2' });
  });
  afterAll(() => t.close());

  it('sends index.html for client routes, not cached, with the products URL filled in', async () => {
    for (const url of ['/', '/home', '/group/abc/leaderboard', '/definitely-unknown']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('content="https://example.com/offer?a=1&amp;b=2"');
    }
  });

  it('preloads the first page’s own chunks and compresses the page', async () => {
    const login = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(login.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    const html = gunzipSync(login.rawPayload).toString('utf8');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-2.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/form-4.js">');
    expect(html).not.toContain('href="/assets/shared-1.js"'); // the entry already brings it
    const other = await t.app.inject({ method: 'GET', url: '/news' });
    expect(other.body).not.toContain('modulepreload');
  });

  it('starts a signed-in page’s first reads from its HTML, before the app’s code has loaded', async () => {
    const home = (await t.app.inject({ method: 'GET', url: '/home' })).body;
    expect(home).toContain(
      `<meta name="cw:first-reads" content="/api/v1/courses /api/v1/journal/summary" data-course-picture="/api/v1/courses"><script>${FIRST_READS_SCRIPT}</script>`,
    );
    const groups = (await t.app.inject({ method: 'GET', url: '/group' })).body;
    expect(groups).toContain('<meta name="cw:first-reads" content="/api/v1/group/">');
    // A route pattern's reads name its parameters, and the meta names the pattern to fill them from.
    for (const url of ['/group/group-running/leaderboard', '/group/6650f1c2/leaderboard?from=bell']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).toContain(
        '<meta name="cw:first-reads" content="/api/v1/group/:groupId /api/v1/group/:groupId/leaderboard?offset=0&amp;limit=50 /api/v1/group/getParticipants/participants/:userId" data-group-heading="/api/v1/group/:groupId" data-route="/group/:groupId/leaderboard">',
      );
    }
    // The journal's first reads depend on the learner's time zone: the app starts them. Its HTML
    // carries the script only with a first view drawn at build time (below), for the stored theme
    // and session; this build drew none.
    for (const url of ['/journal', '/news']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).not.toContain('<script>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/home?tab=x' })).body).toContain('cw:first-reads');

    // The inline script may run: its hash is in the policy.
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy'],
    );
    const hash = createHash('sha256').update(FIRST_READS_SCRIPT).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
  });

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps /api paths out of the fallback', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('serving pages rendered ahead of time', () => {
  let t: TestApp;
  const loginCss = '.login-card{padding:2rem}';
  beforeAll(async () => {
    const dist = fakeDist({
      'index.html':
        '<html><head><meta name="cw:products-url" content="__CW_PRODUCTS_URL__">' +
        '<script type="module" crossorigin src="/assets/main-abc123.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
      'assets/login-3.css': loginCss,
      '.vite/manifest.json': {
        'index.html': { file: 'assets/main-abc123.js', isEntry: true },
        'src/features/auth/routes/login.tsx': { file: 'assets/login-2.js', imports: ['_form.js'] },
        '_form.js': { file: 'assets/form-4.js', css: ['assets/login-3.css'] },
        'src/features/marketing/routes/landing.tsx': { file: 'assets/landing-5.js' },
      },
      '.vite/prerendered.json': {
        '/login':
          '<main><h1>Log in</h1><a href="__CW_PRODUCTS_URL__">Products</a><p>© __CW_YEAR__</p></main>',
      },
    });
    t = await createTestApp({ webDistDir: dist, productsUrl: 'https://example.com/offer?a=1&b=2' });
  });
  afterAll(() => t.close());

  it('sends the page’s markup inside #root, with this year, the products URL and its CSS inline', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    const year = new Date().getFullYear();
    expect(response.body).toContain(
      `<div id="root" data-prerendered="/login"><main><h1>Log in</h1><a href="https://example.com/offer?a=1&amp;b=2">Products</a><p>© ${year}</p></main></div>`,
    );
    expect(response.body).toContain(loginCss);
    expect(response.body).not.toContain('rel="preload" as="style"'); // inline instead
    // Marked as already here (a disabled link: never fetched), so the app's preload helper does not
    // ask for the same CSS again when the page's chunk is imported, and wait for it.
    expect(response.body).toContain('<link rel="stylesheet" href="/assets/login-3.css" disabled>');
  });

  it('holds the scripts back until the page has painted: inert tags the head script turns into real ones', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.body).not.toContain('<script type="module"');
    expect(response.body).not.toContain('<link rel="modulepreload"');
    expect(response.body).toContain(
      '<script type="text/cw-deferred" data-src="/assets/main-abc123.js"></script>',
    );
    expect(response.body).toContain(
      '<script type="text/cw-deferred" data-src="/assets/login-2.js" data-preload></script>',
    );
    expect(response.body).toContain(
      '<script type="text/cw-deferred" data-src="/assets/form-4.js" data-preload></script>',
    );
    // The inert tags come before the head script, which looks them up as it runs.
    expect(response.body.indexOf('data-src="/assets/form-4.js"')).toBeLessThan(
      response.body.indexOf('<script>'),
    );
  });

  it('lets only its own inline script run: the CSP names that script by hash', async () => {
    const { createHash } = await import('node:crypto');
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    const scripts = [...response.body.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain("localStorage.getItem('persist:root')");
    const hash = createHash('sha256').update(scripts[0]).digest('base64');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));
    // No blanket 'unsafe-inline': this script and the signed-in pages' first reads, by their hashes.
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}' ${FIRST_READS_SCRIPT_HASH}`);
  });

  it('renders in the browser instead for a query string, another page, or a page without markup', async () => {
    for (const url of ['/login?email=a%40example.com', '/news', '/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('data-prerendered');
      expect(response.body, url).not.toContain('<script>');
      expect(response.body, url).toContain(
        '<script type="module" crossorigin src="/assets/main-abc123.js"></script>',
      );
    }
  });
});

describe('admin: contact messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists messages newest first for admins only', async () => {
    const { createOnboardedUser } = await import('../src/services/users/create-onboarded-user.ts');
    await createOnboardedUser(t.database.db, {
      email: 'root@example.com',
      password: 'password-for-tests',
      role: 'admin',
    });
    await createOnboardedUser(t.database.db, {
      email: 'learner@example.com',
      password: 'password-for-tests',
    });
    const token = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: 'password-for-tests' },
        })
      ).json().data.token;
    for (const subject of ['First question', 'Second question']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: {
          name: 'Visitor',
          email: 'v@example.com',
          subject,
          message: 'Some words that are long enough.',
        },
      });
    }
    const learner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/contact-messages',
      headers: { authorization: `Bearer ${await token('learner@example.com')}` },
    });
    expect(learner.statusCode).toBe(403);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/contact-messages',
      headers: { authorization: `Bearer ${await token('root@example.com')}` },
    });
    expect(admin.json().data).toMatchObject({
      total: 2,
      messages: [{ subject: 'Second question' }, { subject: 'First question' }],
    });
  });
});

describe('serving a signed-in page with its first view drawn at build time', () => {
  let t: TestApp;
  const shell = (page: string) =>
    `<div class="cw-frame cw-frame--shell"><main id="main">${page}</main><footer>© __CW_YEAR__</footer></div>`;
  beforeAll(async () => {
    const dist = fakeDist({
      'index.html':
        '<html><head><script type="module" crossorigin src="/assets/main-1.js"></script></head><body><div id="root"></div></body></html>',
      'assets/frame-2.css': '.cw-frame{display:flex}',
      'assets/groups-3.css': '.cw-groups__title{font-weight:800}',
      '.vite/manifest.json': {
        'index.html': { file: 'assets/main-1.js', isEntry: true },
        'src/app/frame/app-frame.tsx': { file: 'assets/frame-2.js', css: ['assets/frame-2.css'] },
        'src/features/groups/routes/groups.tsx': { file: 'assets/groups-3.js', css: ['assets/groups-3.css'] },
        'src/features/groups/routes/leaderboard.tsx': {
          file: 'assets/leaderboard-4.js',
          css: ['assets/leaderboard-4.css'],
        },
      },
      'assets/leaderboard-4.css': '.cw-leaderboard{display:grid}',
      '.vite/signed-in-shells.json': {
        '/group': { html: shell('<h1>GROUPS</h1>'), page: 'src/features/groups/routes/groups.tsx' },
        '/group/:groupId/leaderboard': {
          html: shell('<h1>Leaderboard</h1>'),
          page: 'src/features/groups/routes/leaderboard.tsx',
        },
        '/journal': { html: shell('<h1>Journal</h1>'), page: 'src/features/journal/routes/journal.tsx' },
      },
    });
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(() => t.close());

  it('puts the first view inside #root with its styles inline, for any query, and its entry after it', async () => {
    const year = new Date().getFullYear();
    for (const url of ['/group', '/group?from=notification']) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain(
        `<div id="root" data-shell="/group">${shell('<h1>GROUPS</h1>').replace('__CW_YEAR__', String(year))}</div>`,
      );
      // Hidden without a stored session (the head script marks one); the frame's and the page's CSS.
      expect(html).toContain(
        `<style>${SIGNED_IN_SHELL_STYLE}.cw-frame{display:flex}.cw-groups__title{font-weight:800}</style>`,
      );
      // Each inlined stylesheet marked as here (disabled: never fetched), for the app's preload helper.
      for (const css of ['frame-2', 'groups-3']) {
        expect(html).toContain(`<link rel="stylesheet" href="/assets/${css}.css" disabled>`);
      }
      expect(html).toContain(`<script>${FIRST_READS_SCRIPT}</script>`);
      // The app's entry waits, inert, for the head script to ask for it once the first view painted,
      // and so does the code its first render needs (the frame's and the page's chunks, preloaded).
      expect(html).toContain(`<script type="${DEFERRED_SCRIPT_TYPE}" data-src="/assets/main-1.js"></script>`);
      for (const chunk of ['frame-2', 'groups-3']) {
        expect(html).toContain(
          `<script type="${DEFERRED_SCRIPT_TYPE}" data-src="/assets/${chunk}.js" data-preload></script>`,
        );
      }
      expect(html).not.toContain('<script type="module"');
    }
    // The journal's page module is not in this build's manifest: no stylesheet to go with it, no view.
    const journal = (await t.app.inject({ method: 'GET', url: '/journal' })).body;
    expect(journal).toContain('<div id="root"></div>');
    // Named by the build, it still gets the head script with no reads (the stored theme and session).
    expect(journal).toContain(
      `<meta name="cw:first-reads" content=""><script>${FIRST_READS_SCRIPT}</script>`,
    );
    // A page without a first view gets the empty root.
    expect((await t.app.inject({ method: 'GET', url: '/news' })).body).toContain('<div id="root"></div>');
  });

  it("serves a route pattern's first view for every path that fits it, and only those", async () => {
    const year = new Date().getFullYear();
    for (const url of ['/group/group-running/leaderboard', '/group/6650f1c2/leaderboard?from=bell']) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain(
        `<div id="root" data-shell="/group/:groupId/leaderboard">${shell('<h1>Leaderboard</h1>').replace('__CW_YEAR__', String(year))}</div>`,
      );
      expect(html).toContain(
        `<style>${SIGNED_IN_SHELL_STYLE}.cw-frame{display:flex}.cw-leaderboard{display:grid}</style>`,
      );
      // Preloading a leaderboard's code after the paint measured slower: the app asks for it itself.
      expect(html).not.toContain('data-preload></script>');
    }
    for (const url of [
      '/group/a/b/leaderboard',
      '/group//leaderboard',
      '/group/a/leaderboards',
      '/group/a',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).toContain('<div id="root"></div>');
    }
  });
});
