import { type Database, revokedTokens, users } from '@candlewise/db';
import { eq, lt, sql } from 'drizzle-orm';
import type { SessionClaims } from './session-token.ts';

/** Signs out one token: it stays refused until it would have expired anyway. */
export async function revokeToken(db: Database, claims: SessionClaims): Promise<void> {
  await db
    .insert(revokedTokens)
    .values({ jti: claims.tokenId, userId: claims.userId, expiresAt: new Date(claims.expiresAt * 1000) })
    .onConflictDoNothing();
  // Housekeeping: expired tokens are refused by their signature check already.
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}

/** Signs out every device: all tokens carry the old version from now on. */
export async function revokeAllTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
