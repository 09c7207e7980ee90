import type { JournalEntryInput } from '@candlewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { calendarPath, dayPath } from './first-reads';
import { journalKeys } from './journal-query-keys';
import type { CalendarDay, JournalCurrency, JournalDay, JournalEntry } from './journal-types';

export type JournalCalendarMonth = {
  month: string;
  /** The currency of the amounts: the one asked for, else the learner's main one. */
  currency: string;
  currencies: JournalCurrency[];
  timeZone: string;
  days: CalendarDay[];
};

/** GET /journal/calendar?month=YYYY-MM: each day's P&L in one currency, trade count and entry. */
export function calendarQueryOptions(month: string, currency?: string) {
  return queryOptions({
    queryKey: journalKeys.calendar(month, currency),
    queryFn: async ({ signal }) =>
      (await apiClient.get<JournalCalendarMonth>(calendarPath(month, currency), { signal })).data,
  });
}
export const useJournalCalendar = (month: string, currency?: string) =>
  useQuery(calendarQueryOptions(month, currency));

/** GET /journal/entries/{date}: the entry (or null), the questions and the day's trades. */
export function useJournalDay(date: string | null) {
  return useQuery({
    queryKey: journalKeys.day(date ?? ''),
    enabled: Boolean(date),
    queryFn: async ({ signal }) => (await apiClient.get<JournalDay>(dayPath(date ?? ''), { signal })).data,
  });
}

/** PUT /journal/entries/{date}; everything under 'journal' is fetched again (calendar, summary). */
export function useSaveEntry(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Partial<JournalEntryInput>) =>
      (await apiClient.put<JournalEntry>(`/journal/entries/${date}`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

/** POST /journal/entries/{date}/screenshots (multipart "screenshots"). */
export function useUploadScreenshots(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('screenshots', file);
      return apiClient.post<{ added: number }>(`/journal/entries/${date}/screenshots`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.day(date) }),
  });
}

export function useDeleteScreenshot(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/journal/screenshots/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.day(date) }),
  });
}
