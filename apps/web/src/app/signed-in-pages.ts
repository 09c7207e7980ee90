import type { ComponentType } from 'react';
import { startEarlyGet } from '@/lib/api-client';

/**
 * The signed-in area's chunks, behind one small chunk of their own. The entry (which the public
 * pages share) then names one chunk instead of twenty, and the build's preload lists live here:
 * importing a page fetches its whole closure (antd and all) at once instead of one import level
 * per round trip (vite.config.ts, `modulePreload`).
 */
export const signedInPages = {
  guard: () => import('@/features/auth/components/protected-route'),
  frame: () => import('@/app/frame/app-frame'),
  home: () => import('@/features/dashboard/routes/home'),
  learningHub: () => import('@/features/courses/routes/learning-hub'),
  courses: () => import('@/features/courses/routes/courses'),
  courseVideos: () => import('@/features/courses/routes/course-videos'),
  groups: () => import('@/features/groups/routes/groups'),
  leaderboard: () => import('@/features/groups/routes/leaderboard'),
  journal: () => import('@/features/journal/routes/journal'),
  tradeDetail: () => import('@/features/journal/routes/trade-detail'),
  news: () => import('@/features/news/routes/news'),
  newsArticle: () => import('@/features/news/routes/news-article'),
  connectBroker: () => import('@/features/broker/routes/connect-broker'),
  profile: () => import('@/features/profile/routes/profile'),
  manageSubscription: () => import('@/features/subscriptions/routes/manage-subscription'),
  receipt: () => import('@/features/subscriptions/routes/receipt'),
  paymentSuccess: () => import('@/features/subscriptions/routes/payment-success'),
  checkout: () => import('@/features/subscriptions/routes/checkout'),
  admin: () => import('./routes/admin-route'),
};

export type SignedInPage = keyof typeof signedInPages;

/** A page's module, as React.lazy wants it. */
export const loadPage = (page: SignedInPage) => signedInPages[page]() as Promise<{ default: ComponentType }>;

/** The page a signed-in first load lands on (a bookmark, a reload, a link in a notification). */
export function landingPage(pathname: string): SignedInPage | undefined {
  const path = pathname.replace(/(.)\/$/, '$1');
  if (/^\/group\/[^/]+\/leaderboard$/.test(path)) return 'leaderboard';
  if (/^\/courseVideos\/[^/]+$/.test(path)) return 'courseVideos';
  if (/^\/news\/[^/]+$/.test(path)) return 'newsArticle';
  if (/^\/journal\/trades\/[^/]+$/.test(path)) return 'tradeDetail';
  const first: Record<string, SignedInPage> = {
    '/home': 'home',
    '/home2': 'learningHub',
    '/group': 'groups',
    '/journal': 'journal',
    '/news': 'news',
    '/course': 'courses',
    '/connectbroker': 'connectBroker',
    '/profile': 'profile',
    '/manage-subscription': 'manageSubscription',
    '/success': 'paymentSuccess',
    '/admin': 'admin',
  };
  return first[path];
}

/**
 * The reads a page makes first, started with its code: /home's largest paint is the course card's
 * picture, which waits for GET /courses, which the page would otherwise ask for only once rendered.
 */
const firstReads: Partial<Record<SignedInPage, string[]>> = {
  home: ['/courses', '/journal/summary'],
};

/**
 * A signed-in first load, all at once: the frame, the page the visitor landed on and that page's
 * first reads (each would otherwise wait for the one before it to render).
 */
export function startLanding(pathname: string): void {
  void signedInPages.frame();
  const page = landingPage(pathname);
  if (!page) return;
  void loadPage(page);
  for (const path of firstReads[page] ?? []) startEarlyGet(path);
}
