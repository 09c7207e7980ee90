import { apiClient } from '@/lib/api-client';
import type { AccountSession } from './sign-up';

/** POST /auth/login: 401 'Invalid email or password', 403 for a disabled account, 429 when rate limited. */
export async function logIn(input: { email: string; password: string }): Promise<AccountSession> {
  const response = await apiClient.post<AccountSession>('/auth/login', input);
  return response.data;
}
