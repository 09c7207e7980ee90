import type { NewsFilters } from './get-news';

/** Every query of this feature starts with 'news', so one invalidation refreshes them all. */
export const newsKeys = {
  all: ['news'] as const,
  list: (filters: NewsFilters) => [...newsKeys.all, 'list', filters] as const,
  item: (newsId: string) => [...newsKeys.all, 'item', newsId] as const,
  sources: () => [...newsKeys.all, 'admin', 'sources'] as const,
  posts: () => [...newsKeys.all, 'admin', 'posts'] as const,
};
