import type { ReactNode } from 'react';
import { FrameChrome } from '@/app/frame/frame-chrome';
import { PageSpinner } from '@/components/page-spinner/page-spinner';
import { GroupsHeader } from '@/features/groups/components/groups-header';
import { JournalHeader } from '@/features/journal/components/journal-header';

/**
 * What a signed-in page looks like before its data and its code have arrived, drawn at build time
 * (src/prerender.tsx) for the pages learners land on most: the frame and the page's own heading,
 * where that heading is the same for everyone. The server sends it inside #root with a stored
 * session (apps/api/src/plugins/spa.ts), so the page paints from the HTML instead of after ~150 KB
 * of script; the app then draws the same first view in its place (app/start-app.tsx). /home's
 * greeting carries the learner's name, so its first view is the frame alone; /journal's is its
 * heading without its two actions.
 */
export const SIGNED_IN_SHELLS: Record<string, () => ReactNode> = {
  '/home': () => null,
  '/group': () => (
    <div className="cw-groups">
      <GroupsHeader />
      <PageSpinner label="Loading groups" />
    </div>
  ),
  '/journal': () => <JournalHeader withActions={false} />,
};

/**
 * The frame drawn at build time, around a page's first view: the header's brand, the page and the
 * footer. Nothing in it waits for the app to work: the navigation, the header's controls and the
 * page's own buttons come with the app (a button drawn here would do nothing when pressed).
 */
export function SignedInShell({ path }: { path: string }) {
  const view = SIGNED_IN_SHELLS[path];
  if (!view) throw new Error(`No first view is drawn at build time for ${path}.`);
  return <FrameChrome navigation="none">{view()}</FrameChrome>;
}
