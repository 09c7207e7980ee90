import { lazy } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { AdaptiveArea } from './layouts/adaptive-area';
import { LazyAppFrame } from './layouts/lazy-app-frame';
import { PublicArea } from './layouts/public-area';
import { NotFound } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import type { SignedInPage } from './signed-in-pages';

// Every page is its own chunk (spec §2: pages load lazily). The public ones stay free of antd.
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

const Sales = lazy(() => import('@/features/subscriptions/routes/sales'));
const Pricing = lazy(() => import('@/features/subscriptions/routes/pricing'));

const loadSignedInPages = () => import('./signed-in-pages');
/** A signed-in page, lazily, through the signed-in area's own chunk. */
const signedIn = (page: SignedInPage) =>
  lazy(() => loadSignedInPages().then((chunk) => chunk.loadPage(page)));

const ProtectedRoute = lazy(() =>
  loadSignedInPages().then(({ startLanding, loadPage }) => {
    // The guard is tiny and the frame always follows it: fetch both at once, with the page people
    // land on and its first reads (each would otherwise start only once the one before rendered).
    startLanding(window.location.pathname);
    return loadPage('guard');
  }),
);
const Home = signedIn('home');
const LearningHub = signedIn('learningHub');
const Courses = signedIn('courses');
const CourseVideos = signedIn('courseVideos');
const Groups = signedIn('groups');
const Leaderboard = signedIn('leaderboard');
const Journal = signedIn('journal');
const TradeDetail = signedIn('tradeDetail');
const News = signedIn('news');
const NewsArticle = signedIn('newsArticle');
const ConnectBroker = signedIn('connectBroker');
const Profile = signedIn('profile');
const ManageSubscription = signedIn('manageSubscription');
const Receipt = signedIn('receipt');
const PaymentSuccess = signedIn('paymentSuccess');
const Checkout = signedIn('checkout');
const Admin = signedIn('admin');

/** Spec §2 "Screens and routes". Exported so tests drive the same table through a memory router. */
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
        ],
      },
      {
        // Signed-in pages: the protected-area guard, then the frame.
        element: <ProtectedRoute />,
        children: [
          {
            element: <LazyAppFrame />,
            children: [
              { path: 'home', element: <Home /> },
              { path: 'home2', element: <LearningHub /> },
              { path: 'connectbroker', element: <ConnectBroker /> },
              { path: 'journal', element: <Journal /> },
              { path: 'journal/trades/:tradeId', element: <TradeDetail /> },
              { path: 'news', element: <News /> },
              { path: 'news/:newsId', element: <NewsArticle /> },
              { path: 'group', element: <Groups /> },
              { path: 'group/:groupId/leaderboard', element: <Leaderboard /> },
              { path: 'course', element: <Courses /> },
              { path: 'courseVideos/:courseId', element: <CourseVideos /> },
              { path: 'profile', element: <Profile /> },
              { path: 'manage-subscription', element: <ManageSubscription /> },
              { path: 'manage-subscription/receipts/:paymentId', element: <Receipt /> },
              { path: 'success', element: <PaymentSuccess /> },
              { path: 'checkout/:sessionId', element: <Checkout /> },
              { path: 'admin', element: <Admin /> },
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
