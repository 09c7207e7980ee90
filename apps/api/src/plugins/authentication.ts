import { revokedTokens, type UserRow, users } from '@candlewise/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import { BatchLoader } from '../lib/batch-loader.ts';
import { type SessionClaims, verifySessionToken } from '../services/auth/session-token.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This write touches only the caller's own data: it never changes their user row (their cached
     * identity stays valid), and no one else's cached reads (`readForCaller`) need to be read again.
     */
    keepsUserCache?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`; routes behind it can rely on it. */
    currentUser: UserRow;
    /** The verified claims of the caller's token (logout revokes exactly this one). */
    sessionClaims: SessionClaims;
    /**
     * Set by `authenticateCached` with Redis: the caller's change generation, bumped (before the
     * answer) by every write by or to them on any process. Part of the key of per-user cached reads,
     * so the author's next read, anywhere, misses. Null without Redis or after `authenticate`.
     */
    identityGeneration: string | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The same checks from a short-lived cache, for hot read routes (lists, standings, quotes).
     * Revocations (logout, logout everywhere, password change, disable, delete) and every write by
     * the user evict the entry at once, in every process (through the event bus).
     */
    authenticateCached(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The check a route needs: reads, and writes that never change the caller's user row
     * (`keepsUserCache`: orders, cancels, SL/TP edits), from the identity cache, whose entry every
     * revocation evicts at once on every process; any other write from the database. (On the
     * embedded database an order's identity read was a second wait in PGlite's queue, 43 % of its
     * time under the desk bench.)
     */
    authenticateRoute(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Drops a user from the authentication caches of every process (null: everyone) and re-checks
     * their open live streams there, ending those whose session has ended.
     */
    forgetUser(userId: string | null): Promise<void>;
    /**
     * Registers the caller's open live stream (after `authenticate` or `authenticateCached`): `end`
     * is called, in whichever process holds it, once the session ends (logout, logout everywhere,
     * password reset or change, disabled, deleted, expired) or `stillAllowed` answers false (a member
     * removed from a competition). Returns the function that unregisters it.
     */
    trackStream(request: FastifyRequest, end: () => void, options?: StreamOptions): () => void;
  }
}

export type StreamOptions = {
  /** Re-checked with the fresh user row on every re-check of the stream (at least every sweep). */
  stillAllowed?: (user: UserRow) => Promise<boolean>;
};

type OpenStream = StreamOptions & { claims: SessionClaims; end: () => void };

/**
 * The caller's identity comes from the bearer token only. A token is refused when it is expired,
 * not ours, older than the user's token version (logout everywhere, password change) or when the
 * account is disabled — checked on every request, so revocation takes effect at once.
 */
const FORGET_CHANNEL = 'auth:forget-user';
const identityKey = (session: SessionClaims) => `${session.userId}:${session.tokenId}`;
const USER_CACHE_MS = 30_000;
const TOKEN_CACHE_MAX = 50_000;
/** How long a forget is remembered for streams being opened at that moment (see trackStream). */
const FORGET_MEMORY_MS = 2 * USER_CACHE_MS;
const STREAM_CHECK_BATCH = 500;
/** A generation key outlives every cache entry read under it; a lapsed key only costs one miss. */
const GENERATION_TTL_MS = 24 * 60 * 60 * 1000;

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token) throw unauthorized('Please sign in to continue.');
  return token;
}

/** Why this session may not be used any more (null: it may). One rule for requests and open streams. */
function sessionRefusal(claims: SessionClaims, user: UserRow | undefined, revoked: boolean) {
  if (!user || revoked || user.tokenVersion !== claims.tokenVersion) {
    return unauthorized('Your session has ended. Please sign in again.');
  }
  if (user.disabledAt) return new AppError(403, 'FORBIDDEN', 'This account has been disabled.');
  return null;
}

function admit(request: FastifyRequest, claims: SessionClaims, user: UserRow | undefined, revoked: boolean) {
  const refusal = sessionRefusal(claims, user, revoked);
  if (refusal) throw refusal;
  request.currentUser = user!;
  request.sessionClaims = claims;
}

export const authenticationPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('currentUser', null as unknown as UserRow);
  app.decorateRequest('sessionClaims', null as unknown as SessionClaims);
  app.decorateRequest('identityGeneration', null);

  const verified = new Map<string, SessionClaims>();
  const cachedUsers = new Map<
    string,
    {
      user: UserRow | undefined;
      at: number;
      revoked: Map<string, boolean>;
      /** The user's change generation in Redis when the entry was read (null: one process, no Redis). */
      generation: string | null;
    }
  >();
  /**
   * Identity reads under way, by user, token and generation: concurrent requests of one session
   * share one (a read started under an older generation is never joined).
   */
  const identityReads = new Map<
    string,
    { readAt: number; result: Promise<{ user: UserRow | undefined; revoked: boolean }> }
  >();
  /** When each request's session was read from the database (its oldest part, for cached reads). */
  const sessionReadAt = new WeakMap<FastifyRequest, number>();
  /** When each user was last forgotten here; anything read before `forgetsPrunedBefore` may be stale. */
  const forgottenAt = new Map<string, number>();
  let forgetsPrunedBefore = Number.NEGATIVE_INFINITY;
  const forgottenSince = (userId: string, since: number) =>
    since <= forgetsPrunedBefore || (forgottenAt.get(userId) ?? Number.NEGATIVE_INFINITY) >= since;

  async function verify(token: string): Promise<SessionClaims> {
    const claims = await verifySessionToken(app.config.appSecret, token);
    if (!claims) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
    return claims;
  }

  /**
   * The user and whether this very token was signed out, for every session asked for in one turn of
   * the event loop: two statements however many (a start's first requests come all at once).
   */
  const identities = new BatchLoader<SessionClaims, { user: UserRow | undefined; revoked: boolean }>(
    async (sessions) => {
      const db = app.database.db;
      const userIds = [...new Set(sessions.map((session) => session.userId))];
      const found = await db.select().from(users).where(inArray(users.id, userIds));
      const revoked = await db
        .select({ jti: revokedTokens.jti })
        .from(revokedTokens)
        .where(
          inArray(
            revokedTokens.jti,
            sessions.map((session) => session.tokenId),
          ),
        );
      const byId = new Map(found.map((user) => [user.id, user]));
      const signedOut = new Set(revoked.map((row) => row.jti));
      return new Map(
        sessions.map((session) => [
          identityKey(session),
          { user: byId.get(session.userId), revoked: signedOut.has(session.tokenId) },
        ]),
      );
    },
    (session) => identityKey(session),
  );
  const load = (claims: SessionClaims) => identities.load(claims);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const claims = await verify(bearerToken(request));
    const readAt = Date.now();
    const { user, revoked } = await load(claims);
    admit(request, claims, user, revoked);
    sessionReadAt.set(request, readAt);
  });

  // Several processes: a forget travels by pub/sub, which arrives a moment after the write has
  // answered, so the author's next read on another process could still find the old row. Each
  // forget therefore first bumps the user's change generation in Redis (awaited before the write
  // answers), and a cached entry is used only while the generation it was read under is current:
  // one Redis GET instead of a database read, and read-your-writes on every process.
  const redis = app.redis;
  const generationKey = (userId: string | null) =>
    `${app.config.redisPrefix}auth:user-generation:${userId ?? '*'}`;
  // Writes that cannot change the user row (orders, fills' SL/TP) still change what the user
  // reads (their account, journal): they bump a second, data-only generation, without a forget.
  const dataGenerationKey = (userId: string) => `${app.config.redisPrefix}auth:data-generation:${userId}`;
  /** The identity generation (the user row) and the read generation (every cached read of theirs). */
  async function currentGeneration(
    userId: string,
  ): Promise<{ identity: string; reads: string } | null | undefined> {
    if (!redis) return null;
    try {
      const [mine, everyone, data] = await redis.mget(
        generationKey(userId),
        generationKey(null),
        dataGenerationKey(userId),
      );
      const identity = `${mine ?? 0}/${everyone ?? 0}`;
      return { identity, reads: `${identity}/${data ?? 0}` };
    } catch {
      return undefined; // Redis unreachable: read the database and cache nothing
    }
  }
  async function bumpDataGeneration(userId: string) {
    if (!redis) return;
    const key = dataGenerationKey(userId);
    try {
      await redis.multi().incr(key).pexpire(key, GENERATION_TTL_MS).exec();
    } catch {
      // Redis unreachable: readers cannot confirm a generation either, so they read the database.
    }
  }
  async function bumpGeneration(userId: string | null) {
    if (!redis) return;
    const key = generationKey(userId);
    try {
      await redis.multi().incr(key).pexpire(key, GENERATION_TTL_MS).exec();
    } catch {
      // Redis unreachable: readers cannot confirm a generation either, so they read the database.
    }
  }

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
    const generations = await currentGeneration(claims.userId);
    const generation = generations === undefined ? undefined : (generations?.identity ?? null);
    if (entry && (Date.now() - entry.at > USER_CACHE_MS || entry.generation !== generation)) {
      cachedUsers.delete(claims.userId);
      entry = undefined;
    }
    let readAt = Date.now();
    if (!entry?.revoked.has(claims.tokenId)) {
      // A page's first requests come together (the account, the stream, an order): one read for all.
      const key = `${claims.userId}:${claims.tokenId}:${generation}`;
      let shared = identityReads.get(key);
      if (!shared) {
        shared = { readAt, result: load(claims).finally(() => identityReads.delete(key)) };
        identityReads.set(key, shared);
      }
      readAt = shared.readAt;
      const loaded = await shared.result;
      if (!entry) {
        entry = { user: loaded.user, at: readAt, revoked: new Map(), generation: generation ?? null };
        // A forget that arrived while this read was under way may have missed it: not cached then.
        if (generation !== undefined && !forgottenSince(claims.userId, readAt)) {
          if (cachedUsers.size >= TOKEN_CACHE_MAX) cachedUsers.delete(cachedUsers.keys().next().value!);
          cachedUsers.set(claims.userId, entry);
        }
      }
      entry.user = loaded.user;
      entry.revoked.set(claims.tokenId, loaded.revoked);
    }
    admit(request, claims, entry.user, entry.revoked.get(claims.tokenId) ?? true);
    request.identityGeneration = generations?.reads ?? null;
    sessionReadAt.set(request, Math.min(readAt, entry.at));
  });

  app.decorate('authenticateRoute', (request: FastifyRequest, reply: FastifyReply) =>
    request.method === 'GET' || request.routeOptions.config?.keepsUserCache
      ? app.authenticateCached(request, reply)
      : app.authenticate(request, reply),
  );

  /** Forgets old forgets (and the oldest beyond the cap): reads before them count as possibly stale. */
  function pruneForgets(now: number) {
    for (const [userId, at] of forgottenAt) {
      if (at > now - FORGET_MEMORY_MS && forgottenAt.size <= TOKEN_CACHE_MAX) break;
      forgottenAt.delete(userId);
      forgetsPrunedBefore = Math.max(forgetsPrunedBefore, at);
    }
  }
  function forgetLocally(userId: string | null) {
    const now = Date.now();
    if (userId) {
      cachedUsers.delete(userId);
      forgottenAt.delete(userId); // re-inserted last, so the map stays in time order
      forgottenAt.set(userId, now);
      pruneForgets(now);
    } else {
      cachedUsers.clear();
      forgottenAt.clear();
      forgetsPrunedBefore = now;
    }
  }
  app.decorate('forgetUser', async (userId: string | null) => {
    forgetLocally(userId);
    await bumpGeneration(userId);
    try {
      await app.eventBus.publish(FORGET_CHANNEL, { userId });
    } catch {
      void recheckStreams(userId); // this process at least; the sweep covers the others
    }
  });
  const unsubscribe = await app.eventBus.subscribe(FORGET_CHANNEL, (payload) => {
    const { userId } = payload as { userId: string | null };
    forgetLocally(userId);
    void recheckStreams(userId);
  });
  app.addHook('onClose', async () => unsubscribe());

  // Open live streams, by user. A revocation reaches every process as a forget message (after its
  // commit), which re-checks that user's streams here; a sweep re-checks all of them now and then,
  // in case a message was lost, and is where removal from a competition is noticed.
  const openStreams = new Map<string, Set<OpenStream>>();

  app.decorate('trackStream', (request: FastifyRequest, end: () => void, options: StreamOptions = {}) => {
    const stream: OpenStream = { ...options, claims: request.sessionClaims, end };
    const { userId } = stream.claims;
    let streams = openStreams.get(userId);
    if (!streams) {
      streams = new Set();
      openStreams.set(userId, streams);
    }
    streams.add(stream);
    // A revocation that landed between reading this session and now would wait for the sweep.
    if (forgottenSince(userId, sessionReadAt.get(request) ?? Number.NEGATIVE_INFINITY)) {
      void recheckStreams(userId);
    }
    const userStreams = streams;
    return () => {
      userStreams.delete(stream);
      if (!userStreams.size && openStreams.get(userId) === userStreams) openStreams.delete(userId);
    };
  });

  /** Ends the streams whose session, read afresh from the database, may no longer be used. */
  async function endRevokedStreams(streams: OpenStream[]) {
    for (let start = 0; start < streams.length; start += STREAM_CHECK_BATCH) {
      const batch = streams.slice(start, start + STREAM_CHECK_BATCH);
      const [rows, revokedRows] = await Promise.all([
        app.database.db
          .select()
          .from(users)
          .where(inArray(users.id, [...new Set(batch.map((stream) => stream.claims.userId))])),
        app.database.db
          .select({ jti: revokedTokens.jti })
          .from(revokedTokens)
          .where(inArray(revokedTokens.jti, [...new Set(batch.map((stream) => stream.claims.tokenId))])),
      ]);
      const byId = new Map(rows.map((user) => [user.id, user]));
      const revoked = new Set(revokedRows.map((row) => row.jti));
      for (const stream of batch) {
        const user = byId.get(stream.claims.userId);
        const ended =
          stream.claims.expiresAt * 1000 <= Date.now() ||
          sessionRefusal(stream.claims, user, revoked.has(stream.claims.tokenId)) !== null ||
          (stream.stillAllowed !== undefined && !(await stillAllowed(stream, user!)));
        if (ended) stream.end();
      }
    }
  }

  async function stillAllowed(stream: OpenStream, user: UserRow) {
    try {
      return await stream.stillAllowed!(user);
    } catch (error) {
      app.log.warn({ err: error }, 'could not re-check a live stream; it stays open until the next sweep');
      return true;
    }
  }

  // One re-check per user (null: all streams) at a time; a forget arriving meanwhile runs it again.
  const rechecks = new Map<string | null, { again: boolean }>();
  async function recheckStreams(userId: string | null) {
    if (userId !== null && !openStreams.has(userId)) return;
    const running = rechecks.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    rechecks.set(userId, state);
    try {
      while (state.again) {
        state.again = false;
        const streams = userId === null ? [...openStreams.values()] : [openStreams.get(userId) ?? []];
        await endRevokedStreams(streams.flatMap((set) => [...set]));
      }
    } catch (error) {
      app.log.warn({ err: error }, 'could not re-check open live streams; the next sweep retries');
    } finally {
      rechecks.delete(userId);
    }
  }

  const sweep = setInterval(() => {
    pruneForgets(Date.now());
    void recheckStreams(null);
  }, app.config.streamRecheckMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Any change a user makes (profile, plan, logout, password…) refreshes their cached entry before
  // the answer leaves, so their next request, anywhere, sees it. This forget is also what ends the
  // open streams of a logout, logout everywhere, password change or account deletion.
  // Routes that cannot change the user row (orders, journal writes) say so with
  // `config: { keepsUserCache: true }` and skip the forget, which is a Redis message per write.
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.routeOptions.config?.keepsUserCache) {
      if (request.currentUser) await bumpDataGeneration(request.currentUser.id);
      return;
    }
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
