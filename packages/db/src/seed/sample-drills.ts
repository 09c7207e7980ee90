import { asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { drills } from '../schema/drills.ts';
import { videos } from '../schema/index.ts';

/**
 * Two trade drills on the shipped replay day (BTCUSD, 10 March 2023), after the first lesson of
 * "Risk Management Essentials" (course6). The start minutes were picked from the bars: the long one
 * reaches 1R three minutes after 13:40 with a stop below the 13:30 opening range; the short one two
 * minutes after 10:38 with a stop above the 10:25–10:37 range.
 */
export const sampleDrills = [
  {
    id: 'drill-btc-opening-range-long',
    title: 'Long the opening-range push, stop below the range',
    startAt: '13:40',
    direction: 'long' as const,
    task:
      'The US stock market opened at 13:30 UTC and Bitcoin jumped with it. The opening range is the ' +
      '13:30–13:39 bars: high about 20,160, low about 19,924. Enter long with a stop-loss below the ' +
      'opening-range low, risk at most 1 % of your 100,000 USD (1,000 USD: |entry − stop| × quantity), ' +
      'and take at least 1R within 30 minutes.',
    timeLimitMinutes: 30,
  },
  {
    id: 'drill-btc-range-break-short',
    title: 'Short the morning range break, stop above the range',
    startAt: '10:38',
    direction: 'short' as const,
    task:
      'Bitcoin slid all morning and from 10:25 to 10:37 UTC it held between about 19,743 and 19,851. ' +
      'Go short with a stop-loss above the range high (19,851), risk at most 1 % of your 100,000 USD, ' +
      'and take at least 1R within 20 minutes.',
    timeLimitMinutes: 20,
  },
];

/** Seeds the sample drills when there are none and course6 has a lesson (inside the seed transaction). */
export async function seedSampleDrills(tx: DbExecutor): Promise<number> {
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(drills);
  if (count > 0) return 0;
  const [lesson] = await tx
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.courseId, 'course6'))
    .orderBy(asc(videos.position), asc(videos.id))
    .limit(1);
  if (!lesson) return 0;
  await tx.insert(drills).values(
    sampleDrills.map((drill, position) => ({
      ...drill,
      courseId: 'course6',
      afterVideoId: lesson.id,
      position,
      symbol: 'BTCUSD',
      day: '2023-03-10',
      startingBalance: 100_000,
      stopRequired: true,
      maxRiskPercent: 1,
      targetR: 1,
    })),
  );
  return sampleDrills.length;
}
