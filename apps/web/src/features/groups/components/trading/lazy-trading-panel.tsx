import { type ComponentProps, lazy, Suspense } from 'react';
import { AfterPaint } from '@/components/antd-provider/lazy-antd';
import { PartBoundary } from '@/components/plain/part-boundary';
import { DeskPlaceholder } from './desk-placeholder';
import type { TradingPanel } from './trading-panel';

type DeskProps = ComponentProps<typeof TradingPanel>;

/**
 * The desk's code (plain markup: the ticket, the book, the sizing rules), asked for once the page's
 * first view is on screen (AfterPaint, ADR 021), so the standings' paint never waits behind it. Its
 * two dialogs bring antd when they are first wanted (positions-and-orders.tsx).
 */
const Desk = lazy(() => import('./trading-panel').then((module) => ({ default: module.TradingPanel })));

/**
 * The member's trading desk loaded on demand: the leaderboard's first view paints first, and a
 * placeholder of the desk's size stands in while its chunk arrives.
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
