import type { DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** POST /auth/logout-all: revokes every token of the account, this one included. */
export async function logoutEverywhere(): Promise<void> {
  await apiClient.post<DataOf<typeof authContract.logOutEverywhere>>('/auth/logout-all');
}
