import { type DbExecutor, groupParticipants, groups, tradingAccounts, type UserRow } from '@candlewise/db';
import { and, eq, inArray } from 'drizzle-orm';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';
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

type Access = 'no-group' | 'member' | 'outsider';
type MemberKey = { groupId: string; userId: string };
const memberKey = ({ groupId, userId }: MemberKey) => `${groupId}:${userId}`;
const membershipLoaders = new WeakMap<DbExecutor, BatchLoader<MemberKey, Access>>();

/**
 * Whether each caller asked for in one turn of the event loop is an approved member of each
 * competition, in one statement (200 desks opening at once after a start were 200 statements).
 */
function membershipLoader(db: DbExecutor): BatchLoader<MemberKey, Access> {
  let loader = membershipLoaders.get(db);
  if (!loader) {
    loader = new BatchLoader(async (keys) => {
      const rows = await db
        .select({ groupId: groups.id, userId: groupParticipants.userId, status: groupParticipants.status })
        .from(groups)
        .leftJoin(
          groupParticipants,
          and(
            eq(groupParticipants.groupId, groups.id),
            inArray(groupParticipants.userId, [...new Set(keys.map((key) => key.userId))]),
          ),
        )
        .where(inArray(groups.id, [...new Set(keys.map((key) => key.groupId))]));
      const found = new Set(rows.map((row) => row.groupId));
      const approved = new Set(
        rows
          .filter((row) => row.userId !== null && row.status === 'approved')
          .map((row) => memberKey({ groupId: row.groupId, userId: row.userId as string })),
      );
      return new Map(
        keys.map((key): [string, Access] => [
          memberKey(key),
          !found.has(key.groupId) ? 'no-group' : approved.has(memberKey(key)) ? 'member' : 'outsider',
        ]),
      );
    }, memberKey);
    membershipLoaders.set(db, loader);
  }
  return loader;
}

/** Approved members and admins may see a competition's standings; others get 403. */
export async function assertCanViewCompetition(
  db: DbExecutor,
  cache: TtlCache,
  user: UserRow,
  groupId: string,
): Promise<void> {
  // Cached for a few seconds; decisions on requests drop it (see the group routes).
  const access = await cache.get(`member:${groupId}:${user.id}`, 5000, () =>
    membershipLoader(db).load({ groupId, userId: user.id }),
  );
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
