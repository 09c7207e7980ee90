import {
  conversionRate,
  type DrawdownBasis,
  dayWindowStart,
  type FreezeReason,
  isMarketOpen,
  LEVERAGE,
  type MarketSession,
  marketFillPrice,
  nextDayWindowStart,
  pendingOrderFill,
  protectiveExit,
  type Side,
} from '@candlewise/shared';
// From the module itself, not the package index: these run for every account every second, and
// each re-export level is one more accessor call per use.
import {
  applyFillExact,
  changePercent,
  type Decimal,
  decimal,
  exactExposure,
  fromMinorUnits,
  lossReachesPercent,
  minorUnitsOf,
  type UnitTerms,
  unrealizedMinorUnits,
} from '@candlewise/shared/money/money';
import { contractValue } from '@candlewise/shared/trading/order-sizing';
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
  positions: Map<string, PositionState>;
  openOrders: OrderState[];
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
  /** Which rule froze the account ('drawdown' or 'daily_loss'), while it is frozen. */
  frozenReason: FreezeReason | null;
};

export type FillReason =
  | 'order'
  | 'stop_loss'
  | 'take_profit'
  | 'freeze'
  | 'competition_end'
  | 'close'
  | 'removed';

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

export type CancelReason = 'freeze' | 'competition_end' | 'buying_power' | 'removed';

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
};

const noDecision = (): AccountDecision => ({
  fills: [],
  filledOrders: [],
  canceledOrders: [],
  frozeUntil: null,
  frozeFor: null,
  released: false,
  releasedFrom: null,
  extended: false,
});

export function decisionChangesAccount(decision: AccountDecision): boolean {
  return Boolean(
    decision.fills.length ||
      decision.canceledOrders.length ||
      decision.filledOrders.length ||
      decision.frozeUntil !== null ||
      decision.released ||
      decision.extended,
  );
}

/** Closes every position at market and cancels every pending order (freeze, end, removal). */
export function closeOut(
  account: AccountState,
  market: Market,
  reason: 'freeze' | 'competition_end' | 'removed',
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

export type CompetitionRules = {
  freezeThreshold: number;
  freezeDurationMs: number;
  drawdownBasis?: DrawdownBasis;
  /** Loss % in one day that freezes (0: off), the day starting at `dailyResetHour` in `timeZone`. */
  dailyLossLimit?: number;
  dailyResetHour?: number;
  timeZone?: string;
};

/** When the competition day after the one holding `now` begins. */
function nextDay(now: number, rules: CompetitionRules): number {
  return nextDayWindowStart(now, rules.timeZone ?? 'Asia/Kolkata', rules.dailyResetHour ?? 0);
}

/** A new competition day began: the daily loss is measured from the equity now. */
function rollDay(account: AccountState, rules: CompetitionRules, now: number): void {
  if (!rules.dailyLossLimit) return;
  const dayStart = dayWindowStart(now, rules.timeZone ?? 'Asia/Kolkata', rules.dailyResetHour ?? 0);
  if (account.dayStartedAt === null || account.dayStartedAt < dayStart || account.dayStartEquity === null) {
    account.dayStartEquity = account.equity;
    account.dayStartedAt = dayStart;
  }
}

/** Which rule the account breaks now, if any (the drawdown first). */
export function breachedRule(account: AccountState, rules: CompetitionRules): FreezeReason | null {
  // Exact comparisons of whole minor units: a threshold crossed by a cent decides on that cent.
  const basis = rules.drawdownBasis ?? 'peak';
  const reference =
    basis === 'peak' ? account.peakEquity : basis === 'balance' ? account.balance : account.startingBalance;
  if (lossReachesPercent(reference, account.equity, rules.freezeThreshold)) return 'drawdown';
  if (
    rules.dailyLossLimit &&
    account.dayStartEquity !== null &&
    lossReachesPercent(account.dayStartEquity, account.equity, rules.dailyLossLimit)
  )
    return 'daily_loss';
  return null;
}

/**
 * One second of one account (docs/architecture.md §Competitions): a due release (the peak and the day restart from there),
 * pending orders that the quote triggers (refused, and cancelled, when the fill would pass the
 * buying power), stop-loss and take-profit exits, mark-to-market and the peak, and the risk rules
 * (drawdown on the group's basis, the daily loss limit). Nothing fills on a stale quote or in a
 * closed market: orders and exits wait. Mutates `account`; returns what happened to be saved.
 */
export function decideAccount(
  account: AccountState,
  rules: CompetitionRules,
  market: Market,
  now: number,
): AccountDecision {
  const decision = noDecision();
  if (account.removed || account.finalRank !== null) return decision;
  if (account.frozenUntil !== null) {
    markToMarket(account, market);
    if (account.frozenUntil > now) return decision;
    // A new day measures its loss from the equity at its start; the same day keeps its first equity
    // whatever freezes happen in it.
    rollDay(account, rules, now);
    const still = breachedRule(account, rules);
    if ((rules.drawdownBasis ?? 'peak') === 'start' && still === 'drawdown') {
      // A static maximum loss stays broken: the freeze goes on, quietly (no new count, no bell).
      account.frozenUntil = now + rules.freezeDurationMs;
      decision.extended = true;
      return decision;
    }
    if (still === 'daily_loss') {
      // The day's loss is still past the limit: frozen, quietly, until the next day begins.
      account.frozenUntil = Math.max(now + rules.freezeDurationMs, nextDay(now, rules));
      decision.extended = true;
      return decision;
    }
    decision.releasedFrom = account.frozenReason ?? 'drawdown';
    account.frozenUntil = null;
    account.frozenReason = null;
    // The drawdown is measured from the release on.
    account.peakEquity = account.equity;
    decision.released = true;
  }

  for (const order of [...account.openOrders]) {
    if (!market.tradable(order.symbol, now)) continue;
    const quote = market.quote(order.symbol)!;
    const price = pendingOrderFill(order, quote);
    if (price === null) continue;
    const execution = {
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      quantity: order.quantity,
      price,
      reason: 'order' as const,
    };
    // Would the fill pass the buying power at today's prices? Then it is refused, not filled.
    const trial = cloneAccount(account);
    trial.openOrders = trial.openOrders.filter((other) => other.id !== order.id);
    if (!executeFill(trial, execution, market)) continue; // no conversion rate right now: it waits
    markToMarket(trial, market);
    // A fill that shrinks the position always goes; one that grows it must fit the buying power
    // now (prices and equity may have moved since the order was accepted).
    const held = Math.abs(account.positions.get(order.symbol)?.quantity ?? 0);
    const reduces = Math.abs(trial.positions.get(order.symbol)?.quantity ?? 0) < held;
    const allowed = reduces || fitsBuyingPower(accountExposure(trial, market), trial.equity);
    account.openOrders = account.openOrders.filter((other) => other.id !== order.id);
    if (!allowed) {
      decision.canceledOrders.push({ id: order.id, reason: 'buying_power', order });
      continue;
    }
    decision.fills.push(executeFill(account, execution, market)!);
    decision.filledOrders.push({ id: order.id, price });
    const position = account.positions.get(order.symbol);
    if (position && (order.stopLoss !== null || order.takeProfit !== null)) {
      position.stopLoss = order.stopLoss ?? position.stopLoss;
      position.takeProfit = order.takeProfit ?? position.takeProfit;
    }
  }

  for (const position of [...account.positions.values()]) {
    if (position.stopLoss === null && position.takeProfit === null) continue;
    if (!market.tradable(position.symbol, now)) continue;
    const exit = protectiveExit(position, market.quote(position.symbol)!);
    if (!exit) continue;
    const fill = executeFill(
      account,
      {
        orderId: null,
        symbol: position.symbol,
        side: position.quantity > 0 ? 'sell' : 'buy',
        quantity: Math.abs(position.quantity),
        price: exit.price,
        reason: exit.reason,
      },
      market,
    );
    if (fill) decision.fills.push(fill);
  }

  const equity = markToMarket(account, market);
  if (equity > account.peakEquity) account.peakEquity = equity;
  rollDay(account, rules, now);
  const breached = breachedRule(account, rules);
  if (breached) {
    closeOut(account, market, 'freeze', decision);
    // A daily-loss freeze lasts at least until the next day begins: the day's loss stays past its limit.
    account.frozenUntil =
      breached === 'daily_loss'
        ? Math.max(now + rules.freezeDurationMs, nextDay(now, rules))
        : now + rules.freezeDurationMs;
    account.frozenReason = breached;
    account.freezeCount += 1;
    decision.frozeUntil = account.frozenUntil;
    decision.frozeFor = breached;
  }
  return decision;
}

/**
 * The cheap question the leader asks of every account every second, on its in-memory copy: would
 * decideAccount change anything? (Only those accounts are then locked, re-decided and saved.)
 * Keeps equity, the peak and the competition day current in memory as it goes.
 */
export function needsDecision(
  account: AccountState,
  rules: CompetitionRules,
  market: Market,
  now: number,
): boolean {
  if (account.removed || account.finalRank !== null) return false;
  if (account.frozenUntil !== null) {
    markToMarket(account, market);
    return account.frozenUntil <= now;
  }
  for (const order of account.openOrders) {
    if (market.tradable(order.symbol, now) && pendingOrderFill(order, market.quote(order.symbol)!) !== null)
      return true;
  }
  for (const position of account.positions.values()) {
    if (position.stopLoss === null && position.takeProfit === null) continue;
    if (market.tradable(position.symbol, now) && protectiveExit(position, market.quote(position.symbol)!))
      return true;
  }
  const equity = markToMarket(account, market);
  if (equity > account.peakEquity) account.peakEquity = equity;
  rollDay(account, rules, now);
  return breachedRule(account, rules) !== null;
}

export function computeStandings(accounts: Iterable<AccountState>): StandingRow[] {
  // Sort indexes over plain number arrays, build the row objects once: this runs every second over
  // every member (10,000 in the engine bench), so no per-member sort objects.
  const list: AccountState[] = [];
  for (const account of accounts) if (!account.removed) list.push(account);
  const count = list.length;
  const pnls = new Float64Array(count);
  const equities = new Float64Array(count);
  const finalRanks = new Float64Array(count);
  const order: number[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const account = list[i];
    pnls[i] = changePercent(account.startingBalance, account.equity);
    equities[i] = account.equity;
    finalRanks[i] = account.finalRank ?? Number.NaN;
    order[i] = i;
  }
  order.sort((a, b) => {
    const ra = finalRanks[a];
    const rb = finalRanks[b];
    if (!Number.isNaN(ra) && !Number.isNaN(rb)) return ra - rb; // both ranked for good
    if (pnls[b] !== pnls[a]) return pnls[b] - pnls[a];
    if (equities[b] !== equities[a]) return equities[b] - equities[a];
    const na = list[a].name;
    const nb = list[b].name;
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
  const rows: StandingRow[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const account = list[order[i]];
    const pnl = pnls[order[i]];
    rows[i] = {
      rank: i + 1,
      userId: account.userId,
      name: account.name,
      pnlPercent: pnl,
      // Whole minor units already: the number JSON prints is the exact amount.
      balance: account.balance,
      equity: account.equity,
      trades: account.tradesCount,
      freezes: account.freezeCount,
      frozenUntil: account.frozenUntil ? new Date(account.frozenUntil).toISOString() : null,
      frozenReason: account.frozenUntil ? account.frozenReason : null,
    };
  }
  return rows;
}
