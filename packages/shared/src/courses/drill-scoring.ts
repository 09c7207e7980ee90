import { decimal, decimalToNumber, divideRounded, roundHalfAway } from '../money/money.ts';

/**
 * Trade drills (issue #42): a practice replay of a real day graded against machine-checkable
 * rules. Pure: the API hands over the session's real fills, the stop each entry carried and the
 * day's bars; the same function is what the unit tests drive.
 */
export const DRILL_DIRECTIONS = ['long', 'short', 'any'] as const;
export type DrillDirection = (typeof DRILL_DIRECTIONS)[number];
export const DRILL_BREACH_RULES = ['wrong_direction', 'no_stop', 'max_risk', 'time_limit'] as const;
export type DrillBreachRule = (typeof DRILL_BREACH_RULES)[number];

export type DrillRules = {
  direction: DrillDirection;
  stopRequired: boolean;
  /** Percent of the starting balance one entry may risk; null = no limit. */
  maxRiskPercent: number | null;
  targetR: number;
  /** Replayed minutes from the start; null = the rest of the day. */
  timeLimitMinutes: number | null;
};

export type DrillScoringFill = {
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  /** Realised P&L of this fill, in the session currency. */
  realized: number;
  replayedAt: number;
  /** The stop-loss the order carried when it filled (null: none). */
  stopLoss: number | null;
};

export type DrillBar = { time: number; high: number; low: number };

export type DrillBreach = { rule: DrillBreachRule; message: string };

export type DrillScore = {
  /** Realised P&L ÷ the first entry's initial risk, at the end. */
  rFinal: number | null;
  /** The best realised R reached along the way (what the target is checked against). */
  rBest: number | null;
  /** Maximum adverse and favourable excursion of the first entry's price, in R, over the held period. */
  mae: number | null;
  mfe: number | null;
  /** The first entry's |entry − stop| × quantity × contract size (the 1R amount). */
  initialRisk: number | null;
  realized: number;
  breaches: DrillBreach[];
  /** 0–100: the share of the target reached, less 25 per breach. */
  score: number;
  passed: boolean;
};

const MINUTE_MS = 60_000;
const hhmm = (time: number) => new Date(time).toISOString().slice(11, 16);
const plainMoney = (value: number) =>
  value.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The amount one entry may risk: the percent of the starting balance (exact, in cents). */
export function maxRiskAmount(startingBalance: number, maxRiskPercent: number): number {
  return decimalToNumber(roundHalfAway(decimal(startingBalance).times(maxRiskPercent).div(100), 2));
}

/** What one entry risks: |entry − stop| × quantity × contract size, exact to the cent. */
export function entryRisk(price: number, stop: number, quantity: number, contractSize = 1): number {
  return decimalToNumber(
    roundHalfAway(decimal(price).minus(stop).abs().times(quantity).times(contractSize), 2),
  );
}

function rOf(amount: number, risk: number): number {
  return decimalToNumber(divideRounded(decimal(amount), decimal(risk), 2));
}

/**
 * Scores a drill from the session's fills (oldest first). Without a stop on the first entry the
 * 1R amount is the drill's maximum risk (or 1 % of the starting balance), so R still means something.
 */
export function scoreDrill(input: {
  rules: DrillRules;
  startingBalance: number;
  /** The replay's start (ms). */
  startAt: number;
  /** When the attempt was scored, replayed (ms): the held period of a still-open position ends here. */
  endAt: number;
  contractSize?: number;
  currency?: string;
  fills: DrillScoringFill[];
  bars: DrillBar[];
}): DrillScore {
  const { rules, fills } = input;
  const contractSize = input.contractSize ?? 1;
  const currency = input.currency ? ` ${input.currency}` : '';
  const breaches: DrillBreach[] = [];
  const breach = (rule: DrillBreachRule, message: string) => {
    if (!breaches.some((existing) => existing.rule === rule)) breaches.push({ rule, message });
  };
  const limit =
    rules.maxRiskPercent === null ? null : maxRiskAmount(input.startingBalance, rules.maxRiskPercent);
  const deadline =
    rules.timeLimitMinutes === null ? null : input.startAt + rules.timeLimitMinutes * MINUTE_MS;

  let position = decimal(0);
  let realizedCum = decimal(0);
  let first: {
    price: number;
    stop: number | null;
    time: number;
    side: 'buy' | 'sell';
    risk: number | null;
  } | null = null;
  const realizedSteps: Array<ReturnType<typeof decimal>> = [];
  let lastFlat: number | null = null;

  for (const fill of fills) {
    const signed = fill.side === 'buy' ? decimal(fill.quantity) : decimal(fill.quantity).neg();
    const before = position;
    position = position.plus(signed);
    // The part of the fill that opens or adds to a position (a reversal opens what passes zero).
    let opened = decimal(0);
    if (before.eq(0) || before.s === signed.s) opened = signed.abs();
    else if (!position.eq(0) && position.s !== before.s) opened = position.abs();
    if (opened.gt(0)) {
      const quantity = decimalToNumber(opened);
      const goesLong = fill.side === 'buy';
      if (rules.direction === 'long' && !goesLong)
        breach('wrong_direction', `This drill is long only: you sold short at ${hhmm(fill.replayedAt)} UTC.`);
      if (rules.direction === 'short' && goesLong)
        breach('wrong_direction', `This drill is short only: you bought at ${hhmm(fill.replayedAt)} UTC.`);
      if (fill.stopLoss === null && rules.stopRequired)
        breach(
          'no_stop',
          `Your entry at ${hhmm(fill.replayedAt)} UTC had no stop-loss; every entry in this drill needs one.`,
        );
      const risk =
        fill.stopLoss === null ? null : entryRisk(fill.price, fill.stopLoss, quantity, contractSize);
      if (limit !== null && risk !== null && risk > limit)
        breach(
          'max_risk',
          `Your entry at ${hhmm(fill.replayedAt)} UTC risked ${plainMoney(risk)}${currency}, more than the ${plainMoney(limit)}${currency} (${rules.maxRiskPercent} % of the starting balance) allowed.`,
        );
      if (!first)
        first = { price: fill.price, stop: fill.stopLoss, time: fill.replayedAt, side: fill.side, risk };
    }
    if (deadline !== null && fill.replayedAt > deadline)
      breach(
        'time_limit',
        `You traded past the ${rules.timeLimitMinutes}-minute time limit (it ended at ${hhmm(deadline)} UTC).`,
      );
    if (fill.realized !== 0) {
      realizedCum = realizedCum.plus(fill.realized);
      realizedSteps.push(realizedCum);
    }
    if (position.eq(0)) lastFlat = fill.replayedAt;
  }
  if (deadline !== null && !position.eq(0) && input.endAt > deadline)
    breach(
      'time_limit',
      `You traded past the ${rules.timeLimitMinutes}-minute time limit (it ended at ${hhmm(deadline)} UTC).`,
    );

  const realized = decimalToNumber(roundHalfAway(realizedCum, 2));
  if (!first)
    return {
      rFinal: null,
      rBest: null,
      mae: null,
      mfe: null,
      initialRisk: null,
      realized,
      breaches,
      score: 0,
      passed: false,
    };

  const fallback = limit ?? maxRiskAmount(input.startingBalance, 1);
  const initialRisk = first.risk && first.risk > 0 ? first.risk : fallback;
  const rFinal = rOf(realized, initialRisk);
  const rBest = realizedSteps.length
    ? Math.max(...realizedSteps.map((step) => rOf(decimalToNumber(roundHalfAway(step, 2)), initialRisk)))
    : 0;

  // Excursions of the price against and for the first entry, in R per unit, over the bars it was held.
  const heldUntil = position.eq(0) && lastFlat !== null ? lastFlat : input.endAt;
  const from = Math.floor(first.time / MINUTE_MS) * MINUTE_MS;
  const held = input.bars.filter((bar) => bar.time >= from && bar.time <= heldUntil);
  let mae: number | null = null;
  let mfe: number | null = null;
  const perUnit =
    first.stop !== null && first.stop !== first.price ? decimal(first.price).minus(first.stop).abs() : null;
  if (held.length && perUnit) {
    const high = Math.max(...held.map((bar) => bar.high));
    const low = Math.min(...held.map((bar) => bar.low));
    const long = first.side === 'buy';
    const favourable = long ? decimal(high).minus(first.price) : decimal(first.price).minus(low);
    const adverse = long ? decimal(low).minus(first.price) : decimal(first.price).minus(high);
    mfe = Math.max(0, decimalToNumber(divideRounded(favourable, perUnit, 2)));
    mae = Math.min(0, decimalToNumber(divideRounded(adverse, perUnit, 2)));
  }

  const reached = Math.max(0, Math.min(1, rBest / rules.targetR));
  const score = Math.max(0, Math.floor(reached * 100) - 25 * breaches.length);
  const passed = rBest >= rules.targetR && breaches.length === 0;
  return { rFinal, rBest, mae, mfe, initialRisk, realized, breaches, score, passed };
}
