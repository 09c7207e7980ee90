import type { RuleSetView } from '../api/get-rule-sets';
import './rule-set-description.css';

/** The rule set's figures in words: its note, then each phase's rules (a Practice group's are the fields below). */
export function RuleSetDescription({ ruleSet }: { ruleSet: RuleSetView }) {
  const phases = ruleSet.phases.filter((phase) => phase.rules.length > 0);
  return (
    <div className="cw-rule-set">
      <p className="cw-rule-set__note">{ruleSet.note}</p>
      {phases.map((phase) => (
        <section key={phase.index} className="cw-rule-set__phase" aria-label={`${phase.name} rules`}>
          <h4 className="cw-rule-set__phase-title">
            {ruleSet.phases.length > 1 ? `Phase ${phase.index}: ${phase.name}` : phase.name}
          </h4>
          <ul className="cw-rule-set__rules">
            {phase.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      ))}
      <p className="cw-rule-set__source">
        Source: {ruleSet.source} ({ruleSet.sourceDate})
      </p>
    </div>
  );
}
