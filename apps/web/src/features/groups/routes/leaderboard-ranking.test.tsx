import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import { type ContractRanking, makeScore, makeStanding, makeStandingsPage } from '@/testing/trading-data';
import type { Group } from '../api/get-groups';
import type { StandingRow } from '../api/get-leaderboard';
import { GROUP } from './leaderboard-test-group';

// The member's desk is someone else's screen: here it draws nothing, so only the standings show.
vi.mock('../components/trading/trading-panel', () => ({ TradingPanel: () => null }));

let LeaderboardPage: ComponentType;

/** A Calmar competition: a steady member above a wilder one who made more, one passed, one failed. */
const ROWS = (me: string): StandingRow[] => [
  makeStanding({ rank: 1, userId: me, name: 'Ada Lovelace', pnlPercent: 8, score: 4, maxDrawdownPercent: 2 }),
  makeStanding({
    rank: 2,
    userId: 'u-done',
    name: 'Dev Shah',
    pnlPercent: 10,
    score: 2.5,
    maxDrawdownPercent: 4,
    challengeStatus: 'passed',
  }),
  makeStanding({
    rank: 3,
    userId: 'u-wild',
    name: 'Wil Dee',
    pnlPercent: 30,
    score: 1.2,
    maxDrawdownPercent: 25,
    challengeStatus: 'failed',
  }),
];

function openLeaderboard({
  status,
  role = 'user',
  ranking,
  group = {},
}: {
  status: 'approved' | null;
  role?: 'user' | 'admin';
  ranking: ContractRanking;
  group?: Partial<Group>;
}) {
  const session = makeSession({ firstName: 'Ada', lastName: 'Lovelace', role });
  const userId = session.user._id;
  const api = mockApi({
    'GET /group/g-forex': { body: { success: true, data: { ...GROUP, ranking, ...group } } },
    [`GET /group/getParticipants/participants/${userId}`]: {
      body: {
        success: true,
        data: status ? [{ _id: 'p1', groupId: { _id: GROUP._id, name: GROUP.name }, status }] : [],
      },
    },
    'GET /group/g-forex/leaderboard': (call) => {
      const filter = call.url.searchParams.get('filter') ?? 'all';
      const all = ROWS(userId);
      const rows = all.filter((row) =>
        filter === 'passed' || filter === 'failed' ? row.challengeStatus === filter : true,
      );
      return {
        body: {
          success: true,
          data: makeStandingsPage(rows, { userId: status ? userId : undefined, ranking }),
        },
      };
    },
    'GET /group/g-forex/score': { body: { success: true, data: makeScore({ ranking, rank: 1, ranked: 3 }) } },
  });
  const view = renderPage(LeaderboardPage, {
    path: '/group/g-forex/leaderboard',
    route: '/group/:groupId/leaderboard',
    session,
  });
  return { ...view, api };
}

const standingsTable = async () =>
  (await screen.findByRole('columnheader', { name: 'Freezes' })).closest('table')!;
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent);

describe('a leaderboard that says how it ranks', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    ({ default: LeaderboardPage } = await import('./leaderboard'));
  });

  it('under Calmar, says so and shows each member’s score and maximum drawdown', async () => {
    openLeaderboard({ status: 'approved', ranking: 'calmar' });
    const table = await standingsTable();
    expect(screen.getByText('Ranked by Calmar score (return ÷ max drawdown)')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rank', 'Name', 'Score', 'Max DD %', 'PnL %', 'Balance', 'Equity', 'Trades', 'Freezes']);
    const wild = within(table).getByText('Wil Dee').closest('tr')!;
    expect(
      within(wild)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['3', 'Wil DeeFailed', '1.20', '25.00%', '+30.00%']);
  });

  it('filters to the passed, the failed or the member’s phase, asking the server for each', async () => {
    const { api, user } = openLeaderboard({ status: 'approved', ranking: 'calmar' });
    const filters = await screen.findByRole('radiogroup', { name: 'Show' });
    expect(
      within(filters)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['All', 'Passed', 'Failed', 'My phase']);
    expect(names(await standingsTable())).toEqual(['Ada LovelaceYou', 'Dev ShahPassed', 'Wil DeeFailed']);

    await user.click(within(filters).getByRole('radio', { name: 'Passed' }));
    await waitFor(async () => expect(names(await standingsTable())).toEqual(['Dev ShahPassed']));
    expect(api.calls.some((call) => call.url.searchParams.get('filter') === 'passed')).toBe(true);

    await user.click(within(filters).getByRole('radio', { name: 'My phase' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.searchParams.get('filter') === 'my-phase')).toBe(true),
    );
  });

  it('opens how the member’s score is made, with their own numbers', async () => {
    const { user } = openLeaderboard({ status: 'approved', ranking: 'calmar' });
    await standingsTable();
    await user.click(screen.getByRole('button', { name: 'How is my score made?' }));
    const dialog = await screen.findByRole('dialog', { name: 'How is my score made?' });
    expect(
      await within(dialog).findByText('Calmar = return 12.40 % ÷ max drawdown 4.00 % = 3.10'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/You rank/)).toHaveTextContent('You rank 1 of 3 with a score of 3.10.');
    expect(within(dialog).getByText('Drawdown floor').nextSibling).toHaveTextContent('1.00%');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('by return %, says so with no score column; someone who is not a member gets no phase and no score', async () => {
    openLeaderboard({ status: null, role: 'admin', ranking: 'return' });
    const table = await standingsTable();
    expect(screen.getByText('Ranked by return %')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Score' })).not.toBeInTheDocument();
    const filters = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(filters).queryByRole('radio', { name: 'My phase' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'How is my score made?' })).not.toBeInTheDocument();
  });
});
