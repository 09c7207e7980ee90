import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStanding } from '@/testing/trading-data';
import type { StandingRow } from '../../api/get-leaderboard';
import { LeaderboardTable } from './leaderboard-table';

const row: StandingRow = makeStanding({
  userId: 'u1',
  name: 'Asha Rao',
  pnlPercent: 1.5,
  balance: 101500,
  equity: 101500,
  trades: 3,
});

/** jsdom lays nothing out: the test says how wide the box and its table are, and when it is told. */
let report: (() => void) | undefined;
let widths = { scroll: 900, client: 900 };

beforeEach(() => {
  report = undefined;
  widths = { scroll: 900, client: 900 };
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => widths.scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => widths.client);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the standings table that scrolls sideways', () => {
  it('is a named region in the Tab order from the size report itself, before any render, and only while it scrolls', () => {
    const { container } = render(
      <LeaderboardTable rows={[row]} currency="INR" loading={false} currentUserId="u1" />,
    );
    const box = container.querySelector('section')!;
    expect(box).not.toHaveAttribute('tabindex');

    // The browser reports sizes after its layout and before its paint: the attributes are set in
    // that report, not by a render React does afterwards (a frame the sweep once caught).
    widths = { scroll: 640, client: 375 };
    report?.();
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('region', { name: 'Standings' })).toBe(box);

    // A wide screen: nothing scrolls, no extra tab stop.
    widths = { scroll: 900, client: 900 };
    report?.();
    expect(box).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is a tab stop in the same task that puts it on a phone screen, before any size report', () => {
    // The standings arrive while the accessibility sweep may be reading the page: a script that
    // runs between the DOM change and the browser's size report must not find an unreachable box.
    widths = { scroll: 640, client: 375 };
    const { container } = render(
      <LeaderboardTable rows={[row]} currency="INR" loading={false} currentUserId="u1" />,
    );
    expect(container.querySelector('section')).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('region', { name: 'Standings' })).toBe(container.querySelector('section'));
  });
});
