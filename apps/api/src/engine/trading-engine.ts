import type { DbExecutor } from '@candlewise/db';
import { LostLeadershipError } from '../lib/advisory-leader.ts';
import type { AccountState, GroupState, Market, StandingRow } from './account-book.ts';
import { isStaleLeaseError } from './competition-leases.ts';
import { CompetitionMemory } from './competition-memory.ts';
import {
  ENGINE_CHANNELS,
  type EngineEvent,
  type EngineOptions,
  type EngineStatus,
} from './engine-contract.ts';
import { EngineLeadership, type EngineLease, MARKET_SCOPE } from './leadership.ts';
import { MarketData } from './market/market-data.ts';
import { ReplayMarket, type ReplayWalk } from './market/replay-market.ts';
import type { MarketQuote } from './simulated-feed.ts';
import { writeTick } from './tick/persist-tick.ts';
import { planTickWork } from './tick/plan-tick.ts';
import { publishTick } from './tick/publish-tick.ts';
import { EquitySnapshots, saveEquitySnapshot, saveMarket } from './tick/save-market.ts';
import { EVERY_SLOT, SLOT_MS, slotCompetitions, slotTurn, type TickSlots } from './tick/tick-slots.ts';
import { walkReplays } from './tick/walk-replay.ts';
import { TickTimings } from './tick-timings.ts';

export type { EngineEvent, EngineNotifier, EngineOptions, EngineStatus } from './engine-contract.ts';
export { ENGINE_CHANNELS } from './engine-contract.ts';
export { approvedGroupIds } from './load-competitions.ts';

const TICK_MS = 1000;
/**
 * Equity and peak of every account are saved every few seconds (fills and freezes at once, in the
 * tick): after each tick, the accounts of one slice of the held competitions in turn (round-robin)
 * whose figures moved since last saved, in a fenced transaction of their own after the tick is
 * published. The snapshot is a checkpoint for the next holder, not part of a second's answer, so
 * it does not hold the tick's transaction (its rows and the tick's are the same accounts).
 */
const SNAPSHOT_EVERY_SECONDS = 5;
/** Every few seconds the holder compares recent account versions with its memory (lost messages). */
const RECONCILE_EVERY_SECONDS = 10;
/** A tick slower than this is logged (at most every 30 s) with the engine's status. */
const SLOW_TICK_MS = 1000;

/**
 * The paper-trading engine (docs/architecture.md §Market data and paper trading): a coordinator of
 * - the market (market/: instruments, quotes, candles, providers, replayed days),
 * - the leases (leadership.ts, competition-leases.ts): a lease per competition and one for the
 *   market; this process ticks and writes only what it holds, the database refuses a stale epoch,
 * - the competitions in memory (those held, loaded on taking the lease, dropped on losing it),
 * - the tick, one at a time, a slot of the second at a time (SLOTS), in three stages: plan
 *   (tick/plan-tick.ts, pure), persist (tick/persist-tick.ts, one fenced transaction, plans again
 *   on the locked rows) and publish (tick/publish-tick.ts, only what was saved). A slow save delays
 *   the next slots instead of queueing behind it: they go together in the next tick (back-pressure,
 *   see status()).
 */
export class TradingEngine {
  private readonly memory: CompetitionMemory;
  private readonly marketData: MarketData;
  private readonly replay: ReplayMarket;
  private readonly leadership: EngineLease;
  private timer: NodeJS.Timeout | null = null;
  /** Seconds ticked (a tick that covers the first slot begins one). */
  private seconds = 0;
  /** The last slot (Date.now() ÷ SLOT_MS) whose turn the clock gave. */
  private lastSlot = 0;
  private ticking: Promise<EngineEvent[]> | null = null;
  private instrumentsChanged = false;
  private unsubscribers: Array<() => Promise<void>> = [];
  private stopped = false;
  /** False from the moment this process leads until the saved market and competitions are loaded. */
  private ready = false;
  private stats = { lastTickMs: 0, lastSecondDoneAt: 0, skippedTicks: 0, failedTicks: 0, lastSlowLog: 0 };
  /** The last minute of ticks (ten a second, one per slot) and snapshots. */
  private readonly timings = new TickTimings();
  private readonly snapshots = new EquitySnapshots();
  /** The competitions whose equity the tick just published asks to save (see SNAPSHOT_EVERY_SECONDS). */
  private snapshotDue: GroupState[] = [];

  constructor(private readonly options: EngineOptions) {
    this.marketData = new MarketData(options);
    this.replay = new ReplayMarket(options.db, options.bus);
    this.memory = new CompetitionMemory({
      db: options.db,
      marketFor: (group) => this.marketFor(group),
      onLoaded: (group) => this.replay.load(group),
      owns: (groupId) => this.leadership.isLeading(groupId),
    });
    this.leadership = new EngineLeadership(
      { db: options.db, log: options.log, retryMs: options.leaderRetryMs, ttlMs: options.leaseTtlMs },
      {
        onAcquire: (scope) => (scope === MARKET_SCOPE ? this.takeOverMarket() : this.takeOverGroup(scope)),
        onLose: (scope) => (scope === MARKET_SCOPE ? this.stepDownMarket() : this.dropGroup(scope)),
        onAcquireMany: (scopes) => this.takeOverGroups(scopes),
      },
    );
  }

  /** The competitions in memory (those whose lease this process holds). */
  get groups(): Map<string, GroupState> {
    return this.memory.groups;
  }

  get candles() {
    return this.marketData.candles;
  }

  get instruments() {
    return this.marketData.instruments;
  }

  /** Contract size per symbol. */
  get sizes() {
    return this.marketData.sizes;
  }

  /** True while this process holds the market's lease (live providers, the feed, candles). */
  get isLeader(): boolean {
    return this.leadership.isLeading();
  }

  /** True while this process holds the competition's lease (it ticks and writes it). */
  leads(groupId: string): boolean {
    return this.leadership.isLeading(groupId);
  }

  /** The competitions this process holds. */
  heldCompetitions(): string[] {
    return this.leadership.competitions();
  }

  private get ticks(): boolean {
    return this.isLeader || this.memory.groups.size > 0;
  }

  status(): EngineStatus {
    const since = this.stats.lastSecondDoneAt ? Date.now() - this.stats.lastSecondDoneAt : 0;
    return {
      role: this.isLeader ? 'leader' : 'follower',
      epoch: this.leadership.epoch,
      // Held and loaded (a competition just taken counts once its accounts are in memory).
      competitions: this.leadership.competitions().filter((id) => this.groups.has(id)).length,
      processes: this.leadership.liveProcesses,
      lastTickMs: Math.round(this.stats.lastTickMs),
      lagMs: this.ticks && this.timer ? Math.max(0, Math.round(since - TICK_MS)) : 0,
      skippedTicks: this.stats.skippedTicks,
      failedTicks: this.stats.failedTicks,
      reloadQueue: this.memory.reloadQueue.size,
      ticks: this.timings.summary(),
    };
  }

  /** Loads instruments, the market as last saved and recent candles (every process does). */
  load(): Promise<void> {
    return this.marketData.load();
  }

  /** Starts the clock (a slot every SLOT_MS) and the competition for the leases (the server; tests tick by hand). */
  async start(): Promise<void> {
    if (!this.marketData.loaded) await this.load();
    await this.subscribe();
    await this.leadership.start();
    this.timer = setInterval(() => this.onSlot(Date.now()), SLOT_MS);
    this.timer.unref();
  }

  /**
   * A slot's turn: its competitions (and, in the first slot, the market) tick. While a tick runs
   * the turns wait and the next tick takes every slot whose turn passed; a slot left behind for a
   * whole second counts as a skipped tick (it ticks once for the seconds it missed).
   */
  private onSlot(now: number): void {
    if (!this.ticks) {
      this.lastSlot = Math.floor(now / SLOT_MS);
      return;
    }
    if (this.ticking) return;
    const turn = slotTurn(this.lastSlot, now);
    if (!turn) return;
    this.lastSlot = turn.reached;
    this.stats.skippedTicks += turn.skipped;
    void this.enqueue(() => this.runTick(now, undefined, turn.slots)).catch(() => undefined);
  }

  /**
   * One lease round now (tests; the server runs one every second through start()): takes the
   * market if free and this process's share of the competitions. True when it holds the market.
   */
  async tryLead(): Promise<boolean> {
    if (!this.marketData.loaded) await this.load();
    if (!this.unsubscribers.length) await this.subscribe();
    return this.leadership.tryLead();
  }

  /**
   * The market's new holder continues from the last saved market (every tick saves it, fenced),
   * never from what this process read at boot, and opens the live providers.
   */
  private async takeOverMarket(): Promise<void> {
    this.ready = false; // no tick may step the feed this process had before it held the market
    await this.ticking?.catch(() => undefined);
    await this.load();
    await this.marketData.startProviders();
    this.ready = true;
  }

  private async stepDownMarket(): Promise<void> {
    this.ready = false;
    await this.marketData.stopProviders();
  }

  /** A competition's new holder loads it fresh from the database (its accounts, its replayed day). */
  private async takeOverGroup(groupId: string): Promise<void> {
    if ((await this.takeOverGroups([groupId])).length)
      throw new Error(`could not load competition ${groupId}`);
  }

  /**
   * Several taken at once: one wait for the tick in flight, then all loaded together (one by one
   * only if that fails, to find which); answers those that failed.
   */
  private async takeOverGroups(scopes: string[]): Promise<string[]> {
    if (scopes.includes(MARKET_SCOPE)) throw new Error('the market is taken on its own');
    await this.ticking?.catch(() => undefined);
    try {
      await this.memory.loadTaken(scopes);
      return [];
    } catch (error) {
      this.options.log.warn(
        { err: error, scopes },
        'trading engine: loading what was taken together failed; one by one',
      );
    }
    const failed: string[] = [];
    for (const groupId of scopes) {
      try {
        this.memory.drop(groupId);
        await this.memory.loadGroups(groupId);
      } catch (error) {
        this.options.log.error({ err: error, groupId }, 'trading engine: could not load a competition taken');
        failed.push(groupId);
      }
    }
    return failed;
  }

  /** A competition no longer held: the tick in progress ends first, then it leaves memory. */
  private async dropGroup(groupId: string): Promise<void> {
    await this.ticking?.catch(() => undefined);
    this.memory.drop(groupId);
    this.replay.forget(groupId);
  }

  /** A configured live provider by name (admin: test connection). */
  provider(name: string) {
    return this.marketData.provider(name);
  }

  /** Each live provider's connection state (admin). */
  providerStatus() {
    return this.marketData.providerStatus();
  }

  /**
   * The market a competition trades on: the live one, or for a replay its replayed quotes over the
   * live ones (currency rates stay live), always open while bars last.
   */
  marketFor(group: { id: string; marketMode?: string } | GroupState): Market {
    const replaying = 'replay' in group ? group.replay !== null : group.marketMode === 'replay';
    if (!replaying) return this.market();
    return this.marketData.marketWith(this.replay.quotesOf(group.id, this.leads(group.id)));
  }

  market(quotes?: Map<string, MarketQuote>): Market {
    return this.marketData.market(quotes);
  }

  private async subscribe(): Promise<void> {
    const { bus } = this.options;
    this.unsubscribers.push(
      await bus.subscribe(ENGINE_CHANNELS.accountChanged, (payload) => {
        const { accountId, version, groupId } = payload as {
          accountId: string;
          version?: number;
          groupId?: string;
        };
        const known = this.memory.findAccount(accountId);
        if (!known && !(groupId && this.leads(groupId))) return; // another process's competition
        if (known && version !== undefined && known.version >= version) return;
        this.memory.reloadQueue.add(accountId);
      }),
      await bus.subscribe(ENGINE_CHANNELS.instrumentsChanged, () => {
        this.instrumentsChanged = true;
        if (!this.isLeader)
          void this.load().catch((error) => this.options.log.error({ err: error }, 'reload instruments'));
      }),
      await bus.subscribe(ENGINE_CHANNELS.groupChanged, (payload) => {
        const { groupId } = payload as { groupId: string };
        if (this.leads(groupId)) this.memory.groupReloads.add(groupId);
      }),
      await bus.subscribe(ENGINE_CHANNELS.quotes, (payload) => {
        if (!this.isLeader) this.marketData.receive(payload as MarketQuote[]);
      }),
    );
  }

  /**
   * Loads (or refreshes) the held competitions not yet finalised and any of their accounts that
   * changed; a competition not held yet is taken first if it is free (a new one).
   */
  async loadGroups(onlyGroupId?: string): Promise<void> {
    if (onlyGroupId && !this.leads(onlyGroupId)) {
      await this.leadership.take(onlyGroupId); // loads it when taken
      return;
    }
    if (!onlyGroupId) await this.leadership.tryLead();
    await this.memory.loadGroups(onlyGroupId);
  }

  /**
   * An account was saved through the ledger by this process (an order, a cancel, a removal): the
   * leader takes the saved state as it is; a follower tells the leader, which reloads it.
   */
  async accountSaved(account: AccountState): Promise<void> {
    if (this.leads(account.groupId)) {
      this.memory.install(account, { authoritativePeak: false });
      return;
    }
    await this.options.bus
      .publish(ENGINE_CHANNELS.accountChanged, {
        accountId: account.id,
        version: account.version,
        groupId: account.groupId,
      })
      .catch(() => undefined);
  }

  /** An account changed in the database (a new member): its holder loads it before the next tick. */
  async announceAccountChange(accountId: string, groupId: string): Promise<void> {
    if (this.leads(groupId)) {
      this.memory.reloadQueue.add(accountId);
      return;
    }
    await this.options.bus
      .publish(ENGINE_CHANNELS.accountChanged, { accountId, groupId })
      .catch(() => undefined);
  }

  /** A competition was created or edited: its holder reloads it; a new one is taken if this process has room. */
  async announceGroupChange(groupId: string): Promise<void> {
    if (this.leads(groupId)) {
      await this.memory.loadGroups(groupId);
      return;
    }
    if (await this.leadership.take(groupId)) return;
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
    if (this.instrumentsChanged && this.isLeader && this.ready) {
      this.instrumentsChanged = false;
      // The market saved by the last tick is what load() continues from: nothing is rewound.
      await this.load();
      await this.marketData.stopProviders();
      await this.marketData.startProviders();
    }
    await this.memory.applyReloads();
  }

  /** One whole second of market and competitions (every slot); returns what happened once saved. */
  tickOnce(now: number, quotes?: Map<string, MarketQuote>): Promise<EngineEvent[]> {
    return this.enqueue(() => this.runTick(now, quotes, EVERY_SLOT));
  }

  /** Runs a tick after the one in progress, then the equity snapshot it asked for. */
  private enqueue(tick: () => Promise<EngineEvent[]>): Promise<EngineEvent[]> {
    const previous = this.ticking ?? Promise.resolve([]);
    const run = previous
      .catch(() => [])
      .then(async () => {
        const events = await tick();
        await this.saveSnapshot();
        return events;
      })
      .finally(() => {
        if (this.ticking === run) this.ticking = null;
      });
    this.ticking = run;
    return run;
  }

  /**
   * The tick of the given slots: the market (first slot, its holder), then the held competitions
   * whose slot it is (their place among those held, modulo SLOTS), in one fenced transaction.
   */
  private async runTick(
    now: number,
    given: Map<string, MarketQuote> | undefined,
    slots: TickSlots,
  ): Promise<EngineEvent[]> {
    const beginsSecond = slots.has(0);
    const market = beginsSecond && this.isLeader && this.ready;
    if (this.stopped || !(market || this.memory.groups.size)) return [];
    const started = performance.now();
    // A slot's turn with nothing in it (no competition there, not the market's) is no tick.
    let ticked = false;
    try {
      if (beginsSecond) {
        if (this.seconds % RECONCILE_EVERY_SECONDS === RECONCILE_EVERY_SECONDS - 1)
          await this.memory.reconcile();
        this.seconds += 1;
      }
      await this.applyAnnouncements();
      // Taken after the announcements (a reload may replace a competition in memory).
      const { taken, snapshotDue } = slotCompetitions(
        [...this.groups.values()],
        slots,
        this.seconds,
        SNAPSHOT_EVERY_SECONDS,
      );
      const groups = new Map(taken.map((group) => [group.id, group]));
      if (!(market || groups.size)) return [];
      ticked = true;
      // The market's holder steps the feed; the others tick their competitions on the quotes it
      // published (or on the quotes a test gives).
      const quotes = market ? this.marketData.step(now, given) : (given ?? this.marketData.current());
      if (!market && given) this.marketData.receive([...given.values()]);
      const live = this.market();
      const markets = new Map<string, Market>();
      const walks: ReplayWalk[] = [];
      for (const group of groups.values()) {
        if (!group.replay) continue;
        // Priced at this moment (at its end once over: it closes out there), and every bar passed
        // since the last tick walked in order, inside the tick's transaction (tick/walk-replay.ts).
        this.replay.step(group, this.marketData.instruments, Math.min(now, group.endMs));
        markets.set(group.id, this.marketFor(group));
        const walk = this.replay.walk(group, this.marketData.instruments, now);
        if (walk) walks.push(walk);
      }
      const marketOf = (group: GroupState) => markets.get(group.id) ?? live;

      // Plan (in memory, cheap): which accounts and competitions need a write this second.
      const planStarted = performance.now();
      const work = planTickWork(groups.values(), marketOf, now);
      for (const group of work.running) group.standingsStale = true;
      this.timings.record('plan', performance.now() - planStarted);

      // Persist: one fenced transaction (or one per account when it fails); null: the lead is gone.
      const persistStarted = performance.now();
      const scopes = [...groups.keys(), ...(market ? [MARKET_SCOPE] : [])];
      const persisted = await writeTick(
        {
          db: this.options.db,
          log: this.options.log,
          notifier: this.options.notifier,
          fence: (tx) => this.leadership.fence(tx, scopes),
          epochOf: (groupId) => this.leadership.epochOf(groupId) ?? null,
          saveMarket: (tx) => this.saveMarket(tx, false, market),
        },
        {
          ...work,
          groups,
          marketOf,
          now,
          walk: walks.length
            ? (tx) =>
                walkReplays(
                  tx,
                  walks,
                  (replayed) => this.marketData.marketWith(replayed),
                  (groupId) => this.leadership.epochOf(groupId) ?? null,
                )
            : undefined,
        },
      );
      this.timings.record('persist', performance.now() - persistStarted);
      if (!persisted) return [];
      if (persisted.failed) this.stats.failedTicks += 1;
      const { result } = persisted;

      // Publish: saved states into memory, then the world hears about it.
      const publishStarted = performance.now();
      this.memory.applySaved(result);
      await publishTick(
        { bus: this.options.bus, notifier: this.options.notifier },
        {
          now,
          quotes: market ? quotes : new Map(),
          replayQuotes: this.replay.all(),
          groups,
          finalized: result.finalized,
          announcements: persisted.announcements,
        },
      );
      this.timings.record('publish', performance.now() - publishStarted);
      this.snapshotDue = snapshotDue;
      return result.events;
    } finally {
      if (beginsSecond) this.stats.lastSecondDoneAt = Date.now();
      if (ticked) {
        this.stats.lastTickMs = performance.now() - started;
        this.timings.record('tick', this.stats.lastTickMs);
      }
      if (this.stats.lastTickMs > SLOW_TICK_MS && Date.now() - this.stats.lastSlowLog > 30_000) {
        this.stats.lastSlowLog = Date.now();
        this.options.log.warn({ engine: this.status() }, 'trading engine: ticks are running behind');
      }
    }
  }

  /**
   * The equity snapshot the last tick asked for: the accounts of its slice whose figures moved
   * since this process last saved them, in a transaction fenced by their competitions' leases.
   * A failure leaves them to the next round (they are still unsaved); a lost lease saves nothing.
   */
  private async saveSnapshot(): Promise<void> {
    const groups = this.snapshotDue;
    this.snapshotDue = [];
    if (!groups.length || this.stopped) return;
    const pending = this.snapshots.changed(groups);
    if (!pending.rows.length) return;
    const started = performance.now();
    try {
      const skipped = await this.options.db.transaction(async (tx) => {
        await this.leadership.fence(
          tx,
          groups.map((group) => group.id),
        );
        return saveEquitySnapshot(tx, pending.rows);
      });
      pending.commit(skipped);
    } catch (error) {
      if (!(error instanceof LostLeadershipError) && !isStaleLeaseError(error))
        this.options.log.warn({ err: error }, 'trading engine: an equity snapshot could not be saved');
    } finally {
      this.timings.record('snapshot', performance.now() - started);
    }
  }

  /**
   * The market and the candles in progress (when this process holds the market) and, with
   * `snapshot`, the equity of every account of the competitions it holds, in `tx`.
   */
  private saveMarket(
    tx: DbExecutor,
    snapshot: boolean,
    market = this.isLeader,
    groups: Iterable<GroupState> = this.groups.values(),
  ): Promise<void> {
    return saveMarket(tx, {
      feed: market ? this.marketData.feedSnapshot() : new Map(),
      candles: market ? this.candles.takeChanged() : [],
      groups,
      snapshot,
    });
  }

  quote(symbol: string): MarketQuote | undefined {
    return this.marketData.quote(symbol);
  }

  allQuotes(): MarketQuote[] {
    return [...this.marketData.current().values()];
  }

  /** Sets a price for scripted scenarios and tests. */
  setPrice(symbol: string, mid: number, time = Date.now()): MarketQuote {
    return this.marketData.setPrice(symbol, mid, time);
  }

  currentQuotes(): Map<string, MarketQuote> {
    return this.marketData.current();
  }

  /** Live standings: the holder's memory, or what the holder last published (null: ask the database). */
  standings(groupId: string): StandingRow[] | null {
    if (this.leads(groupId)) return this.memory.standings(groupId);
    return this.memory.publishedStandings(groupId);
  }

  rememberStandings(groupId: string, rows: StandingRow[]): void {
    this.memory.rememberStandings(groupId, rows);
  }

  accountState(groupId: string, userId: string): AccountState | undefined {
    return this.leads(groupId) ? this.memory.accountOf(groupId, userId) : undefined;
  }

  /** Waits for the tick in progress and applies pending announcements (tests, shutdown). */
  async flush(): Promise<void> {
    await this.ticking?.catch(() => undefined);
    if (this.ticks) await this.applyAnnouncements();
  }

  /**
   * Graceful stop: the clock stops, the tick in progress finishes, the market, the candle in
   * progress and every account's equity are saved, then the lead is given back.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking?.catch(() => undefined);
    if (this.ticks) {
      const market = this.isLeader && this.ready;
      await this.options.db
        .transaction(async (tx) => {
          await this.leadership.fence(tx, [...this.groups.keys(), ...(market ? [MARKET_SCOPE] : [])]);
          await this.saveMarket(tx, true, market);
        })
        .catch((error) => this.options.log.warn({ err: error }, 'trading engine: final save failed'));
    }
    await this.leadership.stop();
    await this.marketData.stopProviders();
    await this.replay.stop();
    for (const unsubscribe of this.unsubscribers) await unsubscribe().catch(() => undefined);
    this.unsubscribers = [];
  }
}
