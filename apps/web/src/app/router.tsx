import { lazy } from 'react';
import { BrowserRouter, matchRoutes, type Params, type RouteObject, useRoutes } from 'react-router';
import { preloadable } from '@/lib/preloadable';
import { AdaptiveArea } from './layouts/adaptive-area';
import { LazyAppFrame } from './layouts/lazy-app-frame';
import { PublicArea } from './layouts/public-area';
import { NotFound } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import type { SignedInPage } from './signed-in-pages';

// Every page is its own chunk (docs/product-contract.md §2: pages load lazily). The public ones stay free of antd.
const Landing = lazy(() => import('@/features/marketing/routes/landing'));
const Login = lazy(() => import('@/features/auth/routes/login'));
const Signup = lazy(() => import('@/features/auth/routes/signup'));
const Auth = lazy(() => import('@/features/auth/routes/auth'));
const AddPhoneNumber = lazy(() => import('@/features/auth/routes/add-phone-number'));
const ConfirmEmail = lazy(() => import('@/features/auth/routes/confirm-email'));
const ConfirmPhone = lazy(() => import('@/features/auth/routes/confirm-phone'));
const ResetPassword = lazy(() => import('@/features/auth/routes/reset-password'));
const UserDetails = lazy(() => import('@/features/auth/routes/user-details'));

const Contact = lazy(() => import('@/features/contact/routes/contact'));
const TermsAndConditions = lazy(() => import('@/features/marketing/routes/terms-and-conditions'));
const PrivacyPolicy = lazy(() => import('@/features/marketing/routes/privacy-policy'));
const RefundsCancellations = lazy(() => import('@/features/marketing/routes/refunds-cancellations'));

// Issue #42: a course certificate anyone with the link can check (public, no antd).
const Certificate = lazy(() => import('@/features/courses/routes/certificate'));
const Sales = lazy(() => import('@/features/subscriptions/routes/sales'));
const Pricing = lazy(() => import('@/features/subscriptions/routes/pricing'));

const loadSignedInPages = () => import('./signed-in-pages');

/**
 * A signed-in route: its page, lazily, through the signed-in area's own chunk. The page's name
 * rides on the route (`handle`), so a first load can tell which page it landed on from this table.
 */
function signedInRoute(path: string, page: SignedInPage): RouteObject {
  const Page = preloadable(() => loadSignedInPages().then((chunk) => chunk.loadPage(page)));
  const handle: SignedInHandle = { page, preload: Page.preload };
  return { path, element: <Page />, handle };
}

type SignedInHandle = { page: SignedInPage; preload: () => Promise<unknown> };

/** The deepest route matching `pathname`, with its signed-in handle when it is a signed-in page. */
function landingMatch(pathname: string): { handle: SignedInHandle; params: Params } | undefined {
  const deepest = matchRoutes(appRoutes, pathname)?.at(-1);
  const handle = deepest?.route.handle as SignedInHandle | undefined;
  return deepest && handle ? { handle, params: deepest.params } : undefined;
}

/**
 * The signed-in page a first load lands on (a bookmark, a reload, a link in a notification), with
 * the route's parameters (a leaderboard's group id).
 */
export function landingRoute(pathname: string): { page: SignedInPage; params: Params } | undefined {
  const landing = landingMatch(pathname);
  return landing && { page: landing.handle.page, params: landing.params };
}

const ProtectedRoute = preloadable(() =>
  loadSignedInPages().then(({ startLanding, loadPage }) => {
    // The guard is tiny and the frame always follows it: fetch both at once, with the page people
    // land on and its first reads (each would otherwise start only once the one before rendered).
    const landing = landingRoute(window.location.pathname);
    startLanding(landing && { ...landing, search: window.location.search });
    return loadPage('guard');
  }),
);

/**
 * Resolves once a signed-in first load has the code of what it draws first (the guard, the frame and
 * the page), so that the app's first render draws the page at once: start-app.tsx waits for it
 * before replacing the first view the build drew, and for the answers that view already shows
 * (/home's course card: awaitFirstViewReads). It resolves on a failure too (the render goes ahead
 * and the page's boundary says what failed).
 */
export function loadSignedInLanding(): Promise<void> {
  const landing = landingMatch(window.location.pathname);
  return Promise.allSettled([ProtectedRoute.preload(), LazyAppFrame.preload(), landing?.handle.preload()])
    .then(
      () =>
        landing &&
        loadSignedInPages().then(({ awaitFirstViewReads }) =>
          awaitFirstViewReads(landing.handle.page, landing.params),
        ),
    )
    .then(
      () => undefined,
      () => undefined,
    );
}

/** docs/product-contract.md §2 "Screens and routes". Exported so tests drive the same table through a memory router. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        // Public pages; a signed-in user with a role is sent to /home.
        element: <PublicArea />,
        children: [
          { index: true, element: <Landing /> },
          { path: 'login', element: <Login /> },
          { path: 'signup', element: <Signup /> },
          { path: 'auth', element: <Auth /> },
          { path: 'add-phno', element: <AddPhoneNumber /> },
          { path: 'confirm-email', element: <ConfirmEmail /> },
          { path: 'confirm-phno', element: <ConfirmPhone /> },
          { path: 'reset-password', element: <ResetPassword /> },
          { path: 'user-details', element: <UserDetails /> },
        ],
      },
      {
        // Contact, policies, pricing, sales (decision 002): in the frame when signed in, public layout otherwise.
        element: <AdaptiveArea />,
        children: [
          { path: 'contact', element: <Contact /> },
          { path: 'terms-and-conditions', element: <TermsAndConditions /> },
          { path: 'privacy-policy', element: <PrivacyPolicy /> },
          { path: 'refunds-cancellations', element: <RefundsCancellations /> },
          { path: 'pricing', element: <Pricing /> },
          { path: 'sales', element: <Sales /> },
          { path: 'certificates/:id', element: <Certificate /> },
        ],
      },
      {
        // Signed-in pages: the protected-area guard, then the frame.
        element: <ProtectedRoute />,
        children: [
          {
            element: <LazyAppFrame />,
            children: [
              signedInRoute('home', 'home'),
              signedInRoute('home2', 'learningHub'),
              signedInRoute('connectbroker', 'connectBroker'),
              signedInRoute('journal', 'journal'),
              signedInRoute('journal/trades/:tradeId', 'tradeDetail'),
              signedInRoute('practice', 'practice'),
              signedInRoute('practice/:sessionId', 'practiceSession'),
              signedInRoute('news', 'news'),
              signedInRoute('news/:newsId', 'newsArticle'),
              signedInRoute('group', 'groups'),
              signedInRoute('group/:groupId/leaderboard', 'leaderboard'),
              signedInRoute('course', 'courses'),
              signedInRoute('courseVideos/:courseId', 'courseVideos'),
              signedInRoute('profile', 'profile'),
              signedInRoute('manage-subscription', 'manageSubscription'),
              signedInRoute('manage-subscription/receipts/:paymentId', 'receipt'),
              signedInRoute('success', 'paymentSuccess'),
              signedInRoute('checkout/:sessionId', 'checkout'),
              signedInRoute('admin', 'admin'),
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The route table rendered for the current location (tests render it inside a MemoryRouter). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than createBrowserRouter: the data router
 * adds ~17 KB gzipped to every page for loaders, actions and fetchers this app does not use (server
 * state lives in TanStack Query), and that alone would put / and /login over their 100 KB budget.
 * The table is the same RouteObject[] either way; errors are caught by the layouts' boundaries.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
