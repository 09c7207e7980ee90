import { DEFAULT_TIME_ZONE, zoneClock } from '@candlewise/shared/journal/zone-time';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  COURSE_PROGRESS_PATH,
  type CourseProgress,
  chooseCourseToContinue,
  JOURNAL_SUMMARY_PATH,
} from '@/features/dashboard/api/first-reads';
import {
  GROUPS_PATH,
  groupPath,
  leaderboardPagePath,
  participationsPath,
} from '@/features/groups/api/first-reads';
import { calendarPath, dayPath } from '@/features/journal/api/first-reads';
import { newsFiltersFrom, newsListPath } from '@/features/news/api/first-reads';
import { earlyGetSlots, type SessionUser, sessionUser } from '@/lib/api-client';
import { startEarlyGet } from '@/lib/early-gets';

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
  practice: () => import('@/features/practice/routes/practice'),
  practiceSession: () => import('@/features/practice/routes/practice-session'),
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

/** The signed-in pages drawn without antd: they paint before antd's ~200 KB of script arrives. */
const plainPages: ReadonlySet<SignedInPage> = new Set(['guard', 'home', 'groups', 'leaderboard', 'journal']);

/** A page's module, as React.lazy wants it; a page that uses antd comes inside antd's theme. */
export function loadPage(page: SignedInPage): Promise<{ default: ComponentType }> {
  const module = signedInPages[page]() as Promise<{ default: ComponentType }>;
  if (plainPages.has(page)) return module;
  return Promise.all([module, import('./frame/antd-page')]).then(([{ default: Page }, { withAntd }]) => ({
    default: withAntd(Page),
  }));
}

/** Fetches /home's largest paint, the picture of the course to continue, as soon as it is known. */
function fetchCoursePicture(courses: unknown): void {
  if (!Array.isArray(courses)) return;
  const choice = chooseCourseToContinue(courses as CourseProgress[]);
  if (choice.kind !== 'continue' || !choice.course.thumbnail) return;
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.src = choice.course.thumbnail; // the card's <img> takes it from the memory cache
}

/**
 * What a first load knows before any page renders: the route's parameters, the address's query
 * and who is signed in.
 */
export type Landing = {
  params: Readonly<Partial<Record<string, string>>>;
  search: URLSearchParams;
  user: SessionUser | null;
};
type FirstRead = { path: string; onData?: (data: unknown) => void };

/**
 * The reads a page makes first, started with its code: /home's largest paint is the course card's
 * picture, which waits for GET /courses; /group's is a competition card, which waits for GET
 * /group/; a leaderboard waits for its competition, the member's status and the first page of the
 * standings. The page would otherwise ask for them only once rendered.
 */
const firstReads: Partial<Record<SignedInPage, (landing: Landing) => FirstRead[]>> = {
  home: () => [{ path: COURSE_PROGRESS_PATH, onData: fetchCoursePicture }, { path: JOURNAL_SUMMARY_PATH }],
  groups: () => [{ path: GROUPS_PATH }],
  leaderboard: ({ params: { groupId }, user }) =>
    groupId
      ? [
          { path: groupPath(groupId) },
          { path: leaderboardPagePath(groupId, 1) },
          ...(user ? [{ path: participationsPath(user._id) }] : []),
        ]
      : [],
  journal: journalReads,
  // /news's stories, asked for while the page's code and antd's arrive (they take longest here).
  news: ({ search }) => [{ path: newsListPath(newsFiltersFrom(search)) }],
};

/** /journal's calendar tab: the month and the day it opens on (the address's date, else today). */
function journalReads({ search, user }: Landing): FirstRead[] {
  const tab = search.get('tab');
  if (tab && tab !== 'calendar') return [];
  const asked = search.get('date');
  const date = asked ?? zoneClock(user?.timeZone ?? DEFAULT_TIME_ZONE).localDate(Date.now());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return [];
  return [{ path: calendarPath(date.slice(0, 7)) }, { path: dayPath(date) }];
}

/**
 * A signed-in first load, all at once: the frame, the page the visitor landed on and that page's
 * first reads (each would otherwise wait for the one before it to render).
 */
export function startLanding(
  landing: { page: SignedInPage; params: Landing['params']; search: string } | undefined,
): void {
  void signedInPages.frame();
  if (!landing) return;
  void loadPage(landing.page);
  const known = { params: landing.params, search: new URLSearchParams(landing.search), user: sessionUser() };
  for (const { path, onData } of landingReads(landing.page, known)) startEarlyGet(path, onData);
}

/**
 * The longest a first load keeps the HTML's first view on screen for an answer it shows: past this,
 * the app draws its own loading view instead (the first view has no working navigation).
 */
export const FIRST_VIEW_READS_WAIT_MS = 1000;

/**
 * Answers a page's first view in the HTML already shows, which the app's first render over it must
 * have too: /home's course card, whose picture the HTML's head script has put on screen (a first
 * render without the answer would swap the picture for the grey placeholder, then back), and a
 * leaderboard's heading, which it has filled with the competition's name.
 */
const firstViewReads: Partial<
  Record<SignedInPage, (client: QueryClient, params: Landing['params']) => Promise<unknown>>
> = {
  home: async (client) =>
    client.prefetchQuery(
      (await import('@/features/dashboard/api/get-course-to-continue')).courseToContinueQueryOptions(),
    ),
  // A leaderboard's heading names its competition once the HTML's head script has read it.
  leaderboard: async (client, { groupId }) =>
    groupId
      ? client.prefetchQuery((await import('@/features/groups/api/get-group')).groupQueryOptions(groupId))
      : undefined,
};

/**
 * Resolves once the signed-in learner's query cache holds the answers `page`'s first view shows
 * (they are usually in already: the HTML's head script asked for them before the app's code
 * arrived), or after FIRST_VIEW_READS_WAIT_MS; at once for a page without any.
 */
export async function awaitFirstViewReads(page: SignedInPage, params: Landing['params']): Promise<void> {
  const reads = firstViewReads[page];
  const user = sessionUser();
  if (!reads || !user) return;
  const [{ getSessionQueryClient }, { checkSession }] = await Promise.all([
    import('./frame/session-query-client'),
    import('@/features/auth/check-session'),
  ]);
  // An expired session is the guard's to tell (its alert), not a read's 401 to end silently.
  if (checkSession(earlyGetSlots.token(), user).status !== 'valid') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    reads(getSessionQueryClient(user._id), params).catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, FIRST_VIEW_READS_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** The reads a first load on this page starts early (none for most pages). */
export function landingReads(page: SignedInPage, landing: Landing): FirstRead[] {
  return firstReads[page]?.(landing) ?? [];
}
