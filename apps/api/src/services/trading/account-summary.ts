import {
  type Database,
  type DbExecutor,
  fills,
  groups,
  orders,
  positions,
  tradingAccounts,
  users,
} from '@candlewise/db';
import {
  type DrawdownBasis,
  decimal,
  fromMinorUnits,
  LEVERAGE,
  minorUnitsOf,
  percentOfMinor,
  roundedAmount,
  unrealizedMinorUnits,
} from '@candlewise/shared';
import { ruleSetOf } from '@candlewise/shared/challenges/rule-sets';
import { rankingOf } from '@candlewise/shared/groups/ranking';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { accountExposure, markToMarket, type StandingRow } from '../../engine/account-book.ts';
import { accountStateOf } from '../../engine/account-ledger.ts';
import { computeStandings } from '../../engine/compute-standings.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { challengeStanding } from './challenge-standing.ts';
import { NOT_A_MEMBER, REMOVED_FROM_COMPETITION } from './trading-access.ts';

/**
 * The member's account as the trading panel shows it: balances, buying power, positions, open
 * orders and recent fills. Money is in the account currency (`currency`); prices in each
 * instrument's quote currency.
 */
export async function getAccountSummary(
  db: DbExecutor,
  engine: TradingEngine,
  userId: string,
  groupId: string,
) {
  // Five statements (the account with its owner and competition, positions, open orders with their
  // times, recent fills, challenge events) where there were eight: on the embedded database each one
  // waits its turn behind the order desk's batches (bench:desk).
  const [found] = await db
    .select({
      account: tradingAccounts,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      group: {
        id: groups.id,
        currency: groups.currency,
        marketMode: groups.marketMode,
        instruments: groups.instruments,
        ruleSet: groups.ruleSet,
        freezeThreshold: groups.freezeThreshold,
        drawdownBasis: groups.drawdownBasis,
        dailyLossLimit: groups.dailyLossLimit,
        dailyResetHour: groups.dailyResetHour,
        timeZone: groups.timeZone,
        startDate: groups.startDate,
        replayFrom: groups.replayFrom,
        replaySpeed: groups.replaySpeed,
      },
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .innerJoin(groups, eq(groups.id, tradingAccounts.groupId))
    .where(and(eq(tradingAccounts.groupId, groupId), eq(tradingAccounts.userId, userId)));
  if (!found) throw forbidden(NOT_A_MEMBER);
  if (found.account.removedAt) throw forbidden(REMOVED_FROM_COMPETITION);
  const { group } = found;
  const account = accountStateOf(found.account, found, group.currency);
  const [positionRows, orderRows, recentFills] = await Promise.all([
    db.select().from(positions).where(eq(positions.accountId, account.id)),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, account.id), eq(orders.status, 'open')))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select()
      .from(fills)
      .where(eq(fills.accountId, account.id))
      .orderBy(sql`${fills.ledgerSeq} desc nulls last`, desc(fills.createdAt), desc(fills.id))
      .limit(50),
  ]);
  for (const position of positionRows)
    account.positions.set(position.symbol, {
      symbol: position.symbol,
      quantity: position.quantity,
      averagePrice: position.averagePrice,
      stopLoss: position.stopLoss,
      takeProfit: position.takeProfit,
    });
  const createdAt = new Map<string, string>();
  for (const order of orderRows) {
    if (order.type === 'market' || order.price === null) continue;
    account.openOrders.push({
      id: order.id,
      symbol: order.symbol,
      side: order.side,
      type: order.type,
      quantity: order.quantity,
      price: order.price,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
    });
    createdAt.set(order.id, order.createdAt.toISOString());
  }
  const market = engine.marketFor(group ?? { id: groupId });
  const live = engine.accountState(groupId, userId);
  const equity = markToMarket(account, market);
  const peak = Math.max(live?.peakEquity ?? account.peakEquity, equity);
  const exposure = accountExposure(account, market);
  // Amounts are whole minor units (exact); products not booked (exposure, buying power) and
  // percentages are rounded once by the rule for the wire (docs/decisions/022-exact-money.md).
  const equityMinor = minorUnitsOf(equity);
  const peakMinor = minorUnitsOf(peak);
  const startMinor = minorUnitsOf(account.startingBalance);
  const power = decimal(Math.max(0, equity)).times(LEVERAGE).minus(exposure);
  const { objectives, challenge } = await challengeStanding(
    db,
    {
      ruleSet: ruleSetOf(group?.ruleSet),
      freezeThreshold: group?.freezeThreshold ?? 0,
      drawdownBasis: (group?.drawdownBasis ?? 'peak') as DrawdownBasis,
      dailyLossLimit: group?.dailyLossLimit ?? 0,
      dailyResetHour: group?.dailyResetHour ?? 0,
      timeZone: group?.timeZone ?? 'Asia/Kolkata',
      startMs: group?.startDate?.getTime() ?? 0,
      replay:
        group?.marketMode === 'replay' && group.replayFrom
          ? { from: group.replayFrom.getTime(), speed: group.replaySpeed }
          : null,
    },
    { ...account, peakEquity: peak },
    equity,
  );
  // The rates the order ticket sizes with: each quote currency traded here into the account's.
  const traded = group?.instruments.length ? group.instruments : [...engine.instruments.keys()];
  const quoteCurrencies = new Set(
    [...traded, ...account.positions.keys(), ...account.openOrders.map((order) => order.symbol)].map(
      (symbol) => market.terms(symbol).currency,
    ),
  );
  const rates: Record<string, number> = {};
  for (const currency of quoteCurrencies) {
    const rate = market.rate(currency, account.currency);
    if (rate !== null) rates[currency] = rate;
  }
  return {
    account: {
      _id: account.id,
      currency: account.currency,
      startingBalance: account.startingBalance,
      balance: account.balance,
      equity,
      peakEquity: peak,
      drawdownPercent: equityMinor < peakMinor ? percentOfMinor(peakMinor - equityMinor, peakMinor) : 0,
      pnlPercent: percentOfMinor(equityMinor - startMinor, startMinor),
      exposure: roundedAmount(exposure),
      buyingPower: power.gt(0) ? roundedAmount(power) : 0,
      leverage: LEVERAGE,
      frozenUntil: account.frozenUntil ? new Date(account.frozenUntil).toISOString() : null,
      freezes: account.freezeCount,
      trades: account.tradesCount,
      finalRank: account.finalRank,
      ledgerSeq: account.ledgerSeq,
    },
    objectives,
    challenge,
    /** Quote currency → account currency at the current mids (what notional and margin convert at). */
    rates,
    positions: [...account.positions.values()].map((position) => {
      const quote = market.quote(position.symbol);
      const terms = market.terms(position.symbol);
      const rate = market.rate(terms.currency, account.currency);
      return {
        symbol: position.symbol,
        quantity: position.quantity,
        averagePrice: position.averagePrice,
        stopLoss: position.stopLoss,
        takeProfit: position.takeProfit,
        /** Prices are in the instrument's quote currency. */
        quoteCurrency: terms.currency,
        markPrice: quote ? (position.quantity > 0 ? quote.bid : quote.ask) : null,
        /** In the account currency, converted at the current rate. */
        unrealizedPnl:
          quote && rate !== null
            ? fromMinorUnits(
                unrealizedMinorUnits(
                  position.quantity,
                  position.averagePrice,
                  position.quantity > 0 ? quote.bid : quote.ask,
                  terms.contractSize,
                  rate,
                ),
              )
            : 0,
      };
    }),
    orders: account.openOrders
      .map((order) => ({
        _id: order.id,
        symbol: order.symbol,
        side: order.side,
        type: order.type,
        quantity: order.quantity,
        price: order.price,
        stopLoss: order.stopLoss,
        takeProfit: order.takeProfit,
        createdAt: createdAt.get(order.id) ?? new Date(0).toISOString(),
      }))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)),
    fills: recentFills.map((fill) => ({
      _id: fill.id,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      realizedPnl: fill.realizedPnl, // booked in whole minor units, read exactly
      fxRate: fill.fxRate,
      reason: fill.reason,
      createdAt: fill.createdAt.toISOString(),
    })),
  };
}

/**
 * The leaderboard: the engine's live standings where this process leads (or has them from the
 * leader), else the accounts as last written, cached for a second.
 */
export async function getLeaderboard(
  db: DbExecutor,
  engine: TradingEngine,
  cache: TtlCache,
  groupId: string,
): Promise<StandingRow[]> {
  const live = engine.standings(groupId);
  if (live) return live;
  return cache.get(`leaderboard:${groupId}`, 1000, () => standingsFromDatabase(db, groupId));
}

async function standingsFromDatabase(db: DbExecutor, groupId: string): Promise<StandingRow[]> {
  const [group] = await db.select({ ranking: groups.ranking }).from(groups).where(eq(groups.id, groupId));
  const rows = await db
    .select({
      account: tradingAccounts,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .where(eq(tradingAccounts.groupId, groupId));
  return computeStandings(
    rows.map(({ account, firstName, lastName, email }) =>
      accountStateOf(account, { firstName, lastName, email }, ''),
    ),
    rankingOf(group?.ranking),
  );
}

type AccountSummary = Awaited<ReturnType<typeof getAccountSummary>>;
type WaitingRead = {
  userId: string;
  groupId: string;
  resolve: (summary: AccountSummary) => void;
  reject: (error: unknown) => void;
};

/** Reads answered in one transaction at most (it holds the embedded database while they run). */
const MAX_READS_PER_TURN = 50;

/**
 * The account reads of every member, each one read-only snapshot. On the embedded database, which
 * runs one transaction at a time in turn (PGlite's lock is first come, first served), the reads
 * that arrive while one waits for its turn share that turn: with 200 members trading, reads and the
 * order desk's batches alternated one for one and the reads (40 a second) fell behind by minutes
 * (bench:desk). On PostgreSQL each read has its own transaction on a pooled connection.
 */
export class AccountReads {
  private waiting: WaitingRead[] = [];
  private turnRequested = false;

  constructor(
    private readonly database: { db: Database; engine: 'pglite' | 'postgres' },
    private readonly engine: () => TradingEngine,
  ) {}

  read(userId: string, groupId: string): Promise<AccountSummary> {
    if (this.database.engine !== 'pglite')
      return this.database.db.transaction(
        (tx) => getAccountSummary(tx, this.engine(), userId, groupId),
        SNAPSHOT,
      );
    return new Promise((resolve, reject) => {
      this.waiting.push({ userId, groupId, resolve, reject });
      if (!this.turnRequested) this.requestTurn();
    });
  }

  private requestTurn(): void {
    this.turnRequested = true;
    let batch: WaitingRead[] = [];
    this.database.db
      .transaction(async (tx) => {
        // The turn came: every read waiting now is answered in it; later ones ask for the next.
        batch = this.waiting.splice(0, MAX_READS_PER_TURN);
        this.turnRequested = false;
        if (this.waiting.length) this.requestTurn();
        for (const pending of batch) {
          try {
            pending.resolve(await getAccountSummary(tx, this.engine(), pending.userId, pending.groupId));
          } catch (error) {
            pending.reject(error);
          }
        }
      }, SNAPSHOT)
      .catch((error) => {
        // The transaction itself failed (before or after the reads): whoever was not answered hears it.
        if (this.turnRequested && batch.length === 0) {
          batch = this.waiting.splice(0);
          this.turnRequested = false;
        }
        for (const pending of batch) pending.reject(error);
      });
  }
}

/** One read-only snapshot: the balance, positions, orders and fills of one moment. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
