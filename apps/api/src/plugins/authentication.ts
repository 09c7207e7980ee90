import { type UserRow, users } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import { type SessionClaims, verifySessionToken } from '../services/auth/session-token.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This write never changes the caller's user row: their cached identity stays valid. */
    keepsUserCache?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`; routes behind it can rely on it. */
    currentUser: UserRow;
    /** The verified claims of the caller's token (logout revokes exactly this one). */
    sessionClaims: SessionClaims;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The same checks from a short-lived cache, for hot read routes (lists, standings, quotes).
     * Revocations (logout, logout everywhere, password change, disable, delete) and every write by
     * the user evict the entry at once, in every process (through the event bus).
     */
    authenticateCached(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Drops a user from the authentication caches of every process (null: everyone). */
    forgetUser(userId: string | null): Promise<void>;
  }
}

/**
 * The caller's identity comes from the bearer token only. A token is refused when it is expired,
 * not ours, older than the user's token version (logout everywhere, password change) or when the
 * account is disabled — checked on every request, so revocation takes effect at once.
 */
const FORGET_CHANNEL = 'auth:forget-user';
const USER_CACHE_MS = 30_000;
const TOKEN_CACHE_MAX = 50_000;

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token) throw unauthorized('Please sign in to continue.');
  return token;
}

function admit(request: FastifyRequest, claims: SessionClaims, user: UserRow | undefined, revoked: boolean) {
  if (!user || revoked || user.tokenVersion !== claims.tokenVersion) {
    throw unauthorized('Your session has ended. Please sign in again.');
  }
  if (user.disabledAt) throw new AppError(403, 'FORBIDDEN', 'This account has been disabled.');
  request.currentUser = user;
  request.sessionClaims = claims;
}

export const authenticationPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('currentUser', null as unknown as UserRow);
  app.decorateRequest('sessionClaims', null as unknown as SessionClaims);

  const verified = new Map<string, SessionClaims>();
  const cachedUsers = new Map<
    string,
    { user: UserRow | undefined; at: number; revoked: Map<string, boolean> }
  >();

  async function verify(token: string): Promise<SessionClaims> {
    const claims = await verifySessionToken(app.config.appSecret, token);
    if (!claims) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
    return claims;
  }

  /** One round-trip: the user and whether this very token was signed out. */
  async function load(claims: SessionClaims) {
    const [row] = await app.database.db
      .select({
        user: users,
        revoked: sql<boolean>`exists(select 1 from revoked_tokens where jti = ${claims.tokenId})`,
      })
      .from(users)
      .where(eq(users.id, claims.userId))
      .limit(1);
    return { user: row?.user, revoked: Boolean(row?.revoked) };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const claims = await verify(bearerToken(request));
    const { user, revoked } = await load(claims);
    admit(request, claims, user, revoked);
  });

  app.decorate('authenticateCached', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    let claims = verified.get(token);
    if (!claims || claims.expiresAt * 1000 <= Date.now()) {
      verified.delete(token);
      claims = await verify(token);
      if (verified.size >= TOKEN_CACHE_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
    }
    let entry = cachedUsers.get(claims.userId);
    if (entry && Date.now() - entry.at > USER_CACHE_MS) {
      cachedUsers.delete(claims.userId);
      entry = undefined;
    }
    if (!entry?.revoked.has(claims.tokenId)) {
      const loaded = await load(claims);
      if (!entry) {
        if (cachedUsers.size >= TOKEN_CACHE_MAX) cachedUsers.delete(cachedUsers.keys().next().value!);
        entry = { user: loaded.user, at: Date.now(), revoked: new Map() };
        cachedUsers.set(claims.userId, entry);
      }
      entry.user = loaded.user;
      entry.revoked.set(claims.tokenId, loaded.revoked);
    }
    admit(request, claims, entry.user, entry.revoked.get(claims.tokenId) ?? true);
  });

  const forgetLocally = (userId: string | null) => {
    if (userId) cachedUsers.delete(userId);
    else cachedUsers.clear();
  };
  app.decorate('forgetUser', async (userId: string | null) => {
    forgetLocally(userId);
    await app.eventBus.publish(FORGET_CHANNEL, { userId }).catch(() => undefined);
  });
  const unsubscribe = await app.eventBus.subscribe(FORGET_CHANNEL, (payload) =>
    forgetLocally((payload as { userId: string | null }).userId),
  );
  app.addHook('onClose', async () => unsubscribe());

  // Any change a user makes (profile, plan, logout, password…) refreshes their cached entry before
  // the answer leaves, so their next request, anywhere, sees it.
  // Routes that cannot change the user row (orders, journal writes) say so with
  // `config: { keepsUserCache: true }` and skip the forget, which is a Redis message per write.
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.routeOptions.config?.keepsUserCache) return;
    if (request.currentUser) await app.forgetUser(request.currentUser.id);
    else if (request.url.startsWith('/api/v1/plans/webhook')) await app.forgetUser(null);
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
