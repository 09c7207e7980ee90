import { Alert, Button, Modal, Skeleton } from 'antd';
import { type PlainColumn, PlainTable } from '@/components/plain/plain-table';
import { type ChallengeEvidence, useChallengeEvidence } from '../../api/get-challenge-evidence';
import { challengeEventTitle, challengeRuleText } from '../../lib/challenge-text';
import { formatGroupDateTime } from '../../lib/group-date-text';
import { fillReasonText, formatMoney, formatSignedMoney, signClass } from '../../lib/trading-format';
import { EquityCurveChart } from './equity-curve-chart';
import './challenge-evidence.css';

type EvidenceFill = ChallengeEvidence['fills'][number];

/** The decision in one sentence, with the level it was judged against. */
function decisionSentence(evidence: ChallengeEvidence, currency: string): string {
  const { event } = evidence;
  const when = formatGroupDateTime(event.at);
  const equity = formatMoney(event.equity, currency);
  const level = event.threshold === null ? null : formatMoney(event.threshold, currency);
  const rule = challengeRuleText(event.rule);
  if (event.kind === 'passed')
    return level
      ? `Passed on ${when}: equity ${equity} reached the target ${level} (${rule.toLowerCase()}).`
      : `Passed on ${when} with equity ${equity} (${rule.toLowerCase()}).`;
  const what = event.kind === 'failed' ? 'Failed' : 'The day ended';
  return level
    ? `${what} on ${when}: equity ${equity} fell below ${level} (${rule.toLowerCase()}).`
    : `${what} on ${when} with equity ${equity} (${rule.toLowerCase()}).`;
}

const fillColumns = (currency: string): PlainColumn<EvidenceFill>[] => [
  {
    title: 'Time',
    key: 'time',
    render: (row) => new Date(row.createdAt).toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' }),
  },
  { title: 'Symbol', key: 'symbol', render: (row) => row.symbol },
  { title: 'Side', key: 'side', render: (row) => (row.side === 'buy' ? 'Buy' : 'Sell') },
  { title: 'Quantity', key: 'quantity', align: 'right', render: (row) => row.quantity },
  { title: 'Price', key: 'price', align: 'right', render: (row) => row.price },
  {
    title: 'Realised P&L',
    key: 'pnl',
    align: 'right',
    render: (row) => (
      <span className={signClass(row.realizedPnl)}>{formatSignedMoney(row.realizedPnl, currency)}</span>
    ),
  },
  { title: 'Why', key: 'reason', render: (row) => fillReasonText(row.reason) },
];

function EvidenceBody({ evidence }: { evidence: ChallengeEvidence }) {
  const { event, ruleSet } = evidence;
  const currency = evidence.currency;
  const phase = ruleSet.phases.find((item) => item.index === event.phase);
  return (
    <div className="cw-evidence">
      <p className="cw-evidence__lead">{decisionSentence(evidence, currency)}</p>
      <section className="cw-evidence__section" aria-labelledby="cw-evidence-curve">
        <h3 id="cw-evidence-curve" className="cw-evidence__heading">
          Equity before the decision
        </h3>
        <EquityCurveChart
          curve={evidence.equityCurve}
          threshold={event.threshold}
          thresholdLabel={event.kind === 'passed' ? 'Target' : 'Floor'}
          currency={currency}
        />
      </section>
      <section className="cw-evidence__section" aria-labelledby="cw-evidence-rules">
        <h3 id="cw-evidence-rules" className="cw-evidence__heading">
          The rule, as this version states it
        </h3>
        <p className="cw-evidence__muted">
          {`${ruleSet.name}, version ${ruleSet.version} (${ruleSet.ref})${
            phase ? ` · ${ruleSet.phases.length > 1 ? `Phase ${phase.index}: ` : ''}${phase.name}` : ''
          }`}
        </p>
        {evidence.rules.length > 0 ? (
          <ul className="cw-evidence__rules">
            {evidence.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        ) : (
          <p className="cw-evidence__muted">This phase states no rules.</p>
        )}
        <p className="cw-evidence__source">
          Source: {ruleSet.source} ({ruleSet.sourceDate})
        </p>
      </section>
      <section className="cw-evidence__section" aria-labelledby="cw-evidence-fills">
        <h3 id="cw-evidence-fills" className="cw-evidence__heading">
          The fills
        </h3>
        <PlainTable
          caption="Fills of this decision"
          columns={fillColumns(currency)}
          rows={evidence.fills}
          rowKey={(row) => row._id}
          empty="No fills are part of this decision."
          minWidth={620}
        />
      </section>
    </div>
  );
}

/**
 * One challenge decision's evidence (docs/challenges.md §Evidence): what was decided and against
 * which level, the equity before it with that level drawn, the rule text of the version the group
 * runs, and the fills that crossed it, each with its time, price and realised P&L. Anyone can check
 * the decision from these. Keyboard: the dialog takes the focus; Escape or Close closes it.
 */
export function ChallengeEvidenceDialog({
  groupId,
  eventId,
  currency,
  onClose,
}: {
  groupId: string;
  eventId: string;
  /** The account's currency, until the evidence says its own. */
  currency: string;
  onClose: () => void;
}) {
  const query = useChallengeEvidence(groupId, eventId);
  const evidence = query.data;
  const title = evidence
    ? `Evidence: ${challengeEventTitle(evidence.event, evidence.ruleSet.phases.length)}`
    : 'Evidence';
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      className="cw-evidence-dialog"
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading the evidence">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : query.isError || !evidence ? (
        <Alert
          type="error"
          showIcon
          title="The evidence could not be loaded."
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <EvidenceBody evidence={{ ...evidence, currency: evidence.currency || currency }} />
      )}
    </Modal>
  );
}
