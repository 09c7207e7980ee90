import type { DbExecutor } from '@candlewise/db';
import type { BrokerAdapters, BrokerLog } from '../../providers/broker/broker-adapter.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';

/** What the broker services need: the database, the adapters, the key material and the bell. */
export type BrokerDeps = {
  db: DbExecutor;
  adapters: BrokerAdapters;
  appSecret: string;
  bus: EventBus;
  /** Where adapters report what they left out (a charge that matches no fill). */
  log?: BrokerLog;
};

/** Credentials are bound to their owner and broker: a row's ciphertext is useless anywhere else. */
export const credentialBinding = (userId: string, broker: string) => `${userId}:${broker}`;

/** A sign-in under way keeps the app key and secret under its own binding (not a connection's). */
export const signInBinding = (userId: string, broker: string) => `${userId}:${broker}:sign-in`;
