import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

let session: { userId: string; client: QueryClient } | null = null;

/**
 * One server-state cache per signed-in user. It lives with the frame (TanStack Query stays off the
 * light public pages) but outlives the frame's remounts, e.g. moving between /home and /contact.
 * When another user signs in, the previous user's cache is dropped, never shown.
 */
export function getSessionQueryClient(userId: string): QueryClient {
  if (session?.userId !== userId) {
    session?.client.clear();
    session = { userId, client: createQueryClient() };
  }
  return session.client;
}

/** On logout: nothing of the session's data stays in memory. */
export function clearSessionQueryClient(): void {
  session?.client.clear();
  session = null;
}
