import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** The token and the user, as sign-up and log-in answer them (ADR 023: inferred from the contract). */
export type AccountSession = DataOf<typeof authContract.signUp>;

/** POST /auth/signup: 201 with a session (role null); the e-mail confirmation code is on its way. */
export async function signUp(input: BodyOf<typeof authContract.signUp>): Promise<AccountSession> {
  const response = await apiClient.post<AccountSession>('/auth/signup', input);
  return response.data;
}
