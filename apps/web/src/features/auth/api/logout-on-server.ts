import type { DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/**
 * Tells the server the session ends (docs/architecture.md §Accounts and onboarding, POST /auth/logout). Best effort: signing out in the
 * browser must never wait for or depend on the network, so failures are only logged.
 */
export function logoutOnServer(): void {
  apiClient.post<DataOf<typeof authContract.logOut>>('/auth/logout').catch((error: unknown) => {
    console.warn('The server was not told about the logout', error);
  });
}
