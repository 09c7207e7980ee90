import { type Database, subscriptions, users } from '@candlewise/db';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { EventBus } from '../../providers/events/event-bus.ts';
import { notify } from '../notifications/notify.ts';

const THREE_DAYS = 3 * 86_400;

/**
 * Ends plans whose period is over (→ 'Not Subscribed') and sends the "expires in 3 days" notice
 * once per period. Stripe subscriptions that renew are moved forward by their webhooks first;
 * every step is a conditional update, so running it in several processes at once is harmless.
 * Each ended user is forgotten by the identity caches (the row changed outside their own request).
 */
export async function runPlanExpiryJob(
  db: Database,
  bus: EventBus,
  nowMs: number = Date.now(),
  /** Drops the user from the identity caches of every process (`app.forgetUser`). */
  forgetUser: (userId: string) => Promise<void> = async () => {},
) {
  const now = Math.floor(nowMs / 1000);
  const ended = await db
    .update(users)
    .set({ planStatus: 'Not Subscribed', updatedAt: new Date(nowMs) })
    .where(and(inArray(users.planStatus, ['active', 'canceled']), lte(users.planExpirationDate, now)))
    .returning({ id: users.id });
  for (const { id } of ended) {
    await forgetUser(id); // cached reads of the user (details, Pro gates) see the end at once
    await notify(db, bus, {
      userId: id,
      kind: 'subscription_changed',
      title: 'Pro has ended',
      message: 'Your Pro plan has expired. Subscribe again on the Pricing page whenever you like.',
      link: '/pricing',
    });
  }

  const soon = await db
    .select({ userId: users.id, expiry: users.planExpirationDate, status: users.planStatus })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(
      and(
        inArray(users.planStatus, ['active', 'canceled']),
        gt(users.planExpirationDate, now),
        lte(users.planExpirationDate, now + THREE_DAYS),
        or(
          isNull(subscriptions.expiryNoticeSentFor),
          ne(subscriptions.expiryNoticeSentFor, users.planExpirationDate),
        ),
      ),
    );
  let noticed = 0;
  for (const row of soon) {
    // Stripe renews active plans by itself; warn those that will really end (canceled, or local).
    const [claimed] = await db
      .update(subscriptions)
      .set({ expiryNoticeSentFor: row.expiry })
      .where(
        and(
          eq(subscriptions.userId, row.userId),
          or(
            isNull(subscriptions.expiryNoticeSentFor),
            ne(subscriptions.expiryNoticeSentFor, sql`${row.expiry}`),
          ),
          or(eq(subscriptions.provider, 'local'), eq(subscriptions.cancelAtPeriodEnd, true)),
        ),
      )
      .returning({ userId: subscriptions.userId });
    if (!claimed) continue;
    noticed += 1;
    await notify(db, bus, {
      userId: row.userId,
      kind: 'subscription_expiring',
      title: 'Pro ends in 3 days',
      message: 'Your Pro plan ends in 3 days. Re-activate or renew to keep Pro courses and full statistics.',
      link: '/manage-subscription',
    });
  }
  return { ended: ended.length, noticed };
}
