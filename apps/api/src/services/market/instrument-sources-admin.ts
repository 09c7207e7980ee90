import { type Database, instruments } from '@candlewise/db';
import type { MarketSession } from '@candlewise/shared';
import { asc, eq } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';

export type InstrumentSource = {
  provider: string;
  providerSymbol: string | null;
  session: MarketSession;
};

/** Admin → Markets: every instrument in the order the markets list shows them. */
export async function listInstruments(db: Database) {
  return db.select().from(instruments).orderBy(asc(instruments.position));
}

/** Where an instrument's quotes come from; a simulated instrument has no provider symbol. */
export async function setInstrumentSource(db: Database, symbol: string, source: InstrumentSource) {
  const { provider, providerSymbol, session } = source;
  const [updated] = await db
    .update(instruments)
    .set({ provider, providerSymbol: provider === 'simulated' ? null : providerSymbol, session })
    .where(eq(instruments.symbol, symbol))
    .returning();
  if (!updated) throw notFound(`Unknown instrument ${symbol}.`);
  return updated;
}
