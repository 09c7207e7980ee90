import type { AppConfig } from '../../config.ts';
import { createAlpacaBroker } from './alpaca-broker.ts';
import type { BrokerAdapters } from './broker-adapter.ts';
import type { BrokerHttpOptions } from './broker-http.ts';
import { createDhanBroker } from './dhan-broker.ts';
import { createPaperBroker } from './paper-broker.ts';

/** Every broker, pointed at the configured hosts (tests pass local servers and a quick sleep). */
export function createBrokerAdapters(config: AppConfig, http: BrokerHttpOptions = {}): BrokerAdapters {
  return {
    paper: createPaperBroker(),
    alpaca: createAlpacaBroker({
      ...http,
      paperUrl: config.broker.alpacaPaperUrl,
      liveUrl: config.broker.alpacaLiveUrl,
    }),
    dhan: createDhanBroker({ ...http, baseUrl: config.broker.dhanUrl }),
  };
}
