import type { PublicUser } from '@candlewise/shared';
import type { DataOf } from '@candlewise/shared/api/contract';
import type { userContract } from '@candlewise/shared/user/user-contract';
import { apiClient } from '@/lib/api-client';

export type ProfileChanges = { firstName?: string; lastName?: string; timeZone?: string };

/** PUT /user/update/user-details with the caller's id and the changed fields; answers the updated user. */
export async function updateProfile(userId: string, changes: ProfileChanges): Promise<PublicUser> {
  const response = await apiClient.put<DataOf<typeof userContract.updateUserDetails>>(
    '/user/update/user-details',
    {
      userId,
      ...changes,
    },
  );
  return response.data.user;
}
