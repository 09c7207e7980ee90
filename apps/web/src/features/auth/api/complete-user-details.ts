import type { PublicUser, UserDetailsInput } from '@candlewise/shared';
import type { DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** POST /auth/user-details: the last onboarding step; the answered user has the role 'user'. */
export async function completeUserDetails(input: UserDetailsInput): Promise<PublicUser> {
  const response = await apiClient.post<DataOf<typeof authContract.completeUserDetails>>(
    '/auth/user-details',
    input,
  );
  return response.data.user;
}
