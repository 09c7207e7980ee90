import { type UserRow, users } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import { type SessionClaims, verifySessionToken } from '../services/auth/session-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`; routes behind it can rely on it. */
    currentUser: UserRow;
    /** The verified claims of the caller's token (logout revokes exactly this one). */
    sessionClaims: SessionClaims;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/**
 * The caller's identity comes from the bearer token only. A token is refused when it is expired,
 * not ours, older than the user's token version (logout everywhere, password change) or when the
 * account is disabled — checked on every request, so revocation takes effect at once.
 */
export const authenticationPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('currentUser', null as unknown as UserRow);
  app.decorateRequest('sessionClaims', null as unknown as SessionClaims);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (!token) throw unauthorized('Please sign in to continue.');
    const claims = await verifySessionToken(app.config.appSecret, token);
    if (!claims) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
    // One round-trip: the user and whether this very token was signed out.
    const [row] = await app.database.db
      .select({
        user: users,
        revoked: sql<boolean>`exists(select 1 from revoked_tokens where jti = ${claims.tokenId})`,
      })
      .from(users)
      .where(eq(users.id, claims.userId))
      .limit(1);
    const user = row?.user;
    if (!user || row.revoked || user.tokenVersion !== claims.tokenVersion) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    if (user.disabledAt) throw new AppError(403, 'FORBIDDEN', 'This account has been disabled.');
    request.currentUser = user;
    request.sessionClaims = claims;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (request.currentUser?.role !== 'admin') throw forbidden('This needs an administrator account.');
  });
});

/** The spec passes userId in paths, queries and bodies: it must be the caller's own (admins excepted where allowed). */
export function assertSelf(request: FastifyRequest, userId: string, options: { allowAdmin?: boolean } = {}) {
  if (userId === request.currentUser.id) return;
  if (options.allowAdmin && request.currentUser.role === 'admin') return;
  throw forbidden('You can only access your own account.');
}
