import { Button, Modal } from 'antd';
import { MarkdownText } from '@/components/markdown-text/markdown-text';
import type { Group } from '../api/get-groups';
import { useRuleSets } from '../api/get-rule-sets';
import { isPracticeRuleSet } from '../lib/challenge-text';
import {
  formatGroupDate,
  formatGroupTime,
  freezeDurationText,
  freezeThresholdText,
} from '../lib/group-date-text';
import { replayText } from '../lib/replay-text';
import { DEFAULT_TIME_ZONE, resetHourText, riskRuleTexts } from '../lib/risk-rule-text';
import { currencyLabel, formatMoney } from '../lib/trading-format';
import './group-info-dialog.css';
import { RuleSetDescription } from './rule-set-description';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="cw-group-info__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The Info dialog (docs/product-contract.md §2): the group's name, start and end date and time ('Not available' /
 * 'Not set' when missing), the description as markdown, the risk rules (the freeze threshold and
 * what the drawdown is measured from, the daily loss limit), the account currency, and for a replay
 * competition the day it replays.
 * `group` stays set while the dialog closes so its content does not vanish mid-animation.
 * With `onWithdraw` (the learner's request is pending) the footer offers 'Withdraw request'.
 */
export function GroupInfoDialog({
  group,
  open,
  onClose,
  onWithdraw,
}: {
  group: Group | null;
  open: boolean;
  onClose: () => void;
  onWithdraw?: () => void;
}) {
  const replay = group ? replayText(group) : null;
  // Issue #44: a challenge's rules are its rule set's (GET /rule-sets), not the freeze fields.
  const practice = isPracticeRuleSet(group?.ruleSet);
  const ruleSets = useRuleSets({ enabled: open && group !== null });
  const ruleSet = ruleSets.data?.find((item) => item.ref === group?.ruleSet) ?? null;
  return (
    <Modal
      open={open && group !== null}
      title={group?.name}
      footer={
        onWithdraw ? (
          <div className="cw-group-info__footer">
            <p className="cw-group-info__pending">Your request to join is waiting for an admin.</p>
            <Button danger onClick={onWithdraw}>
              Withdraw request
            </Button>
          </div>
        ) : null
      }
      onCancel={onClose}
      width={600}
      className="cw-group-info"
    >
      {group ? (
        <div className="cw-group-info__body">
          <dl className="cw-group-info__facts cw-group-info__facts--schedule">
            <Fact label="Start Date" value={formatGroupDate(group.startDate)} />
            <Fact label="Start Time" value={formatGroupTime(group.startDate)} />
            <Fact label="End Date" value={formatGroupDate(group.endDate)} />
            <Fact label="End Time" value={formatGroupTime(group.endDate)} />
          </dl>
          {replay ? (
            <dl className="cw-group-info__facts cw-group-info__facts--market">
              <Fact label="Market" value={replay} />
            </dl>
          ) : null}
          {group.description?.trim() ? (
            <section className="cw-group-info__description" aria-label="About this group">
              <MarkdownText source={group.description} />
            </section>
          ) : null}
          <dl className="cw-group-info__facts cw-group-info__facts--rule">
            <Fact label="Rule set" value={ruleSet?.name ?? (practice ? 'Practice' : (group.ruleSet ?? ''))} />
            {practice ? (
              <>
                <Fact label="Freeze Duration" value={freezeDurationText(group.freezeDuration)} />
                <Fact label="Freeze Threshold" value={freezeThresholdText(group.freezeThreshold)} />
                <Fact
                  label="Daily Loss Limit"
                  value={group.dailyLossLimit ? `${group.dailyLossLimit}%` : 'Off'}
                />
              </>
            ) : ruleSet && ruleSet.day === null ? (
              // A rule set that counts days in the group's day: which day that is.
              <Fact
                label="Day starts"
                value={`${resetHourText(group.dailyResetHour ?? 0)} ${group.timeZone || DEFAULT_TIME_ZONE}`}
              />
            ) : null}
            {typeof group.startingBalance === 'number' ? (
              <Fact
                label="Starting Balance"
                value={formatMoney(group.startingBalance, group.currency, { fractionDigits: 0 })}
              />
            ) : null}
            <Fact label="Account currency" value={currencyLabel(group.currency)} />
          </dl>
          {practice ? (
            <section className="cw-group-info__rules" aria-label="Risk rules">
              {riskRuleTexts(group).map((text) => (
                <p key={text} className="cw-group-info__rule-line">
                  {text}.
                </p>
              ))}
              <p className="cw-group-info__rule">
                When a rule is reached, your positions close, your orders are canceled and your account is
                frozen for the freeze duration.
              </p>
            </section>
          ) : (
            <section className="cw-group-info__rules" aria-label="Challenge rules">
              {ruleSet ? (
                <RuleSetDescription ruleSet={ruleSet} />
              ) : ruleSets.isError ? (
                <p className="cw-group-info__rule">The rule set's rules could not be loaded.</p>
              ) : (
                <p className="cw-group-info__rule">Loading the rule set's rules…</p>
              )}
            </section>
          )}
          <p className="cw-group-info__rule">
            Balances, profit and loss and the standings are in {group.currency}. Instruments quoted in another
            currency are converted at the live rate.
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
