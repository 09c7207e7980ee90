import type { ReactNode } from 'react';
import { FrameChrome } from '@/app/frame/frame-chrome';
import { PageSpinner } from '@/components/page-spinner/page-spinner';
import { HomeFirstView } from '@/features/dashboard/components/home-first-view';
import { GroupsHeader } from '@/features/groups/components/groups-header';
import { LeaderboardFirstView } from '@/features/groups/components/leaderboard-first-view';
import { JournalHeader } from '@/features/journal/components/journal-header';

/**
 * What a signed-in page looks like before its data and its code have arrived, drawn at build time
 * (src/prerender.tsx) for the pages learners land on most: the frame and the page's own heading,
 * where that heading is the same for everyone. The server sends it inside #root with a stored
 * session (apps/api/src/plugins/spa.ts), so the page paints from the HTML instead of after ~150 KB
 * of script; the app then draws the same first view in its place (app/start-app.tsx). /home's
 * is its greeting and the course card, which the HTML's head script completes from the stored
 * session (the learner's name, the course's picture); /journal's is its
 * heading without its two actions; a leaderboard's is its loading view, the same for every
 * competition (a route pattern: the server matches `:groupId`).
 */
/**
 * Each with `page`, the module of the page (its key in the build's manifest): the server puts that
 * module's stylesheet inline with the frame's, and the build checks the file is there.
 */
export const SIGNED_IN_SHELLS: Record<string, { page: string; view: () => ReactNode }> = {
  '/home': { page: 'src/features/dashboard/routes/home.tsx', view: () => <HomeFirstView /> },
  '/group': {
    page: 'src/features/groups/routes/groups.tsx',
    view: () => (
      <div className="cw-groups">
        <GroupsHeader />
        <PageSpinner label="Loading groups" />
      </div>
    ),
  },
  '/journal': {
    page: 'src/features/journal/routes/journal.tsx',
    view: () => <JournalHeader withActions={false} />,
  },
  // Any competition's: the server matches the pattern (a leaderboard links from notifications and
  // bookmarks, and its own heading names the competition only once the API has answered).
  '/group/:groupId/leaderboard': {
    page: 'src/features/groups/routes/leaderboard.tsx',
    view: () => <LeaderboardFirstView />,
  },
};

/**
 * The frame drawn at build time, around a page's first view: the header's brand, the page and the
 * footer. Nothing in it waits for the app to work: the navigation, the header's controls and the
 * page's own buttons come with the app (a button drawn here would do nothing when pressed).
 */
export function SignedInShell({ path }: { path: string }) {
  const shell = SIGNED_IN_SHELLS[path];
  if (!shell) throw new Error(`No first view is drawn at build time for ${path}.`);
  return <FrameChrome navigation="none">{shell.view()}</FrameChrome>;
}
