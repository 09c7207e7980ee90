import type { DbExecutor, UserRow } from '@candlewise/db';
import {
  DRAWDOWN_FLOOR_PERCENT,
  rankingOf,
  rankingScore,
  scoreFormula,
} from '@candlewise/shared/groups/ranking';
import type { scoreExplanationSchema } from '@candlewise/shared/trading/trading-contract';
import type { z } from 'zod';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { getLeaderboard } from './account-summary.ts';
import { standingsMoment } from './standings-feed.ts';
import { assertCanViewCompetition, findGroupOrThrow, findMyAccount, NOT_A_MEMBER } from './trading-access.ts';

/**
 * How the caller's score is made (GET /group/{groupId}/score): the group's ranking, their rank, and
 * the figures the score is made of with the sentence that combines them. Members only, as the desk:
 * 404 for an unknown group, 403 for anyone without an account in it (an admin who does not trade,
 * a removed member).
 */
export async function explainScore(
  db: DbExecutor,
  engine: TradingEngine,
  cache: TtlCache,
  user: UserRow,
  groupId: string,
): Promise<z.infer<typeof scoreExplanationSchema>> {
  await assertCanViewCompetition(db, cache, user, groupId);
  const [account, group, rows] = await Promise.all([
    findMyAccount(db, user.id, groupId),
    findGroupOrThrow(db, groupId),
    getLeaderboard(db, engine, cache, groupId),
  ]);
  const row = standingsMoment(rows).rowOf(user.id);
  if (!row) throw forbidden(NOT_A_MEMBER);
  const ranking = rankingOf(group.ranking);
  // The standings' own figures (the same moment as the rank); the high from the engine's memory
  // where this process leads, else as last written (null: the starting balance, nothing above it).
  const live = engine.accountState(groupId, user.id);
  const equityHigh = Math.max(
    (live ? live.equityHigh : account.equityHigh) ?? account.startingBalance,
    row.equity,
  );
  return {
    ranking,
    rank: row.rank,
    ranked: rows.length,
    score: rankingScore(ranking, row.pnlPercent, row.maxDrawdownPercent),
    returnPercent: row.pnlPercent,
    maxDrawdownPercent: row.maxDrawdownPercent,
    drawdownFloorPercent: DRAWDOWN_FLOOR_PERCENT,
    equityHigh,
    formula: scoreFormula(ranking, row.pnlPercent, row.maxDrawdownPercent),
  };
}
