import { type Database, groupParticipants, groups, newId, tradingAccounts, users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/services/auth/password-hash.ts';
import { signSessionToken } from '../src/services/auth/session-token.ts';

export type Member = { userId: string; token: string; accountId: string; email: string };

let sharedHash: Promise<string> | null = null;

/**
 * Approved members of a competition, made straight in the database (one password hash for all, a
 * token each): the load tests need a hundred traders in a second, not a hundred sign-ups.
 */
export async function addApprovedMembers(
  db: Database,
  appSecret: string,
  groupId: string,
  count: number,
  prefix: string,
): Promise<Member[]> {
  sharedHash ??= hashPassword('password-for-tests');
  const passwordHash = await sharedHash;
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  const now = new Date();
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) {
    const userId = newId();
    const email = `${prefix}-${i}@load.test`;
    members.push({ userId, email, accountId: newId(), token: await signSessionToken(appSecret, userId, 0) });
  }
  for (let i = 0; i < members.length; i += 200) {
    const chunk = members.slice(i, i + 200);
    await db.insert(users).values(
      chunk.map((member, k) => ({
        id: member.userId,
        email: member.email,
        passwordHash,
        firstName: 'Trader',
        lastName: `${prefix.toUpperCase()} ${i + k}`,
        role: 'user' as const,
        emailVerifiedAt: now,
        phoneVerifiedAt: now,
      })),
    );
    await db.insert(groupParticipants).values(
      chunk.map((member) => ({
        id: newId(),
        groupId,
        userId: member.userId,
        status: 'approved' as const,
        decidedAt: now,
      })),
    );
    await db.insert(tradingAccounts).values(
      chunk.map((member) => ({
        id: member.accountId,
        groupId,
        userId: member.userId,
        startingBalance: group.startingBalance,
        balance: group.startingBalance,
        equity: group.startingBalance,
        peakEquity: group.startingBalance,
      })),
    );
  }
  return members;
}

/** mulberry32: a seeded generator, so a failing load run can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
