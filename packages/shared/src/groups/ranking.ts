import type { Ranking } from './group-rules.ts';

export type { Ranking };

/**
 * How a leaderboard ranks (docs/challenges.md, "Ranking"): by return % (P&L % of the starting
 * balance), or by the risk-adjusted Calmar score (return ÷ maximum drawdown). Pure, shared by the
 * engine's standings, the score endpoint and the web's explanation.
 *
 * Every figure is compared in hundredths (the 2 decimals the leaderboard shows), as integers: two
 * members who show the same score tie, and the tie goes the same way on every process.
 */

/**
 * The smallest drawdown a Calmar score divides by, in percent. Without it a member who made 2 %
 * and never fell more than 0.01 % would score 200 and outrank everyone on one lucky trade; at
 * 1 % (about one normal day's swing on a leveraged desk) a tiny or zero drawdown counts as 1 %,
 * so that member scores 2.00, the same as their return.
 */
export const DRAWDOWN_FLOOR_PERCENT = 1;

const FLOOR_HUNDREDTHS = DRAWDOWN_FLOOR_PERCENT * 100;

/** A stored ranking as the type (anything unknown ranks by return, the default). */
export function rankingOf(value: string | null | undefined): Ranking {
  return value === 'calmar' ? 'calmar' : 'return';
}

/** A percentage in whole hundredths (half away from zero): the figure the leaderboard shows. */
export function hundredthsOf(percent: number): number {
  const scaled = Math.round(Math.abs(percent) * 100);
  return percent < 0 && scaled !== 0 ? -scaled : scaled;
}

/** numerator ÷ denominator (denominator > 0) to a whole number, half away from zero, exactly. */
function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  const rounded = Math.abs(remainder) * 2 >= denominator ? quotient + Math.sign(numerator) : quotient;
  return rounded === 0 ? 0 : rounded;
}

/** The drawdown a Calmar score divides by: the member's maximum drawdown, at least the floor (hundredths). */
function drawdownDivisor(maxDrawdownPercent: number): number {
  return Math.max(hundredthsOf(maxDrawdownPercent), FLOOR_HUNDREDTHS);
}

/**
 * The score a member ranks by, rounded to 2 decimals.
 * - `return`: the return % itself.
 * - `calmar`: return % ÷ max(maximum drawdown %, the floor). For a loss the drawdown multiplies
 *   instead (return × drawdown ÷ floor): divided, a wilder loss would score nearer 0 and rank
 *   above a steadier one (−10 % with a 50 % drawdown −0.20 above −1 % with 1 %: −1.00), rewarding
 *   the gambling the score is there to discourage. This is Israelsen's adjustment of the Sharpe
 *   ratio for negative returns; the floor keeps it continuous at 0.
 */
export function rankingScore(ranking: Ranking, returnPercent: number, maxDrawdownPercent: number): number {
  const returnHundredths = hundredthsOf(returnPercent);
  if (ranking === 'return') return returnHundredths / 100;
  const divisor = drawdownDivisor(maxDrawdownPercent);
  const score =
    returnHundredths >= 0
      ? divideRounded(returnHundredths * 100, divisor)
      : divideRounded(returnHundredths * divisor, FLOOR_HUNDREDTHS);
  return score / 100;
}

/** What the tie-break chain compares, in its order after the score. */
export type RankKey = { score: number; returnPercent: number; equity: number; name: string; userId: string };

/**
 * The ranking order (negative: `a` ranks first): the higher score, then the higher return %, then
 * the higher equity, then the name (A before B, by code unit, the same on every machine), then the
 * user id (unique, so no two members ever tie).
 */
export function compareRankKeys(a: RankKey, b: RankKey): number {
  return (
    hundredthsOf(b.score) - hundredthsOf(a.score) ||
    hundredthsOf(b.returnPercent) - hundredthsOf(a.returnPercent) ||
    b.equity - a.equity ||
    compareText(a.name, b.name) ||
    compareText(a.userId, b.userId)
  );
}

/** Code-unit order (not the locale's): the same answer on every process. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The leaderboard's heading: which ranking it uses. */
export const RANKING_TITLES: Record<Ranking, string> = {
  return: 'Ranked by return %',
  calmar: 'Ranked by Calmar score (return ÷ max drawdown)',
};

const fixed = (value: number) => value.toFixed(2);

/**
 * How a member's score is made, as one sentence with their own numbers, e.g.
 * "Calmar = return 12.40 % ÷ max drawdown 4.00 % = 3.10".
 */
export function scoreFormula(ranking: Ranking, returnPercent: number, maxDrawdownPercent: number): string {
  const score = rankingScore(ranking, returnPercent, maxDrawdownPercent);
  const ret = hundredthsOf(returnPercent) / 100;
  if (ranking === 'return') return `Score = return ${fixed(ret)} % of the starting balance = ${fixed(score)}`;
  const drawdown = hundredthsOf(maxDrawdownPercent) / 100;
  const floor = fixed(DRAWDOWN_FLOOR_PERCENT);
  const floored = drawdown < DRAWDOWN_FLOOR_PERCENT;
  // The drawdown the score uses: the member's own, or the floor when theirs is smaller.
  const used = floored
    ? `the floor ${floor} % (max drawdown ${fixed(drawdown)} % is below it)`
    : `max drawdown ${fixed(drawdown)} %`;
  if (ret >= 0) return `Calmar = return ${fixed(ret)} % ÷ ${used} = ${fixed(score)}`;
  return `Calmar = return ${fixed(ret)} % × ${used} ÷ ${floor} % = ${fixed(score)} (a loss is multiplied by the drawdown, so a wilder loss ranks lower)`;
}
