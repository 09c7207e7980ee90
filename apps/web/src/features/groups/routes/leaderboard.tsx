import { PageHeader } from '@/components/page-header/page-header';

export default function LeaderboardPage() {
  return (
    <PageHeader
      title="Leaderboard"
      description="Live standings of this competition: rank, P&L %, balance, equity, trades and freezes of every approved member."
    />
  );
}
