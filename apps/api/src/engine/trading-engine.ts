import {
  candles as candlesTable,
  type Database,
  fills as fillsTable,
  groupEngineState,
  groupParticipants,
  groups,
  instruments as instrumentsTable,
  marketState,
  newId,
  orders as ordersTable,
  positions as positionsTable,
  tradingAccounts,
  users,
} from '@candlewise/db';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { EventBus } from '../providers/events/event-bus.ts';
import { notify } from '../services/notifications/notify.ts';
import { CandleBook } from './candle-book.ts';
import {
  type AccountState,
  type ContractSizes,
  computeStandings,
  type EngineEvent,
  type FillRecord,
  type GroupState,
  markToMarket,
  runTick,
  type StandingRow,
} from './engine-book.ts';
import { type MarketQuote, SimulatedFeed } from './simulated-feed.ts';

export const ENGINE_CHANNELS = {
  accountChanged: 'trading:account-changed',
  groupChanged: 'trading:group-changed',
  quotes: 'trading:quotes',
  standings: (groupId: string) => `trading:standings:${groupId}`,
};

const LEADER_LOCK_KEY = 727_003;
const TICK_MS = 1000;
const SNAPSHOT_EVERY_TICKS = 5;

export type EngineOptions = {
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  seed: number;
  /** The PostgreSQL pool, when several processes may run: one of them leads (advisory lock). */
  pool?: pg.Pool;
};

type InstrumentRow = typeof instrumentsTable.$inferSelect;

/**
 * The paper-trading engine. Exactly one process leads: it runs the feed and the ticks and owns the
 * accounts in memory; orders placed through any process are written to the database under a row
 * lock and announced, and the leader reloads that account. The leader writes what a tick decided
 * with an optimistic version check; on a conflict it reloads the account and decides again.
 */
export class TradingEngine {
  readonly candles = new CandleBook();
  instruments = new Map<string, InstrumentRow>();
  sizes: ContractSizes = new Map();
  groups = new Map<string, GroupState>();
  private feed!: SimulatedFeed;
  private quotes = new Map<string, MarketQuote>();
  private followerStandings = new Map<string, { rows: StandingRow[]; at: number }>();
  private leader = false;
  private leaderClient: pg.PoolClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private leaderRetry: NodeJS.Timeout | null = null;
  private tickCount = 0;
  private persisting: Promise<void> = Promise.resolve();
  private unsubscribers: Array<() => Promise<void>> = [];
  private stopped = false;

  constructor(private readonly options: EngineOptions) {}

  get isLeader(): boolean {
    return this.leader;
  }

  /** Loads instruments, the market state and (as leader) every live competition. */
  async load(): Promise<void> {
    const { db } = this.options;
    const rows = await db.select().from(instrumentsTable).orderBy(asc(instrumentsTable.position));
    this.instruments = new Map(rows.map((row) => [row.symbol, row]));
    this.sizes = new Map(rows.map((row) => [row.symbol, row.contractSize]));
    const saved = await db.select().from(marketState);
    this.feed = new SimulatedFeed(
      rows.map((row) => ({
        symbol: row.symbol,
        basePrice: row.basePrice,
        volatility: row.volatility,
        spread: row.spread,
        tickSize: row.tickSize,
      })),
      this.options.seed,
      new Map(saved.map((row) => [row.symbol, { mid: row.mid, rngState: row.rngState }])),
    );
    this.quotes = this.feed.current();
    const recent = await db
      .select()
      .from(candlesTable)
      .where(gt(candlesTable.startTime, new Date(Date.now() - 6 * 3_600_000)))
      .orderBy(asc(candlesTable.startTime));
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

  /** Starts ticking every second (the server does this; tests drive tickOnce themselves). */
  async start(): Promise<void> {
    if (!this.feed) await this.load();
    await this.subscribe();
    await this.tryLead();
    this.timer = setInterval(() => {
      if (this.leader) void this.tickOnce(Date.now());
    }, TICK_MS);
    this.timer.unref();
  }

  /** Becomes the leader if no other process is (always, on the embedded database). */
  async tryLead(): Promise<boolean> {
    if (this.leader || this.stopped) return this.leader;
    if (this.options.pool) {
      const client = await this.options.pool.connect();
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        LEADER_LOCK_KEY,
      ]);
      if (!rows[0]?.locked) {
        client.release();
        this.leaderRetry ??= setInterval(() => void this.tryLead().catch(() => undefined), 5000);
        this.leaderRetry.unref();
        return false;
      }
      this.leaderClient = client;
    }
    if (this.leaderRetry) clearInterval(this.leaderRetry);
    this.leaderRetry = null;
    this.leader = true;
    await this.loadGroups();
    this.options.log.info('trading engine: this process runs the market and the competitions');
    return true;
  }

  private async subscribe(): Promise<void> {
    const { bus } = this.options;
    this.unsubscribers.push(
      await bus.subscribe(ENGINE_CHANNELS.accountChanged, (payload) => {
        const { accountId } = payload as { accountId: string };
        if (this.leader)
          void this.reloadAccount(accountId).catch((error) =>
            this.options.log.error({ err: error }, 'reload account'),
          );
      }),
      await bus.subscribe(ENGINE_CHANNELS.groupChanged, (payload) => {
        const { groupId } = payload as { groupId: string };
        if (this.leader)
          void this.loadGroups(groupId).catch((error) =>
            this.options.log.error({ err: error }, 'reload group'),
          );
      }),
      await bus.subscribe(ENGINE_CHANNELS.quotes, (payload) => {
        if (this.leader) return;
        for (const quote of payload as MarketQuote[]) {
          this.quotes.set(quote.symbol, quote);
          this.candles.add(quote.symbol, quote.mid, quote.time);
        }
      }),
    );
  }

  /** Loads (or reloads) competitions that have not been finalised, with their accounts. */
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
        startMs: group.startDate.getTime(),
        endMs: group.endDate.getTime(),
        freezeThreshold: group.freezeThreshold,
        freezeDurationMs: group.freezeDuration,
        accounts: existing?.accounts ?? new Map(),
        startAnnounced: Boolean(state?.startAnnouncedAt),
        finalized: Boolean(state?.finalizedAt),
        standings: existing?.standings ?? [],
      };
      this.groups.set(group.id, groupState);
      const accounts = await db
        .select({ id: tradingAccounts.id })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.groupId, group.id));
      for (const { id } of accounts) await this.reloadAccount(id, { recompute: false });
      groupState.standings = computeStandings(groupState);
    }
  }

  /** Reads one account, its positions and open orders from the database into memory. */
  async reloadAccount(
    accountId: string,
    options: { recompute?: boolean } = {},
  ): Promise<AccountState | null> {
    const { db } = this.options;
    const [row] = await db
      .select({
        account: tradingAccounts,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(tradingAccounts)
      .innerJoin(users, eq(users.id, tradingAccounts.userId))
      .where(eq(tradingAccounts.id, accountId));
    if (!row) return null;
    const group = this.groups.get(row.account.groupId);
    if (!group) return null;
    const [positionRows, orderRows] = await Promise.all([
      db.select().from(positionsTable).where(eq(positionsTable.accountId, accountId)),
      db
        .select()
        .from(ordersTable)
        .where(and(eq(ordersTable.accountId, accountId), eq(ordersTable.status, 'open'))),
    ]);
    const account: AccountState = {
      id: row.account.id,
      groupId: row.account.groupId,
      userId: row.account.userId,
      name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email.split('@')[0],
      startingBalance: row.account.startingBalance,
      balance: row.account.balance,
      equity: row.account.equity,
      peakEquity: row.account.peakEquity,
      frozenUntil: row.account.frozenUntil?.getTime() ?? null,
      freezeCount: row.account.freezeCount,
      tradesCount: row.account.tradesCount,
      finalRank: row.account.finalRank,
      version: row.account.version,
      positions: new Map(
        positionRows.map((position) => [
          position.symbol,
          {
            symbol: position.symbol,
            quantity: position.quantity,
            averagePrice: position.averagePrice,
            stopLoss: position.stopLoss,
            takeProfit: position.takeProfit,
          },
        ]),
      ),
      openOrders: orderRows
        .filter((order) => order.type !== 'market' && order.price !== null)
        .map((order) => ({
          id: order.id,
          symbol: order.symbol,
          side: order.side,
          type: order.type as 'limit' | 'stop',
          quantity: order.quantity,
          price: order.price!,
          stopLoss: order.stopLoss,
          takeProfit: order.takeProfit,
        })),
    };
    markToMarket(account, this.quotes, this.sizes);
    group.accounts.set(account.id, account);
    // An order shows on the leaderboard at once, not at the next tick: the next read sorts again.
    // Marking instead of sorting here keeps a burst of orders in a 10,000-member group cheap.
    if (options.recompute !== false) group.standingsStale = true;
    return account;
  }

  /** One second of market and competition; returns what happened (after it is written). */
  async tickOnce(now: number, quotes?: Map<string, MarketQuote>): Promise<EngineEvent[]> {
    this.quotes = quotes ?? this.feed.tick(now);
    for (const quote of this.quotes.values()) this.candles.add(quote.symbol, quote.mid, now);
    const events = runTick(this.groups.values(), this.quotes, this.sizes, now);
    this.tickCount += 1;
    const snapshot = this.tickCount % SNAPSHOT_EVERY_TICKS === 0;
    const done = this.enqueue(async () => {
      for (const event of events) await this.persist(event);
      if (snapshot) await this.persistSnapshot();
    });
    void this.options.bus.publish(ENGINE_CHANNELS.quotes, [...this.quotes.values()]).catch(() => undefined);
    for (const group of this.groups.values()) {
      if (
        now >= group.startMs &&
        (!group.finalized || events.some((event) => event.type === 'finalize' && event.groupId === group.id))
      ) {
        void this.options.bus
          .publish(ENGINE_CHANNELS.standings(group.id), group.standings)
          .catch(() => undefined);
      }
    }
    await done;
    return events;
  }

  /** Writes run one after another, so the database sees the engine's decisions in order. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.persisting.then(work, work);
    this.persisting = next.catch((error) =>
      this.options.log.error({ err: error }, 'trading engine: could not save a tick'),
    );
    return this.persisting;
  }

  private findAccount(accountId: string): AccountState | undefined {
    for (const group of this.groups.values()) {
      const account = group.accounts.get(accountId);
      if (account) return account;
    }
    return undefined;
  }

  /**
   * Writes an account's whole state if nobody else changed it meanwhile (version check);
   * otherwise reloads it, and the next tick decides again on the fresh state.
   */
  private async writeAccount(
    account: AccountState,
    extra: {
      fills?: FillRecord[];
      filledOrderIds?: Map<string, number>;
      canceledOrderIds?: string[];
      cancelReason?: string;
    },
  ): Promise<boolean> {
    const { db } = this.options;
    const ok = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(tradingAccounts)
        .set({
          balance: account.balance,
          equity: account.equity,
          peakEquity: account.peakEquity,
          frozenUntil: account.frozenUntil ? new Date(account.frozenUntil) : null,
          freezeCount: account.freezeCount,
          tradesCount: account.tradesCount,
          finalRank: account.finalRank,
          version: account.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(tradingAccounts.id, account.id), eq(tradingAccounts.version, account.version)))
        .returning({ id: tradingAccounts.id });
      if (!updated) return false;
      await tx.delete(positionsTable).where(eq(positionsTable.accountId, account.id));
      if (account.positions.size) {
        await tx
          .insert(positionsTable)
          .values(
            [...account.positions.values()].map((position) => ({ accountId: account.id, ...position })),
          );
      }
      for (const [orderId, price] of extra.filledOrderIds ?? []) {
        await tx
          .update(ordersTable)
          .set({ status: 'filled', fillPrice: price, closedAt: new Date() })
          .where(and(eq(ordersTable.id, orderId), eq(ordersTable.status, 'open')));
      }
      if (extra.canceledOrderIds?.length) {
        await tx
          .update(ordersTable)
          .set({ status: 'canceled', cancelReason: extra.cancelReason ?? 'canceled', closedAt: new Date() })
          .where(and(inArray(ordersTable.id, extra.canceledOrderIds), eq(ordersTable.status, 'open')));
      }
      if (extra.fills?.length) {
        await tx
          .insert(fillsTable)
          .values(extra.fills.map((fill) => ({ id: newId(), accountId: account.id, ...fill })));
      }
      return true;
    });
    if (ok) {
      account.version += 1;
      return true;
    }
    await this.reloadAccount(account.id);
    return false;
  }

  private async persist(event: EngineEvent): Promise<void> {
    const { db, bus } = this.options;
    switch (event.type) {
      case 'fills': {
        const account = this.findAccount(event.accountId);
        if (!account) return;
        const filled = new Map(
          event.fills.filter((fill) => fill.orderId).map((fill) => [fill.orderId!, fill.price]),
        );
        await this.writeAccount(account, { fills: event.fills, filledOrderIds: filled });
        return;
      }
      case 'freeze': {
        const account = this.findAccount(event.accountId);
        if (!account) return;
        const written = await this.writeAccount(account, {
          fills: event.fills,
          canceledOrderIds: event.canceledOrderIds,
          cancelReason: 'freeze',
        });
        if (!written) return;
        const group = this.groups.get(account.groupId)!;
        await notify(db, bus, {
          userId: account.userId,
          kind: 'account_frozen',
          title: 'Account frozen',
          message: `Your drawdown in ${group.name} reached ${group.freezeThreshold}%. Positions were closed and trading pauses until ${new Date(event.until).toISOString()}.`,
          link: `/group/${group.id}/leaderboard`,
        });
        return;
      }
      case 'release': {
        const account = this.findAccount(event.accountId);
        if (!account) return;
        if (!(await this.writeAccount(account, {}))) return;
        const group = this.groups.get(account.groupId)!;
        await notify(db, bus, {
          userId: account.userId,
          kind: 'account_released',
          title: 'Trading resumed',
          message: `Your account in ${group.name} is active again. Your drawdown is now measured from here.`,
          link: `/group/${group.id}/leaderboard`,
        });
        return;
      }
      case 'start': {
        const [claimed] = await db
          .insert(groupEngineState)
          .values({ groupId: event.groupId, startAnnouncedAt: new Date() })
          .onConflictDoUpdate({
            target: groupEngineState.groupId,
            set: { startAnnouncedAt: new Date() },
            setWhere: isNull(groupEngineState.startAnnouncedAt),
          })
          .returning({ groupId: groupEngineState.groupId });
        if (!claimed) return;
        const group = this.groups.get(event.groupId)!;
        if (Date.now() >= group.endMs) return; // nobody wants "it started" for a finished competition
        for (const account of group.accounts.values()) {
          await notify(db, bus, {
            userId: account.userId,
            kind: 'competition_started',
            title: `${group.name} has started`,
            message: 'Orders are open. Trade carefully: the freeze rule is watching your drawdown.',
            link: `/group/${group.id}/leaderboard`,
          });
        }
        return;
      }
      case 'finalize': {
        const group = this.groups.get(event.groupId)!;
        for (const close of event.closes) {
          const account = group.accounts.get(close.accountId);
          if (account)
            await this.writeAccount(account, {
              fills: close.fills,
              canceledOrderIds: close.canceledOrderIds,
              cancelReason: 'competition_end',
            });
        }
        const [claimed] = await db
          .insert(groupEngineState)
          .values({ groupId: event.groupId, startAnnouncedAt: new Date(), finalizedAt: new Date() })
          .onConflictDoUpdate({
            target: groupEngineState.groupId,
            set: { finalizedAt: new Date() },
            setWhere: isNull(groupEngineState.finalizedAt),
          })
          .returning({ groupId: groupEngineState.groupId });
        if (!claimed) return;
        for (const { accountId, rank } of event.ranks) {
          const account = group.accounts.get(accountId);
          if (!account) continue;
          await notify(db, bus, {
            userId: account.userId,
            kind: 'competition_final_rank',
            title: `${group.name}: final standings`,
            message: `You finished #${rank} of ${event.ranks.length}.`,
            link: `/group/${group.id}/leaderboard`,
          });
        }
        return;
      }
    }
  }

  /** Equity and peak of every live account, in one statement, every few ticks (for followers and restarts). */
  private async persistSnapshot(): Promise<void> {
    const rows: Array<{ id: string; equity: number; peak: number }> = [];
    for (const group of this.groups.values()) {
      if (group.finalized) continue;
      for (const account of group.accounts.values())
        rows.push({ id: account.id, equity: account.equity, peak: account.peakEquity });
    }
    const { db } = this.options;
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const values = sql.join(
        chunk.map((row) => sql`(${row.id}, ${row.equity}::numeric, ${row.peak}::numeric)`),
        sql`, `,
      );
      await db.execute(sql`update trading_accounts as t set equity = v.equity, peak_equity = v.peak
        from (values ${values}) as v(id, equity, peak) where t.id = v.id`);
    }
    const market = [...this.feed.snapshot()].map(([symbol, state]) => ({
      symbol,
      mid: state.mid,
      rngState: state.rngState,
      updatedAt: new Date(),
    }));
    if (market.length) {
      await db
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
    const finished = this.candles.takeFinished();
    if (finished.length) {
      await db
        .insert(candlesTable)
        .values(
          finished.map((candle) => ({
            symbol: candle.symbol,
            startTime: new Date(candle.time),
            open: candle.open,
            high: candle.high,
            low: candle.low,
            close: candle.close,
          })),
        )
        .onConflictDoNothing();
    }
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
    if (this.leader) {
      const group = this.groups.get(groupId);
      if (!group) return null;
      if (group.standingsStale) {
        group.standings = computeStandings(group);
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
    if (!this.leader) return undefined;
    for (const account of this.groups.get(groupId)?.accounts.values() ?? [])
      if (account.userId === userId) return account;
    return undefined;
  }

  /**
   * After an order changed an account in the database: the leader reloads it (in order with its own
   * writes); other processes tell the leader through the bus.
   */
  async announceAccountChange(accountId: string): Promise<void> {
    if (this.leader) {
      await this.enqueue(async () => {
        await this.reloadAccount(accountId);
      });
      return;
    }
    await this.options.bus.publish(ENGINE_CHANNELS.accountChanged, { accountId });
  }

  /** A competition was created, edited or gained a member. */
  async announceGroupChange(groupId: string): Promise<void> {
    if (this.leader) {
      await this.enqueue(() => this.loadGroups(groupId));
      return;
    }
    await this.options.bus.publish(ENGINE_CHANNELS.groupChanged, { groupId });
  }

  /** Waits for pending writes (tests, shutdown). */
  async flush(): Promise<void> {
    await this.persisting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.leaderRetry) clearInterval(this.leaderRetry);
    await this.flush();
    if (this.leader) await this.enqueue(() => this.persistSnapshot()).catch(() => undefined);
    for (const unsubscribe of this.unsubscribers) await unsubscribe().catch(() => undefined);
    if (this.leaderClient) {
      await this.leaderClient
        .query('select pg_advisory_unlock($1)', [LEADER_LOCK_KEY])
        .catch(() => undefined);
      this.leaderClient.release();
    }
    this.leader = false;
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
