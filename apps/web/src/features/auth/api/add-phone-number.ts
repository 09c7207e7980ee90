import type { DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** POST /auth/phone (E.164): sends a code by SMS; the number counts once /auth/confirm-phone accepts it. */
export async function addPhoneNumber(phoneNumber: string): Promise<string | undefined> {
  const response = await apiClient.post<DataOf<typeof authContract.addPhone>>('/auth/phone', { phoneNumber });
  return response.message;
}
