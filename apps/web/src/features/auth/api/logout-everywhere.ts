import { apiClient } from '@/lib/api-client';

/** POST /auth/logout-all: revokes every token of the account, this one included. */
export async function logoutEverywhere(): Promise<void> {
  await apiClient.post<null>('/auth/logout-all');
}
