import { type DatabaseHandle, instruments } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.ts';
import type {
  MarketDataProvider,
  ProviderQuote,
  ProviderSubscription,
} from '../../providers/market-data/market-data-provider.ts';
import { MarketData } from './market-data.ts';

const log = pino({ level: 'silent' });
let database: DatabaseHandle;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

/** A provider the test pushes quotes through. */
function fakeProvider() {
  let push: ((quote: ProviderQuote) => void) | null = null;
  const subscribed: ProviderSubscription[][] = [];
  const provider: MarketDataProvider = {
    name: 'fake',
    async start(subscriptions, onQuote) {
      subscribed.push(subscriptions);
      push = onQuote;
    },
    async stop() {
      push = null;
    },
    status: () => ({
      name: 'fake',
      connected: push !== null,
      subscribed: 1,
      lastQuoteAt: null,
      lastError: null,
    }),
    probe: async () => ({ bid: 1, ask: 1, time: 0 }),
  };
  return { provider, subscribed, push: (quote: ProviderQuote) => push?.(quote) };
}

describe('MarketData', () => {
  it('loads the instruments and steps the simulated feed every second, drawing candles', async () => {
    const market = new MarketData({ db: database.db, log, seed: 7 });
    expect(market.loaded).toBe(false);
    await market.load();
    expect(market.instruments.has('NIFTY50')).toBe(true);
    expect(market.sizes.get('NIFTY50')).toBe(market.instruments.get('NIFTY50')?.contractSize);
    const now = Date.now();
    const first = market.step(now).get('NIFTY50')!;
    const second = market.step(now + 1000).get('NIFTY50')!;
    expect(second.ask - second.bid).toBeCloseTo(first.ask - first.bid, 6);
    expect(market.candles.get('NIFTY50').at(-1)?.close).toBe(second.mid);
    expect(market.quote('NIFTY50')).toBe(second);
  });

  it('takes given quotes as they are, and a set price moves the market the engine prices with', async () => {
    const market = new MarketData({ db: database.db, log, seed: 7 });
    await market.load();
    market.setPrice('NIFTY50', 20_000);
    expect(market.market().quote('NIFTY50')?.mid).toBe(20_000);
    const given = new Map(market.current());
    expect(market.step(Date.now(), given)).toBe(given);
  });

  it('composes a live provider’s quotes over the simulated ones, stale after the provider goes silent', async () => {
    await database.db
      .update(instruments)
      .set({ provider: 'fake', providerSymbol: 'NSE:NIFTY' })
      .where(eq(instruments.symbol, 'NIFTY50'));
    const fake = fakeProvider();
    const market = new MarketData({
      db: database.db,
      log,
      seed: 7,
      providers: new Map([['fake', fake.provider]]),
      staleAfterMs: 50,
    });
    await market.load();
    await market.startProviders();
    expect(fake.subscribed).toEqual([[{ symbol: 'NIFTY50', providerSymbol: 'NSE:NIFTY' }]]);
    fake.push({ symbol: 'NIFTY50', bid: 20_000, ask: 20_001 });
    fake.push({ symbol: 'NIFTY50', bid: 0, ask: 1 }); // nonsense is ignored
    const live = market.step(Date.now()).get('NIFTY50')!;
    expect([live.bid, live.ask, live.stale]).toEqual([20_000, 20_001, undefined]);
    expect(market.step(Date.now() + 1000).get('NIFTY50')?.stale).toBe(true);
    expect(market.providerStatus()).toEqual([expect.objectContaining({ name: 'fake', connected: true })]);
    await market.stopProviders();
    expect(market.providerStatus()[0].connected).toBe(false);
  });

  it('a follower takes the leader’s quotes and draws the same candles', async () => {
    const market = new MarketData({ db: database.db, log, seed: 7 });
    await market.load();
    const time = Date.now();
    market.receive([{ symbol: 'NIFTY50', bid: 1, ask: 3, mid: 2, time }]);
    expect(market.quote('NIFTY50')?.mid).toBe(2);
    expect(market.candles.get('NIFTY50').at(-1)?.close).toBe(2);
  });
});
