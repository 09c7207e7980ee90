import type { PublicUser, UserDetailsInput } from '@candlewise/shared';
import { apiClient } from '@/lib/api-client';

/** POST /auth/user-details: the last onboarding step; the answered user has the role 'user'. */
export async function completeUserDetails(input: UserDetailsInput): Promise<PublicUser> {
  const response = await apiClient.post<{ user: PublicUser }>('/auth/user-details', input);
  return response.data.user;
}
