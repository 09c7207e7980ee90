/** Every journal query key starts with 'journal', so a write can refresh all of them at once. */
export const journalKeys = {
  all: ['journal'] as const,
  calendar: (month: string, currency?: string) => ['journal', 'calendar', month, currency ?? 'main'] as const,
  day: (date: string) => ['journal', 'day', date] as const,
  trades: (query: object) => ['journal', 'trades', query] as const,
  stats: (filters: object) => ['journal', 'stats', filters] as const,
  presets: () => ['journal', 'presets'] as const,
  positions: () => ['journal', 'positions'] as const,
  questions: () => ['journal', 'admin-questions'] as const,
  playbooks: () => ['journal', 'playbooks'] as const,
  playbookReport: (id: string, currency?: string) =>
    ['journal', 'playbooks', id, 'report', currency ?? 'main'] as const,
  trade: (id: string) => ['journal', 'trade', id] as const,
};
