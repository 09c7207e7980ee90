import type { AppConfig } from '../../config.ts';
import { createAlpacaBroker } from './alpaca-broker.ts';
import type { BrokerAdapters } from './broker-adapter.ts';
import type { BrokerHttpOptions } from './broker-http.ts';
import { createDhanBroker } from './dhan-broker.ts';
import { createPaperBroker } from './paper-broker.ts';

/**
 * Every broker, pointed at the configured hosts (tests configure local servers and pass a quick
 * sleep); Dhan's sign-in host is DHAN_AUTH_URL (auth.dhan.co by default).
 */
export function createBrokerAdapters(config: AppConfig, http: BrokerHttpOptions = {}): BrokerAdapters {
  return {
    paper: createPaperBroker(),
    alpaca: createAlpacaBroker({
      ...http,
      paperUrl: config.broker.alpacaPaperUrl,
      liveUrl: config.broker.alpacaLiveUrl,
    }),
    dhan: createDhanBroker({
      ...http,
      baseUrl: config.broker.dhanUrl,
      authUrl: config.broker.dhanAuthUrl,
    }),
  };
}
