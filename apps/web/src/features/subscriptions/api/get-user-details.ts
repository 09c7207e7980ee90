import type { PublicUser } from '@candlewise/shared';
import type { DataOf } from '@candlewise/shared/api/contract';
import type { userContract } from '@candlewise/shared/user/user-contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { apiClient } from '@/lib/api-client';
import { updateUser } from '@/lib/auth-slice';
import { subscriptionKeys } from './subscription-query-keys';

/** GET /api/v1/user/details/{userId}: the user as the server has it now (plan fields included). */
export async function getUserDetails(userId: string, signal?: AbortSignal): Promise<PublicUser> {
  const response = await apiClient.get<DataOf<typeof userContract.getUserDetails>>(
    `/user/details/${encodeURIComponent(userId)}`,
    { signal },
  );
  return response.data.userData;
}

export function userDetailsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.userDetails(userId),
    queryFn: ({ signal }) => getUserDetails(userId, signal),
    // The plan changes elsewhere (checkout, another tab): always ask, never show a cached answer.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * docs/product-contract.md §7: the fresh user is fetched on mount and stored back into the auth state (the token kept),
 * so the header, the pricing page and the Pro courses all see the current plan.
 */
export function useStoredUserDetails(userId: string) {
  const dispatch = useDispatch();
  const query = useQuery(userDetailsQueryOptions(userId));
  useEffect(() => {
    if (query.data) dispatch(updateUser(query.data));
  }, [query.data, dispatch]);
  return query;
}

/** Fetches the user again and stores it; for pages that change the plan and then need the result. */
export function useRefreshStoredUser() {
  const dispatch = useDispatch();
  const queryClient = useQueryClient();
  return useCallback(
    async (userId: string) => {
      const user = await queryClient.fetchQuery(userDetailsQueryOptions(userId));
      dispatch(updateUser(user));
      return user;
    },
    [dispatch, queryClient],
  );
}
