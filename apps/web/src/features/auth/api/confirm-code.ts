import type { PublicUser } from '@candlewise/shared';
import type { DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

export type CodeChannel = 'email' | 'phone';

const confirmPaths: Record<CodeChannel, string> = {
  email: '/auth/confirm-email',
  phone: '/auth/confirm-phone',
};

/** POST /auth/confirm-email or /auth/confirm-phone with the 6-digit code; answers the updated user. */
export async function confirmCode(channel: CodeChannel, code: string): Promise<PublicUser> {
  const response = await apiClient.post<DataOf<typeof authContract.confirmEmail>>(confirmPaths[channel], {
    code,
  });
  return response.data.user;
}
