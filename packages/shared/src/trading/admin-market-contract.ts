import { z } from 'zod';
import { apiSuccess, defineContract } from '../api/contract.ts';
import { MARKET_SESSIONS } from './market-hours.ts';

/** Where an instrument's quotes can come from. */
export const MARKET_PROVIDERS = ['simulated', 'binance', 'alpaca', 'dhan'] as const;

const symbolParams = z.object({ symbol: z.string().min(1).max(20) });

export const adminInstrumentSchema = z.object({
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

/** A provider's connection state (each provider may add its own details). */
export const marketProviderStatusSchema = z.looseObject({
  name: z.string(),
  connected: z.boolean(),
  subscribed: z.number(),
  lastQuoteAt: z.number().nullable(),
  /** The last problem, as a sentence an admin can act on (no keys in it). */
  lastError: z.string().nullable(),
});

/** Admin → Markets (ADR 023): quote sources, market hours, providers and replay bars. */
export const adminMarketContract = defineContract({
  listInstruments: {
    method: 'GET',
    path: '/admin/market/instruments',
    response: z.object({ success: z.literal(true), data: z.array(adminInstrumentSchema) }),
  },
  updateInstrument: {
    method: 'PUT',
    path: '/admin/market/instruments/:symbol',
    params: symbolParams,
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
    response: apiSuccess(
      z.object({
        symbol: z.string(),
        provider: z.enum(MARKET_PROVIDERS),
        providerSymbol: z.string().nullable(),
        session: z.enum(MARKET_SESSIONS),
      }),
    ),
  },
  listProviders: {
    method: 'GET',
    path: '/admin/market/providers',
    response: apiSuccess(
      z.object({ role: z.enum(['leader', 'follower']), providers: z.array(marketProviderStatusSchema) }),
    ),
  },
  testProvider: {
    method: 'POST',
    path: '/admin/market/providers/:provider/test',
    params: z.object({ provider: z.enum(MARKET_PROVIDERS) }),
    body: z.object({ providerSymbol: z.string().trim().min(1).max(64) }),
    response: apiSuccess(z.looseObject({ bid: z.number(), ask: z.number(), time: z.number() })),
  },
  listReplayBars: {
    method: 'GET',
    path: '/admin/market/replay-bars',
    response: apiSuccess(
      z.array(
        z.object({
          symbol: z.string(),
          bars: z.number(),
          first: z.string().nullable(),
          last: z.string().nullable(),
          /** The UTC days (YYYY-MM-DD) with at least one bar, in order: where a replay can start. */
          days: z.array(z.string()),
        }),
      ),
    ),
  },
  uploadReplayBars: {
    method: 'POST',
    path: '/admin/market/replay-bars/:symbol',
    params: symbolParams,
    body: z.object({
      csv: z
        .string()
        .min(1, 'Paste or choose a CSV file.')
        .max(4 * 1024 * 1024),
    }),
    status: 201,
    response: apiSuccess(
      z.object({ symbol: z.string(), stored: z.number(), first: z.string(), last: z.string() }),
    ),
  },
});
