import { apiClient } from '@/lib/api-client';

/** POST /auth/change-password: other devices are signed out; this one continues with the answered token. */
export async function changePassword(input: { currentPassword: string; newPassword: string }) {
  const response = await apiClient.post<{ token: string }>('/auth/change-password', input);
  return { token: response.data.token, message: response.message };
}
