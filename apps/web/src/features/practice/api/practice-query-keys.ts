/** TanStack Query keys of practice replays. */
export const practiceKeys = {
  all: ['practice'] as const,
  days: () => [...practiceKeys.all, 'days'] as const,
  sessions: () => [...practiceKeys.all, 'sessions'] as const,
  session: (sessionId: string) => [...practiceKeys.all, 'session', sessionId] as const,
  candles: (sessionId: string) => [...practiceKeys.all, 'candles', sessionId] as const,
};
