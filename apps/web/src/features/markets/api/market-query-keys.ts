/** Every query of this feature starts with 'markets', so one invalidation refreshes them all. */
export const marketKeys = {
  all: ['markets'] as const,
  instruments: () => [...marketKeys.all, 'admin', 'instruments'] as const,
  providers: () => [...marketKeys.all, 'admin', 'providers'] as const,
  replayBars: () => [...marketKeys.all, 'admin', 'replay-bars'] as const,
};
