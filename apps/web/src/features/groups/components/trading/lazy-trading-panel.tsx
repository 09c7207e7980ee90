import { type ComponentProps, Suspense, useId } from 'react';
import { AfterPaint, lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import type { TradingPanel } from './trading-panel';

type DeskProps = ComponentProps<typeof TradingPanel>;

/**
 * The desk's code inside antd's theme, asked for once the page's plain first view is on screen
 * (AfterPaint, ADR 021), so the standings' paint never waits behind antd.
 */
const Desk = lazyAntd<DeskProps>(() => import('./trading-panel').then((module) => module.TradingPanel));

/**
 * The desk's place while its code loads: as tall as the screen, like TradingPanel's own loading
 * card after it, so the standings below it never move while the desk arrives.
 */
function DeskPlaceholder() {
  const headingId = useId();
  return (
    <section
      className="cw-plain-card cw-trading__card cw-trading__panel--pending"
      aria-labelledby={headingId}
    >
      <div className="cw-trading__card-head">
        <h2 id={headingId} className="cw-trading__card-title">
          Your trading desk
        </h2>
      </div>
      <PlainSkeleton className="cw-trading__card-body" rows={6} label="Loading your trading desk" />
    </section>
  );
}

/**
 * The member's trading desk (TradingPanel, antd) loaded on demand: the leaderboard's first view
 * paints without antd, and a placeholder of the desk's size stands in while its chunk arrives.
 */
export function LazyTradingPanel(props: DeskProps) {
  return (
    // A desk whose code could not be fetched (a network failure, a new release that removed the old
    // chunk) or that stopped on an error says so in its place, while the standings below stay live.
    <PartBoundary
      what="trading desk"
      message="Your trading desk could not be loaded. The standings below are still up to date."
    >
      <AfterPaint fallback={<DeskPlaceholder />}>
        <Suspense fallback={<DeskPlaceholder />}>
          <Desk {...props} />
        </Suspense>
      </AfterPaint>
    </PartBoundary>
  );
}
