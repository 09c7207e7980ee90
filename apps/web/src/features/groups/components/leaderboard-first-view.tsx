import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { SvgIcon } from '@/components/svg-icon/svg-icon';

/** Back to the list of competitions, above every leaderboard. */
export function LeaderboardBackLink() {
  return (
    <Link to="/group" className="cw-leaderboard__back">
      <SvgIcon icon={ArrowLeftOutlined} /> All groups
    </Link>
  );
}

/** The placeholder that holds the page while the competition and the member's status are read. */
export function LeaderboardPending() {
  return <PlainSkeleton className="cw-trading__panel--pending" rows={8} label="Loading the leaderboard" />;
}

/**
 * A leaderboard before anything about its competition is known: what the page draws first, and
 * what the build draws ahead of time for any competition (app/signed-in-shells.tsx).
 */
export function LeaderboardFirstView() {
  return (
    <div className="cw-leaderboard">
      <LeaderboardBackLink />
      <PageHeader title="Leaderboard" />
      <LeaderboardPending />
    </div>
  );
}
