import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { downloadDecisions } from '../api/practice-actions';

const KIND_LABELS: Record<PracticeSession['decisionsList'][number]['kind'], string> = {
  start: 'Start',
  order: 'Order',
  edit: 'Edit',
  cancel: 'Cancel',
  sl_tp: 'SL/TP',
  close: 'Close',
  play: 'Play',
  pause: 'Pause',
  step: 'Step',
  speed: 'Speed',
  end: 'End',
};

/** Every decision with its replayed time, newest first; the whole log as CSV. */
export function DecisionLog({ session }: { session: PracticeSession }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadDecisions(session._id);
    } catch {
      toast.error('The decisions could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  };
  return (
    <section className="cw-practice__log" aria-labelledby="practice-log-title">
      <div className="cw-practice__log-head">
        <h2 id="practice-log-title" className="cw-practice__section-title">
          Decision log ({session.decisions})
        </h2>
        <Button onClick={exportCsv} loading={exporting}>
          Export CSV
        </Button>
      </div>
      {session.decisionsList.length ? (
        <ol className="cw-practice__decisions">
          {session.decisionsList.map((decision) => (
            <li key={decision.sequence}>
              <time dateTime={new Date(decision.replayedAt).toISOString()}>
                {new Date(decision.replayedAt).toISOString().slice(11, 19)}
              </time>
              <Tag>{KIND_LABELS[decision.kind]}</Tag>
              <span>{decision.summary}</span>
            </li>
          ))}
        </ol>
      ) : (
        <Empty description="No decisions yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </section>
  );
}
