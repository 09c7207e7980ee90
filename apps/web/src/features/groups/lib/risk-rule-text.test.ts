import { describe, expect, it } from 'vitest';
import { dailyLossRuleText, drawdownRuleText, riskRuleTexts } from './risk-rule-text';

describe('risk rules in words', () => {
  it('names the threshold with what the drawdown is measured from', () => {
    expect(drawdownRuleText({ freezeThreshold: 5, drawdownBasis: 'start' })).toBe(
      'Freeze at 5% drawdown from your starting balance (a fixed maximum loss)',
    );
    expect(drawdownRuleText({ freezeThreshold: 3, drawdownBasis: 'balance' })).toBe(
      'Freeze at 3% drawdown as open losses against your balance',
    );
    // A group that does not say has the API's default, the trailing peak.
    expect(drawdownRuleText({ freezeThreshold: 4 })).toBe(
      'Freeze at 4% drawdown from your highest equity since the start or your last release (trailing)',
    );
    expect(drawdownRuleText({ freezeThreshold: 0, drawdownBasis: 'peak' })).toBe(
      'No drawdown freeze in this competition',
    );
  });

  it('says the daily loss limit with the hour and zone the day starts, and nothing when it is off', () => {
    expect(
      dailyLossRuleText({
        freezeThreshold: 5,
        dailyLossLimit: 2,
        dailyResetHour: 9,
        timeZone: 'Asia/Kolkata',
      }),
    ).toBe('Daily loss limit 2%, the day starts at 09:00 Asia/Kolkata');
    expect(
      dailyLossRuleText({ freezeThreshold: 5, dailyLossLimit: 1.5, dailyResetHour: 17, timeZone: 'UTC' }),
    ).toBe('Daily loss limit 1.5%, the day starts at 17:00 UTC');
    expect(dailyLossRuleText({ freezeThreshold: 5, dailyLossLimit: 0, dailyResetHour: 9 })).toBeNull();
    expect(riskRuleTexts({ freezeThreshold: 5, dailyLossLimit: 0 })).toHaveLength(1);
  });
});
