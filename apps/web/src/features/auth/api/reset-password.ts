import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { authContract } from '@candlewise/shared/auth/auth-contract';
import { apiClient } from '@/lib/api-client';

/** POST /auth/forgot-password: always 200, so the form never tells who has an account. */
export async function requestPasswordReset(email: string): Promise<string | undefined> {
  const response = await apiClient.post<DataOf<typeof authContract.forgotPassword>>('/auth/forgot-password', {
    email,
  });
  return response.message;
}

/** POST /auth/reset-password: sets the new password and signs out every device. */
export async function resetPassword(
  input: BodyOf<typeof authContract.resetPassword>,
): Promise<string | undefined> {
  const response = await apiClient.post<DataOf<typeof authContract.resetPassword>>(
    '/auth/reset-password',
    input,
  );
  return response.message;
}
