import { practiceContract } from '@candlewise/shared/practice/practice-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelPracticeOrder,
  closePracticePosition,
  driveClock,
  editPracticeOrder,
  endPracticeSession,
  placePracticeOrder,
  protectPracticePosition,
} from '../../services/practice/practice-commands.ts';
import {
  createPracticeSession,
  exportPracticeDecisions,
  getPracticeSession,
  listPracticeDays,
  listPracticeSessions,
  practiceCandles,
} from '../../services/practice/practice-sessions.ts';
import type { PracticeDeps } from '../../services/practice/practice-work.ts';

const c = practiceContract;

/**
 * Practice replays (docs/decisions/030-practice-replays.md): the caller's own replays of uploaded
 * days. Every session is the caller's: another learner's id answers 404.
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateRoute);
  const tags = ['practice'];
  const security = [{ bearerAuth: [] }];
  const deps = (): PracticeDeps => ({ db: app.database.db, cache: app.readCache });
  const write = { keepsUserCache: true };
  const ok = <T>(data: T, message?: string) => ({
    success: true as const,
    ...(message ? { message } : {}),
    data,
  });

  app.get(
    '/practice/days',
    {
      schema: {
        tags,
        security,
        summary: 'Instruments with uploaded bars and their days',
        response: { 200: c.listDays.response },
      },
    },
    async () => ok(await listPracticeDays(app.database.db)),
  );

  app.get(
    '/practice/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Your practice replays, newest first',
        response: { 200: c.listSessions.response },
      },
    },
    async (request) => ok(await listPracticeSessions(deps(), request.currentUser.id, Date.now())),
  );

  app.post(
    '/practice/sessions',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Start a practice replay of an uploaded day (409 with five running)',
        body: c.createSession.body,
        response: { 201: c.createSession.response },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createPracticeSession(deps(), request.currentUser.id, request.body, Date.now()),
            'Practice replay started.',
          ),
        ),
  );

  app.get(
    '/practice/sessions/:sessionId',
    {
      schema: {
        tags,
        security,
        summary: 'A practice replay: clock, quote, book, fills and decisions',
        params: c.getSession.params,
        response: { 200: c.getSession.response },
      },
    },
    async (request) =>
      ok(await getPracticeSession(deps(), request.currentUser.id, request.params.sessionId, Date.now())),
  );

  app.get(
    '/practice/sessions/:sessionId/candles',
    {
      schema: {
        tags,
        security,
        summary: 'The 1-minute candles up to the replayed time (never after it)',
        params: c.getCandles.params,
        querystring: c.getCandles.query,
        response: { 200: c.getCandles.response },
      },
    },
    async (request) =>
      ok(
        await practiceCandles(
          deps(),
          request.currentUser.id,
          request.params.sessionId,
          Date.now(),
          request.query.from,
        ),
      ),
  );

  app.post(
    '/practice/sessions/:sessionId/clock',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Play, pause, step one bar or set the speed (1–60×)',
        params: c.driveClock.params,
        body: c.driveClock.body,
        response: { 200: c.driveClock.response },
      },
    },
    async (request) =>
      ok(
        await driveClock(deps(), request.currentUser.id, request.params.sessionId, request.body, Date.now()),
      ),
  );

  app.post(
    '/practice/sessions/:sessionId/orders',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'A market, limit or stop order with stop-loss and take-profit, at the replayed price',
        params: c.placeOrder.params,
        body: c.placeOrder.body,
        response: { 201: c.placeOrder.response },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await placePracticeOrder(
              deps(),
              request.currentUser.id,
              request.params.sessionId,
              request.body,
              Date.now(),
            ),
            request.body.type === 'market' ? 'Order filled.' : 'Order placed.',
          ),
        ),
  );

  app.delete(
    '/practice/sessions/:sessionId/orders/:orderId',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Cancel a pending order',
        params: c.cancelOrder.params,
        response: { 200: c.cancelOrder.response },
      },
    },
    async (request) =>
      ok(
        await cancelPracticeOrder(
          deps(),
          request.currentUser.id,
          request.params.sessionId,
          request.params.orderId,
          Date.now(),
        ),
        'Order canceled.',
      ),
  );

  app.put(
    '/practice/sessions/:sessionId/orders/:orderId',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Move a pending order’s stop-loss or take-profit',
        params: c.editOrder.params,
        body: c.editOrder.body,
        response: { 200: c.editOrder.response },
      },
    },
    async (request) =>
      ok(
        await editPracticeOrder(
          deps(),
          request.currentUser.id,
          request.params.sessionId,
          request.params.orderId,
          request.body,
          Date.now(),
        ),
        'Order updated.',
      ),
  );

  app.put(
    '/practice/sessions/:sessionId/position',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Move the open position’s stop-loss or take-profit',
        params: c.protectPosition.params,
        body: c.protectPosition.body,
        response: { 200: c.protectPosition.response },
      },
    },
    async (request) =>
      ok(
        await protectPracticePosition(
          deps(),
          request.currentUser.id,
          request.params.sessionId,
          request.body,
          Date.now(),
        ),
        'Stop-loss and take-profit saved.',
      ),
  );

  app.post(
    '/practice/sessions/:sessionId/position/close',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Close the open position at the replayed price',
        params: c.closePosition.params,
        response: { 200: c.closePosition.response },
      },
    },
    async (request) =>
      ok(
        await closePracticePosition(deps(), request.currentUser.id, request.params.sessionId, Date.now()),
        'Position closed.',
      ),
  );

  app.post(
    '/practice/sessions/:sessionId/end',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'End a practice replay (positions close, pending orders are cancelled)',
        params: c.endSession.params,
        response: { 200: c.endSession.response },
      },
    },
    async (request) =>
      ok(
        await endPracticeSession(deps(), request.currentUser.id, request.params.sessionId, Date.now()),
        'Practice replay ended.',
      ),
  );

  app.get(
    '/practice/sessions/:sessionId/decisions.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Every decision of a practice replay as CSV',
        params: c.exportDecisions.params,
        response: {
          200: { description: 'A file', content: { 'text/csv': { schema: c.exportDecisions.response } } },
        },
      },
    },
    async (request, reply) => {
      const csv = await exportPracticeDecisions(
        app.database.db,
        request.currentUser.id,
        request.params.sessionId,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="practice-${request.params.sessionId}.csv"`)
        .send(csv);
    },
  );
};
