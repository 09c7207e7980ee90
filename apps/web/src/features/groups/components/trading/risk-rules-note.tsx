import { memo } from 'react';
import type { Group } from '../../api/get-groups';
import { riskRuleTexts } from '../../lib/risk-rule-text';

/** Under the account figures: the competition's risk rules in words, the ones that can freeze this desk. */
function RiskRulesNoteView({ group }: { group: Group }) {
  return (
    <section className="cw-trading__rules" aria-label="Rules that apply">
      <span className="cw-trading__rules-title">Rules:</span>
      {riskRuleTexts(group).map((text) => (
        <span key={text} className="cw-trading__rule">
          {text}.
        </span>
      ))}
    </section>
  );
}

/** The competition's rules do not change with the prices: drawn again only with the group. */
export const RiskRulesNote = memo(RiskRulesNoteView);
