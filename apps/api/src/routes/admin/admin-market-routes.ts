import { MARKET_SESSIONS } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { listInstruments, setInstrumentSource } from '../../services/market/instrument-sources-admin.ts';
import { listReplayBars, storeReplayBars } from '../../services/market/replay-bars-admin.ts';

export const MARKET_PROVIDERS = ['simulated', 'binance', 'alpaca', 'dhan'] as const;

const instrumentView = z.object({
  symbol: z.string(),
  name: z.string(),
  assetClass: z.string(),
  currency: z.string(),
  provider: z.string(),
  providerSymbol: z.string().nullable(),
  session: z.string(),
  /** The last quote this process has, and whether it is stale. */
  quote: z.object({ bid: z.number(), ask: z.number(), time: z.number(), stale: z.boolean() }).nullable(),
});

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
        response: { 200: z.object({ success: z.literal(true), data: z.array(instrumentView) }) },
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
        params: z.object({ symbol: z.string().min(1).max(20) }),
        body: z
          .object({
            provider: z.enum(MARKET_PROVIDERS, 'Choose simulated, binance, alpaca or dhan.'),
            providerSymbol: z.string().trim().min(1).max(64).nullable().default(null),
            session: z.enum(MARKET_SESSIONS, 'Choose always, crypto, forex, nse or us.'),
          })
          .refine((body) => body.provider === 'simulated' || body.providerSymbol, {
            message: 'Name the instrument at the provider (for example btcusdt, AAPL or NSE_EQ:2885).',
            path: ['providerSymbol'],
          }),
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
      },
    },
    async () => ({
      success: true as const,
      data: {
        role: app.tradingEngine.isLeader ? 'leader' : 'follower',
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
        params: z.object({ provider: z.enum(MARKET_PROVIDERS) }),
        body: z.object({ providerSymbol: z.string().trim().min(1).max(64) }),
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
    { schema: { tags, security, summary: 'Uploaded 1-minute bars for replays, per instrument' } },
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
        params: z.object({ symbol: z.string().min(1).max(20) }),
        body: z.object({
          csv: z
            .string()
            .min(1, 'Paste or choose a CSV file.')
            .max(4 * 1024 * 1024),
        }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await storeReplayBars(app.database.db, request.params.symbol, request.body.csv),
      }),
  );
};
