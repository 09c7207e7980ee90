import type { PracticeBook, practiceSessions } from '@candlewise/db';
import type { AccountState } from '../../engine/account-book.ts';

type SessionRow = typeof practiceSessions.$inferSelect;

/**
 * A practice replay's book as the competitions' account state, so their pure rules (account-book,
 * decide-account, place-order) run on it unchanged; and back. No freeze, no challenge: the fields
 * those rules keep are neutral here.
 */
export function accountOfSession(session: SessionRow): AccountState {
  return {
    id: session.id,
    groupId: '',
    userId: session.userId,
    name: '',
    currency: session.currency,
    startingBalance: session.startingBalance,
    balance: session.balance,
    equity: session.equity,
    peakEquity: session.equity,
    frozenUntil: null,
    frozenReason: null,
    dayStartEquity: null,
    dayStartedAt: null,
    freezeCount: 0,
    tradesCount: session.tradesCount,
    finalRank: null,
    removed: false,
    version: 0,
    ledgerSeq: 0,
    positions: new Map(session.book.positions.map((position) => [position.symbol, { ...position }])),
    openOrders: session.book.openOrders.map(({ placedAt: _placedAt, ...order }) => ({ ...order })),
    phase: 1,
    phaseStartedAt: null,
    challengeStatus: 'in-progress',
    dayStartBalance: null,
    eodHighBalance: null,
    equityHigh: null,
    maxDrawdownPercent: 0,
  };
}

/** The book to store: positions and pending orders, each order keeping the replayed moment it was placed. */
export function bookOfAccount(account: AccountState, previous: PracticeBook, placedAt: number): PracticeBook {
  const placed = new Map(previous.openOrders.map((order) => [order.id, order.placedAt]));
  return {
    positions: [...account.positions.values()].map((position) => ({ ...position })),
    openOrders: account.openOrders.map((order) => ({
      ...order,
      placedAt: placed.get(order.id) ?? placedAt,
    })),
  };
}
