import { type DbExecutor, groupParticipants, groups, tradingAccounts, type UserRow } from '@candlewise/db';
import { and, eq } from 'drizzle-orm';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';

export const NOT_A_MEMBER =
  'Only approved members of this competition can do that. Ask to join on the Groups page.';

export const REMOVED_FROM_COMPETITION =
  'You were removed from this competition, so you can no longer trade in it or see its standings.';

export async function findGroupOrThrow(db: DbExecutor, groupId: string) {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw notFound('We could not find that group.');
  return group;
}

/** Approved members and admins may see a competition's standings; others get 403. */
export async function assertCanViewCompetition(
  db: DbExecutor,
  cache: TtlCache,
  user: UserRow,
  groupId: string,
): Promise<void> {
  // Cached for a few seconds; decisions on requests drop it (see the group routes).
  const access = await cache.get(`member:${groupId}:${user.id}`, 5000, async () => {
    // The competition and the caller's place in it in one statement (one turn at the database).
    const [row] = await db
      .select({ status: groupParticipants.status })
      .from(groups)
      .leftJoin(
        groupParticipants,
        and(eq(groupParticipants.groupId, groups.id), eq(groupParticipants.userId, user.id)),
      )
      .where(eq(groups.id, groupId));
    if (!row) return 'no-group' as const;
    return row.status === 'approved' ? ('member' as const) : ('outsider' as const);
  });
  if (access === 'no-group') throw notFound('We could not find that group.');
  if (user.role === 'admin' || access === 'member') return;
  throw forbidden(NOT_A_MEMBER);
}

/** The caller's account in a competition (approved members have one). */
export async function findMyAccount(db: DbExecutor, userId: string, groupId: string) {
  const [account] = await db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.groupId, groupId), eq(tradingAccounts.userId, userId)));
  if (!account) throw forbidden(NOT_A_MEMBER);
  if (account.removedAt) throw forbidden(REMOVED_FROM_COMPETITION);
  return account;
}
