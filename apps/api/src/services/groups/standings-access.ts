import { type DbExecutor, groups, type UserRow } from '@candlewise/db';
import { groupPhase } from '@candlewise/shared';
import { eq } from 'drizzle-orm';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { assertCanViewCompetition } from '../trading/trading-access.ts';

/**
 * Who may read a competition's standings (GET /group/{groupId}/leaderboard): once it has ended,
 * every signed-in learner (the final standings are the competition's result); while it is
 * upcoming or running, approved members and admins only, as for everything else about it.
 * The live stream and the desk stay members-only: they call assertCanViewCompetition directly.
 */
export async function assertCanViewStandings(
  db: DbExecutor,
  cache: TtlCache,
  user: UserRow,
  groupId: string,
): Promise<void> {
  // The dates are cached for a few seconds (edits drop every 'groups:' key); the phase is worked
  // out now, so a competition opens up at its end to the second.
  const schedule = await cache.get(`groups:schedule:${groupId}`, 5000, async () => {
    const [row] = await db
      .select({ startDate: groups.startDate, endDate: groups.endDate })
      .from(groups)
      .where(eq(groups.id, groupId));
    return row ?? null;
  });
  if (schedule && groupPhase(schedule) === 'ended') return;
  await assertCanViewCompetition(db, cache, user, groupId);
}
