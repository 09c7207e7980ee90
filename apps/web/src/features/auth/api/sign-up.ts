import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** The token and the user, as log-in answers them (ADR 023: inferred from the contract). */
export type AccountSession = DataOf<typeof authContract.logIn>;

/**
 * POST /auth/signup: 201 with one sentence whether the address was new or had an account, and no
 * session (ADR 027): log in with the same e-mail and password next.
 */
export async function signUp(input: BodyOf<typeof authContract.signUp>): Promise<void> {
  await apiClient.post<null>('/auth/signup', input);
}
