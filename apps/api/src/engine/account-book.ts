import {
  type ChallengeStatus,
  conversionRate,
  type DrawdownBasis,
  type FreezeReason,
  isMarketOpen,
  LEVERAGE,
  type MarketSession,
  marketFillPrice,
  type Ranking,
  type RuleSet,
  type Side,
} from '@candlewise/shared';
// From the module itself, not the package index: these run for every account every second, and
// each re-export level is one more accessor call per use.
import {
  applyFillExact,
  type Decimal,
  decimal,
  exactExposure,
  fromMinorUnits,
  minorUnitsOf,
  type UnitTerms,
  unrealizedMinorUnits,
} from '@candlewise/shared/money/money';
import { contractValue } from '@candlewise/shared/trading/order-sizing';
import type { StandingsTable } from './compute-standings.ts';
import type { MarketQuote } from './simulated-feed.ts';

/**
 * Money here is exact (docs/decisions/022-exact-money.md): every amount of an account (balance,
 * equity, peak, the day's opening equity) is whole minor units of its currency, carried by a number
 * that prints as that decimal; prices, quantities and rates are the decimals they print as. All
 * arithmetic on them goes through the shared money module, which rounds by the one rule.
 *
 * The competition's bookkeeping as pure functions over plain state: what an order, a tick or the
 * end of a competition does to one account. The engine runs them on the database's locked copy of
 * an account inside the transaction that saves the result, so what is decided is what is saved.
 */

export type PositionState = {
  symbol: string;
  quantity: number;
  averagePrice: number;
  stopLoss: number | null;
  takeProfit: number | null;
};

export type OrderState = {
  id: string;
  symbol: string;
  side: Side;
  type: 'limit' | 'stop';
  quantity: number;
  price: number;
  stopLoss: number | null;
  takeProfit: number | null;
};

export type AccountState = {
  id: string;
  groupId: string;
  userId: string;
  name: string;
  /** The account currency (the group's). */
  currency: string;
  startingBalance: number;
  balance: number;
  equity: number;
  peakEquity: number;
  frozenUntil: number | null;
  /** Which rule froze the account last. */
  frozenReason: FreezeReason | null;
  /** Equity at the start of the competition day, and when that day started (daily loss limit). */
  dayStartEquity: number | null;
  dayStartedAt: number | null;
  freezeCount: number;
  tradesCount: number;
  finalRank: number | null;
  removed: boolean;
  version: number;
  /** The ledger sequence of the account's last write (0: never written since it was created). */
  ledgerSeq: number;
  positions: Map<string, PositionState>;
  openOrders: OrderState[];
  /** The challenge (docs/challenges.md): phase (1-based), since when, and how it stands. */
  phase: number;
  phaseStartedAt: number | null;
  challengeStatus: ChallengeStatus;
  /** Balance at the start of the rule set's day; highest end-of-day balance; highest equity. */
  dayStartBalance: number | null;
  eodHighBalance: number | null;
  equityHigh: number | null;
  /** Largest fall from `equityHigh`, percent of it (maximum drawdown, the Calmar ranking). */
  maxDrawdownPercent: number;
  /** Leader memory only: recent equity samples [ms, equity] (a breach's evidence), newest last. */
  equitySamples?: Array<[number, number]>;
  /** Leader memory only: when the objectives were last read from the ledger, at which version. */
  passCheckedAt?: { version: number; at: number };
};

export type GroupState = {
  id: string;
  name: string;
  currency: string;
  startMs: number;
  endMs: number;
  freezeThreshold: number;
  freezeDurationMs: number;
  drawdownBasis: DrawdownBasis;
  dailyLossLimit: number;
  dailyResetHour: number;
  timeZone: string;
  /** The challenge rule set the competition runs (Practice: the freeze rule above). */
  ruleSet: RuleSet;
  ranking: Ranking;
  /** A replayed day: from which bar time, at what speed (null: the live market). */
  replay: { from: number; speed: number } | null;
  /** The instruments the competition trades (empty: every one). */
  symbols: string[];
  accounts: Map<string, AccountState>;
  startAnnounced: boolean;
  finalized: boolean;
  standings: StandingRow[];
  /** An account changed since `standings` was sorted: sort again before anyone reads them. */
  standingsStale?: boolean;
  /** Keeps `standings` sorted from one second to the next (compute-standings.ts). */
  standingsTable?: StandingsTable;
};

export type StandingRow = {
  rank: number;
  userId: string;
  name: string;
  pnlPercent: number;
  balance: number;
  equity: number;
  trades: number;
  freezes: number;
  frozenUntil: string | null;
  /** The ledger sequence of the member's last write: a frame's sequence is the highest of its rows. */
  ledgerSeq: number;
  /** Which rule froze the account ('drawdown' or 'daily_loss'), while it is frozen. */
  frozenReason: FreezeReason | null;
  /** What the group ranks by (packages/shared/src/groups/ranking.ts): return % or the Calmar score. */
  score: number;
  /** Largest fall from the phase's equity high, percent of it, to 2 decimals. */
  maxDrawdownPercent: number;
  /** The challenge phase (1-based) and how it stands. */
  phase: number;
  challengeStatus: ChallengeStatus;
};

export type FillReason =
  | 'order'
  | 'stop_loss'
  | 'take_profit'
  | 'freeze'
  | 'competition_end'
  | 'close'
  | 'removed'
  | 'breach'
  | 'phase_end';

export type FillRecord = {
  orderId: string | null;
  symbol: string;
  side: Side;
  quantity: number;
  price: number;
  /** Realised P&L in the account currency, in whole cents (booked exactly). */
  realizedCents: number;
  /** Quote currency → account currency at the fill. */
  fxRate: number;
  reason: FillReason;
};

export type CancelReason = 'freeze' | 'competition_end' | 'buying_power' | 'removed' | 'breach' | 'phase_end';

export type InstrumentTerms = { contractSize: number; currency: string; session?: MarketSession };

/** Quotes, instruments and currency rates at one moment: what every decision is priced with. */
export class Market {
  constructor(
    private readonly quotes: Map<string, MarketQuote>,
    private readonly instruments: Map<string, InstrumentTerms>,
  ) {}

  quote(symbol: string): MarketQuote | undefined {
    return this.quotes.get(symbol);
  }

  terms(symbol: string): InstrumentTerms {
    return this.instruments.get(symbol) ?? { contractSize: 1, currency: 'INR' };
  }

  /** Whether a fill may happen on this symbol now: a fresh quote, and the market is open. */
  tradable(symbol: string, now: number): boolean {
    const quote = this.quotes.get(symbol);
    return Boolean(quote && !quote.stale && isMarketOpen(this.terms(symbol).session ?? 'always', now));
  }

  /** Quote currency → account currency at the current mids; null when the market cannot convert. */
  rate(from: string, to: string): number | null {
    if (from === to) return 1;
    // A market is one moment's quotes: each pair's rate is worked out once (every account asks).
    const key = `${from}>${to}`;
    let rate = this.rates.get(key);
    if (rate === undefined) {
      rate = conversionRate(from, to, (symbol) => this.quotes.get(symbol)?.mid);
      this.rates.set(key, rate);
    }
    return rate;
  }
  private readonly rates = new Map<string, number | null>();

  /** One unit of the symbol in the account currency at the mid (for exposure), or null. */
  unitValue(symbol: string, accountCurrency: string): number | null {
    const quote = this.quotes.get(symbol);
    const terms = this.terms(symbol);
    const rate = this.rate(terms.currency, accountCurrency);
    if (!quote || rate === null) return null;
    return contractValue(quote.mid, terms.contractSize, rate);
  }

  /** What one unit of the symbol is worth, as exact factors (mid, contract size, rate), or null. */
  unitTerms(symbol: string, accountCurrency: string): UnitTerms | null {
    const quote = this.quotes.get(symbol);
    const terms = this.terms(symbol);
    const rate = this.rate(terms.currency, accountCurrency);
    if (!quote || rate === null) return null;
    return { price: quote.mid, contractSize: terms.contractSize, rate };
  }
}

/** A deep copy: decisions are tried on copies, the original stays what the database holds. */
export function cloneAccount(account: AccountState): AccountState {
  return {
    ...account,
    positions: new Map([...account.positions].map(([symbol, position]) => [symbol, { ...position }])),
    openOrders: account.openOrders.map((order) => ({ ...order })),
    equitySamples: account.equitySamples ? [...account.equitySamples] : undefined,
  };
}

/**
 * Applies one execution in memory: position netting, realised P&L computed exactly, converted into
 * the account currency and rounded once to the minor unit (the rule), the balance and the Trades
 * count. Returns null (and changes nothing) when the market cannot convert the instrument's currency.
 */
export function executeFill(
  account: AccountState,
  fill: Omit<FillRecord, 'realizedCents' | 'fxRate'>,
  market: Market,
): FillRecord | null {
  const terms = market.terms(fill.symbol);
  const rate = market.rate(terms.currency, account.currency);
  if (rate === null) return null;
  const existing = account.positions.get(fill.symbol);
  const result = applyFillExact(
    { quantity: existing?.quantity ?? 0, averagePrice: existing?.averagePrice ?? 0 },
    { side: fill.side, quantity: fill.quantity, price: fill.price },
    terms.contractSize,
    rate,
  );
  const quantity = result.position.quantity;
  if (quantity === 0) {
    account.positions.delete(fill.symbol);
  } else {
    const sameDirection = existing && Math.sign(existing.quantity) === Math.sign(quantity);
    account.positions.set(fill.symbol, {
      symbol: fill.symbol,
      quantity,
      averagePrice: result.position.averagePrice,
      stopLoss: sameDirection ? existing.stopLoss : null,
      takeProfit: sameDirection ? existing.takeProfit : null,
    });
  }
  const realizedCents = result.realizedMinor;
  account.balance = fromMinorUnits(minorUnitsOf(account.balance) + realizedCents);
  account.tradesCount += 1;
  return { ...fill, realizedCents, fxRate: rate };
}

/**
 * Equity = balance + each position's open P&L converted at the current rate and rounded to the
 * minor unit as if it were booked now (what closing it would book): whole minor units, exactly.
 */
export function markToMarket(account: AccountState, market: Market): number {
  let equityMinor = minorUnitsOf(account.balance);
  if (account.positions.size === 0) {
    // Flat: the balance (as exact minor units), with no iterator (most members, every second).
    account.equity = fromMinorUnits(equityMinor);
    return account.equity;
  }
  for (const position of account.positions.values()) {
    const quote = market.quote(position.symbol);
    if (!quote || position.quantity === 0) continue;
    const terms = market.terms(position.symbol);
    const rate = market.rate(terms.currency, account.currency);
    if (rate === null) continue;
    const exit = position.quantity > 0 ? quote.bid : quote.ask; // a long closes at the bid
    equityMinor += unrealizedMinorUnits(
      position.quantity,
      position.averagePrice,
      exit,
      terms.contractSize,
      rate,
    );
  }
  const equity = fromMinorUnits(equityMinor);
  account.equity = equity;
  return equity;
}

/** What positions and pending orders could be worth at most, in the account currency (exact). */
export function accountExposure(account: AccountState, market: Market): Decimal {
  return exactExposure({ positions: account.positions.values(), openOrders: account.openOrders }, (symbol) =>
    market.unitTerms(symbol, account.currency),
  );
}

/** Whether an exposure fits LEVERAGE × equity (equity below 0 counts as 0), exactly. */
export function fitsBuyingPower(exposure: Decimal, equity: number): boolean {
  return exposure.lte(decimal(Math.max(0, equity)).times(LEVERAGE));
}

/** Buying power left: LEVERAGE × equity − worst-case exposure (never below 0), exact. */
export function buyingPower(account: AccountState, market: Market): Decimal {
  const left = decimal(Math.max(0, account.equity)).times(LEVERAGE).minus(accountExposure(account, market));
  return left.gt(0) ? left : decimal(0);
}

export type AccountDecision = {
  fills: FillRecord[];
  filledOrders: Array<{ id: string; price: number }>;
  canceledOrders: Array<{ id: string; reason: CancelReason; order: OrderState }>;
  frozeUntil: number | null;
  /** The rule that froze the account now. */
  frozeFor: FreezeReason | null;
  released: boolean;
  /** The rule whose freeze was released now (the release message names it). */
  releasedFrom: FreezeReason | null;
  /** A freeze went on without a release (a static maximum loss or the day's loss still broken). */
  extended: boolean;
  /** A challenge phase passed or failed, or a day ended by its daily loss limit (challenge-rules.ts). */
  challenge: ChallengeDecision | null;
};

export type ChallengeDecision = {
  kind: 'passed' | 'failed' | 'day-ended';
  /** 'daily_loss', 'max_loss', 'time_limit' or 'objectives'. */
  rule: string;
  /** The phase it decided (the account may have moved on to the next). */
  phase: number;
  at: number;
  /** Equity when it was decided (before any close-out), the balance after it, the level crossed. */
  equity: number;
  balance: number;
  threshold: number | null;
  /** Equity before the decision, [ms, equity], oldest first. */
  equityCurve: Array<[number, number]>;
};

export const noDecision = (): AccountDecision => ({
  fills: [],
  filledOrders: [],
  canceledOrders: [],
  frozeUntil: null,
  frozeFor: null,
  released: false,
  releasedFrom: null,
  extended: false,
  challenge: null,
});

export function decisionChangesAccount(decision: AccountDecision): boolean {
  return Boolean(
    decision.fills.length ||
      decision.canceledOrders.length ||
      decision.filledOrders.length ||
      decision.frozeUntil !== null ||
      decision.released ||
      decision.extended ||
      decision.challenge,
  );
}

/** Closes every position at market and cancels every pending order (freeze, end, removal). */
export function closeOut(
  account: AccountState,
  market: Market,
  reason: 'freeze' | 'competition_end' | 'removed' | 'breach' | 'phase_end',
  decision: AccountDecision = noDecision(),
): AccountDecision {
  for (const position of [...account.positions.values()]) {
    const quote = market.quote(position.symbol);
    if (!quote) continue;
    const side: Side = position.quantity > 0 ? 'sell' : 'buy';
    const fill = executeFill(
      account,
      {
        orderId: null,
        symbol: position.symbol,
        side,
        quantity: Math.abs(position.quantity),
        price: marketFillPrice(side, quote),
        reason,
      },
      market,
    );
    if (fill) decision.fills.push(fill);
  }
  for (const order of account.openOrders) decision.canceledOrders.push({ id: order.id, reason, order });
  account.openOrders = [];
  markToMarket(account, market);
  return decision;
}
