import { LockOutlined } from '@ant-design/icons';
import { JOURNAL_BREAKDOWNS_NEED_PRO } from '@candlewise/shared';
import { Card } from 'antd';
import { Link } from 'react-router';

/** A Pro part of the statistics as a free learner sees it: what it is, and where to upgrade. */
export function LockedSection({ title }: { title: string }) {
  return (
    <Card size="small" className="cw-journal-card cw-journal-locked" title={title}>
      <p className="cw-journal-locked__text">
        <LockOutlined aria-hidden="true" /> {JOURNAL_BREAKDOWNS_NEED_PRO}
      </p>
      <Link to="/pricing">Upgrade to Pro</Link>
    </Card>
  );
}
