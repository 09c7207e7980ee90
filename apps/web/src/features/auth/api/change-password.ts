import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** POST /auth/change-password: other devices are signed out; this one continues with the answered token. */
export async function changePassword(input: BodyOf<typeof authContract.changePassword>) {
  const response = await apiClient.post<DataOf<typeof authContract.changePassword>>(
    '/auth/change-password',
    input,
  );
  return { token: response.data.token, message: response.message };
}
