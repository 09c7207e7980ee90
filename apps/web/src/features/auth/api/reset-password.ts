import { apiClient } from '@/lib/api-client';

/** POST /auth/forgot-password: always 200, so the form never tells who has an account. */
export async function requestPasswordReset(email: string): Promise<string | undefined> {
  const response = await apiClient.post<null>('/auth/forgot-password', { email });
  return response.message;
}

/** POST /auth/reset-password: sets the new password and signs out every device. */
export async function resetPassword(input: {
  email: string;
  code: string;
  password: string;
}): Promise<string | undefined> {
  const response = await apiClient.post<null>('/auth/reset-password', input);
  return response.message;
}
