import { type DbExecutor, groupParticipants, groups } from '@candlewise/db';
import { groupPhase, type MyCompetition } from '@candlewise/shared';
import { asc, eq } from 'drizzle-orm';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { getLeaderboard } from './account-summary.ts';

/** The /home card: every competition the caller asked to join, with their rank where approved. */
export async function getMyCompetitions(
  db: DbExecutor,
  engine: TradingEngine,
  cache: TtlCache,
  userId: string,
): Promise<MyCompetition[]> {
  const rows = await db
    .select({ status: groupParticipants.status, group: groups })
    .from(groupParticipants)
    .innerJoin(groups, eq(groups.id, groupParticipants.groupId))
    .where(eq(groupParticipants.userId, userId))
    .orderBy(asc(groups.startDate));
  const phaseOrder = { running: 0, upcoming: 1, ended: 2 } as const;
  const competitions = await Promise.all(
    rows.map(async ({ status, group }): Promise<MyCompetition> => {
      let standing: MyCompetition['standing'] = null;
      if (status === 'approved') {
        const standings = await getLeaderboard(db, engine, cache, group.id);
        const mine = standings.find((row) => row.userId === userId);
        if (mine) {
          standing = {
            rank: mine.rank,
            ranked: standings.length,
            pnlPercent: mine.pnlPercent,
            equity: mine.equity,
            trades: mine.trades,
            freezes: mine.freezes,
            frozenUntil: mine.frozenUntil,
          };
        }
      }
      return {
        group: {
          _id: group.id,
          name: group.name,
          currency: group.currency,
          startDate: group.startDate?.toISOString() ?? null,
          endDate: group.endDate?.toISOString() ?? null,
          phase: groupPhase(group),
        },
        status,
        standing,
      };
    }),
  );
  // Running first, then upcoming, then ended: the card leads with what the learner can act on.
  return competitions.sort((a, b) => phaseOrder[a.group.phase] - phaseOrder[b.group.phase]);
}
