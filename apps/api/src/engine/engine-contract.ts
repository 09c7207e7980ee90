import type { Database, DbExecutor } from '@candlewise/db';
import type { FreezeReason } from '@candlewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { EventBus } from '../providers/events/event-bus.ts';
import type { MarketDataProviders } from '../providers/market-data/market-data-provider.ts';
import type { CancelReason, FillRecord, GroupState } from './account-book.ts';
import type { AccountWrite } from './account-ledger.ts';
import type { TickTimingSummary } from './tick-timings.ts';

export const ENGINE_CHANNELS = {
  /** `{ accountId, version? }`: an account was written by another process; the leader reloads it. */
  accountChanged: 'trading:account-changed',
  groupChanged: 'trading:group-changed',
  /** An admin changed instruments (provider, symbol, market hours): every process reloads them. */
  instrumentsChanged: 'trading:instruments-changed',
  quotes: 'trading:quotes',
  /** A replay competition's own quotes (its replayed day). */
  groupQuotes: (groupId: string) => `trading:group-quotes:${groupId}`,
  standings: (groupId: string) => `trading:standings:${groupId}`,
};

/** What a tick did, after it was saved. */
export type EngineEvent =
  | { type: 'fills'; accountId: string; fills: FillRecord[] }
  | {
      type: 'freeze';
      accountId: string;
      until: number;
      reason: FreezeReason;
      fills: FillRecord[];
      canceledOrderIds: string[];
    }
  | { type: 'release'; accountId: string }
  | { type: 'order_canceled'; accountId: string; orderId: string; reason: CancelReason }
  | { type: 'start'; groupId: string }
  | { type: 'finalize'; groupId: string; ranks: Array<{ accountId: string; rank: number }> };

/** The notifications the engine writes (a subset of the notification service's kinds). */
export type EngineNotification = {
  userId: string;
  kind:
    | 'account_frozen'
    | 'account_released'
    | 'order_canceled'
    | 'competition_started'
    | 'competition_final_rank'
    | 'challenge_passed'
    | 'challenge_failed'
    | 'challenge_day_ended';
  title: string;
  message: string;
  link: string;
};

/** What to announce once the transaction that stored a notification has committed. */
export type EngineAnnouncement = { channel: string; payload: Record<string, unknown> };

/**
 * The port through which the engine tells users something (the engine imports no service; the
 * composition root wires the notification service in): `record` stores in the tick's transaction,
 * `announce` rings the bells after it committed (a rolled-back write must not ring anyone's bell).
 */
export type EngineNotifier = {
  record(tx: DbExecutor, notifications: EngineNotification[]): Promise<EngineAnnouncement[]>;
  announce(announcements: EngineAnnouncement[]): Promise<void>;
};

/** What a tick planned and its transaction saved. */
export type TickResult = {
  writes: AccountWrite[];
  events: EngineEvent[];
  notifications: EngineNotification[];
  started: GroupState[];
  finalized: GroupState[];
  /** Accounts whose stored copy is newer than memory while nothing happened to them: reload. */
  reload: string[];
};

export const emptyTickResult = (): TickResult => ({
  writes: [],
  events: [],
  notifications: [],
  started: [],
  finalized: [],
  reload: [],
});

export type EngineOptions = {
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  seed: number;
  /** Stores the tick's notifications in its transaction and announces them after (the notification service). */
  notifier: EngineNotifier;
  /** The PostgreSQL pool, when several processes may run (leases need none: they are rows). */
  pool?: pg.Pool;
  /** How often the engine's leases are renewed and spread over the processes. Default 1 s. */
  leaderRetryMs?: number;
  /** How long a lease outlives its holder's last renewal (a killed process's competitions move after it). Default 3 s. */
  leaseTtlMs?: number;
  /** Live market-data providers by name (instruments name theirs); none: every market is simulated. */
  providers?: MarketDataProviders;
  /** A live quote older than this is stale: nothing fills on it (default 5 s). */
  staleAfterMs?: number;
};

export type EngineStatus = {
  /** 'leader' while this process holds the market's lease. */
  role: 'leader' | 'follower';
  /** The market lease's epoch (0 when not held). */
  epoch: number;
  /** Competitions whose lease this process holds. */
  competitions: number;
  /** Engine processes alive at the last lease round. */
  processes: number;
  /** How long the last tick took, from its quotes to its saved and published result. */
  lastTickMs: number;
  /** How far the ticks run behind the one-second clock right now (0 when on time). */
  lagMs: number;
  /** Seconds skipped because the previous tick was still saving (back-pressure). */
  skippedTicks: number;
  failedTicks: number;
  /** Accounts announced by other processes, waiting to be reloaded before the next tick. */
  reloadQueue: number;
  /** Durations of the last minute of ticks (each held competition's tick lasts the whole tick). */
  ticks: TickTimingSummary;
};
