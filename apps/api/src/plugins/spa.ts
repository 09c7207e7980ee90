import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { sendApiNotFound } from './error-handler.ts';
import {
  DEFERRED_SCRIPT_TYPE,
  FIRST_READS_SCRIPT,
  PRERENDER_HEAD_SCRIPT,
  PRERENDER_HEAD_STYLE,
  SIGNED_IN_FIRST_READS,
  SIGNED_IN_SHELL_STYLE,
} from './prerender-head.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from the same origin: hashed assets cached for a year (precompressed
 * .br/.gz siblings are used when the browser accepts them), index.html never cached and sent for
 * every non-/api path so client-side routes survive a reload. Without a build, non-API paths say so.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { config: AppConfig }) => {
  const distDir = options.config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);

  let indexHtml: string | null = null;
  let pages = new PageVariants(new Map(), new Map());
  if (hasBuild) {
    indexHtml = readFileSync(indexFile, 'utf8');
    pages = buildPageVariants(distDir, indexHtml, options.config.productsUrl);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/static 10 passes the Fastify reply here.
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        const relative = path.relative(distDir, filePath);
        reply.header(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) return sendApiNotFound(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendApiNotFound(request, reply);
    // A missing hashed asset must be a 404, not the HTML page (the browser would try to run it).
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet. Run `npm run build` (or `npm start`, which builds when needed).',
        );
    }
    // A query string may change what the page shows (a pre-filled field, a notice), so only the bare
    // path gets the markup rendered ahead of time.
    const variant = pages.pick(pathname, request.url.includes('?'));
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(variant.gzip);
    return reply.send(variant.html);
  });
});

type IndexVariant = { html: string; gzip: Buffer; br: Buffer };

/** The pages a visitor most often lands on first, by path, with the module that renders each. */
const FIRST_PAGES: Record<string, string> = {
  '/': 'src/features/marketing/routes/landing.tsx',
  '/login': 'src/features/auth/routes/login.tsx',
  '/signup': 'src/features/auth/routes/signup.tsx',
  '/auth': 'src/features/auth/routes/auth.tsx',
  '/pricing': 'src/features/subscriptions/routes/pricing.tsx',
  '/contact': 'src/features/contact/routes/contact.tsx',
  '/terms-and-conditions': 'src/features/marketing/routes/terms-and-conditions.tsx',
  '/privacy-policy': 'src/features/marketing/routes/privacy-policy.tsx',
  '/refunds-cancellations': 'src/features/marketing/routes/refunds-cancellations.tsx',
};

/**
 * The signed-in pages whose first view (the frame and the page's heading) the build draws ahead of
 * time are the build's to name (apps/web/src/app/signed-in-shells.tsx, into
 * .vite/signed-in-shells.json as `{ path: { html, page } }`, page the page's module, whose
 * stylesheet goes inline with the frame's). Their HTML paints before any script has arrived; the app
 * draws the same view in its place (apps/web/src/app/start-app.tsx).
 */
type SignedInShell = { html: string; page: string };
const isSignedInShell = (value: unknown): value is SignedInShell =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SignedInShell).html === 'string' &&
  typeof (value as SignedInShell).page === 'string';
const FRAME_SOURCE = 'src/app/frame/app-frame.tsx';
const SIGNED_IN_PAGES_SOURCE = 'src/app/signed-in-pages.ts';
const GUARD_SOURCE = 'src/features/auth/components/protected-route.tsx';
/** The signed-in first views whose code is named in their HTML (see the shells' loop below). */
const PRELOADED_AFTER_PAINT = new Set(['/home', '/group', '/journal']);

/** Inert tags the head script turns into modulepreloads of these chunks once the page has painted. */
const deferredPreloads = (chunks: ManifestChunk[]) =>
  chunks
    .map((chunk) => `<script type="${DEFERRED_SCRIPT_TYPE}" data-src="/${chunk.file}" data-preload></script>`)
    .join('');

/**
 * Marks stylesheets whose rules are already inline in the page: a disabled <link> is neither fetched
 * nor applied, but the app's preload helper (Vite's) finds a stylesheet link with that address and
 * does not insert one of its own and wait for it. Without the marks, the app's first imports asked
 * for the page's CSS a second time (nine requests on /home), waited for every answer before the
 * page's code could run, and the browser restyled the page as each copy arrived.
 */
const inlinedStylesheetMarks = (stylesheets: string[]) =>
  stylesheets.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');

const compress = (html: string): IndexVariant => ({
  html,
  gzip: gzipSync(html, { level: 9 }),
  br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
});

/**
 * index.html per first page, compressed once: `plain` variants only add the page's modulepreload
 * hints; `prerendered` ones also carry the page's markup from the build (apps/web/src/prerender.tsx)
 * and its stylesheet inline, so the page paints before any script runs. The footer's year is written
 * in here, and the variants are rebuilt when the year turns.
 */
class PageVariants {
  private year = '';
  private prerendered = new Map<string, IndexVariant>();
  /** Routes with parameters (`/group/:groupId/leaderboard`), tried when no route is the path itself. */
  private readonly patterns: Array<{ route: string; matches: RegExp }>;

  constructor(
    private readonly plain: Map<string, IndexVariant>,
    private readonly prerenderedHtml: Map<string, string>,
    /** Paths whose markup holds for any query string (a signed-in first view is only the heading). */
    private readonly anyQuery: ReadonlySet<string> = new Set(),
  ) {
    const routes = new Set([...plain.keys(), ...prerenderedHtml.keys()]);
    this.patterns = [...routes]
      .filter((route) => route.split('/').some((segment) => segment.startsWith(':')))
      .map((route) => ({
        route,
        // Each `:name` segment is one non-empty segment of the path; everything else as written.
        matches: new RegExp(
          `^${route
            .split('/')
            .map((segment) =>
              segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('/')}/?$`,
        ),
      }));
  }

  /** The route a request's path is served as: itself, or the first pattern it fits. */
  private routeOf(pathname: string): string {
    if (this.plain.has(pathname) || this.prerenderedHtml.has(pathname)) return pathname;
    return this.patterns.find((pattern) => pattern.matches.test(pathname))?.route ?? pathname;
  }

  pick(requestPath: string, hasQuery: boolean): IndexVariant {
    const pathname = this.routeOf(requestPath);
    if ((!hasQuery || this.anyQuery.has(pathname)) && this.prerenderedHtml.has(pathname)) {
      const year = String(new Date().getFullYear());
      if (year !== this.year) {
        this.year = year;
        this.prerendered = new Map(
          [...this.prerenderedHtml].map(([route, html]) => [
            route,
            compress(html.replaceAll(YEAR_PLACEHOLDER, year)),
          ]),
        );
      }
      return this.prerendered.get(pathname)!;
    }
    return this.plain.get(pathname) ?? this.plain.get('*')!;
  }
}

const PRODUCTS_URL_PLACEHOLDER = '__CW_PRODUCTS_URL__';
const YEAR_PLACEHOLDER = '__CW_YEAR__';
const EMPTY_ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] };

function buildPageVariants(distDir: string, indexHtml: string, productsUrl: string): PageVariants {
  const withConfig = (html: string) =>
    html.replaceAll(PRODUCTS_URL_PLACEHOLDER, escapeAttribute(productsUrl));
  const plain = new Map<string, IndexVariant>([['*', compress(withConfig(indexHtml))]]);
  const prerenderedHtml = new Map<string, string>();
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return new PageVariants(plain, prerenderedHtml);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const markupFile = path.join(distDir, '.vite', 'prerendered.json');
  const markup: Record<string, string> = existsSync(markupFile)
    ? JSON.parse(readFileSync(markupFile, 'utf8'))
    : {};

  /** A chunk and every chunk it imports, by manifest key. */
  const collect = (key: string, into: Map<string, ManifestChunk>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.set(key, chunk);
    for (const next of chunk.imports ?? []) collect(next, into);
  };
  const entry = new Map<string, ManifestChunk>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entry);

  /** The chunks the modules at `sources` need beyond the entry's, with their stylesheets and hints. */
  const ownChunks = (sources: string[]) => {
    const chunks = new Map<string, ManifestChunk>();
    for (const source of sources) collect(source, chunks);
    const own = [...chunks].filter(([key]) => !entry.has(key)).map(([, chunk]) => chunk);
    const stylesheets = [...new Set(own.flatMap((chunk) => chunk.css ?? []))];
    const hints =
      own.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`).join('') +
      stylesheets.map((file) => `<link rel="preload" as="style" href="/${file}">`).join('');
    return { own, stylesheets, hints };
  };

  const shellsFile = path.join(distDir, '.vite', 'signed-in-shells.json');
  const shells: Record<string, unknown> = existsSync(shellsFile)
    ? JSON.parse(readFileSync(shellsFile, 'utf8'))
    : {};
  const inlineCss = (stylesheets: string[]) =>
    stylesheets
      .map((file) => readFileSync(path.join(distDir, file), 'utf8').replaceAll('</style', '<\\/style'))
      .join('');
  const shellRoutes = new Set<string>();

  // Every page with first reads or a drawn first view gets the head script: it starts the reads, and
  // applies the stored theme and marks a stored session (which shows the drawn view).
  for (const route of new Set([...Object.keys(SIGNED_IN_FIRST_READS), ...Object.keys(shells)])) {
    const { reads = [], coursePicture, groupHeading } = SIGNED_IN_FIRST_READS[route] ?? {};
    // Which reads name /home's picture and a leaderboard's heading; a route pattern's reads name its
    // parameters (`:groupId`), which the head script fills in from the address.
    const uses =
      (coursePicture ? ` data-course-picture="${escapeAttribute(coursePicture)}"` : '') +
      (groupHeading ? ` data-group-heading="${escapeAttribute(groupHeading)}"` : '') +
      (route.includes('/:') ? ` data-route="${escapeAttribute(route)}"` : '');
    const meta = `<meta name="cw:first-reads" content="${escapeAttribute(reads.join(' '))}"${uses}>`;
    const head = `${meta}<script>${FIRST_READS_SCRIPT}</script>`;
    plain.set(route, compress(withConfig(indexHtml.replace('</head>', `${head}</head>`))));

    // The page's first view drawn at build time, with the guard's, the frame's and the page's
    // stylesheets inline (a <link> would hold the paint for another request). The entry is asked for
    // once that view has painted (the head script), so its bytes do not compete with that paint.
    const shell = shells[route];
    if (!isSignedInShell(shell) || !manifest[shell.page] || !indexHtml.includes(EMPTY_ROOT)) continue;
    const { stylesheets } = ownChunks([GUARD_SOURCE, FRAME_SOURCE, shell.page]);
    const style = `<style>${SIGNED_IN_SHELL_STYLE}${inlineCss(stylesheets)}</style>${inlinedStylesheetMarks(stylesheets)}`;
    // The code the app's first render needs (the signed-in chunk, the guard, the frame and the page),
    // named here and asked for right after the paint, a few tags per task: the app's own preload
    // helper finds them in place instead of inserting its tags in the middle of its boot. Measured
    // side by side (ADR 021): /home's blocking time 0.32-0.56 s -> 0.09-0.24 s, /journal's and
    // /group's a little lower; a leaderboard's higher (0.28-0.38 -> 0.43-1.05 s), so not there.
    const landingChunks = PRELOADED_AFTER_PAINT.has(route)
      ? deferredPreloads(ownChunks([SIGNED_IN_PAGES_SOURCE, GUARD_SOURCE, FRAME_SOURCE, shell.page]).own)
      : '';
    prerenderedHtml.set(
      route,
      withConfig(
        indexHtml
          .replace(ENTRY_SCRIPT, `<script type="${DEFERRED_SCRIPT_TYPE}" data-src="$1"></script>`)
          .replace('</head>', `${landingChunks}${head}${style}</head>`)
          .replace(EMPTY_ROOT, `<div id="root" data-shell="${escapeAttribute(route)}">${shell.html}</div>`),
      ),
    );
    shellRoutes.add(route);
  }

  for (const [route, source] of Object.entries(FIRST_PAGES)) {
    if (!manifest[source]) continue;
    const { own, stylesheets, hints } = ownChunks([source]);
    plain.set(route, compress(withConfig(indexHtml.replace('</head>', `${hints}</head>`))));

    const pageMarkup = markup[route];
    if (pageMarkup === undefined || !indexHtml.includes(EMPTY_ROOT)) continue;
    // The page's own CSS inline (a few KB): a <link> would hold the first paint for one more request.
    const pageCss = inlineCss(stylesheets);
    // The page is readable from the HTML alone; its scripts only make it interactive, so they are
    // fetched after the first paint (the head script starts them): nothing can hold that paint up.
    const head = `${deferredPreloads(own)}<script>${PRERENDER_HEAD_SCRIPT}</script><style>${PRERENDER_HEAD_STYLE}${pageCss}</style>${inlinedStylesheetMarks(stylesheets)}`;
    prerenderedHtml.set(
      route,
      withConfig(
        indexHtml
          .replace(ENTRY_SCRIPT, `<script type="${DEFERRED_SCRIPT_TYPE}" data-src="$1"></script>`)
          .replace('</head>', `${head}</head>`)
          .replace(
            EMPTY_ROOT,
            `<div id="root" data-prerendered="${escapeAttribute(route)}">${pageMarkup}</div>`,
          ),
      ),
    );
  }
  return new PageVariants(plain, prerenderedHtml, shellRoutes);
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
