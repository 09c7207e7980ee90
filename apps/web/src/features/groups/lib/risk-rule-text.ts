import { DRAWDOWN_BASIS_TEXT, type DrawdownBasis } from '@candlewise/shared/trading/risk-rules';

/** The API's defaults (groupFieldsSchema): what a group that does not say has. */
const DEFAULT_BASIS: DrawdownBasis = 'peak';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

type RiskRules = {
  freezeThreshold: number;
  drawdownBasis?: DrawdownBasis;
  dailyLossLimit?: number;
  dailyResetHour?: number;
  timeZone?: string;
};

/** '09:00' for 9: the hour the competition day starts. */
export function resetHourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * The drawdown rule in words: 'Freeze at 5% drawdown from your starting balance (a fixed maximum
 * loss)'. A threshold of 0 turns the rule off.
 */
export function drawdownRuleText(group: RiskRules): string {
  if (!(group.freezeThreshold > 0)) return 'No drawdown freeze in this competition';
  const basis = group.drawdownBasis ?? DEFAULT_BASIS;
  return `Freeze at ${group.freezeThreshold}% drawdown ${DRAWDOWN_BASIS_TEXT[basis] ?? DRAWDOWN_BASIS_TEXT.peak}`;
}

/**
 * The daily loss limit in words ('Daily loss limit 2%, the day starts at 09:00 Asia/Kolkata'), or
 * null when the competition has none (0).
 */
export function dailyLossRuleText(group: RiskRules): string | null {
  const limit = group.dailyLossLimit ?? 0;
  if (!(limit > 0)) return null;
  const hour = resetHourText(group.dailyResetHour ?? 0);
  return `Daily loss limit ${limit}%, the day starts at ${hour} ${group.timeZone || DEFAULT_TIME_ZONE}`;
}

/** Every risk rule of a competition, as the Info dialog and the desk say them. */
export function riskRuleTexts(group: RiskRules): string[] {
  const daily = dailyLossRuleText(group);
  return daily ? [drawdownRuleText(group), daily] : [drawdownRuleText(group)];
}
