import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { createAlpacaMarketData } from './alpaca-market-data.ts';
import { createBinanceMarketData } from './binance-market-data.ts';
import { createDhanMarketData } from './dhan-market-data.ts';
import type { MarketDataProviders } from './market-data-provider.ts';

/**
 * The live providers this installation can use, by the name instruments give them (Admin →
 * Markets). Binance's public streams need no key; Alpaca and Dhan are here only with their keys.
 * A provider connects only when an instrument names it, and only on the engine's leader. An
 * instrument naming a provider that is not here gets no quotes (the engine says so in the log).
 */
export function createMarketDataProviders(config: AppConfig, log: FastifyBaseLogger): MarketDataProviders {
  const providers: MarketDataProviders = new Map();
  const child = (name: string) => log.child({ provider: name });
  providers.set(
    'binance',
    createBinanceMarketData({ baseUrl: config.marketData.binanceUrl, log: child('binance') }),
  );
  const { alpaca, dhan } = config.marketData;
  if (alpaca)
    providers.set(
      'alpaca',
      createAlpacaMarketData({
        keyId: alpaca.keyId,
        secretKey: alpaca.secretKey,
        baseUrl: alpaca.url,
        stockFeed: alpaca.feed,
        log: child('alpaca'),
      }),
    );
  if (dhan)
    providers.set(
      'dhan',
      createDhanMarketData({
        clientId: dhan.clientId,
        accessToken: dhan.accessToken,
        baseUrl: dhan.url,
        log: child('dhan'),
      }),
    );
  return providers;
}
