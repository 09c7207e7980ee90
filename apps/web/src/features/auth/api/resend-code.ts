import type { DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';
import type { CodeChannel } from './confirm-code';

/** POST /auth/resend-code: a new code by e-mail or SMS; 429 (with the wait in seconds) within 60 s of the last. */
export async function resendCode(channel: CodeChannel): Promise<string | undefined> {
  const response = await apiClient.post<DataOf<typeof authContract.resendCode>>('/auth/resend-code', {
    channel,
  });
  return response.message;
}
