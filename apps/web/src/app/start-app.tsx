import { type ReactNode, StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, loadSignedInLanding } from '@/app/router';
import {
  type AppPersistor,
  type AppStore,
  createAppStore,
  readPersistedDarkMode,
  whenRehydrated,
} from '@/app/store';
import { applyDocumentTheme } from '@/lib/use-document-theme';
import { loadRenderer } from './load-renderer.cjs';

type Renderer = ReturnType<typeof loadRenderer>;

/**
 * Starts the app in `rootElement` (main.tsx; tests call it too) and resolves with its React root.
 *
 * Most paths arrive with an empty #root and render in the browser. The first pages a visitor lands
 * on arrive with markup rendered at build time for a signed-out visitor (src/prerender.tsx,
 * `data-prerendered` naming its path): once the stored state is read back, a signed-out visitor on
 * that same path gets the markup hydrated (in a transition, so the work yields to the browser in
 * small slices); anyone else (a stored session) gets a fresh render in its place.
 *
 * The signed-in pages learners land on most arrive with their first view drawn at build time (the
 * frame and the page's heading: app/signed-in-shells.tsx, `data-shell`): see startOverFirstView.
 */
export async function startApp(rootElement: HTMLElement): Promise<Root> {
  // React DOM is evaluated in a task of its own, after the entry's (load-renderer.cjs): one long
  // task at the start was two shorter ones (a leaderboard's blocking time at 4×: 57 → 28 ms).
  const renderer = new Promise<Renderer>((resolve) => setTimeout(() => resolve(loadRenderer())));
  // Paint the stored theme before the store rehydrates, so a dark-mode user never sees a white flash.
  applyDocumentTheme(readPersistedDarkMode());
  const { store, persistor } = createAppStore();

  if (rootElement.dataset.shell !== undefined) {
    return startOverFirstView(rootElement, store, persistor, renderer);
  }

  if (rootElement.dataset.prerendered === undefined) {
    const root = (await renderer).createRoot(rootElement);
    // In a transition, React draws the first page in slices that yield to the browser between
    // them, instead of one long task that holds up input (Lighthouse's total blocking time).
    startTransition(() => {
      root.render(appTree(store, persistor));
    });
    return root;
  }

  await whenRehydrated(persistor);
  const { hydrateRoot } = await renderer;
  const app = appTree(store);
  const samePage = rootElement.dataset.prerendered === window.location.pathname;
  if (samePage && !store.getState().auth.token) {
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(rootElement, app);
    });
    return root!;
  }
  rootElement.replaceChildren();
  delete rootElement.dataset.prerendered;
  return renderFresh(rootElement, app, await renderer);
}

/**
 * The whole app. With the persistor, AppProvider waits for the stored state before drawing; without
 * it, the caller has already waited (whenRehydrated) and the first render is the page itself.
 */
function appTree(store: AppStore, persistor?: AppPersistor): ReactNode {
  return (
    <StrictMode>
      <AppProvider store={store} persistor={persistor}>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );
}

/**
 * A signed-in page whose first view came in the HTML. With a stored session, that view stays on
 * screen until the app can draw the same view in one go: the stored state read back, and the code
 * of the guard, the frame and the page loaded. React then replaces it at its first commit, with no
 * spinner or blank frame in between. Without a session the view was never shown (the head script's
 * style hides it) and the app renders at once, sending the visitor to sign in.
 */
async function startOverFirstView(
  rootElement: HTMLElement,
  store: AppStore,
  persistor: AppPersistor,
  renderer: Promise<Renderer>,
): Promise<Root> {
  await whenRehydrated(persistor);
  if (store.getState().auth.token) await loadSignedInLanding();
  const loaded = await renderer;
  if (!store.getState().auth.token) rootElement.replaceChildren();
  delete rootElement.dataset.shell;
  return renderFresh(rootElement, appTree(store), loaded);
}

/**
 * Renders `app` afresh over whatever markup came in the HTML (the first React commit replaces it),
 * in a transition so the work yields to the browser. The head script's session mark has done its
 * job by then: it only ever showed `#root[data-prerendered]` or `#root[data-shell]`.
 */
function renderFresh(rootElement: HTMLElement, app: ReactNode, { createRoot }: Renderer): Root {
  document.documentElement.classList.remove('cw-session');
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
  return root;
}
