import { brokerContract } from '@candlewise/shared/broker/broker-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertCanSyncBroker } from '../../services/broker/assert-can-sync-broker.ts';
import {
  findMyConnection,
  listBrokerConnections,
  toConnectionView,
} from '../../services/broker/broker-connection-view.ts';
import type { BrokerDeps } from '../../services/broker/broker-deps.ts';
import {
  completeBrokerSignIn,
  renewBrokerAccess,
  startBrokerSignIn,
} from '../../services/broker/broker-sign-in.ts';
import { connectBroker } from '../../services/broker/connect-broker.ts';
import { disconnectBroker } from '../../services/broker/disconnect-broker.ts';
import { listConnectionTrades } from '../../services/broker/list-connection-trades.ts';
import { syncBrokerConnection } from '../../services/broker/sync-broker-connection.ts';

const tags = ['broker'];
const security = [{ bearerAuth: [] }];
const FIFTEEN_MINUTES = 15 * 60_000;

const c = brokerContract;

export const brokerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = (): BrokerDeps => ({
    db: app.database.db,
    adapters: app.brokerAdapters,
    appSecret: app.config.appSecret,
    bus: app.eventBus,
    log: app.log,
  });
  // Each sign-in start asks the broker for a consent (Dhan allows 25 a day): few per account and address.
  const signInLimits = [
    app.limit({
      max: 10,
      windowMs: FIFTEEN_MINUTES,
      key: (request) => `broker-sign-in:user:${request.currentUser.id}`,
    }),
    app.limit({
      max: 30,
      windowMs: FIFTEEN_MINUTES,
      key: (request) => `broker-sign-in:ip:${request.ip}`,
    }),
  ];

  app.get(
    '/broker/brokers',
    {
      schema: {
        tags,
        security,
        summary: 'The brokers one can connect, with their form fields',
        response: { 200: c.listBrokers.response },
      },
    },
    async () => ({
      success: true as const,
      data: Object.values(app.brokerAdapters).map((adapter) => adapter.describe()),
    }),
  );

  app.get(
    '/broker/connections',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s broker connections (never the credentials)',
        response: { 200: c.listConnections.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await listBrokerConnections(app.database.db, request.currentUser.id)).map((row) =>
        toConnectionView(app.brokerAdapters, row),
      ),
    }),
  );

  app.post(
    '/broker/connections',
    {
      schema: {
        tags,
        security,
        summary: 'Connect a broker: the credentials are checked with it, then stored encrypted (Pro)',
        body: c.connect.body,
        response: { 201: c.connect.response },
      },
      // Credentials can be guessed: few tries per account and per address.
      preHandler: [
        app.limit({
          max: 10,
          windowMs: FIFTEEN_MINUTES,
          key: (request) => `broker-connect:user:${request.currentUser.id}`,
        }),
        app.limit({
          max: 30,
          windowMs: FIFTEEN_MINUTES,
          key: (request) => `broker-connect:ip:${request.ip}`,
        }),
      ],
    },
    async (request, reply) => {
      const row = await connectBroker(deps(), request.currentUser, request.body);
      return reply.status(201).send({
        success: true as const,
        message: `${app.brokerAdapters[row.broker].describe().name} is connected.`,
        data: toConnectionView(app.brokerAdapters, row),
      });
    },
  );

  app.post(
    '/broker/sign-in',
    {
      schema: {
        tags,
        security,
        summary:
          'Start signing in on the broker’s own page (Dhan’s API key & secret): answers the page to open (Pro)',
        body: c.startSignIn.body,
        response: { 200: c.startSignIn.response },
      },
      preHandler: signInLimits,
    },
    async (request) => {
      const started = await startBrokerSignIn(deps(), request.currentUser, request.body);
      const name = app.brokerAdapters[request.body.broker].describe().name;
      return {
        success: true as const,
        message: `Sign in on ${name}’s page; it sends you back here to finish.`,
        data: started,
      };
    },
  );

  app.post(
    '/broker/sign-in/complete',
    {
      schema: {
        tags,
        security,
        summary:
          'Finish signing in with the token the broker sent back: the access token is saved encrypted (Pro)',
        body: c.completeSignIn.body,
        response: { 201: c.completeSignIn.response },
      },
      preHandler: app.limit({
        max: 10,
        windowMs: FIFTEEN_MINUTES,
        key: (request) => `broker-sign-in-complete:user:${request.currentUser.id}`,
      }),
    },
    async (request, reply) => {
      const row = await completeBrokerSignIn(deps(), request.currentUser, request.body.tokenId);
      return reply.status(201).send({
        success: true as const,
        message: `${app.brokerAdapters[row.broker].describe().name} is connected.`,
        data: toConnectionView(app.brokerAdapters, row),
      });
    },
  );

  app.post(
    '/broker/connections/:connectionId/renew',
    {
      schema: {
        tags,
        security,
        summary:
          'Renew access: sign in on the broker’s page again with the saved API key (connections made by signing in, Pro)',
        params: c.renewAccess.params,
        response: { 200: c.renewAccess.response },
      },
      preHandler: signInLimits,
    },
    async (request) => {
      const started = await renewBrokerAccess(deps(), request.currentUser, request.params.connectionId);
      return {
        success: true as const,
        message: 'Sign in on the broker’s page; it sends you back here to finish.',
        data: started,
      };
    },
  );

  app.post(
    '/broker/connections/:connectionId/sync',
    {
      schema: {
        tags,
        security,
        summary: 'Sync now: import new fills into the journal as verified trades (Pro)',
        params: c.sync.params,
        response: { 200: c.sync.response },
      },
      preHandler: app.limit({
        max: 20,
        windowMs: FIFTEEN_MINUTES,
        key: (request) => `broker-sync:user:${request.currentUser.id}`,
      }),
    },
    async (request) => {
      const found = await findMyConnection(
        app.database.db,
        request.currentUser.id,
        request.params.connectionId,
      );
      assertCanSyncBroker(request.currentUser);
      const result = await syncBrokerConnection(deps(), found);
      return {
        success: true as const,
        message:
          result.imported === 0
            ? 'Sync finished: no new trades.'
            : `Sync finished: ${result.imported} new trade${result.imported === 1 ? '' : 's'} in your journal.`,
        data: { ...result, connection: toConnectionView(app.brokerAdapters, result.connection) },
      };
    },
  );

  app.get(
    '/broker/connections/:connectionId/trades',
    {
      schema: {
        tags,
        security,
        summary: 'The journal trades this connection imported, newest first',
        params: c.listTrades.params,
        response: { 200: c.listTrades.response },
      },
    },
    async (request) => {
      const found = await findMyConnection(
        app.database.db,
        request.currentUser.id,
        request.params.connectionId,
      );
      return { success: true as const, data: await listConnectionTrades(app.database.db, found) };
    },
  );

  app.delete(
    '/broker/connections/:connectionId',
    {
      schema: {
        tags,
        security,
        summary: 'Disconnect: the credentials are deleted; imported trades stay in the journal',
        params: c.disconnect.params,
        response: { 200: c.disconnect.response },
      },
    },
    async (request) => {
      await disconnectBroker(deps(), request.currentUser.id, request.params.connectionId);
      return {
        success: true as const,
        message: 'Disconnected. Your saved credentials are deleted; imported trades stay in your journal.',
        data: { disconnected: true as const },
      };
    },
  );
};
