/** Every query of this feature starts with 'groups', so one invalidation refreshes them all. */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  statuses: (userId: string) => [...groupKeys.all, 'statuses', userId] as const,
  participants: (groupId: string) => [...groupKeys.all, 'participants', groupId] as const,
};
