import type { QueryClient } from '@tanstack/react-query';
import { groupKeys } from './group-query-keys';

/**
 * Reads every open desk's account again (positions, orders, exposure, buying power, the freeze) and
 * resolves when they are in. For a notification that changes the desk (an account frozen, its
 * positions closed): the frame announces it once the desk already shows it, not a second before.
 */
export async function refreshTradingDesks(queryClient: QueryClient): Promise<void> {
  await queryClient.refetchQueries({ queryKey: [...groupKeys.all, 'account'], type: 'active' });
}
