import { lazy } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { AdaptiveArea } from './layouts/adaptive-area';
import { LazyAppFrame, loadAppFrame } from './layouts/lazy-app-frame';
import { PublicArea } from './layouts/public-area';
import { NotFound } from './routes/not-found';
import { RootLayout } from './routes/root-layout';

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

const ProtectedRoute = lazy(() => {
  // The guard's chunk is tiny and the frame always follows it: fetch both at once.
  void loadAppFrame();
  return import('@/features/auth/components/protected-route');
});
const Home = lazy(() => import('@/features/dashboard/routes/home'));
const LearningHub = lazy(() => import('@/features/courses/routes/learning-hub'));
const Courses = lazy(() => import('@/features/courses/routes/courses'));
const CourseVideos = lazy(() => import('@/features/courses/routes/course-videos'));
const Groups = lazy(() => import('@/features/groups/routes/groups'));
const Leaderboard = lazy(() => import('@/features/groups/routes/leaderboard'));
const Journal = lazy(() => import('@/features/journal/routes/journal'));
const TradeDetail = lazy(() => import('@/features/journal/routes/trade-detail'));
const News = lazy(() => import('@/features/news/routes/news'));
const NewsArticle = lazy(() => import('@/features/news/routes/news-article'));
const ConnectBroker = lazy(() => import('@/features/broker/routes/connect-broker'));
const Profile = lazy(() => import('@/features/profile/routes/profile'));
const Sales = lazy(() => import('@/features/subscriptions/routes/sales'));
const Pricing = lazy(() => import('@/features/subscriptions/routes/pricing'));
const ManageSubscription = lazy(() => import('@/features/subscriptions/routes/manage-subscription'));
const Receipt = lazy(() => import('@/features/subscriptions/routes/receipt'));
const PaymentSuccess = lazy(() => import('@/features/subscriptions/routes/payment-success'));
const Checkout = lazy(() => import('@/features/subscriptions/routes/checkout'));
const Admin = lazy(() => import('./routes/admin-route'));

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
