/** Every query of this feature starts with 'groups', so one invalidation refreshes them all. */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  /** The admin's list with the join requests waiting (under `list`: refreshed with it). */
  adminList: () => [...groupKeys.list(), 'admin'] as const,
  statuses: (userId: string) => [...groupKeys.all, 'statuses', userId] as const,
  participants: (groupId: string) => [...groupKeys.all, 'participants', groupId] as const,
  detail: (groupId: string) => [...groupKeys.all, 'detail', groupId] as const,
  leaderboard: (groupId: string) => [...groupKeys.all, 'leaderboard', groupId] as const,
  /** The leaderboard page's pages of the standings (under `leaderboard`: invalidated with it). */
  leaderboardPages: (groupId: string) => [...groupKeys.leaderboard(groupId), 'page'] as const,
  /** One page of one filter's rows ('all', 'passed', 'failed', 'my-phase'); the page number last. */
  leaderboardPage: (groupId: string, page: number, filter: string = 'all') =>
    [...groupKeys.leaderboardPages(groupId), filter, page] as const,
  /** How the member's score is made (GET …/score), read again with the standings. */
  score: (groupId: string) => [...groupKeys.leaderboard(groupId), 'score'] as const,
  account: (groupId: string) => [...groupKeys.all, 'account', groupId] as const,
  /** A replay competition's candles are its own replayed minutes; without a group, the live market's. */
  candles: (symbol: string, groupId: string | null = null) =>
    [...groupKeys.all, 'candles', symbol, groupId ?? 'live'] as const,
  mine: () => [...groupKeys.all, 'mine'] as const,
  /** The published rule sets (reference data, the same for every group). */
  ruleSets: () => [...groupKeys.all, 'rule-sets'] as const,
  /** One challenge decision's evidence (written once, never changed). */
  challengeEvidence: (groupId: string, eventId: string) =>
    [...groupKeys.all, 'challenge-evidence', groupId, eventId] as const,
};
