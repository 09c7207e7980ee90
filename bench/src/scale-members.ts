// Competitions and members for the scale bench, straight into the database in large batches: a
// hundred thousand members through sign-ups (or one token each) would take longer than the bench.
import { type Database, groupParticipants, groups, newId, tradingAccounts, users } from '@candlewise/db';
import { hashPassword } from '../../apps/api/src/services/auth/password-hash.ts';
import { signSessionToken } from '../../apps/api/src/services/auth/session-token.ts';
import type { Member } from '../../apps/api/test/competition-members.ts';

const BATCH = 1000;
const STARTING_BALANCE = 100_000;

export const scaleCompetitionId = (index: number) => `scale-${String(index + 1).padStart(3, '0')}`;

/**
 * `competitions` running competitions of `members` approved, funded members each; returns the
 * traders (every `1 / traderShare`-th member of each competition) with a session token each.
 */
export async function addScaleCompetitions(
  db: Database,
  appSecret: string,
  options: { competitions: number; members: number; traderShare: number },
): Promise<{ competitionIds: string[]; traders: Array<Member & { groupId: string }> }> {
  const passwordHash = await hashPassword('password-for-bench');
  const now = new Date();
  const competitionIds = Array.from({ length: options.competitions }, (_, i) => scaleCompetitionId(i));
  await db.insert(groups).values(
    competitionIds.map((id, i) => ({
      id,
      name: `Scale Cup ${i + 1}`,
      startDate: new Date(Date.now() - 3_600_000),
      endDate: new Date(Date.now() + 7 * 86_400_000),
      freezeThreshold: 20,
      freezeDuration: 3000,
      startingBalance: STARTING_BALANCE,
      instruments: [],
    })),
  );
  const traderEvery = Math.max(1, Math.round(1 / options.traderShare));
  const traders: Array<Member & { groupId: string }> = [];
  type Row = { userId: string; accountId: string; groupId: string; email: string; n: number };
  let pending: Row[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const chunk = pending;
    pending = [];
    await db.insert(users).values(
      chunk.map((row) => ({
        id: row.userId,
        email: row.email,
        passwordHash,
        firstName: 'Trader',
        lastName: `Scale ${row.n}`,
        role: 'user' as const,
        emailVerifiedAt: now,
        phoneVerifiedAt: now,
      })),
    );
    await db.insert(groupParticipants).values(
      chunk.map((row) => ({
        id: newId(),
        groupId: row.groupId,
        userId: row.userId,
        status: 'approved' as const,
        decidedAt: now,
      })),
    );
    await db.insert(tradingAccounts).values(
      chunk.map((row) => ({
        id: row.accountId,
        groupId: row.groupId,
        userId: row.userId,
        startingBalance: STARTING_BALANCE,
        balance: STARTING_BALANCE,
        equity: STARTING_BALANCE,
        peakEquity: STARTING_BALANCE,
      })),
    );
  };
  for (const groupId of competitionIds) {
    for (let n = 0; n < options.members; n += 1) {
      const row = { userId: newId(), accountId: newId(), groupId, email: `${groupId}-${n}@scale.test`, n };
      pending.push(row);
      if (n % traderEvery === 0)
        traders.push({
          userId: row.userId,
          accountId: row.accountId,
          email: row.email,
          groupId,
          token: await signSessionToken(appSecret, row.userId, 0),
        });
      if (pending.length >= BATCH) await flush();
    }
  }
  await flush();
  return { competitionIds, traders };
}
