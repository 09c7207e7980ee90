import { Alert, Button, Card, Empty, InputNumber, Select, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { type RuleAudit, type RuleAuditParams, useRuleAudit, useRuleSets } from '../api/rule-audit';
import { formatNumber, formatPnl, pnlClass } from '../lib/journal-time';
import { EquityCurveChart } from './equity-curve-chart';

type Decision = RuleAudit['decisions'][number];

const STATUS = {
  'in-progress': { color: 'processing', text: 'In progress' },
  passed: { color: 'success', text: 'Passed' },
  failed: { color: 'error', text: 'Failed' },
} as const;
const OBJECTIVE = {
  passing: { color: 'success', text: 'Passing' },
  met: { color: 'success', text: 'Met' },
  failed: { color: 'error', text: 'Failed' },
  pending: { color: 'default', text: 'Pending' },
} as const;
const KIND = { passed: 'Passed', failed: 'Failed', 'day-ended': 'Day ended' } as const;

/** An amount in its currency's usual grouping (lakh and crore for rupees), two decimals. */
function amount(value: number, currency: string): string {
  return `${currency} ${value.toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

function figure(value: number | null, unit: string, currency: string): string {
  if (value === null) return '—';
  if (unit === 'amount') return amount(value, currency);
  if (unit === 'percent') return `${formatNumber(value)}%`;
  return `${value} day${value === 1 ? '' : 's'}`;
}

function DecisionCard({ decision, currency }: { decision: Decision; currency: string }) {
  return (
    <Card
      size="small"
      className="cw-rule-audit-decision"
      title={
        <span>
          <Tag
            color={decision.kind === 'passed' ? 'success' : decision.kind === 'failed' ? 'error' : 'warning'}
          >
            {KIND[decision.kind]}
          </Tag>{' '}
          Phase {decision.phase}: {decision.label}
        </span>
      }
      extra={<time dateTime={decision.at}>{new Date(decision.at).toLocaleString()}</time>}
    >
      <p>
        Closed balance {amount(decision.balance, currency)}
        {decision.threshold !== null &&
          ` · ${decision.kind === 'passed' ? 'target' : 'limit'} ${amount(decision.threshold, currency)}`}
      </p>
      {decision.balanceCurve.length > 1 && (
        <EquityCurveChart
          points={decision.balanceCurve.map(([ms, balance]) => ({
            date: new Date(ms).toISOString().slice(0, 10),
            equity: balance,
          }))}
        />
      )}
      <details>
        <summary>The rules of this phase</summary>
        <ul>
          {decision.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </details>
      <Table
        size="small"
        rowKey="_id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={decision.trades}
        columns={[
          { title: 'Symbol', dataIndex: 'symbol' },
          { title: 'Side', dataIndex: 'side' },
          {
            title: 'Closed',
            dataIndex: 'exitTime',
            render: (value: string) => new Date(value).toLocaleString(),
          },
          {
            title: 'P&L',
            dataIndex: 'pnl',
            align: 'right' as const,
            render: (value: number) => <span className={pnlClass(value)}>{formatPnl(value, currency)}</span>,
          },
        ]}
      />
    </Card>
  );
}

/**
 * The journal's Rule audit tab: the learner's closed trades run through a challenge rule set, to see
 * when they would have passed or failed a prop-firm evaluation, and why (docs/challenges.md).
 */
export function RuleAuditPanel() {
  const ruleSets = useRuleSets();
  const challenges = (ruleSets.data ?? []).filter((ruleSet) => ruleSet.kind === 'challenge');
  const [ruleSet, setRuleSet] = useState<string | undefined>();
  const [startingBalance, setStartingBalance] = useState<number>(100_000);
  const [currency, setCurrency] = useState<string | undefined>();
  const [asked, setAsked] = useState<RuleAuditParams | null>(null);
  const audit = useRuleAudit(asked);
  const chosen = ruleSet ?? challenges[0]?.ref;
  const data = audit.data;

  return (
    <section className="cw-rule-audit" aria-labelledby="rule-audit-title">
      <h2 id="rule-audit-title">Rule audit</h2>
      <p className="cw-muted">
        Run your closed trades through a prop-firm rule set to see when they would have passed or failed, and
        why. Measured on your closed balance: imported trades have no prices between entry and exit.
      </p>
      <form
        className="cw-rule-audit-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) setAsked({ ruleSet: chosen, startingBalance, currency });
        }}
      >
        <div className="cw-rule-audit-field">
          <label htmlFor="cw-rule-audit-set">Rule set</label>
          <Select
            id="cw-rule-audit-set"
            loading={ruleSets.isPending}
            value={chosen}
            onChange={setRuleSet}
            options={challenges.map((each) => ({ value: each.ref, label: `${each.name} (${each.ref})` }))}
            style={{ minWidth: 260 }}
          />
        </div>
        <div className="cw-rule-audit-field">
          <label htmlFor="cw-rule-audit-balance">Starting balance</label>
          <InputNumber
            id="cw-rule-audit-balance"
            min={1}
            value={startingBalance}
            onChange={(value) => setStartingBalance(Number(value) || 100_000)}
          />
        </div>
        {data && data.currencies.length > 1 && (
          <div className="cw-rule-audit-field">
            <label htmlFor="cw-rule-audit-currency">Currency</label>
            <Select
              id="cw-rule-audit-currency"
              value={currency ?? data.currency}
              onChange={(value) => {
                setCurrency(value);
                if (asked) setAsked({ ...asked, currency: value });
              }}
              options={data.currencies.map((code) => ({ value: code, label: code }))}
            />
          </div>
        )}
        <Button type="primary" htmlType="submit" disabled={!chosen} loading={audit.isFetching}>
          Run the audit
        </Button>
      </form>
      {ruleSets.isError && <Alert type="error" showIcon message="The rule sets could not be loaded." />}
      {audit.isError && <Alert type="error" showIcon message={audit.error.message} />}
      {asked && audit.isPending && <Skeleton active />}
      {!asked && <Empty description="Choose a rule set and run the audit." />}
      {data && (
        <div className="cw-rule-audit-result" aria-live="polite">
          <p>
            <Tag color={STATUS[data.status].color}>{STATUS[data.status].text}</Tag>{' '}
            <strong>{data.ruleSet.name}</strong> · phase {data.phase.index} of {data.phase.count}:{' '}
            {data.phase.name} · {data.tradesCounted} trade{data.tradesCounted === 1 ? '' : 's'} counted in{' '}
            {data.currency}
            {data.openTrades > 0 &&
              ` · ${data.openTrades} open trade${data.openTrades === 1 ? '' : 's'} left out`}
            {data.skippedTrades > 0 && ` · ${data.skippedTrades} would not have been allowed (day ended)`}
            {data.tradesAfterDecision > 0 && ` · ${data.tradesAfterDecision} after the challenge was decided`}
          </p>
          <p className="cw-muted">
            {data.ruleSet.firm ? `After ${data.ruleSet.firm}: ` : ''}
            {data.ruleSet.source} ({data.ruleSet.sourceDate})
          </p>
          {data.tradesCounted === 0 ? (
            <Empty description={`No closed trades in ${data.currency} to audit yet.`} />
          ) : (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                scroll={{ x: true }}
                caption={`Objectives of phase ${data.phase.index}`}
                dataSource={data.objectives}
                columns={[
                  { title: 'Objective', dataIndex: 'label' },
                  {
                    title: 'Target or limit',
                    render: (_: unknown, row) => figure(row.target ?? row.limit, row.unit, data.currency),
                  },
                  { title: 'Now', render: (_: unknown, row) => figure(row.value, row.unit, data.currency) },
                  {
                    title: 'Status',
                    render: (_: unknown, row) => (
                      <Tag color={OBJECTIVE[row.status].color}>{OBJECTIVE[row.status].text}</Tag>
                    ),
                  },
                ]}
              />
              {data.decisions.length === 0 ? (
                <p>No phase has been decided yet: the trades so far neither pass nor break a rule.</p>
              ) : (
                data.decisions.map((decision) => (
                  <DecisionCard
                    key={`${decision.phase}-${decision.at}-${decision.kind}`}
                    decision={decision}
                    currency={data.currency}
                  />
                ))
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
