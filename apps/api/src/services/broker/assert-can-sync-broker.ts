import type { UserRow } from '@candlewise/db';
import { BROKER_SYNC_NEEDS_PRO, canSyncBroker } from '@candlewise/shared';
import { AppError } from '../../lib/app-error.ts';

/** Connecting and syncing a broker are Pro (canSyncBroker decides): a free learner gets 403. */
export function assertCanSyncBroker(user: UserRow): void {
  if (!canSyncBroker(user)) throw new AppError(403, 'FORBIDDEN', BROKER_SYNC_NEEDS_PRO);
}
