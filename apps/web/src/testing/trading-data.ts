import type { DataOf } from '@candlewise/shared/api/contract';
import type { MarketSession } from '@candlewise/shared/trading/market-hours';
import type { tradingContract } from '@candlewise/shared/trading/trading-contract';
import type { ApiCall } from './mock-api';

/**
 * The trading desk's answers as the contract (ADR 023) says the API sends them, whole, so a test
 * writes only the fields it is about and its mock cannot drift from the server (mock-api checks).
 */

/** An instrument as GET /instruments sends it, its `session` one of the market-hours names. */
export type ContractInstrument = Omit<DataOf<typeof tradingContract.listInstruments>[number], 'session'> & {
  session: MarketSession;
};
export type ContractTradingAccount = DataOf<typeof tradingContract.getAccount>;
export type ContractStanding = NonNullable<DataOf<typeof tradingContract.getLeaderboard>['me']>;
export type ContractOrderResult = DataOf<typeof tradingContract.placeOrder>;
export type ContractScore = DataOf<typeof tradingContract.getScore>;
export type ContractRanking = DataOf<typeof tradingContract.getLeaderboard>['ranking'];

/**
 * One instrument of GET /instruments: a forex pair quoted in dollars, in contracts of 1,000 euros in
 * steps of 0.1. Its market never closes ('always') so a test does not depend on the day it runs.
 */
export function makeInstrument(overrides: Partial<ContractInstrument> = {}): ContractInstrument {
  return {
    symbol: 'EURUSD',
    name: 'Euro / US Dollar',
    assetClass: 'forex',
    tickSize: 0.00001,
    contractSize: 1000,
    currency: 'USD',
    lotStep: 0.1,
    minQuantity: 0.1,
    session: 'always',
    ...overrides,
  };
}

/** GET /group/{id}/account: a fresh ₹1,00,000 account with no positions, orders or fills. */
export function makeTradingAccount(
  overrides: Partial<ContractTradingAccount['account']> = {},
  book: Partial<Omit<ContractTradingAccount, 'account'>> = {},
): ContractTradingAccount {
  return {
    account: {
      _id: 'acc-1',
      currency: 'INR',
      startingBalance: 100_000,
      balance: 100_000,
      equity: 100_000,
      peakEquity: 100_000,
      drawdownPercent: 0,
      pnlPercent: 0,
      exposure: 0,
      buyingPower: 1_000_000,
      leverage: 10,
      frozenUntil: null,
      freezes: 0,
      trades: 0,
      finalRank: null,
      ledgerSeq: 0,
      ...overrides,
    },
    objectives: [],
    challenge: makeChallenge(),
    rates: { INR: 1 },
    positions: [],
    orders: [],
    fills: [],
    ...book,
  };
}

/** The challenge of a Practice group: one phase, in progress, nothing decided. */
export function makeChallenge(
  overrides: Partial<ContractTradingAccount['challenge']> = {},
): ContractTradingAccount['challenge'] {
  return {
    ruleSet: 'practice@1',
    ruleSetName: 'Practice',
    status: 'in-progress',
    phase: { index: 1, name: 'Practice', count: 1, startedAt: null },
    failure: null,
    pausedUntil: null,
    events: [],
    ...overrides,
  };
}

/** One row of the standings: an unranked-looking member at the start, nothing traded. */
export function makeStanding(overrides: Partial<ContractStanding> = {}): ContractStanding {
  return {
    rank: 1,
    userId: 'someone',
    name: 'Someone',
    pnlPercent: 0,
    balance: 100_000,
    equity: 100_000,
    trades: 0,
    freezes: 0,
    frozenUntil: null,
    ledgerSeq: 0,
    frozenReason: null,
    score: overrides.pnlPercent ?? 0,
    maxDrawdownPercent: 0,
    phase: 1,
    challengeStatus: 'in-progress',
    ...overrides,
  };
}

/** GET /group/{id}/score's data: a member ranked by Calmar, first of one, the figures given. */
export function makeScore(overrides: Partial<ContractScore> = {}): ContractScore {
  return {
    ranking: 'calmar',
    rank: 1,
    ranked: 1,
    score: 3.1,
    returnPercent: 12.4,
    maxDrawdownPercent: 4,
    drawdownFloorPercent: 1,
    equityHigh: 116_000,
    formula: 'Calmar = return 12.40 % ÷ max drawdown 4.00 % = 3.10',
    ...overrides,
  };
}

/**
 * GET /group/{id}/leaderboard's data for these rows: all of them ranked (`total`) and the caller's
 * own row (`me`) found among them by id, or null as for a non-member.
 */
export function makeStandingsPage(
  rows: ContractStanding[],
  {
    currency = 'INR',
    userId,
    ranking = 'return',
  }: { currency?: string; userId?: string; ranking?: ContractRanking } = {},
): DataOf<typeof tradingContract.getLeaderboard> {
  return {
    rows,
    currency,
    ranking,
    total: rows.length,
    me: rows.find((row) => row.userId === userId) ?? null,
  };
}

/**
 * The API's answer to POST /group/{id}/orders (201) or POST …/positions/{symbol}/close (200): a
 * market order fills at once (fillPrice), a limit or stop order is left open (fillPrice null).
 */
export function orderResult(
  result: Partial<ContractOrderResult> = {},
  { status = 201, message }: { status?: number; message?: string } = {},
) {
  const data: ContractOrderResult = {
    _id: 'ord-1',
    status: 'filled',
    fillPrice: 1.08012,
    ledgerSeq: 1,
    ...result,
  };
  return {
    status,
    body: {
      success: true as const,
      message: message ?? (data.status === 'filled' ? 'Order filled.' : 'Order placed.'),
      data,
    },
  };
}

/**
 * A handler for PATCH of an order's or a position's levels: the API answers the levels now set,
 * here the ones sent (a level left out is taken as none; a test that needs one kept mocks its own).
 */
export function protectionReply({ body }: ApiCall) {
  const sent = (body ?? {}) as { stopLoss?: number | null; takeProfit?: number | null };
  return {
    body: {
      success: true as const,
      message: 'Stop-loss and take-profit saved.',
      data: { stopLoss: sent.stopLoss ?? null, takeProfit: sent.takeProfit ?? null },
    },
  };
}

/** The API's answer to DELETE /group/{id}/orders/{orderId}: no data. */
export const cancelOrderReply = { body: { success: true as const, message: 'Order canceled.', data: null } };
