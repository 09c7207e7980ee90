import type { ApiErrorBody } from '@candlewise/shared/api/envelope';
import { API_BASE_PATH } from '@candlewise/shared/api/envelope';
import { ApiError } from '@/lib/api-client';

/**
 * DELETE /user/account with { password }. The shared client's `delete` sends no body, so this one
 * call speaks to fetch itself, with the same headers and the same ApiError on failure.
 */
export async function deleteAccount(password: string, token: string | null): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/user/account`, {
      method: 'DELETE',
      headers,
      body: JSON.stringify({ password }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Cannot reach Candlewise. Check your connection and try again.', 'NETWORK_ERROR');
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
  throw new ApiError(
    response.status,
    body.message ?? `The request failed (${response.status}). Please try again.`,
    body.code ?? 'UNKNOWN_ERROR',
    body.details ?? [],
  );
}
