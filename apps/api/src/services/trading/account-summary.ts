import { type DbExecutor, fills, orders, positions, tradingAccounts, users } from '@candlewise/db';
import { drawdownPercent, pnlPercent, unrealizedPnl } from '@candlewise/shared';
import { and, desc, eq } from 'drizzle-orm';
import { computeStandings, type StandingRow } from '../../engine/engine-book.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { findMyAccount } from './trading-access.ts';

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The member's account as the trading panel shows it: balances, positions, open orders, recent fills. */
export async function getAccountSummary(
  db: DbExecutor,
  engine: TradingEngine,
  userId: string,
  groupId: string,
) {
  const account = await findMyAccount(db, userId, groupId);
  const [positionRows, openOrders, recentFills] = await Promise.all([
    db.select().from(positions).where(eq(positions.accountId, account.id)),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, account.id), eq(orders.status, 'open')))
      .orderBy(desc(orders.createdAt)),
    db.select().from(fills).where(eq(fills.accountId, account.id)).orderBy(desc(fills.createdAt)).limit(50),
  ]);
  const live = engine.accountState(groupId, userId);
  const openPositions = positionRows.map((position) => {
    const quote = engine.quote(position.symbol);
    return {
      symbol: position.symbol,
      quantity: position.quantity,
      averagePrice: position.averagePrice,
      stopLoss: position.stopLoss,
      takeProfit: position.takeProfit,
      markPrice: quote ? (position.quantity > 0 ? quote.bid : quote.ask) : null,
      unrealizedPnl: quote
        ? round(unrealizedPnl(position, quote, engine.sizes.get(position.symbol) ?? 1))
        : 0,
    };
  });
  const equity =
    live?.equity ??
    account.balance + openPositions.reduce((sum, position) => sum + position.unrealizedPnl, 0);
  const peak = Math.max(live?.peakEquity ?? account.peakEquity, equity);
  return {
    account: {
      _id: account.id,
      startingBalance: account.startingBalance,
      balance: round(account.balance),
      equity: round(equity),
      peakEquity: round(peak),
      drawdownPercent: round(drawdownPercent(peak, equity)),
      pnlPercent: round(pnlPercent(equity, account.startingBalance)),
      frozenUntil: account.frozenUntil?.toISOString() ?? null,
      freezes: account.freezeCount,
      trades: account.tradesCount,
      finalRank: account.finalRank,
    },
    positions: openPositions,
    orders: openOrders.map((order) => ({
      _id: order.id,
      symbol: order.symbol,
      side: order.side,
      type: order.type,
      quantity: order.quantity,
      price: order.price,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      createdAt: order.createdAt.toISOString(),
    })),
    fills: recentFills.map((fill) => ({
      _id: fill.id,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      realizedPnl: round(fill.realizedPnl),
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
  const standings = computeStandings({
    id: groupId,
    name: '',
    startMs: 0,
    endMs: 0,
    freezeThreshold: 0,
    freezeDurationMs: 0,
    startAnnounced: true,
    finalized: false,
    standings: [],
    accounts: new Map(
      rows.map(({ account, firstName, lastName, email }) => [
        account.id,
        {
          id: account.id,
          groupId,
          userId: account.userId,
          name: [firstName, lastName].filter(Boolean).join(' ') || email.split('@')[0],
          startingBalance: account.startingBalance,
          balance: account.balance,
          equity: account.equity,
          peakEquity: account.peakEquity,
          frozenUntil: account.frozenUntil?.getTime() ?? null,
          freezeCount: account.freezeCount,
          tradesCount: account.tradesCount,
          finalRank: account.finalRank,
          version: account.version,
          positions: new Map(),
          openOrders: [],
        },
      ]),
    ),
  });
  return standings;
}
