import {
  candles as candlesTable,
  type Database,
  type DbExecutor,
  groupEngineState,
  groupParticipants,
  groups,
  instruments as instrumentsTable,
  marketState,
  replayBars as replayBarsTable,
  tradingAccounts,
} from '@candlewise/db';
import {
  barAt,
  type FreezeReason,
  LEVERAGE,
  type MarketSession,
  MINUTE_MS,
  minorToDecimalText,
  minorUnitsOf,
  priceInBar,
  type ReplayBar,
  replayTime,
} from '@candlewise/shared';
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AdvisoryLeader, LostLeadershipError } from '../lib/advisory-leader.ts';
import type { EventBus } from '../providers/events/event-bus.ts';
import type { MarketDataProviders } from '../providers/market-data/market-data-provider.ts';
import {
  announceNotifications,
  type NewNotification,
  type NotificationAnnouncement,
  recordNotifications,
} from '../services/notifications/notify.ts';
import {
  type AccountState,
  type CancelReason,
  cloneAccount,
  closeOut,
  computeStandings,
  decideAccount,
  decisionChangesAccount,
  type FillRecord,
  type GroupState,
  type InstrumentTerms,
  Market,
  markToMarket,
  needsDecision,
  type StandingRow,
} from './account-book.ts';
import { type AccountWrite, loadAccounts, saveAccounts } from './account-ledger.ts';
import { CandleBook } from './candle-book.ts';
import { type MarketQuote, roundToTick, SimulatedFeed } from './simulated-feed.ts';

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

const LEADER_LOCK_KEY = 727_003;
const TICK_MS = 1000;
/** Equity and peak of every account are saved every few ticks (fills and freezes at once). */
const SNAPSHOT_EVERY_TICKS = 5;
/** Every few ticks the leader compares recent account versions with its memory (lost messages). */
const RECONCILE_EVERY_TICKS = 10;
/** A tick slower than this is logged (at most every 30 s) with the engine's status. */
const SLOW_TICK_MS = 1000;

export type EngineOptions = {
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  seed: number;
  /** The PostgreSQL pool, when several processes may run: one of them leads (advisory lock). */
  pool?: pg.Pool;
  /** How often a follower tries for the lead (and the leader checks its lock). Default 2 s. */
  leaderRetryMs?: number;
  /** Live market-data providers by name (instruments name theirs); none: every market is simulated. */
  providers?: MarketDataProviders;
  /** A live quote older than this is stale: nothing fills on it (default 5 s). */
  staleAfterMs?: number;
};

type InstrumentRow = typeof instrumentsTable.$inferSelect;

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

export type EngineStatus = {
  role: 'leader' | 'follower';
  epoch: number;
  /** How long the last tick took, from its quotes to its saved and published result. */
  lastTickMs: number;
  /** How far the ticks run behind the one-second clock right now (0 when on time). */
  lagMs: number;
  /** Seconds skipped because the previous tick was still saving (back-pressure). */
  skippedTicks: number;
  failedTicks: number;
  /** Accounts announced by other processes, waiting to be reloaded before the next tick. */
  reloadQueue: number;
};

type TickResult = {
  writes: AccountWrite[];
  events: EngineEvent[];
  notifications: NewNotification[];
  started: GroupState[];
  finalized: GroupState[];
};

/**
 * The paper-trading engine (docs/architecture.md §Competitions, §Market data and paper trading), in three steps per second:
 * - decide: the leader asks each in-memory account whether the new quotes change it (a pending
 *   order triggers, a stop is hit, a freeze or a release is due) — pure and cheap;
 * - persist: one transaction, fenced by the leader's epoch, locks exactly those accounts, decides
 *   again on the locked database copy (what is saved is what was decided) and saves through the
 *   ledger (`account-ledger.ts`), the only path by which any process changes an account;
 * - publish: the saved states replace the in-memory ones (newer versions win), then quotes,
 *   standings and notifications go out.
 * Orders from any process go through the same ledger under the same row lock; the leader installs
 * the saved state (or reloads it when another process announces it). Ticks run one at a time: a
 * slow save delays the next second instead of queueing behind it (back-pressure, see status()).
 */
export class TradingEngine {
  readonly candles = new CandleBook();
  instruments = new Map<string, InstrumentRow>();
  /** Contract size per symbol. */
  sizes = new Map<string, number>();
  groups = new Map<string, GroupState>();
  private terms = new Map<string, InstrumentTerms>();
  /** Instruments whose quotes come from a market-data provider, and their last quote. */
  private liveSymbols = new Map<string, InstrumentRow>();
  private liveQuotes = new Map<string, { bid: number; ask: number; time: number; receivedAt: number }>();
  private feed!: SimulatedFeed;
  private quotes = new Map<string, MarketQuote>();
  private followerStandings = new Map<string, { rows: StandingRow[]; at: number }>();
  private readonly leadership: AdvisoryLeader;
  private timer: NodeJS.Timeout | null = null;
  private tickCount = 0;
  private ticking: Promise<EngineEvent[]> | null = null;
  private reloadQueue = new Set<string>();
  private instrumentsChanged = false;
  /** Replay competitions: their bars, and the quotes of the last tick. */
  private replayBars = new Map<string, Map<string, ReplayBar[]>>();
  private groupQuotes = new Map<string, Map<string, MarketQuote>>();
  private groupQuoteSubscriptions = new Set<string>();
  private groupReloads = new Set<string>();
  private unsubscribers: Array<() => Promise<void>> = [];
  private stopped = false;
  /** False from the moment this process leads until the saved market and competitions are loaded. */
  private ready = false;
  private stats = { lastTickMs: 0, lastTickDoneAt: 0, skippedTicks: 0, failedTicks: 0, lastSlowLog: 0 };

  constructor(private readonly options: EngineOptions) {
    this.leadership = new AdvisoryLeader({
      name: 'trading-engine',
      lockKey: LEADER_LOCK_KEY,
      db: options.db,
      pool: options.pool,
      log: options.log,
      retryMs: options.leaderRetryMs ?? 2000,
      onLead: () => this.takeOver(),
      onLose: () => this.stepDown(),
    });
  }

  get isLeader(): boolean {
    return this.leadership.isLeader;
  }

  status(): EngineStatus {
    const since = this.stats.lastTickDoneAt ? Date.now() - this.stats.lastTickDoneAt : 0;
    return {
      role: this.isLeader ? 'leader' : 'follower',
      epoch: this.leadership.epoch,
      lastTickMs: Math.round(this.stats.lastTickMs),
      lagMs: this.isLeader && this.timer ? Math.max(0, Math.round(since - TICK_MS)) : 0,
      skippedTicks: this.stats.skippedTicks,
      failedTicks: this.stats.failedTicks,
      reloadQueue: this.reloadQueue.size,
    };
  }

  /** Loads instruments, the market as last saved and recent candles (every process does). */
  async load(): Promise<void> {
    const { db } = this.options;
    const rows = await db.select().from(instrumentsTable).orderBy(asc(instrumentsTable.position));
    this.instruments = new Map(rows.map((row) => [row.symbol, row]));
    this.sizes = new Map(rows.map((row) => [row.symbol, row.contractSize]));
    this.terms = new Map(
      rows.map((row) => [
        row.symbol,
        { contractSize: row.contractSize, currency: row.currency, session: row.session as MarketSession },
      ]),
    );
    const saved = await db.select().from(marketState);
    this.liveSymbols = new Map(
      rows.filter((row) => row.provider !== 'simulated').map((row) => [row.symbol, row] as const),
    );
    this.feed = new SimulatedFeed(
      rows
        .filter((row) => row.provider === 'simulated')
        .map((row) => ({
          symbol: row.symbol,
          basePrice: row.basePrice,
          volatility: row.volatility,
          spread: row.spread,
          tickSize: row.tickSize,
        })),
      this.options.seed,
      new Map(saved.map((row) => [row.symbol, { mid: row.mid, rngState: row.rngState }])),
    );
    this.quotes = this.composeQuotes(this.feed.current(), Date.now());
    const recent = await db
      .select()
      .from(candlesTable)
      .where(gt(candlesTable.startTime, new Date(Date.now() - 6 * 3_600_000)))
      .orderBy(asc(candlesTable.startTime));
    this.candles.forgetChanges();
    for (const symbol of this.instruments.keys()) {
      this.candles.load(
        symbol,
        recent
          .filter((row) => row.symbol === symbol)
          .map((row) => ({
            time: row.startTime.getTime(),
            open: row.open,
            high: row.high,
            low: row.low,
            close: row.close,
          })),
      );
    }
  }

  /** Starts the one-second clock and the competition for the lead (the server; tests tick by hand). */
  async start(): Promise<void> {
    if (!this.feed) await this.load();
    await this.subscribe();
    await this.leadership.start();
    this.timer = setInterval(() => {
      if (!this.isLeader) return;
      if (this.ticking) {
        this.stats.skippedTicks += 1;
        return;
      }
      void this.tickOnce(Date.now()).catch(() => undefined);
    }, TICK_MS);
    this.timer.unref();
  }

  /** Tries once to become the leader now (tests; the server keeps trying through start()). */
  async tryLead(): Promise<boolean> {
    if (!this.feed) await this.load();
    if (!this.unsubscribers.length) await this.subscribe();
    return this.leadership.tryLead();
  }

  /**
   * A new leader continues from the last saved market (every tick saves it, fenced), never from
   * what this process read at boot, and loads the live competitions fresh.
   */
  private async takeOver(): Promise<void> {
    this.ready = false; // no tick may run on the state this process had as a follower
    await this.load();
    this.groups.clear();
    this.reloadQueue.clear();
    await this.loadGroups();
    await this.startProviders();
    this.ready = true;
  }

  /** Subscribes each provider to the instruments that name it (the leader alone holds connections). */
  private async startProviders(): Promise<void> {
    const byProvider = new Map<string, Array<{ symbol: string; providerSymbol: string }>>();
    for (const [symbol, row] of this.liveSymbols) {
      const list = byProvider.get(row.provider) ?? [];
      list.push({ symbol, providerSymbol: row.providerSymbol ?? symbol });
      byProvider.set(row.provider, list);
    }
    for (const [name, subscriptions] of byProvider) {
      const provider = this.options.providers?.get(name);
      if (!provider) {
        this.options.log.warn(
          { provider: name, symbols: subscriptions.map((item) => item.symbol) },
          'trading engine: instruments name a market-data provider that is not configured; they get no quotes',
        );
        continue;
      }
      await provider
        .start(subscriptions, (quote) => {
          if (!this.liveSymbols.has(quote.symbol) || !(quote.bid > 0) || !(quote.ask >= quote.bid)) return;
          this.liveQuotes.set(quote.symbol, {
            bid: quote.bid,
            ask: quote.ask,
            time: quote.time ?? Date.now(),
            receivedAt: Date.now(),
          });
        })
        .catch((error) =>
          this.options.log.error(
            { provider: name, reason: (error as Error).message },
            'market data provider failed to start',
          ),
        );
    }
  }

  private async stopProviders(): Promise<void> {
    for (const provider of this.options.providers?.values() ?? [])
      await provider.stop().catch(() => undefined);
  }

  /**
   * This second's quotes: the simulated instruments' step, and the last quote of each live one —
   * marked stale once its provider has said nothing for `staleAfterMs` (nothing fills on it).
   */
  private composeQuotes(simulated: Map<string, MarketQuote>, now: number): Map<string, MarketQuote> {
    if (!this.liveSymbols.size) return simulated;
    const quotes = new Map(simulated);
    const staleAfter = this.options.staleAfterMs ?? 5000;
    for (const [symbol, row] of this.liveSymbols) {
      const live = this.liveQuotes.get(symbol);
      if (!live) continue;
      quotes.set(symbol, {
        symbol,
        bid: live.bid,
        ask: live.ask,
        mid: roundToTick((live.bid + live.ask) / 2, row.tickSize),
        time: live.time,
        ...(now - live.receivedAt > staleAfter ? { stale: true } : {}),
      });
    }
    return quotes;
  }

  /** A configured live provider by name (admin: test connection). */
  provider(name: string) {
    return this.options.providers?.get(name);
  }

  /** The bars a replay competition will play, from its first replayed minute to its end. */
  private async loadReplayBars(group: GroupState): Promise<void> {
    if (!group.replay) return;
    const until = replayTime(group.replay.from, group.startMs, group.replay.speed, group.endMs) + MINUTE_MS;
    const rows = await this.options.db
      .select()
      .from(replayBarsTable)
      .where(
        and(
          inArray(replayBarsTable.symbol, group.symbols),
          gte(replayBarsTable.time, new Date(group.replay.from - MINUTE_MS)),
          lte(replayBarsTable.time, new Date(until)),
        ),
      )
      .orderBy(asc(replayBarsTable.time));
    const bySymbol = new Map<string, ReplayBar[]>();
    for (const row of rows) {
      const list = bySymbol.get(row.symbol) ?? [];
      list.push({
        time: row.time.getTime(),
        open: row.open,
        high: row.high,
        low: row.low,
        close: row.close,
        volume: row.volume,
      });
      bySymbol.set(row.symbol, list);
    }
    this.replayBars.set(group.id, bySymbol);
  }

  /**
   * A replay competition's quotes at a real moment: each of its instruments priced from its bars
   * at the replayed time (shared/trading/replay-bars: the path through the bar, the instrument's
   * spread around it); stale once the bars run out.
   */
  private replayQuotes(group: GroupState, now: number): Map<string, MarketQuote> {
    const quotes = new Map<string, MarketQuote>();
    if (!group.replay) return quotes;
    const at = replayTime(group.replay.from, group.startMs, group.replay.speed, now);
    for (const [symbol, bars] of this.replayBars.get(group.id) ?? []) {
      const bar = barAt(bars, at);
      const instrument = this.instruments.get(symbol);
      if (!bar || !instrument) continue;
      const mid = priceInBar(bar, at);
      const half = instrument.spread / 2;
      quotes.set(symbol, {
        symbol,
        bid: roundToTick(mid - half, instrument.tickSize),
        ask: roundToTick(mid + half, instrument.tickSize),
        mid: roundToTick(mid, instrument.tickSize),
        time: at,
        ...(at >= bars[bars.length - 1].time + MINUTE_MS ? { stale: true } : {}),
      });
    }
    return quotes;
  }

  /**
   * The market a competition trades on: the live one, or for a replay its replayed quotes over the
   * live ones (currency rates stay live), always open while bars last.
   */
  marketFor(group: { id: string; marketMode?: string } | GroupState): Market {
    const replaying = 'replay' in group ? group.replay !== null : group.marketMode === 'replay';
    if (!replaying) return this.market();
    const replayed = this.isLeader ? this.groupQuotes.get(group.id) : this.followerGroupQuotes(group.id);
    const quotes = new Map([...this.quotes, ...(replayed ?? new Map())]);
    const terms = new Map(this.terms);
    for (const symbol of replayed?.keys() ?? []) {
      const known = terms.get(symbol);
      if (known) terms.set(symbol, { ...known, session: 'always' });
    }
    return new Market(quotes, terms);
  }

  /** A follower learns a replay's quotes from the leader (subscribing on first use). */
  private followerGroupQuotes(groupId: string): Map<string, MarketQuote> | undefined {
    if (!this.groupQuoteSubscriptions.has(groupId)) {
      this.groupQuoteSubscriptions.add(groupId);
      void this.options.bus
        .subscribe(ENGINE_CHANNELS.groupQuotes(groupId), (payload) => {
          this.groupQuotes.set(
            groupId,
            new Map((payload as MarketQuote[]).map((quote) => [quote.symbol, quote])),
          );
        })
        .then((unsubscribe) => this.unsubscribers.push(unsubscribe))
        .catch(() => this.groupQuoteSubscriptions.delete(groupId));
    }
    return this.groupQuotes.get(groupId);
  }

  /** Each live provider's connection state (admin). */
  providerStatus() {
    return [...(this.options.providers?.values() ?? [])].map((provider) => provider.status());
  }

  private stepDown(): void {
    void this.stopProviders();
    this.ready = false;
    this.replayBars.clear();
    this.groupQuotes.clear();
    this.groups.clear();
    this.reloadQueue.clear();
    this.groupReloads.clear();
  }

  private async subscribe(): Promise<void> {
    const { bus } = this.options;
    this.unsubscribers.push(
      await bus.subscribe(ENGINE_CHANNELS.accountChanged, (payload) => {
        if (!this.isLeader) return;
        const { accountId, version } = payload as { accountId: string; version?: number };
        const known = this.findAccount(accountId);
        if (known && version !== undefined && known.version >= version) return;
        this.reloadQueue.add(accountId);
      }),
      await bus.subscribe(ENGINE_CHANNELS.instrumentsChanged, () => {
        this.instrumentsChanged = true;
        if (!this.isLeader)
          void this.load().catch((error) => this.options.log.error({ err: error }, 'reload instruments'));
      }),
      await bus.subscribe(ENGINE_CHANNELS.groupChanged, (payload) => {
        if (this.isLeader) this.groupReloads.add((payload as { groupId: string }).groupId);
      }),
      await bus.subscribe(ENGINE_CHANNELS.quotes, (payload) => {
        if (this.isLeader) return;
        for (const quote of payload as MarketQuote[]) {
          this.quotes.set(quote.symbol, quote);
          this.candles.add(quote.symbol, quote.mid, quote.time);
        }
      }),
    );
  }

  /** Loads (or refreshes) competitions not yet finalised, and any of their accounts that changed. */
  async loadGroups(onlyGroupId?: string): Promise<void> {
    const { db } = this.options;
    const rows = await db
      .select({ group: groups, state: groupEngineState })
      .from(groups)
      .leftJoin(groupEngineState, eq(groupEngineState.groupId, groups.id))
      .where(
        onlyGroupId
          ? eq(groups.id, onlyGroupId)
          : or(isNull(groupEngineState.finalizedAt), isNull(groupEngineState.groupId)),
      );
    for (const { group, state } of rows) {
      if (!group.startDate || !group.endDate) continue;
      const existing = this.groups.get(group.id);
      const groupState: GroupState = {
        id: group.id,
        name: group.name,
        currency: group.currency,
        startMs: group.startDate.getTime(),
        endMs: group.endDate.getTime(),
        freezeThreshold: group.freezeThreshold,
        freezeDurationMs: group.freezeDuration,
        drawdownBasis: group.drawdownBasis as GroupState['drawdownBasis'],
        dailyLossLimit: group.dailyLossLimit,
        dailyResetHour: group.dailyResetHour,
        timeZone: group.timeZone,
        replay:
          group.marketMode === 'replay' && group.replayFrom
            ? { from: group.replayFrom.getTime(), speed: group.replaySpeed }
            : null,
        symbols: group.instruments,
        accounts: existing?.accounts ?? new Map(),
        startAnnounced: Boolean(state?.startAnnouncedAt),
        finalized: Boolean(state?.finalizedAt),
        standings: existing?.standings ?? [],
        standingsStale: true,
      };
      this.groups.set(group.id, groupState);
      if (groupState.replay) await this.loadReplayBars(groupState);
      else this.replayBars.delete(group.id);
      const versions = await db
        .select({ id: tradingAccounts.id, version: tradingAccounts.version })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.groupId, group.id));
      const stale = versions
        .filter(({ id, version }) => (groupState.accounts.get(id)?.version ?? -1) < version)
        .map(({ id }) => id);
      await this.reload(stale);
    }
  }

  /** Reads accounts from the database and installs the ones newer than memory. */
  private async reload(accountIds: string[]): Promise<void> {
    for (let i = 0; i < accountIds.length; i += 1000) {
      const loaded = await loadAccounts(this.options.db, accountIds.slice(i, i + 1000));
      for (const account of loaded.values()) this.install(account, { authoritativePeak: false });
    }
  }

  /**
   * Puts a saved account state in memory unless memory already holds a newer one (versions only
   * grow, and every save bumps them, so the newest state always wins whatever order they arrive in).
   * The peak is the engine's running maximum: a state saved by an order keeps the higher of the
   * two; a tick's save (a release resets it) is taken as is.
   */
  private install(account: AccountState, options: { authoritativePeak: boolean }): boolean {
    const group = this.groups.get(account.groupId);
    if (!group) {
      this.groupReloads.add(account.groupId);
      return false;
    }
    const current = group.accounts.get(account.id);
    if (current && current.version >= account.version) return false;
    if (current && !options.authoritativePeak)
      account.peakEquity = Math.max(account.peakEquity, current.peakEquity);
    markToMarket(account, this.marketFor(group));
    group.accounts.set(account.id, account);
    group.standingsStale = true;
    return true;
  }

  /**
   * An account was saved through the ledger by this process (an order, a cancel, a removal): the
   * leader takes the saved state as it is; a follower tells the leader, which reloads it.
   */
  async accountSaved(account: AccountState): Promise<void> {
    if (this.isLeader) {
      this.install(account, { authoritativePeak: false });
      return;
    }
    await this.options.bus
      .publish(ENGINE_CHANNELS.accountChanged, { accountId: account.id, version: account.version })
      .catch(() => undefined);
  }

  /** An account changed in the database (a new member): the leader loads it before the next tick. */
  async announceAccountChange(accountId: string): Promise<void> {
    if (this.isLeader) {
      this.reloadQueue.add(accountId);
      return;
    }
    await this.options.bus.publish(ENGINE_CHANNELS.accountChanged, { accountId }).catch(() => undefined);
  }

  /** A competition was created or edited. */
  async announceGroupChange(groupId: string): Promise<void> {
    if (this.isLeader) {
      await this.loadGroups(groupId);
      return;
    }
    await this.options.bus.publish(ENGINE_CHANNELS.groupChanged, { groupId }).catch(() => undefined);
  }

  /** Instruments changed (admin): every process reloads them; the leader also resubscribes providers. */
  async announceInstrumentsChange(): Promise<void> {
    this.instrumentsChanged = true;
    if (!this.isLeader) await this.load();
    await this.options.bus.publish(ENGINE_CHANNELS.instrumentsChanged, {}).catch(() => undefined);
  }

  /** Applies what other processes announced, in order with the ticks (called before each tick). */
  private async applyAnnouncements(): Promise<void> {
    if (this.instrumentsChanged && this.isLeader) {
      this.instrumentsChanged = false;
      // The market saved by the last tick is what load() continues from: nothing is rewound.
      await this.load();
      await this.stopProviders();
      await this.startProviders();
    }
    for (const groupId of [...this.groupReloads]) {
      this.groupReloads.delete(groupId);
      await this.loadGroups(groupId);
    }
    if (!this.reloadQueue.size) return;
    const ids = [...this.reloadQueue];
    this.reloadQueue.clear();
    await this.reload(ids);
  }

  /** Finds accounts changed recently whose version memory does not have (a message was lost). */
  private async reconcile(): Promise<void> {
    const recent = await this.options.db
      .select({ id: tradingAccounts.id, version: tradingAccounts.version })
      .from(tradingAccounts)
      .where(gt(tradingAccounts.updatedAt, sql`now() - interval '30 seconds'`));
    for (const { id, version } of recent) {
      const known = this.findAccount(id);
      if ((known?.version ?? -1) < version) this.reloadQueue.add(id);
    }
  }

  market(quotes: Map<string, MarketQuote> = this.quotes): Market {
    return new Market(quotes, this.terms);
  }

  /** One second of market and competition; returns what happened once it is saved. */
  tickOnce(now: number, quotes?: Map<string, MarketQuote>): Promise<EngineEvent[]> {
    const previous = this.ticking ?? Promise.resolve([]);
    const run = previous
      .catch(() => [])
      .then(() => this.runTick(now, quotes))
      .finally(() => {
        if (this.ticking === run) this.ticking = null;
      });
    this.ticking = run;
    return run;
  }

  private async runTick(now: number, quotes?: Map<string, MarketQuote>): Promise<EngineEvent[]> {
    if (!this.isLeader || !this.ready || this.stopped) return [];
    const started = performance.now();
    try {
      if (this.tickCount % RECONCILE_EVERY_TICKS === RECONCILE_EVERY_TICKS - 1) await this.reconcile();
      await this.applyAnnouncements();
      this.quotes = quotes ?? this.composeQuotes(this.feed.tick(now), now);
      for (const quote of this.quotes.values())
        if (!quote.stale) this.candles.add(quote.symbol, quote.mid, now);
      const live = this.market();
      const markets = new Map<string, Market>();
      for (const group of this.groups.values()) {
        if (!group.replay) continue;
        this.groupQuotes.set(group.id, this.replayQuotes(group, now));
        markets.set(group.id, this.marketFor(group));
      }
      const marketOf = (group: GroupState) => markets.get(group.id) ?? live;

      // Decide (in memory, cheap): which accounts and competitions need a write this second.
      const touched: string[] = [];
      const starting: GroupState[] = [];
      const ending: GroupState[] = [];
      for (const group of this.groups.values()) {
        if (group.finalized || now < group.startMs) continue;
        if (!group.startAnnounced) starting.push(group);
        if (now >= group.endMs) {
          ending.push(group);
          continue;
        }
        for (const account of group.accounts.values())
          if (needsDecision(account, group, marketOf(group), now)) touched.push(account.id);
        group.standingsStale = true;
      }

      this.tickCount += 1;
      const snapshot = this.tickCount % SNAPSHOT_EVERY_TICKS === 0;
      let result: TickResult;
      let announcements: NotificationAnnouncement[] = [];
      try {
        ({ result, announcements } = await this.options.db.transaction(async (tx) => {
          await this.leadership.fence(tx);
          const decided = await this.persistTick(tx, { touched, starting, ending, marketOf, now });
          await this.saveMarket(tx, snapshot);
          return { result: decided, announcements: await recordNotifications(tx, decided.notifications) };
        }));
      } catch (error) {
        if (error instanceof LostLeadershipError) return [];
        this.stats.failedTicks += 1;
        this.options.log.error(
          { err: error },
          'trading engine: a tick could not be saved; retrying its accounts one by one',
        );
        ({ result, announcements } = await this.persistOneByOne({
          touched,
          starting,
          ending,
          marketOf,
          now,
        }));
      }

      // Publish: saved states into memory, then the world hears about it.
      for (const write of result.writes) this.install(write.after, { authoritativePeak: true });
      for (const group of result.started) group.startAnnounced = true;
      for (const group of result.finalized) group.finalized = true;
      await this.publish(now, result, announcements);
      return result.events;
    } finally {
      this.stats.lastTickMs = performance.now() - started;
      this.stats.lastTickDoneAt = Date.now();
      if (this.stats.lastTickMs > SLOW_TICK_MS && Date.now() - this.stats.lastSlowLog > 30_000) {
        this.stats.lastSlowLog = Date.now();
        this.options.log.warn({ engine: this.status() }, 'trading engine: ticks are running behind');
      }
    }
  }

  /** Inside the tick's transaction: claims, locks, decides again on the stored state, saves. */
  private async persistTick(
    tx: DbExecutor,
    work: {
      touched: string[];
      starting: GroupState[];
      ending: GroupState[];
      marketOf: (group: GroupState) => Market;
      now: number;
    },
  ): Promise<TickResult> {
    const result: TickResult = { writes: [], events: [], notifications: [], started: [], finalized: [] };
    const { marketOf, now } = work;

    for (const group of work.starting) {
      const [claimed] = await tx
        .insert(groupEngineState)
        .values({ groupId: group.id, startAnnouncedAt: new Date() })
        .onConflictDoUpdate({
          target: groupEngineState.groupId,
          set: { startAnnouncedAt: new Date() },
          setWhere: isNull(groupEngineState.startAnnouncedAt),
        })
        .returning({ groupId: groupEngineState.groupId });
      result.started.push(group);
      if (!claimed) continue;
      result.events.push({ type: 'start', groupId: group.id });
      if (now >= group.endMs) continue; // nobody wants "it started" for a finished competition
      for (const account of group.accounts.values()) {
        if (account.removed) continue;
        result.notifications.push({
          userId: account.userId,
          kind: 'competition_started',
          title: `${group.name} has started`,
          message: 'Orders are open. Trade carefully: the freeze rule is watching your drawdown.',
          link: `/group/${group.id}/leaderboard`,
        });
      }
    }

    // Every account this tick may write is locked in one statement, in id order (as every other
    // writer locks), so the tick and the order desks never wait on each other in a cycle.
    const endingIds = new Map<string, string[]>();
    for (const group of work.ending) {
      const rows = await tx
        .select({ id: tradingAccounts.id })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.groupId, group.id));
      endingIds.set(
        group.id,
        rows.map((row) => row.id),
      );
    }
    const locked = await loadAccounts(tx, [...work.touched, ...[...endingIds.values()].flat()], {
      lock: true,
    });
    const touched = new Set(work.touched);

    // Accounts whose in-memory copy says something happens: decided again under the lock.
    for (const before of locked.values()) {
      if (!touched.has(before.id)) continue;
      const group = this.groups.get(before.groupId);
      if (!group) continue;
      const after = cloneAccount(before);
      const memory = group.accounts.get(before.id);
      if (memory) after.peakEquity = Math.max(after.peakEquity, memory.peakEquity);
      const decision = decideAccount(after, group, marketOf(group), now);
      if (!decisionChangesAccount(decision)) {
        if (memory && memory.version < before.version) this.reloadQueue.add(before.id);
        continue;
      }
      result.writes.push({
        before,
        after,
        fills: decision.fills,
        filledOrders: decision.filledOrders,
        canceledOrders: decision.canceledOrders,
      });
      this.describeDecision(group, after, decision, result);
    }

    for (const group of work.ending) {
      const [claimed] = await tx
        .insert(groupEngineState)
        .values({ groupId: group.id, startAnnouncedAt: new Date(), finalizedAt: new Date() })
        .onConflictDoUpdate({
          target: groupEngineState.groupId,
          set: { finalizedAt: new Date() },
          setWhere: isNull(groupEngineState.finalizedAt),
        })
        .returning({ groupId: groupEngineState.groupId });
      result.finalized.push(group);
      if (!claimed) continue;
      const closing: AccountWrite[] = [];
      for (const id of endingIds.get(group.id) ?? []) {
        const before = locked.get(id);
        if (!before) continue;
        const after = cloneAccount(before);
        const memory = group.accounts.get(before.id);
        if (memory) after.peakEquity = Math.max(after.peakEquity, memory.peakEquity);
        const decision = before.removed
          ? { fills: [], canceledOrders: [] }
          : closeOut(after, marketOf(group), 'competition_end');
        closing.push({ before, after, fills: decision.fills, canceledOrders: decision.canceledOrders });
      }
      const ranks = computeStandings(closing.map((write) => write.after));
      const byUser = new Map(closing.map((write) => [write.after.userId, write.after]));
      for (const row of ranks) byUser.get(row.userId)!.finalRank = row.rank;
      result.writes.push(...closing);
      result.events.push({
        type: 'finalize',
        groupId: group.id,
        ranks: ranks.map((row) => ({ accountId: byUser.get(row.userId)!.id, rank: row.rank })),
      });
      for (const row of ranks) {
        result.notifications.push({
          userId: row.userId,
          kind: 'competition_final_rank',
          title: `${group.name}: final standings`,
          message: `You finished #${row.rank} of ${ranks.length}.`,
          link: `/group/${group.id}/leaderboard`,
        });
      }
    }

    await saveAccounts(tx, result.writes);
    return result;
  }

  /** Events and notifications for one account's decision. */
  private describeDecision(
    group: GroupState,
    account: AccountState,
    decision: ReturnType<typeof decideAccount>,
    result: TickResult,
  ): void {
    const link = `/group/${group.id}/leaderboard`;
    if (decision.released) {
      result.events.push({ type: 'release', accountId: account.id });
      result.notifications.push({
        userId: account.userId,
        kind: 'account_released',
        title: 'Trading resumed',
        message: `Your account in ${group.name} is active again. Your drawdown is now measured from here.`,
        link,
      });
    }
    const frozenFills = decision.fills.filter((fill) => fill.reason === 'freeze');
    const otherFills = decision.fills.filter((fill) => fill.reason !== 'freeze');
    if (otherFills.length) result.events.push({ type: 'fills', accountId: account.id, fills: otherFills });
    for (const canceled of decision.canceledOrders) {
      if (canceled.reason !== 'buying_power') continue;
      const { order } = canceled;
      result.events.push({
        type: 'order_canceled',
        accountId: account.id,
        orderId: order.id,
        reason: 'buying_power',
      });
      result.notifications.push({
        userId: account.userId,
        kind: 'order_canceled',
        title: 'Order canceled',
        message: `Your ${order.side} ${order.type} order for ${order.quantity} ${order.symbol} in ${group.name} was canceled: filling it would have taken your exposure past ${LEVERAGE}× your equity.`,
        link,
      });
    }
    if (decision.frozeUntil !== null) {
      result.events.push({
        type: 'freeze',
        accountId: account.id,
        until: decision.frozeUntil,
        reason: decision.frozeFor ?? 'drawdown',
        fills: frozenFills,
        canceledOrderIds: decision.canceledOrders
          .filter((order) => order.reason === 'freeze')
          .map((order) => order.id),
      });
      result.notifications.push({
        userId: account.userId,
        kind: 'account_frozen',
        title: 'Account frozen',
        message:
          decision.frozeFor === 'daily_loss'
            ? `Your loss today in ${group.name} reached the daily limit of ${group.dailyLossLimit}%. Positions were closed and trading pauses until ${new Date(decision.frozeUntil).toISOString()}.`
            : `Your drawdown in ${group.name} reached ${group.freezeThreshold}%. Positions were closed and trading pauses until ${new Date(decision.frozeUntil).toISOString()}.`,
        link,
      });
    }
  }

  /** When the tick's one transaction failed: each account in its own, so one bad account stalls nobody. */
  private async persistOneByOne(work: {
    touched: string[];
    starting: GroupState[];
    ending: GroupState[];
    marketOf: (group: GroupState) => Market;
    now: number;
  }): Promise<{ result: TickResult; announcements: NotificationAnnouncement[] }> {
    const total: TickResult = { writes: [], events: [], notifications: [], started: [], finalized: [] };
    const announcements: NotificationAnnouncement[] = [];
    const parts = [
      { ...work, touched: [], starting: work.starting, ending: work.ending },
      ...work.touched.map((id) => ({ ...work, touched: [id], starting: [], ending: [] })),
    ];
    for (const part of parts) {
      try {
        const saved = await this.options.db.transaction(async (tx) => {
          await this.leadership.fence(tx);
          const result = await this.persistTick(tx, part);
          return { result, announcements: await recordNotifications(tx, result.notifications) };
        });
        total.writes.push(...saved.result.writes);
        total.events.push(...saved.result.events);
        total.started.push(...saved.result.started);
        total.finalized.push(...saved.result.finalized);
        announcements.push(...saved.announcements);
      } catch (error) {
        if (error instanceof LostLeadershipError) break;
        this.options.log.error(
          { err: error, accounts: part.touched },
          'trading engine: could not save an account',
        );
      }
    }
    await this.options.db
      .transaction(async (tx) => {
        await this.leadership.fence(tx);
        await this.saveMarket(tx, false);
      })
      .catch((error) => this.options.log.error({ err: error }, 'trading engine: could not save the market'));
    return { result: total, announcements };
  }

  private async publish(
    now: number,
    result: TickResult,
    announcements: NotificationAnnouncement[],
  ): Promise<void> {
    const { bus } = this.options;
    void bus.publish(ENGINE_CHANNELS.quotes, [...this.quotes.values()]).catch(() => undefined);
    const finalizedNow = new Set(result.finalized.map((group) => group.id));
    for (const [groupId, quotes] of this.groupQuotes) {
      if (this.groups.get(groupId)?.replay)
        void bus.publish(ENGINE_CHANNELS.groupQuotes(groupId), [...quotes.values()]).catch(() => undefined);
    }
    for (const group of this.groups.values()) {
      if (now < group.startMs || (group.finalized && !finalizedNow.has(group.id))) continue;
      group.standings = computeStandings(group.accounts.values());
      group.standingsStale = false;
      void bus.publish(ENGINE_CHANNELS.standings(group.id), group.standings).catch(() => undefined);
    }
    await announceNotifications(bus, announcements);
  }

  /**
   * The market as of this tick (mid and generator state), the candles in progress and, every few
   * ticks, every account's equity and peak: a new leader continues exactly from here.
   */
  private async saveMarket(tx: DbExecutor, snapshot: boolean): Promise<void> {
    const market = [...this.feed.snapshot()].map(([symbol, state]) => ({
      symbol,
      mid: state.mid,
      rngState: state.rngState,
      updatedAt: new Date(),
    }));
    if (market.length) {
      await tx
        .insert(marketState)
        .values(market)
        .onConflictDoUpdate({
          target: marketState.symbol,
          set: {
            mid: sql`excluded.mid`,
            rngState: sql`excluded.rng_state`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    const candles = this.candles.takeChanged();
    if (candles.length) {
      await tx
        .insert(candlesTable)
        .values(
          candles.map((candle) => ({
            symbol: candle.symbol,
            startTime: new Date(candle.time),
            open: candle.open,
            high: candle.high,
            low: candle.low,
            close: candle.close,
          })),
        )
        .onConflictDoUpdate({
          target: [candlesTable.symbol, candlesTable.startTime],
          set: { high: sql`excluded.high`, low: sql`excluded.low`, close: sql`excluded.close` },
        });
    }
    if (!snapshot) return;
    const rows: Array<{
      id: string;
      equity: number;
      peak: number;
      dayEquity: number | null;
      dayAt: number | null;
    }> = [];
    for (const group of this.groups.values()) {
      if (group.finalized) continue;
      for (const account of group.accounts.values())
        if (!account.removed)
          rows.push({
            id: account.id,
            equity: account.equity,
            peak: account.peakEquity,
            dayEquity: account.dayStartEquity,
            dayAt: account.dayStartedAt,
          });
    }
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const values = sql.join(
        chunk.map(
          (row) =>
            sql`(${row.id}::text, ${minorToDecimalText(minorUnitsOf(row.equity))}::numeric,
              ${minorToDecimalText(minorUnitsOf(row.peak))}::numeric,
              ${row.dayEquity === null ? null : minorToDecimalText(minorUnitsOf(row.dayEquity))}::numeric,
              ${row.dayAt === null ? null : new Date(row.dayAt).toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      // Equity, peak and the day's start only: balance, positions and the version belong to the ledger's saves. Rows
      // another writer holds right now are skipped (their snapshot waits for the next one) rather
      // than waited for: this statement locks many rows, and waiting here could close a cycle.
      await tx.execute(sql`with v(id, equity, peak, day_equity, day_at) as (values ${values}),
        free as (select t.id from trading_accounts t join v on v.id = t.id order by t.id for update of t skip locked)
        update trading_accounts as t set equity = v.equity, peak_equity = greatest(v.peak, 0),
          day_start_equity = v.day_equity, day_started_at = v.day_at
        from v where t.id = v.id and t.id in (select id from free)`);
    }
  }

  private findAccount(accountId: string): AccountState | undefined {
    for (const group of this.groups.values()) {
      const account = group.accounts.get(accountId);
      if (account) return account;
    }
    return undefined;
  }

  quote(symbol: string): MarketQuote | undefined {
    return this.quotes.get(symbol);
  }

  allQuotes(): MarketQuote[] {
    return [...this.quotes.values()];
  }

  /** Sets a price for scripted scenarios and tests. */
  setPrice(symbol: string, mid: number, time = Date.now()): MarketQuote {
    const quote = this.feed.setMid(symbol, mid, time);
    this.quotes.set(symbol, quote);
    return quote;
  }

  currentQuotes(): Map<string, MarketQuote> {
    return this.quotes;
  }

  /** Live standings: the leader's memory, or what the leader last published (null: ask the database). */
  standings(groupId: string): StandingRow[] | null {
    if (this.isLeader) {
      const group = this.groups.get(groupId);
      if (!group) return null;
      if (group.standingsStale) {
        group.standings = computeStandings(group.accounts.values());
        group.standingsStale = false;
      }
      return group.standings;
    }
    const cached = this.followerStandings.get(groupId);
    return cached && Date.now() - cached.at < 3000 ? cached.rows : null;
  }

  rememberStandings(groupId: string, rows: StandingRow[]): void {
    this.followerStandings.set(groupId, { rows, at: Date.now() });
  }

  accountState(groupId: string, userId: string): AccountState | undefined {
    if (!this.isLeader) return undefined;
    for (const account of this.groups.get(groupId)?.accounts.values() ?? [])
      if (account.userId === userId) return account;
    return undefined;
  }

  /** Waits for the tick in progress and applies pending announcements (tests, shutdown). */
  async flush(): Promise<void> {
    await this.ticking?.catch(() => undefined);
    if (this.isLeader) await this.applyAnnouncements();
  }

  /**
   * Graceful stop: the clock stops, the tick in progress finishes, the market, the candle in
   * progress and every account's equity are saved, then the lead is given back.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking?.catch(() => undefined);
    if (this.isLeader) {
      await this.options.db
        .transaction(async (tx) => {
          await this.leadership.fence(tx);
          await this.saveMarket(tx, true);
        })
        .catch((error) => this.options.log.warn({ err: error }, 'trading engine: final save failed'));
    }
    await this.leadership.stop();
    await this.stopProviders();
    for (const unsubscribe of this.unsubscribers) await unsubscribe().catch(() => undefined);
    this.unsubscribers = [];
  }
}

/** Competitions a user is an approved member of (for the dashboard and the stream). */
export async function approvedGroupIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupParticipants.groupId })
    .from(groupParticipants)
    .where(and(eq(groupParticipants.userId, userId), eq(groupParticipants.status, 'approved')));
  return rows.map((row) => row.groupId);
}
