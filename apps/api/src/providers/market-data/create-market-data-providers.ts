import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { MarketDataProviders } from './market-data-provider.ts';

/**
 * The live providers this installation can use, by the name instruments give them. An instrument
 * naming a provider that is not here gets no quotes (the engine says so in the log).
 */
export function createMarketDataProviders(_config: AppConfig, _log: FastifyBaseLogger): MarketDataProviders {
  return new Map();
}
