import { ApiError } from '@/lib/api-client';

/**
 * The server's own sentence from a failed call, or null when it sent none. The API client words a
 * failure without a body message as "The request failed (N). Please try again." and a network failure
 * as status 0: neither is the server's message field (docs/product-contract.md §8 then wants the page's fallback).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  const message = error.message.trim();
  if (!message || message === `The request failed (${error.status}). Please try again.`) return null;
  return message;
}
