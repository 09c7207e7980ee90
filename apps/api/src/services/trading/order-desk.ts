import { type Database, type DbExecutor, groups, newId } from '@candlewise/db';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountState, Market } from '../../engine/account-book.ts';
import { type AccountWrite, loadAccounts, saveAccounts } from '../../engine/account-ledger.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  applyCommand,
  type CommandResult,
  type OrderInput,
  type OrderResult,
  type ProtectionInput,
  type ProtectionResult,
  type TraderCommand,
  validateOrderInput,
  validateProtectionLevels,
} from './place-order.ts';
import { NOT_A_MEMBER } from './trading-access.ts';

/** Orders waiting beyond this are refused at once (503) rather than left to time out. */
const MAX_QUEUED = 5000;
/** Commands applied in one transaction at most. */
const MAX_BATCH = 250;
/** How long a batch waits for more orders when orders are arriving fast (never when idle). */
const GATHER_MS = 2;

type Pending = {
  command: TraderCommand;
  resolve: (result: CommandResult) => void;
  reject: (error: unknown) => void;
  queuedAt: number;
};

export type OrderDeskStatus = {
  queued: number;
  lastBatch: number;
  lastBatchMs: number;
  oldestWaitMs: number;
};

/**
 * The traders' one ordered writer in each process: orders, cancels, closes and new stop-loss or
 * take-profit levels queue here and are applied in batches, each batch one transaction that locks
 * its accounts (in id order), applies the commands one after another on the stored state (place-order.ts) and saves them through the
 * ledger. A refused command answers its caller alone; the batch goes on. Many traders ordering at
 * once cost a few statements per batch instead of a dozen per order (the embedded database runs one
 * statement at a time), and the queue has a bound: past it, orders are refused with 503.
 */
export class OrderDesk {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private stats = { lastBatch: 0, lastBatchMs: 0 };
  private lastSlowLog = 0;
  private lastBatchEnd = 0;

  constructor(
    private readonly db: Database,
    private readonly engine: TradingEngine,
    private readonly log: FastifyBaseLogger,
  ) {}

  status(): OrderDeskStatus {
    return {
      queued: this.queue.length,
      lastBatch: this.stats.lastBatch,
      lastBatchMs: Math.round(this.stats.lastBatchMs),
      oldestWaitMs: this.queue.length ? Date.now() - this.queue[0].queuedAt : 0,
    };
  }

  placeOrder(userId: string, groupId: string, input: OrderInput): Promise<OrderResult> {
    validateOrderInput(this.engine.instruments.get(input.symbol), input);
    return this.submit({ kind: 'place', userId, groupId, input }) as Promise<OrderResult>;
  }

  async cancelOrder(userId: string, groupId: string, orderId: string): Promise<void> {
    await this.submit({ kind: 'cancel', userId, groupId, orderId });
  }

  closePosition(userId: string, groupId: string, symbol: string): Promise<OrderResult> {
    return this.submit({ kind: 'close', userId, groupId, symbol }) as Promise<OrderResult>;
  }

  /** New stop-loss and take-profit of the caller's open position in `symbol` (null removes one). */
  protectPosition(
    userId: string,
    groupId: string,
    symbol: string,
    levels: ProtectionInput,
  ): Promise<ProtectionResult> {
    validateProtectionLevels(this.engine.instruments.get(symbol), levels);
    return this.submit({
      kind: 'protect-position',
      userId,
      groupId,
      symbol,
      levels,
    }) as Promise<ProtectionResult>;
  }

  /** New stop-loss and take-profit of the caller's open (pending) order (null removes one). */
  protectOrder(
    userId: string,
    groupId: string,
    orderId: string,
    levels: ProtectionInput,
  ): Promise<ProtectionResult> {
    return this.submit({
      kind: 'protect-order',
      userId,
      groupId,
      orderId,
      levels,
    }) as Promise<ProtectionResult>;
  }

  private submit(command: TraderCommand): Promise<CommandResult> {
    if (this.queue.length >= MAX_QUEUED) {
      return Promise.reject(
        new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'The market is very busy right now and your order was not placed. Try again in a moment.',
          undefined,
          { 'Retry-After': '1' },
        ),
      );
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject, queuedAt: Date.now() });
      this.running ??= this.drain().finally(() => {
        this.running = null;
      });
    });
  }

  /** Waits until everything queued so far is applied (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      // Under load, give the orders already on their way a moment to join this batch: on the
      // embedded database every statement waits its turn, so one batch of fifty beats fifty of one.
      if (this.queue.length < MAX_BATCH && Date.now() - this.lastBatchEnd < 50)
        await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      const batch = this.queue.splice(0, MAX_BATCH);
      const started = performance.now();
      const waited = Date.now() - batch[0].queuedAt;
      await this.runBatch(batch);
      this.stats = { lastBatch: batch.length, lastBatchMs: performance.now() - started };
      this.lastBatchEnd = Date.now();
      if (waited > 1000 && Date.now() - this.lastSlowLog > 30_000) {
        this.lastSlowLog = Date.now();
        this.log.warn({ orders: this.status(), waitedMs: waited }, 'order desk: orders wait more than 1 s');
      }
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    let outcome: Awaited<ReturnType<OrderDesk['applyAll']>>;
    try {
      outcome = await this.db.transaction((tx) => this.applyAll(tx, batch));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // Something unexpected failed the whole batch: each command on its own, so it fails alone.
      this.log.warn(
        { err: error, commands: batch.length },
        'order desk: a batch failed; applying one by one',
      );
      for (const pending of batch) await this.runBatch([pending]);
      return;
    }
    for (const account of outcome.saved) await this.engine.accountSaved(account);
    batch.forEach((pending, index) => {
      const result = outcome.results[index];
      if ('error' in result) pending.reject(result.error);
      else pending.resolve(result.value);
    });
  }

  /** Inside one transaction: lock, load, apply each command in order, save. */
  private async applyAll(tx: DbExecutor, batch: Pending[]) {
    const pairs = new Map<string, { groupId: string; userId: string }>();
    for (const { command } of batch)
      pairs.set(`${command.groupId}\u0000${command.userId}`, {
        groupId: command.groupId,
        userId: command.userId,
      });
    const wanted = sql.join(
      [...pairs.values()].map(({ groupId, userId }): SQL => sql`(${groupId}::text, ${userId}::text)`),
      sql`, `,
    );
    const locked = (await tx.execute(sql`select id, group_id, user_id from trading_accounts
      where (group_id, user_id) in (values ${wanted}) order by id for update`)) as unknown;
    const lockedRows = (Array.isArray(locked) ? locked : (locked as { rows: unknown[] }).rows) as Array<{
      id: string;
      group_id: string;
      user_id: string;
    }>;
    const accountIdOf = new Map(lockedRows.map((row) => [`${row.group_id}\u0000${row.user_id}`, row.id]));
    const groupIds = [...new Set([...pairs.values()].map((pair) => pair.groupId))];
    const groupRows = await tx.select().from(groups).where(inArray(groups.id, groupIds));
    const accounts = await loadAccounts(tx, [...accountIdOf.values()]);
    const groupById = new Map(groupRows.map((group) => [group.id, group]));
    // Each competition's market, as of this batch (a replay trades its replayed day).
    const markets = new Map<string, Market>();
    const marketOf = (group: (typeof groupRows)[number]) => {
      let market = markets.get(group.id);
      if (!market) {
        market = this.engine.marketFor(group);
        markets.set(group.id, market);
      }
      return market;
    };

    const writes = new Map<string, AccountWrite>();
    const results: Array<{ value: CommandResult; accountId: string } | { error: unknown }> = [];
    for (const { command } of batch) {
      try {
        const group = groupById.get(command.groupId);
        if (!group) throw new AppError(404, 'NOT_FOUND', 'We could not find that group.');
        const accountId = accountIdOf.get(`${command.groupId}\u0000${command.userId}`);
        const stored = accountId ? accounts.get(accountId) : undefined;
        if (!stored) throw new AppError(403, 'FORBIDDEN', NOT_A_MEMBER);
        const write = writes.get(stored.id) ?? {
          before: stored,
          after: stored,
          fills: [],
          newOrders: [],
          canceledOrders: [],
          amendedOrders: [],
        };
        if (command.kind === 'protect-order') {
          // The order's symbol (and so its tick size) is known once its account is loaded.
          const order = write.after.openOrders.find((candidate) => candidate.id === command.orderId);
          if (order) validateProtectionLevels(this.engine.instruments.get(order.symbol), command.levels);
        }
        const applied = applyCommand(write.after, group, marketOf(group), command, () => newId());
        write.after = applied.account;
        write.fills.push(...applied.effect.fills);
        write.newOrders!.push(...applied.effect.newOrders);
        write.canceledOrders!.push(...applied.effect.canceledOrders);
        write.amendedOrders!.push(...applied.effect.amendedOrders);
        writes.set(stored.id, write);
        results.push({ value: applied.result, accountId: stored.id });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ error });
      }
    }
    const changed = [...writes.values()];
    await saveAccounts(tx, changed);
    // An order's answer carries the ledger sequence of the write that booked it.
    for (const result of results)
      if ('value' in result && result.value && '_id' in result.value)
        result.value.ledgerSeq = writes.get(result.accountId)!.after.ledgerSeq;
    return { results, saved: changed.map((write) => write.after) as AccountState[] };
  }
}
