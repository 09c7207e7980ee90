import { type DbExecutor, fills, groups, orders, tradingAccounts, users } from '@candlewise/db';
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
import { and, desc, eq } from 'drizzle-orm';
import { accountExposure, markToMarket, type StandingRow } from '../../engine/account-book.ts';
import { accountStateOf, loadAccounts } from '../../engine/account-ledger.ts';
import { computeStandings } from '../../engine/compute-standings.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { challengeStanding } from './challenge-standing.ts';
import { findMyAccount } from './trading-access.ts';

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
  const found = await findMyAccount(db, userId, groupId);
  const [account, recentFills] = await Promise.all([
    loadAccounts(db, [found.id]).then((loaded) => loaded.get(found.id)!),
    db
      .select()
      .from(fills)
      .where(eq(fills.accountId, found.id))
      .orderBy(desc(fills.createdAt), desc(fills.id))
      .limit(50),
  ]);
  const [group] = await db
    .select({
      id: groups.id,
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
    })
    .from(groups)
    .where(eq(groups.id, groupId));
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
  const orderTimes = account.openOrders.length
    ? await db
        .select({ id: orders.id, createdAt: orders.createdAt })
        .from(orders)
        .where(and(eq(orders.accountId, account.id), eq(orders.status, 'open')))
    : [];
  const createdAt = new Map(orderTimes.map((row) => [row.id, row.createdAt.toISOString()]));
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
