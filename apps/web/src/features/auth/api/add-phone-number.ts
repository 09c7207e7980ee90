import { apiClient } from '@/lib/api-client';

/** POST /auth/phone (E.164): sends a code by SMS; the number counts once /auth/confirm-phone accepts it. */
export async function addPhoneNumber(phoneNumber: string): Promise<string | undefined> {
  const response = await apiClient.post<null>('/auth/phone', { phoneNumber });
  return response.message;
}
