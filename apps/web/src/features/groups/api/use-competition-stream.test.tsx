import { useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamHookWrapper, stubEventStream } from '@/testing/stream-hook';
import { makeChallenge, makeStanding } from '@/testing/trading-data';
import type { StandingRow, Standings } from './get-leaderboard';
import { groupKeys } from './group-query-keys';
import { useCompetitionStream } from './use-competition-stream';

const row = (rank: number, userId: string): StandingRow => makeStanding({ rank, userId, name: userId });

describe('the competition stream after missed frames', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the standings pages and the account again when the ids show a gap, not before', async () => {
    const stream = stubEventStream('/group/g-1/stream');
    const { wrapper } = streamHookWrapper();
    const readPage = vi.fn(
      async (): Promise<Standings> => ({ rows: [row(1, 'a'), row(2, 'b')], currency: 'INR' }),
    );
    const readAccount = vi.fn(async () => ({ account: { equity: 100_000 } }));
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: groupKeys.leaderboardPage('g-1', 1), queryFn: readPage });
        useQuery({ queryKey: groupKeys.account('g-1'), queryFn: readAccount });
        return useCompetitionStream('g-1', { enabled: true });
      },
      { wrapper },
    );
    await waitFor(() => expect(readPage).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(readAccount).toHaveBeenCalledTimes(1));

    await stream.send('standings', { total: 2, top: [row(1, 'a'), row(2, 'b')], me: null }, 1);
    await stream.send('quotes', [{ symbol: 'EURUSD', bid: 1, ask: 1.1, mid: 1.05, time: 1 }], 2);
    await waitFor(() => expect(result.current.quotes.get('EURUSD')?.mid).toBe(1.05));
    expect(readPage).toHaveBeenCalledTimes(1);
    expect(readAccount).toHaveBeenCalledTimes(1);

    // Frames 3 to 6 never came (this client fell behind): what the page mirrors is read afresh.
    await stream.send('quotes', [{ symbol: 'EURUSD', bid: 1, ask: 1.2, mid: 1.1, time: 2 }], 7);
    await waitFor(() => expect(readPage).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(readAccount).toHaveBeenCalledTimes(2));
    expect(result.current.quotes.get('EURUSD')?.mid).toBe(1.1);
  });
});

describe('the competition stream when my account freezes (issue #43)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the account again at once: the freeze closed its positions, which the row does not carry', async () => {
    const stream = stubEventStream('/group/g-1/stream');
    const { wrapper } = streamHookWrapper();
    const readAccount = vi.fn(async () => ({
      account: { equity: 100_000, leverage: 10, exposure: 50_000, frozenUntil: null, peakEquity: 100_000 },
      positions: [],
      orders: [],
      objectives: [],
      challenge: makeChallenge(),
    }));
    renderHook(
      () => {
        useQuery({ queryKey: groupKeys.account('g-1'), queryFn: readAccount });
        return useCompetitionStream('g-1', { enabled: true });
      },
      { wrapper },
    );
    await waitFor(() => expect(readAccount).toHaveBeenCalledTimes(1));
    // An ordinary row (equity moved): patched in place, no read.
    await stream.send('standings', { total: 1, me: { ...row(1, 'me'), equity: 99_000 } }, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readAccount).toHaveBeenCalledTimes(1);
    // The row that froze the account: the book is read again, not left showing closed positions.
    const until = new Date(Date.now() + 60_000).toISOString();
    await stream.send('standings', { total: 1, me: { ...row(1, 'me'), frozenUntil: until, freezes: 1 } }, 2);
    await waitFor(() => expect(readAccount).toHaveBeenCalledTimes(2));
  });
});

describe('the competition stream and the ledger sequence (issue #40)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the account the desk read after an order when an older row arrives, and reads afresh when frames go backwards', async () => {
    const stream = stubEventStream('/group/g-1/stream');
    const { wrapper, queryClient } = streamHookWrapper();
    const readPage = vi.fn(async (): Promise<Standings> => ({ rows: [row(1, 'me')], currency: 'INR' }));
    // The account as read right after an order: its last write is ledger sequence 40.
    const readAccount = vi.fn(async () => ({
      account: {
        equity: 101_000,
        balance: 100_000,
        leverage: 10,
        exposure: 0,
        frozenUntil: null,
        peakEquity: 101_000,
        ledgerSeq: 40,
      },
      positions: [],
      orders: [],
      objectives: [],
      challenge: makeChallenge(),
    }));
    renderHook(
      () => {
        useQuery({ queryKey: groupKeys.leaderboardPage('g-1', 1), queryFn: readPage });
        useQuery({ queryKey: groupKeys.account('g-1'), queryFn: readAccount });
        return useCompetitionStream('g-1', { enabled: true });
      },
      { wrapper },
    );
    await waitFor(() => expect(readAccount).toHaveBeenCalledTimes(1));
    const equity = () =>
      (queryClient.getQueryData(groupKeys.account('g-1')) as { account: { equity: number } }).account.equity;

    // A frame made before the order (its own row at sequence 39): the desk keeps what it read.
    await stream.send(
      'standings',
      { total: 1, ledgerSeq: 39, me: { ...row(1, 'me'), equity: 100_000, ledgerSeq: 39 } },
      1,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(equity()).toBe(101_000);
    // A frame that includes the order and a later price: applied.
    await stream.send(
      'standings',
      { total: 1, ledgerSeq: 45, me: { ...row(1, 'me'), equity: 101_500, ledgerSeq: 41 } },
      2,
    );
    await waitFor(() => expect(equity()).toBe(101_500));
    expect(readPage).toHaveBeenCalledTimes(1);
    // A frame from behind the last one (another process around a handover): not applied, read afresh.
    await stream.send(
      'standings',
      { total: 1, ledgerSeq: 44, me: { ...row(1, 'me'), equity: 90_000, ledgerSeq: 41 } },
      3,
    );
    await waitFor(() => expect(readPage).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(readAccount).toHaveBeenCalledTimes(2));
  });
});
