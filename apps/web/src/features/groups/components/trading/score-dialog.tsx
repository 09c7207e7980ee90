import { RANKING_TITLES } from '@candlewise/shared/groups/ranking';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useScore } from '../../api/get-score';
import { formatMoney, formatSignedPercent } from '../../lib/trading-format';
import './score-dialog.css';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="cw-score__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * "How is my score made?": the group's ranking, the member's rank, the figures their score is made
 * of and the formula with their own numbers (GET /group/{groupId}/score, read when it opens). An
 * antd Modal, fetched with the button's first hover or focus (lazyAntd): the leaderboard is plain.
 */
export function ScoreDialog({
  groupId,
  currency,
  onClose,
}: {
  groupId: string;
  currency: string;
  onClose: () => void;
}) {
  const score = useScore(groupId);
  const data = score.data;
  return (
    <Modal
      open
      title="How is my score made?"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} autoFocus>
          Done
        </Button>
      }
      destroyOnHidden
      className="cw-score"
    >
      {data ? (
        <>
          <p className="cw-score__ranking">{RANKING_TITLES[data.ranking]}.</p>
          <p className="cw-score__rank">
            You rank <strong>{data.rank.toLocaleString('en-US')}</strong> of{' '}
            {data.ranked.toLocaleString('en-US')} with a score of <strong>{data.score.toFixed(2)}</strong>.
          </p>
          <p className="cw-score__formula">{data.formula}</p>
          <dl className="cw-score__facts">
            <Fact label="Return" value={formatSignedPercent(data.returnPercent)} />
            <Fact label="Max drawdown" value={`${data.maxDrawdownPercent.toFixed(2)}%`} />
            <Fact label="Equity high" value={formatMoney(data.equityHigh, currency)} />
            {data.ranking === 'calmar' ? (
              <Fact label="Drawdown floor" value={`${data.drawdownFloorPercent.toFixed(2)}%`} />
            ) : null}
          </dl>
          <p className="cw-score__note">
            {data.ranking === 'calmar'
              ? `Calmar rewards return earned without deep falls: the return is divided by the largest fall from your equity high, and a drawdown below ${data.drawdownFloorPercent.toFixed(2)}% counts as ${data.drawdownFloorPercent.toFixed(2)}% so one lucky trade cannot explode the score. A loss is multiplied by the drawdown instead, so a wilder loss ranks lower. Ties go to the higher return, then equity, then name.`
              : 'The return is your P&L as a percent of the starting balance. Ties go to the higher equity, then name.'}
          </p>
        </>
      ) : score.isError ? (
        <Alert type="error" showIcon message={score.error.message} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      )}
    </Modal>
  );
}
