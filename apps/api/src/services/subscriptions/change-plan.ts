import { type Database, subscriptions, type UserRow, users } from '@candlewise/db';
import { and, eq, gt } from 'drizzle-orm';
import { conflict } from '../../lib/app-error.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import { notify } from '../notifications/notify.ts';
import { type PlanFields, planFields } from './checkout.ts';

async function providerSubscriptionId(db: Database, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row?.providerSubscriptionId ?? null;
}

/** Cancel at period end: only an active plan; access stays until planExpirationDate. */
export async function cancelPlan(
  db: Database,
  bus: EventBus,
  provider: PaymentProvider,
  user: UserRow,
): Promise<PlanFields> {
  if (user.planStatus !== 'active') throw conflict('Your plan is not active, so there is nothing to cancel.');
  await provider.setCancelAtPeriodEnd(await providerSubscriptionId(db, user.id), true);
  const [updated] = await db
    .update(users)
    .set({ planStatus: 'canceled', updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.planStatus, 'active')))
    .returning();
  if (!updated) throw conflict('Your plan is not active, so there is nothing to cancel.');
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
    .where(eq(subscriptions.userId, user.id));
  await notify(db, bus, {
    userId: user.id,
    kind: 'subscription_changed',
    title: 'Pro canceled',
    message: 'Your Pro plan will not renew. You keep Pro until the end of the period you paid for.',
    link: '/manage-subscription',
  });
  return planFields(updated);
}

/** Re-activate: only a canceled plan that has not expired yet. */
export async function reactivatePlan(
  db: Database,
  bus: EventBus,
  provider: PaymentProvider,
  user: UserRow,
): Promise<PlanFields> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (user.planStatus !== 'canceled')
    throw conflict('Your plan is not canceled, so there is nothing to re-activate.');
  if (!user.planExpirationDate || user.planExpirationDate <= nowSeconds) {
    throw conflict('Your plan has already expired. Subscribe again on the Pricing page.');
  }
  await provider.setCancelAtPeriodEnd(await providerSubscriptionId(db, user.id), false);
  const [updated] = await db
    .update(users)
    .set({ planStatus: 'active', updatedAt: new Date() })
    .where(
      and(eq(users.id, user.id), eq(users.planStatus, 'canceled'), gt(users.planExpirationDate, nowSeconds)),
    )
    .returning();
  if (!updated) throw conflict('Your plan is not canceled, so there is nothing to re-activate.');
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: false, updatedAt: new Date() })
    .where(eq(subscriptions.userId, user.id));
  await notify(db, bus, {
    userId: user.id,
    kind: 'subscription_changed',
    title: 'Pro re-activated',
    // Nothing recurs at the local provider (decision 006): say only what will happen.
    message:
      provider.name === 'local'
        ? 'Your Pro plan is active again until the end of the period you paid for.'
        : 'Your Pro plan will renew again at the end of the period.',
    link: '/manage-subscription',
  });
  return planFields(updated);
}
