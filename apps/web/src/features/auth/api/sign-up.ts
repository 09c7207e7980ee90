import type { PublicUser } from '@candlewise/shared';
import { apiClient } from '@/lib/api-client';

export type AccountSession = { token: string; user: PublicUser };

/** POST /auth/signup: 201 with a session (role null); the e-mail confirmation code is on its way. */
export async function signUp(input: { email: string; password: string }): Promise<AccountSession> {
  const response = await apiClient.post<AccountSession>('/auth/signup', input);
  return response.data;
}
