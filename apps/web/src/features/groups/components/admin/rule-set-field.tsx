import { Alert, Button, Form, Select } from 'antd';
import { useRuleSets } from '../../api/get-rule-sets';
import { RuleSetDescription } from '../rule-set-description';

/**
 * The group form's "Rule set" field (issue #44): the published rule sets from GET /rule-sets, each
 * by its name and reference, with the chosen one's note and its phases' rules under the field. A
 * reference the list does not hold (an older group, the list still loading) stays chosen.
 */
export function RuleSetField({
  id,
  value,
  onChange,
  item,
}: {
  id: string;
  value: string;
  onChange: (ref: string) => void;
  /** The Form.Item's label target and message (useAdminFormModal's `item('ruleSet')`). */
  item: { htmlFor: string; validateStatus?: 'error'; help?: string };
}) {
  const ruleSets = useRuleSets();
  const chosen = ruleSets.data?.find((ruleSet) => ruleSet.ref === value) ?? null;
  const options = (ruleSets.data ?? []).map((ruleSet) => ({
    value: ruleSet.ref,
    label: `${ruleSet.name} · ${ruleSet.ref}`,
  }));
  if (!options.some((option) => option.value === value)) options.push({ value, label: value });
  return (
    <Form.Item
      label="Rule set"
      extra={
        ruleSets.isError ? (
          <Alert
            type="error"
            showIcon
            className="cw-rule-set__error"
            title="The rule sets could not be loaded."
            action={
              <Button size="small" onClick={() => void ruleSets.refetch()}>
                Try again
              </Button>
            }
          />
        ) : chosen ? (
          <RuleSetDescription ruleSet={chosen} />
        ) : null
      }
      {...item}
    >
      <Select
        id={id}
        value={value}
        loading={ruleSets.isPending}
        onChange={onChange}
        options={options}
        optionRender={(option) => {
          const ruleSet = ruleSets.data?.find((item) => item.ref === option.value);
          return (
            <div className="cw-group-form__option">
              <span>{ruleSet ? ruleSet.name : option.value}</span>
              <span className="cw-group-form__muted">
                {ruleSet
                  ? `${ruleSet.ref}${ruleSet.firm ? ` · after ${ruleSet.firm}` : ''}`
                  : String(option.value)}
              </span>
            </div>
          );
        }}
      />
    </Form.Item>
  );
}
