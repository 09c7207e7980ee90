import type { PublicUser } from '@candlewise/shared';
import { apiClient } from '@/lib/api-client';

export type AccountSession = { token: string; user: PublicUser };

/**
 * POST /auth/signup: 201 with one sentence whether the address was new or had an account, and no
 * session (ADR 027): log in with the same e-mail and password next.
 */
export async function signUp(input: { email: string; password: string }): Promise<void> {
  await apiClient.post<null>('/auth/signup', input);
}
