import { ApiError } from '@/lib/api-client';

/**
 * The server's sentence for a failed call when it answered with one, otherwise `fallback` (no answer
 * at all, or an answer without a message: the API client's own wording for that is not the server's).
 */
export function serverSentenceOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0) {
    const message = error.message.trim();
    if (message && message !== `The request failed (${error.status}). Please try again.`) return message;
  }
  return fallback;
}
