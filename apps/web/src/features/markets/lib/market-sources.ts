import type { MarketSession } from '@candlewise/shared/trading/market-hours';

/** Where an instrument's quotes come from: the simulated market or a live provider (the API's list). */
export const MARKET_PROVIDERS = ['simulated', 'binance', 'alpaca', 'dhan'] as const;
export type MarketProvider = (typeof MARKET_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<MarketProvider, string> = {
  simulated: 'Simulated',
  binance: 'Binance',
  alpaca: 'Alpaca',
  dhan: 'Dhan',
};

/** How each provider names an instrument, as the example in the symbol field. */
export const PROVIDER_SYMBOL_EXAMPLES: Record<Exclude<MarketProvider, 'simulated'>, string> = {
  binance: 'btcusdt',
  alpaca: 'AAPL',
  dhan: 'NSE_EQ:2885',
};

/** Market hours as an admin reads them. */
export const SESSION_LABELS: Record<MarketSession, string> = {
  always: 'Always open (practice)',
  crypto: 'Crypto (24/7)',
  forex: 'Forex (Sun 17:00 – Fri 17:00 New York)',
  nse: 'NSE (09:15–15:30 India)',
  us: 'US (09:30–16:00 New York)',
};

/** A name the API sent that this page does not know is shown as it came. */
export const providerLabel = (provider: string) => PROVIDER_LABELS[provider as MarketProvider] ?? provider;
export const sessionLabel = (session: string) => SESSION_LABELS[session as MarketSession] ?? session;
