import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StandingRow } from '../../engine/account-book.ts';
import { ENGINE_CHANNELS } from '../../engine/trading-engine.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { getAccountSummary, getLeaderboard } from '../../services/trading/account-summary.ts';
import { getMyCompetitions } from '../../services/trading/my-competitions.ts';
import { replayCandles } from '../../services/trading/replay-candles.ts';
import { assertCanViewCompetition, findGroupOrThrow } from '../../services/trading/trading-access.ts';

const groupParams = z.object({ groupId: z.string().min(1).max(64) });
const positiveNumber = z.number().positive().max(1e12);
const standingSchema = z.object({
  rank: z.number(),
  userId: z.string(),
  name: z.string(),
  pnlPercent: z.number(),
  balance: z.number(),
  equity: z.number(),
  trades: z.number(),
  freezes: z.number(),
  frozenUntil: z.string().nullable(),
  /** Which rule froze the account, while frozen: the drawdown or the daily loss limit. */
  frozenReason: z.enum(['drawdown', 'daily_loss']).nullable(),
});

export const tradingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads come from the authentication cache; anything that changes state checks the database.
  app.addHook('onRequest', (request, reply) =>
    request.method === 'GET' ? app.authenticateCached(request, reply) : app.authenticate(request, reply),
  );
  const security = [{ bearerAuth: [] }];
  const tags = ['trading'];
  const engine = () => app.tradingEngine;
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.get('/instruments', { schema: { tags, security, summary: 'Tradable instruments' } }, async () => ({
    success: true as const,
    data: [...engine().instruments.values()].map(
      ({ symbol, name, assetClass, tickSize, contractSize, currency, lotStep, minQuantity, session }) => ({
        symbol,
        name,
        assetClass,
        tickSize,
        contractSize,
        /** The quote currency (prices and P&L before conversion into the account currency). */
        currency,
        lotStep,
        minQuantity,
        /** Market hours (shared/trading/market-hours): 'always', 'crypto', 'forex', 'nse' or 'us'. */
        session,
      }),
    ),
  }));

  app.get(
    '/market/quotes',
    {
      schema: {
        tags,
        security,
        summary: 'Latest bid/ask',
        querystring: z.object({ symbols: z.string().max(500).optional() }),
      },
    },
    async (request) => {
      const wanted = request.query.symbols ? new Set(request.query.symbols.split(',')) : null;
      return {
        success: true as const,
        data: engine()
          .allQuotes()
          .filter((quote) => !wanted || wanted.has(quote.symbol)),
      };
    },
  );

  app.get(
    '/market/candles/:symbol',
    {
      schema: {
        tags,
        security,
        summary: '1-minute candles (time in Unix seconds); with groupId, a replay competition’s replayed day',
        params: z.object({ symbol: z.string().min(1).max(20) }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(600).default(300),
          groupId: z.string().min(1).max(64).optional(),
        }),
      },
    },
    async (request) => {
      if (!engine().instruments.has(request.params.symbol))
        throw notFound(`Unknown instrument ${request.params.symbol}.`);
      if (request.query.groupId) {
        await assertCanViewCompetition(
          app.database.db,
          app.readCache,
          request.currentUser,
          request.query.groupId,
        );
        const group = await findGroupOrThrow(app.database.db, request.query.groupId);
        if (group.marketMode === 'replay') {
          const candles = await replayCandles(
            app.database.db,
            group,
            request.params.symbol,
            Date.now(),
            request.query.limit,
          );
          return {
            success: true as const,
            data: candles.map((candle) => ({ ...candle, time: Math.floor(candle.time / 1000) })),
          };
        }
      }
      return {
        success: true as const,
        data: engine()
          .candles.get(request.params.symbol, request.query.limit)
          .map((candle) => ({ ...candle, time: Math.floor(candle.time / 1000) })),
      };
    },
  );

  app.get(
    '/group/mine',
    {
      schema: {
        tags,
        security,
        summary: 'The competitions I asked to join, running first, with my rank where approved',
      },
    },
    async (request) => ({
      success: true as const,
      data: await getMyCompetitions(app.database.db, engine(), app.readCache, request.currentUser.id),
    }),
  );

  app.get(
    '/group/:groupId/leaderboard',
    {
      schema: {
        tags,
        security,
        summary:
          'Standings: Rank, Name, PnL %, Balance, Equity, Trades, Freezes (approved members and admins); money in `currency`',
        params: groupParams,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ rows: z.array(standingSchema), currency: z.string() }),
          }),
        },
      },
    },
    async (request) => {
      await assertCanViewCompetition(
        app.database.db,
        app.readCache,
        request.currentUser,
        request.params.groupId,
      );
      const [rows, group] = await Promise.all([
        getLeaderboard(app.database.db, engine(), app.readCache, request.params.groupId),
        app.readCache.get(`groups:currency:${request.params.groupId}`, 5000, () =>
          findGroupOrThrow(app.database.db, request.params.groupId),
        ),
      ]);
      return { success: true as const, data: { rows, currency: group.currency } };
    },
  );

  app.get(
    '/group/:groupId/account',
    {
      schema: {
        tags,
        security,
        summary: 'My paper account: balances, positions, open orders, recent fills',
        params: groupParams,
      },
    },
    async (request) => ({
      success: true as const,
      data: await getAccountSummary(
        app.database.db,
        engine(),
        request.currentUser.id,
        request.params.groupId,
      ),
    }),
  );

  app.post(
    '/group/:groupId/orders',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary: 'Place a market, limit or stop order (423 while frozen; 409 outside the competition window)',
        params: groupParams,
        body: z.object({
          symbol: z.string().trim().min(1).max(20),
          side: z.enum(['buy', 'sell']),
          type: z.enum(['market', 'limit', 'stop']).default('market'),
          /** Contracts, in multiples of the instrument's lotStep and at least its minQuantity. */
          quantity: positiveNumber,
          price: positiveNumber.optional(),
          stopLoss: positiveNumber.optional(),
          takeProfit: positiveNumber.optional(),
        }),
      },
    },
    async (request, reply) => {
      const order = await app.orderDesk.placeOrder(
        request.currentUser.id,
        request.params.groupId,
        request.body,
      );
      return reply.code(201).send({
        success: true as const,
        message: order.status === 'filled' ? 'Order filled.' : 'Order placed.',
        data: order,
      });
    },
  );

  app.delete(
    '/group/:groupId/orders/:orderId',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary: 'Cancel an open order',
        params: groupParams.extend({ orderId: z.string().min(1).max(64) }),
      },
    },
    async (request) => {
      await app.orderDesk.cancelOrder(request.currentUser.id, request.params.groupId, request.params.orderId);
      return { success: true as const, message: 'Order canceled.', data: null };
    },
  );

  app.post(
    '/group/:groupId/positions/:symbol/close',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary: 'Close a position at market',
        params: groupParams.extend({ symbol: z.string().min(1).max(20) }),
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Position closed.',
      data: await app.orderDesk.closePosition(
        request.currentUser.id,
        request.params.groupId,
        request.params.symbol,
      ),
    }),
  );

  app.get(
    '/group/:groupId/stream',
    {
      schema: {
        tags,
        security,
        summary:
          'Server-sent events: `quotes` of the competition’s instruments and `standings`, every second',
        params: groupParams,
      },
    },
    async (request, reply) => {
      await assertCanViewCompetition(
        app.database.db,
        app.readCache,
        request.currentUser,
        request.params.groupId,
      );
      const group = await findGroupOrThrow(app.database.db, request.params.groupId);
      const symbols = new Set(group.instruments.length ? group.instruments : engine().instruments.keys());
      reply.hijack();
      const raw = reply.raw;
      let unsubscribers: Array<() => Promise<void>> = [];
      let heartbeat: NodeJS.Timeout | undefined;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        openStreams.delete(end);
        untrack();
        clearInterval(heartbeat);
        for (const unsubscribe of unsubscribers) void unsubscribe();
        if (!raw.writableEnded) raw.end();
      };
      openStreams.add(end);
      // Standings are for members: the stream ends with the session, or when the member is removed.
      const untrack = app.trackStream(request, end, {
        stillAllowed: (user) =>
          assertCanViewCompetition(app.database.db, app.readCache, user, group.id).then(
            () => true,
            (error) => {
              if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404))
                return false;
              throw error;
            },
          ),
      });
      request.raw.on('close', end);

      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      const send = (event: string, data: unknown) => {
        if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      raw.write('retry: 3000\n\n');
      send('standings', { rows: await getLeaderboard(app.database.db, engine(), app.readCache, group.id) });
      const subscribed = await Promise.all([
        // A replay competition streams its replayed day; the others the live market.
        app.eventBus.subscribe(
          group.marketMode === 'replay' ? ENGINE_CHANNELS.groupQuotes(group.id) : ENGINE_CHANNELS.quotes,
          (payload) => {
            send(
              'quotes',
              (payload as Array<{ symbol: string }>).filter((quote) => symbols.has(quote.symbol)),
            );
          },
        ),
        app.eventBus.subscribe(ENGINE_CHANNELS.standings(group.id), (payload) => {
          engine().rememberStandings(group.id, payload as StandingRow[]);
          send('standings', { rows: payload });
        }),
      ]);
      // Ended (closed by the client, or the session) while subscribing: nothing may stay behind.
      if (ended) {
        for (const unsubscribe of subscribed) void unsubscribe();
        return;
      }
      unsubscribers = subscribed;
      heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 25_000);
    },
  );
};
