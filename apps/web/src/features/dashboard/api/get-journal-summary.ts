import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { JOURNAL_SUMMARY_PATH } from './first-reads';

export type JournalSummary = {
  today: string;
  wroteToday: boolean;
  entryStreak: number;
  monthNetPnl: number;
  monthTrades: number;
  /** The learner's main currency: the month's P&L never adds two. */
  currency: string;
  lastEntryDate: string | null;
};

/** GET /journal/summary: today's entry, the streak of days written and this month's P&L. */
export const journalSummaryQueryOptions = () =>
  queryOptions({
    // Under 'journal' so any journal write refreshes the card too.
    queryKey: ['journal', 'summary'],
    queryFn: async ({ signal }) =>
      (await apiClient.get<JournalSummary>(JOURNAL_SUMMARY_PATH, { signal })).data,
  });

export const useJournalSummary = () => useQuery(journalSummaryQueryOptions());
