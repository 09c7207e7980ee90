import { rankingOf } from '@candlewise/shared/groups/ranking';
import { formatCsv } from '@candlewise/shared/journal/csv';
import { CANDLE_INTERVAL_TERMS } from '@candlewise/shared/trading/candle-intervals';
import { standingsPageSchema, tradingContract } from '@candlewise/shared/trading/trading-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StandingRow } from '../../engine/account-book.ts';
import type { StandingsFrame } from '../../engine/compute-standings.ts';
import { ENGINE_CHANNELS } from '../../engine/trading-engine.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import { assertCanViewStandings } from '../../services/groups/standings-access.ts';
import { AccountReads, getLeaderboard } from '../../services/trading/account-summary.ts';
import { explainScore } from '../../services/trading/explain-score.ts';
import { getCandles } from '../../services/trading/get-candles.ts';
import { getMyCompetitions } from '../../services/trading/my-competitions.ts';
import { StandingsViewer, standingsMoment } from '../../services/trading/standings-feed.ts';
import { assertCanViewCompetition, findGroupOrThrow } from '../../services/trading/trading-access.ts';

const c = tradingContract;

/** 'my-phase' asked by someone with no row in the standings (an admin, an ended competition's visitor). */
const MY_PHASE_NEEDS_A_ROW =
  'Only members trading in this competition have a phase: choose all, passed or failed.';
const AROUND_NEEDS_A_ROW =
  'Only members trading in this competition have a place in it: page with offset instead of around=me.';
/**
 * A leaderboard read without paging answers at most this many rows (with the total): the whole
 * table of a large competition is the CSV export, never one JSON answer (issue #40: 1.89 MB at
 * 10,000 members).
 */
const UNPAGED_ROWS = 500;

export const tradingRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The serialised standings of one engine moment, per currency (forgotten with the rows). */
  const standingsText = new WeakMap<StandingRow[], Map<string, string>>();

  // Reads and own-data writes (keepsUserCache) from the identity cache; other writes from the database.
  app.addHook('onRequest', app.authenticateRoute);
  const security = [{ bearerAuth: [] }];
  const tags = ['trading'];
  const engine = () => app.tradingEngine;
  const accountReads = new AccountReads(app.database, engine);

  app.get(
    '/instruments',
    {
      schema: {
        tags,
        security,
        summary: 'Tradable instruments',
        response: { 200: c.listInstruments.response },
      },
    },
    async () => ({
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
    }),
  );

  app.get(
    '/market/quotes',
    {
      schema: {
        tags,
        security,
        summary: 'Latest bid/ask',
        querystring: c.listQuotes.query,
        response: { 200: c.listQuotes.response },
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
        summary:
          'Candles of 1m, 5m, 15m, 1h or 1d built from the 1-minute candles (time in Unix seconds, the start of each interval; days are UTC days); with groupId, a replay competition’s replayed day',
        params: c.getCandles.params,
        querystring: c.getCandles.query,
        response: { 200: c.getCandles.response },
      },
    },
    async (request) => {
      if (!engine().instruments.has(request.params.symbol))
        throw notFound(`Unknown instrument ${request.params.symbol}.`);
      const { interval } = request.query;
      const { maxCandles, label } = CANDLE_INTERVAL_TERMS[interval];
      const limit = request.query.limit ?? Math.min(300, maxCandles);
      if (limit > maxCandles) {
        const message = `At most ${maxCandles} candles of ${label} can be read at once.`;
        throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'limit', message }]);
      }
      let replayGroup = null;
      if (request.query.groupId) {
        await assertCanViewCompetition(
          app.database.db,
          app.readCache,
          request.currentUser,
          request.query.groupId,
        );
        const group = await findGroupOrThrow(app.database.db, request.query.groupId);
        if (group.marketMode === 'replay') replayGroup = group;
      }
      // Longer intervals are read from the saved minutes: shared for a few seconds across callers.
      const read = () =>
        getCandles(app.database.db, engine(), {
          symbol: request.params.symbol,
          interval,
          limit,
          replayGroup,
        });
      const candles =
        interval === '1m' || replayGroup
          ? await read()
          : await app.readCache.get(`candles:${request.params.symbol}:${interval}:${limit}`, 2000, read);
      return {
        success: true as const,
        data: candles.map((candle) => ({ ...candle, time: Math.floor(candle.time / 1000) })),
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
        response: { 200: c.listMyCompetitions.response },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await app.readForCaller(request, 'group:mine', async () =>
          JSON.stringify({
            success: true,
            data: await getMyCompetitions(app.database.db, engine(), app.readCache, request.currentUser.id),
          }),
        ),
      ),
  );

  app.get(
    '/group/:groupId/leaderboard',
    {
      schema: {
        tags,
        security,
        summary:
          'Standings: Rank, Name, PnL %, Balance, Equity, Trades, Freezes, Score (approved members and admins; every signed-in learner once the competition has ended); money in `currency`; ranked by the group’s `ranking` (return % or Calmar). `filter` keeps all, passed, failed or my-phase (the caller’s challenge phase; 400 for a caller with no row); every row, or a page of them with offset and limit; `total` the rows the filter keeps and the caller’s own row in `me`',
        params: c.getLeaderboard.params,
        querystring: c.getLeaderboard.query,
        response: { 200: c.getLeaderboard.response },
      },
    },
    async (request, reply) => {
      await assertCanViewStandings(
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
      // The engine keeps one rows array per group until a tick changes it: every viewer of that
      // moment gets the same text for the same filter and page, checked and serialised once; only
      // the caller's own row is added per request. Ranks stay the group's; paging counts the
      // filtered rows.
      const { limit, filter, around } = request.query;
      let { offset } = request.query;
      const moment = standingsMoment(rows);
      let phase: number | null = null;
      if (filter === 'my-phase') {
        const mine = moment.rowOf(request.currentUser.id);
        if (!mine)
          throw new AppError(400, 'VALIDATION_FAILED', MY_PHASE_NEEDS_A_ROW, [
            { path: 'filter', message: MY_PHASE_NEEDS_A_ROW },
          ]);
        phase = mine.phase;
      }
      const shown = moment.filtered(filter, phase);
      if (around === 'me') {
        const index = shown.findIndex((row) => row.userId === request.currentUser.id);
        if (index < 0)
          throw new AppError(400, 'VALIDATION_FAILED', AROUND_NEEDS_A_ROW, [
            { path: 'around', message: AROUND_NEEDS_A_ROW },
          ]);
        const size = limit ?? 21;
        offset = Math.max(0, Math.min(index - Math.floor(size / 2), shown.length - size));
      }
      const paged = offset !== undefined || limit !== undefined || shown.length > UNPAGED_ROWS;
      const key = `${group.currency}:${filter === 'my-phase' ? `phase:${phase}` : filter}:${paged ? `${offset ?? 0}:${limit ?? (offset === undefined ? UNPAGED_ROWS : 50)}` : 'all'}`;
      let texts = standingsText.get(rows);
      if (!texts) {
        texts = new Map();
        standingsText.set(rows, texts);
      }
      let head = texts.get(key);
      if (head === undefined) {
        const slice = paged
          ? shown.slice(offset ?? 0, (offset ?? 0) + (limit ?? (offset === undefined ? UNPAGED_ROWS : 50)))
          : shown;
        const page = JSON.stringify(standingsPageSchema.parse({ rows: slice, currency: group.currency }));
        // Open: the ranking, the total and me follow.
        head = `{"success":true,"data":${page.slice(0, -1)},"ranking":${JSON.stringify(rankingOf(group.ranking))}`;
        texts.set(key, head);
      }
      const me = moment.rowText(request.currentUser.id);
      return sendJsonText(reply, `${head},"total":${shown.length},"me":${me}}}`);
    },
  );

  app.get(
    '/group/:groupId/leaderboard.csv',
    {
      schema: {
        tags,
        security,
        summary:
          'The whole leaderboard as CSV (rank, name, return %, score, balance, equity, trades, freezes, challenge status, phase): the full table of any size, for members and admins',
        params: c.exportLeaderboard.params,
        response: {
          200: { description: 'A file', content: { 'text/csv': { schema: c.exportLeaderboard.response } } },
        },
      },
    },
    async (request, reply) => {
      await assertCanViewStandings(
        app.database.db,
        app.readCache,
        request.currentUser,
        request.params.groupId,
      );
      const [rows, group] = await Promise.all([
        getLeaderboard(app.database.db, engine(), app.readCache, request.params.groupId),
        findGroupOrThrow(app.database.db, request.params.groupId),
      ]);
      const csv = formatCsv([
        [
          'Rank',
          'Name',
          'PnL %',
          'Score',
          `Balance (${group.currency})`,
          `Equity (${group.currency})`,
          'Trades',
          'Freezes',
          'Challenge',
          'Phase',
        ],
        ...rows.map((row) => [
          row.rank,
          row.name,
          row.pnlPercent,
          row.score,
          row.balance,
          row.equity,
          row.trades,
          row.freezes,
          row.challengeStatus,
          row.phase,
        ]),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="leaderboard-${request.params.groupId}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/group/:groupId/score',
    {
      schema: {
        tags,
        security,
        summary:
          'How my score is made: the group’s ranking (return % or Calmar), my rank, my return, maximum drawdown, the drawdown floor, the equity high, and the formula with my numbers (members only: 403 for others, 404 for an unknown group)',
        params: c.getScore.params,
        response: { 200: c.getScore.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await explainScore(
        app.database.db,
        engine(),
        app.readCache,
        request.currentUser,
        request.params.groupId,
      ),
    }),
  );

  app.get(
    '/group/:groupId/account',
    {
      schema: {
        tags,
        security,
        summary: 'My paper account: balances, positions, open orders, recent fills',
        params: c.getAccount.params,
        response: { 200: c.getAccount.response },
      },
    },
    // Read on every desk load and after each order: from memory for at most a second (ADR 019);
    // an order bumps its author's read generation, so their next read here is fresh.
    async (request, reply) =>
      sendJsonText(
        reply,
        await app.readForCaller(request, `account:${request.params.groupId}`, async () => {
          // One read-only snapshot (a fill never beside the balance from before it); on the embedded
          // database the reads waiting together share one turn of it (AccountReads).
          const data = await accountReads.read(request.currentUser.id, request.params.groupId);
          return JSON.stringify({ success: true, data });
        }),
      ),
  );

  // A flood of orders from one member (a runaway script) is refused before it reaches the desk.
  const ordersPerMember = app.limit({
    max: app.config.ordersPerMemberPerMinute,
    windowMs: 60_000,
    key: (request) => `orders:user:${request.currentUser.id}`,
    what: 'orders',
  });

  app.post(
    '/group/:groupId/orders',
    {
      config: { keepsUserCache: true },
      preHandler: ordersPerMember,
      schema: {
        tags,
        security,
        summary: 'Place a market, limit or stop order (423 while frozen; 409 outside the competition window)',
        params: c.placeOrder.params,
        body: c.placeOrder.body,
        response: { 201: c.placeOrder.response },
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
        params: c.cancelOrder.params,
        response: { 200: c.cancelOrder.response },
      },
    },
    async (request) => {
      await app.orderDesk.cancelOrder(request.currentUser.id, request.params.groupId, request.params.orderId);
      return { success: true as const, message: 'Order canceled.', data: null };
    },
  );

  app.patch(
    '/group/:groupId/orders/:orderId',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary:
          'Change the stop-loss and take-profit of an open order (null removes one; they pass to the position when it fills); 404 for an order that is not open in your account',
        params: c.protectOrder.params,
        body: c.protectOrder.body,
        response: { 200: c.protectOrder.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Stop-loss and take-profit saved.',
      data: await app.orderDesk.protectOrder(
        request.currentUser.id,
        request.params.groupId,
        request.params.orderId,
        request.body,
      ),
    }),
  );

  app.patch(
    '/group/:groupId/positions/:symbol',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary:
          'Change the stop-loss and take-profit of an open position (null removes one); a level already through the current price is refused with 400',
        params: c.protectPosition.params,
        body: c.protectPosition.body,
        response: { 200: c.protectPosition.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Stop-loss and take-profit saved.',
      data: await app.orderDesk.protectPosition(
        request.currentUser.id,
        request.params.groupId,
        request.params.symbol,
        request.body,
      ),
    }),
  );

  app.post(
    '/group/:groupId/positions/:symbol/close',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary: 'Close a position at market',
        params: c.closePosition.params,
        response: { 200: c.closePosition.response },
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
          'Server-sent events: `quotes` of the competition’s instruments, and `standings` when what the viewer sees changes: `{ total, top?, me? }` (the first 10 rows, their own row; each only when it changed)',
        params: c.competitionStream.params,
        response: {
          200: {
            description: 'text/event-stream: `quotes` and `standings` events',
            content: { 'text/event-stream': { schema: c.competitionStream.response } },
          },
        },
      },
    },
    async (request, reply) => {
      await assertCanViewCompetition(
        app.database.db,
        app.readCache,
        request.currentUser,
        request.params.groupId,
      );
      // 200 members opening their desks at once share one read of the competition.
      const group = await app.readCache.get(`groups:row:${request.params.groupId}`, 1000, () =>
        findGroupOrThrow(app.database.db, request.params.groupId),
      );
      const symbols = new Set(group.instruments.length ? group.instruments : engine().instruments.keys());
      let unsubscribers: Array<() => Promise<void>> = [];
      // Standings: the top of the table and the viewer's own row, each only when it changed for
      // them (not the whole table every second; ADR 020). Other ranks: GET …/leaderboard?offset=.
      const viewer = new StandingsViewer(request.currentUser.id);
      // Standings are for members: the stream ends with the session, or when the member is removed.
      const stream = app.openLiveStream(request, reply, {
        retryMs: 3000,
        stillAllowed: (user) =>
          assertCanViewCompetition(app.database.db, app.readCache, user, group.id).then(
            () => true,
            (error) => {
              if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404))
                return false;
              throw error;
            },
          ),
        onEnd: () => {
          viewer.close();
          for (const unsubscribe of unsubscribers) void unsubscribe();
        },
      });
      // Both events are snapshots (every quote, the whole table): a client that is behind gets the
      // latest of each when it catches up, the standings measured against what it last received.
      const sendStandings = (source: StandingRow[] | StandingsFrame) =>
        stream.latest('standings', () => {
          const data = viewer.data(source);
          return data === null ? null : { event: 'standings', data };
        });
      sendStandings(await getLeaderboard(app.database.db, engine(), app.readCache, group.id));
      const subscribed = await Promise.all([
        // A replay competition streams its replayed day; the others the live market.
        app.eventBus.subscribe(
          group.marketMode === 'replay' ? ENGINE_CHANNELS.groupQuotes(group.id) : ENGINE_CHANNELS.quotes,
          (payload) => {
            stream.latest('quotes', () => ({
              event: 'quotes',
              data: JSON.stringify(
                (payload as Array<{ symbol: string }>).filter((quote) => symbols.has(quote.symbol)),
              ),
            }));
          },
        ),
        // Named, so the holder's frames carry this member's row (compute-standings.ts).
        app.eventBus.subscribe(
          ENGINE_CHANNELS.standings(group.id),
          (payload) => {
            const frame = payload as StandingsFrame;
            if (frame.complete) engine().rememberStandings(group.id, frame.rows);
            sendStandings(frame);
          },
          request.currentUser.id,
        ),
      ]);
      // Ended (closed by the client, or the session) while subscribing: nothing may stay behind.
      if (stream.ended) {
        for (const unsubscribe of subscribed) void unsubscribe();
        return;
      }
      unsubscribers = subscribed;
    },
  );
};
