import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import { makeStanding, makeStandingsPage } from '@/testing/trading-data';
import type { Group } from '../api/get-groups';
import type { StandingRow } from '../api/get-leaderboard';
import { GROUP } from './leaderboard-test-group';

// A leaderboard paints before antd's script has loaded: nothing it imports may load antd or its icons.
vi.mock('antd', () => {
  throw new Error('the leaderboard imported antd');
});
vi.mock('@ant-design/icons', () => {
  throw new Error('the leaderboard imported @ant-design/icons');
});

// The desk's code is held back until a test lets it go, so its placeholder can be seen; let go, it
// fails to load, as a chunk that cannot be fetched would (the desk itself loads without antd:
// components/trading/desk-without-antd.test.tsx).
const desk = vi.hoisted(() => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, released };
});
vi.mock('../components/trading/trading-panel', async () => {
  await desk.released;
  throw new TypeError('Failed to fetch dynamically imported module: trading-panel.js');
});

let LeaderboardPage: ComponentType;

const row = (overrides: Partial<StandingRow>): StandingRow => makeStanding(overrides);

/** The leaderboard on its own, as the antd-free frame shows it: no antd ConfigProvider around it. */
function renderLeaderboard({
  status,
  group = {},
  standings,
}: {
  status: 'approved' | null;
  group?: Partial<Group>;
  /** The standings answer for a request's search ('?offset=0&limit=50'), given the viewer's id. */
  standings: (search: string, userId: string) => { rows: StandingRow[]; total?: number };
}) {
  const session = makeSession({ firstName: 'Ada', lastName: 'Lovelace' });
  const userId = session.user._id;
  const api = mockApi({
    'GET /group/g-forex': { body: { success: true, data: { ...GROUP, ...group } } },
    [`GET /group/getParticipants/participants/${userId}`]: {
      body: {
        success: true,
        data: status ? [{ _id: 'p1', groupId: { _id: GROUP._id, name: GROUP.name }, status }] : [],
      },
    },
    'GET /group/g-forex/leaderboard': (call) => {
      const page = standings(call.url.search, userId);
      // The viewer's own row (`me`) is found among the rows, as the server ranks it.
      return { body: { success: true, data: { ...makeStandingsPage(page.rows, { userId }), ...page } } };
    },
  });
  const view = renderPage(LeaderboardPage, {
    path: '/group/g-forex/leaderboard',
    route: '/group/:groupId/leaderboard',
    session,
  });
  return { ...view, api };
}

/** The standings table, found by its column headers. */
const standingsTable = async () =>
  (await screen.findByRole('columnheader', { name: 'Freezes' })).closest('table')!;

describe('the leaderboard without antd', () => {
  beforeAll(async () => {
    ({ default: LeaderboardPage } = await import('./leaderboard'));
  });

  it('shows anyone an ended competition’s final standings, paged, with no antd module or markup', async () => {
    const ranks = (from: number) =>
      Array.from({ length: 50 }, (_, i) =>
        row({ rank: from + i, userId: `u-${from + i}`, name: `Trader ${from + i}`, trades: 2 }),
      );
    const { api, container, user } = renderLeaderboard({
      status: null,
      group: {
        phase: 'ended',
        startDate: new Date(Date.now() - 40 * 86_400_000).toISOString(),
        endDate: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      },
      standings: (search) => ({
        rows:
          search === '?offset=50&limit=50'
            ? ranks(51)
            : [
                row({
                  rank: 1,
                  userId: 'u-ravi',
                  name: 'Ravi Rao',
                  pnlPercent: 12.5,
                  equity: 112_500,
                  trades: 9,
                }),
                ...ranks(2).slice(0, 49),
              ],
        total: 120,
      }),
    });
    // One placeholder holds the page while it decides whether a desk goes above the standings.
    expect(screen.getByText('Loading the leaderboard').closest('[role="status"]')).toHaveClass(
      'cw-trading__panel--pending',
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Final standings' })).toBeInTheDocument();
    expect(screen.getByText('Final')).toBeInTheDocument();
    const standings = await standingsTable();
    const headers = within(standings)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Name', 'PnL %', 'Balance', 'Equity', 'Trades', 'Freezes']);
    const ravi = within(standings).getByText('Ravi Rao').closest('tr')!;
    expect(
      within(ravi)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Ravi Rao', '+12.50%', '₹1,00,000.00', '₹1,12,500.00', '9', '0']);
    expect(screen.queryByText('You')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your trading desk' })).not.toBeInTheDocument();

    // The pager: the ranks shown, the current page marked, Previous held at the first page.
    const pager = screen.getByRole('navigation', { name: 'Standings pages' });
    expect(within(pager).getByText('Ranks 1–50 of 120')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await within(standings).findByText('Trader 51')).toBeInTheDocument();
    expect(within(pager).getByText('Ranks 51–100 of 120')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(api.callsTo('GET', '/group/g-forex/leaderboard').map((call) => call.url.search)).toEqual([
      '?offset=0&limit=50',
      '?offset=50&limit=50',
    ]);
    expect(api.callsTo('GET', '/group/g-forex/stream')).toHaveLength(0);
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('holds the member’s desk place while its code loads, and keeps the standings if it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderLeaderboard({
      status: 'approved',
      standings: (_search, userId) => ({
        rows: [
          row({ rank: 1, userId: 'u-2', name: 'Ravi Rao', pnlPercent: 1.5, equity: 101_500 }),
          row({
            rank: 2,
            userId,
            name: 'Ada Lovelace',
            frozenUntil: new Date(Date.now() + 3_600_000).toISOString(),
            frozenReason: 'daily_loss',
          }),
        ],
        total: 2,
      }),
    });
    const placeholder = await screen.findByRole('region', { name: 'Your trading desk' });
    expect(within(placeholder).getByRole('status')).toHaveTextContent('Loading your trading desk');
    expect(placeholder).toHaveClass('cw-trading__panel--pending');

    const mine = (await within(await standingsTable()).findByText('Ada Lovelace')).closest('tr')!;
    expect(mine).toHaveClass('cw-trading__my-row');
    expect(within(mine).getByText('You')).toHaveClass('cw-plain-tag');
    expect(within(mine).getByText('Frozen · daily loss')).toHaveClass('cw-plain-tag', 'cw-plain-tag--orange');
    expect(screen.queryByRole('navigation', { name: 'Standings pages' })).not.toBeInTheDocument();
    expect(container.querySelector('[class*="ant-"]')).toBeNull();

    // The desk's chunk fails: said in the desk's place, the standings stay.
    desk.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your trading desk could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your trading desk' })).toBeNull());
    expect(screen.getByText('Ravi Rao')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });
});
