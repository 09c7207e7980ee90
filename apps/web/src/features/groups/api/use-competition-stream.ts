import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import type { SessionSlices } from '@/lib/current-user';
import type { ServerSentEvent } from '@/lib/event-stream/parse-event-stream';
import { type EventStreamStatus, runEventStream } from '@/lib/event-stream/run-event-stream';
import {
  applyStandingsFrame,
  LEADERBOARD_PAGE_SIZE,
  type LeaderboardFilter,
  type Standings,
  type StandingsFrame,
} from './get-leaderboard';
import { type TradingAccount, withStandingsRow } from './get-trading-account';
import { groupKeys } from './group-query-keys';

/**
 * The engine's quote: `time` in milliseconds. `stale` when its live provider has gone quiet: nothing
 * fills on it and the API refuses orders for it until prices arrive again.
 */
export type Quote = { symbol: string; bid: number; ask: number; mid: number; time: number; stale?: boolean };

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/** A freeze's end as a number (null when none): the row and the account may write it differently. */
const instant = (value: string | null | undefined) => (value ? Date.parse(value) : null);

const isLeaderboardFilter = (value: unknown): value is LeaderboardFilter =>
  value === 'all' || value === 'passed' || value === 'failed' || value === 'my-phase';

const isQuote = (value: unknown): value is Quote =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Quote).symbol === 'string' &&
  typeof (value as Quote).bid === 'number' &&
  typeof (value as Quote).ask === 'number';

/**
 * GET /group/{groupId}/stream while the page is open: `standings` events bring the top of the
 * table and the member's own row into the leaderboard pages (so they are live without polling), and
 * `quotes` events update the prices the ticket and chart show. Only for members and admins (`enabled`); a 403 ends it for good. Returns
 * the stream status (the leaderboard polls while it is not live) and the latest quote per symbol.
 */
export function useCompetitionStream(groupId: string, { enabled }: { enabled: boolean }) {
  const token = useSelector((state: SessionSlices) => state.auth.token);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<EventStreamStatus>('connecting');
  const [quotes, setQuotes] = useState<ReadonlyMap<string, Quote>>(() => new Map());
  /** The highest ledger sequence a `standings` frame of this stream carried. */
  const lastLedgerSeq = useRef(0);

  const handleEvent = useEffectEvent((event: ServerSentEvent) => {
    const payload = parse(event.data);
    if (event.event === 'standings') {
      const frame = payload as StandingsFrame | null;
      if (typeof frame?.total !== 'number') return;
      if (frame.top !== undefined && !Array.isArray(frame.top)) return;
      // The event carries the top and the viewer's row, each only when it changed; the currency
      // stays what the first fetch said (it cannot change once members hold accounts). Pages not
      // read yet have nothing to update.
      for (const [key, page] of queryClient.getQueriesData<Standings>({
        queryKey: groupKeys.leaderboardPages(groupId),
      })) {
        const number = Number(key.at(-1));
        if (!page || !Number.isInteger(number)) continue;
        const filter = key.at(-2);
        queryClient.setQueryData<Standings>(
          key,
          applyStandingsFrame(
            page,
            frame,
            (number - 1) * LEADERBOARD_PAGE_SIZE,
            isLeaderboardFilter(filter) ? filter : 'all',
          ),
        );
      }
      // Frames only go forward in the ledger: one from behind (another process's, around a
      // handover of the competition) is not applied; the pages and the account are read afresh.
      if (typeof frame.ledgerSeq === 'number') {
        if (frame.ledgerSeq < lastLedgerSeq.current) {
          handleGap();
          return;
        }
        lastLedgerSeq.current = frame.ledgerSeq;
      }
      // The member's own row is their account at this moment: the desk says what the table says.
      const me = frame.me;
      const held = queryClient.getQueryData<TradingAccount>(groupKeys.account(groupId));
      // A row older than the account the desk already shows (read after an order) is not applied.
      if (me && !(held && typeof me.ledgerSeq === 'number' && me.ledgerSeq < (held.account.ledgerSeq ?? 0))) {
        const before = held;
        queryClient.setQueryData<TradingAccount>(groupKeys.account(groupId), (current) =>
          current ? withStandingsRow(current, me) : current,
        );
        // A freeze (or its release) changed the book too: the positions it closed, the orders it
        // canceled, the exposure. The row does not carry them: the account is read now, not in 5 s.
        if (before && instant(me.frozenUntil) !== instant(before.account.frozenUntil)) {
          void queryClient.invalidateQueries({ queryKey: groupKeys.account(groupId) });
        }
      }
    } else if (event.event === 'quotes' && Array.isArray(payload)) {
      const fresh = payload.filter(isQuote);
      if (fresh.length === 0) return;
      setQuotes((previous) => {
        const next = new Map(previous);
        for (const quote of fresh) next.set(quote.symbol, quote);
        return next;
      });
    }
  });

  // Frames were missed (this client fell behind, or was reconnecting): the standings pages and the
  // account are read again rather than patched from a partial view.
  const handleGap = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.leaderboardPages(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupKeys.account(groupId) });
  });

  useEffect(() => {
    if (!token || !enabled) {
      setStatus('down');
      return;
    }
    const controller = new AbortController();
    lastLedgerSeq.current = 0;
    setStatus('connecting');
    void runEventStream({
      path: `/group/${encodeURIComponent(groupId)}/stream`,
      token,
      signal: controller.signal,
      onEvent: handleEvent,
      onStatus: setStatus,
      onGap: handleGap,
    });
    return () => controller.abort();
  }, [token, enabled, groupId]);

  return { status, quotes };
}
