import { adminMarketContract, MARKET_PROVIDERS } from '@candlewise/shared/trading/admin-market-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { listInstruments, setInstrumentSource } from '../../services/market/instrument-sources-admin.ts';
import { listReplayBars, storeReplayBars } from '../../services/market/replay-bars-admin.ts';

const c = adminMarketContract;

export { MARKET_PROVIDERS };

/**
 * Admin → Markets: where each instrument's quotes come from (the simulated market or a live
 * provider, with the provider's symbol) and its market hours; the providers' connection state; a
 * "test connection" that fetches one quote.
 */
export const adminMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/market/instruments',
    {
      schema: {
        tags,
        security,
        summary: 'Instruments with their quote source, market hours and last quote',
        response: { 200: c.listInstruments.response },
      },
    },
    async () => {
      const rows = await listInstruments(app.database.db);
      return {
        success: true as const,
        data: rows.map((row) => {
          const quote = app.tradingEngine.quote(row.symbol);
          return {
            symbol: row.symbol,
            name: row.name,
            assetClass: row.assetClass,
            currency: row.currency,
            provider: row.provider,
            providerSymbol: row.providerSymbol,
            session: row.session,
            quote: quote
              ? { bid: quote.bid, ask: quote.ask, time: quote.time, stale: Boolean(quote.stale) }
              : null,
          };
        }),
      };
    },
  );

  app.put(
    '/admin/market/instruments/:symbol',
    {
      schema: {
        tags,
        security,
        summary: 'Set where an instrument’s quotes come from and its market hours',
        params: c.updateInstrument.params,
        body: c.updateInstrument.body,
        response: { 200: c.updateInstrument.response },
      },
    },
    async (request) => {
      const { provider, providerSymbol, session } = request.body;
      const updated = await setInstrumentSource(app.database.db, request.params.symbol, {
        provider,
        providerSymbol,
        session,
      });
      await app.tradingEngine.announceInstrumentsChange();
      return {
        success: true as const,
        message: `${updated.symbol} now takes its quotes from ${provider}.`,
        data: { symbol: updated.symbol, provider, providerSymbol: updated.providerSymbol, session },
      };
    },
  );

  app.get(
    '/admin/market/providers',
    {
      schema: {
        tags,
        security,
        summary: 'Live market-data providers and their connections (on the engine’s leader)',
        response: { 200: c.listProviders.response },
      },
    },
    async () => ({
      success: true as const,
      data: {
        role: app.tradingEngine.isLeader ? ('leader' as const) : ('follower' as const),
        providers: app.tradingEngine.providerStatus(),
      },
    }),
  );

  app.post(
    '/admin/market/providers/:provider/test',
    {
      schema: {
        tags,
        security,
        summary: 'Test connection: the first quote of one provider symbol',
        params: c.testProvider.params,
        body: c.testProvider.body,
        response: { 200: c.testProvider.response },
      },
    },
    async (request) => {
      const provider = app.tradingEngine.provider(request.params.provider);
      if (!provider)
        throw new AppError(
          409,
          'CONFLICT',
          `The ${request.params.provider} provider is not configured on this server: set its keys (see the README) and restart.`,
        );
      try {
        const quote = await provider.probe(request.body.providerSymbol, 8000);
        return { success: true as const, data: quote };
      } catch (error) {
        throw new AppError(502, 'SERVICE_UNAVAILABLE', (error as Error).message);
      }
    },
  );

  app.get(
    '/admin/market/replay-bars',
    {
      schema: {
        tags,
        security,
        summary: 'Uploaded 1-minute bars for replays, per instrument',
        response: { 200: c.listReplayBars.response },
      },
    },
    async () => ({ success: true as const, data: await listReplayBars(app.database.db) }),
  );

  app.post(
    '/admin/market/replay-bars/:symbol',
    {
      // A month of minutes is about 2 MB of CSV.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary: 'Upload 1-minute bars (CSV: time, open, high, low, close, volume) for replay competitions',
        params: c.uploadReplayBars.params,
        body: c.uploadReplayBars.body,
        response: { 201: c.uploadReplayBars.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await storeReplayBars(app.database.db, request.params.symbol, request.body.csv),
      }),
  );
};
