import type { DbExecutor } from '@candlewise/db';
import type { BrokerAdapters } from '../../providers/broker/broker-adapter.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';

/** What the broker services need: the database, the adapters, the key material and the bell. */
export type BrokerDeps = {
  db: DbExecutor;
  adapters: BrokerAdapters;
  appSecret: string;
  bus: EventBus;
};

/** Credentials are bound to their owner and broker: a row's ciphertext is useless anywhere else. */
export const credentialBinding = (userId: string, broker: string) => `${userId}:${broker}`;
