import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** POST /auth/login: 401 'Invalid email or password', 403 for a disabled account, 429 when rate limited. */
export async function logIn(
  input: BodyOf<typeof authContract.logIn>,
): Promise<DataOf<typeof authContract.logIn>> {
  const response = await apiClient.post<DataOf<typeof authContract.logIn>>('/auth/login', input);
  return response.data;
}
