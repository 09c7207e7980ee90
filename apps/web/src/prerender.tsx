// The build renders the public pages a visitor lands on first ahead of time (scripts/prerender.mjs
// builds this module for Node and calls renderPage for each path). The server sends that markup
// inside #root, so the page paints from the HTML alone; main.tsx then hydrates the same tree.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { SIGNED_IN_SHELLS, SignedInShell } from '@/app/signed-in-shells';
import { createStaticStore } from '@/app/store';

/**
 * Pages rendered ahead of time: public, the same for every signed-out visitor, no data to fetch.
 * The server serves them by path (apps/api/src/plugins/spa.ts); every other path renders in the browser.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/login',
  '/signup',
  '/auth',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
  '/refunds-cancellations',
] as const;

/**
 * The markup of one page as a signed-out visitor first sees it, with every lazy page loaded (the
 * static renderer waits for them). The tree matches the one app/start-app.tsx hydrates exactly; a page that
 * fails to render fails the build.
 */
export async function renderPage(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider store={createStaticStore()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every page whole and in place: by default React moves a boundary over ~12 KB out of line,
      // behind a loading state and an inline script that swaps it in (which the CSP would block).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${path} ahead of time failed.`);
  if (html.includes('<!--$?-->') || html.includes('<script')) {
    throw new Error(`Rendering ${path} ahead of time left a loading state or an inline script.`);
  }
  return html;
}

/** Signed-in pages whose first view (frame and heading) is drawn at build time (app/signed-in-shells.tsx). */
export const SIGNED_IN_SHELL_PATHS = Object.keys(SIGNED_IN_SHELLS);

/**
 * A signed-in page's first view, before any data (the same for every learner): its markup and the
 * module of its page, whose stylesheet the server inlines beside it (apps/api/src/plugins/spa.ts).
 */
export async function renderSignedInShell(path: string): Promise<{ html: string; page: string }> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <SignedInShell path={path} />
      </StaticRouter>
    </StrictMode>,
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0)
    throw new AggregateError(errors, `Drawing ${path}'s first view ahead of time failed.`);
  if (html.includes('<script')) throw new Error(`Drawing ${path}'s first view left an inline script.`);
  return { html, page: SIGNED_IN_SHELLS[path].page };
}
