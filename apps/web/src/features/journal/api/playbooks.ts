import type { Playbook, PlaybookInput, PlaybookReport } from '@candlewise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { journalKeys } from './journal-query-keys';
import type { JournalTrade } from './journal-types';

export type { Playbook, PlaybookReport };
/** What the editor sends: rules keep their id when they had one (and so their history). */
export type PlaybookFormValues = {
  name: string;
  description?: string;
  rules?: Array<{ id?: string; text: string }>;
};

/** GET /journal/playbooks: the learner's setups with their rules. */
export const usePlaybooks = () =>
  useQuery({
    queryKey: journalKeys.playbooks(),
    queryFn: async ({ signal }) => (await apiClient.get<Playbook[]>('/journal/playbooks', { signal })).data,
  });

/** GET /journal/playbooks/:id/report: per rule, trades kept against broken, with sample sizes. */
export const usePlaybookReport = (id: string | undefined, currency?: string) =>
  useQuery({
    queryKey: journalKeys.playbookReport(id ?? '', currency),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<PlaybookReport>(`/journal/playbooks/${id}/report`, {
          signal,
          query: { currency: currency || undefined },
        })
      ).data,
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

/** GET /journal/trades/:id: one trade with the rules of its playbook it kept (the list leaves them out). */
export const useTradeChecks = (trade: JournalTrade | null, enabled: boolean) =>
  useQuery({
    queryKey: journalKeys.trade(trade?._id ?? ''),
    queryFn: async ({ signal }) =>
      (await apiClient.get<JournalTrade>(`/journal/trades/${trade?._id}`, { signal })).data.followedRuleIds ??
      [],
    enabled: enabled && Boolean(trade?.playbookId) && trade?.followedRuleIds === undefined,
  });

/** A playbook write changes the list, the reports and the trades that name it: refresh the journal. */
function usePlaybookWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

const body = (values: PlaybookFormValues): PlaybookInput => ({
  name: values.name,
  description: values.description ?? '',
  rules: (values.rules ?? []).map((rule) =>
    rule.id ? { id: rule.id, text: rule.text } : { text: rule.text },
  ),
});

export const useSavePlaybook = () =>
  usePlaybookWrite(async ({ id, values }: { id?: string; values: PlaybookFormValues }) =>
    id
      ? (await apiClient.put<Playbook>(`/journal/playbooks/${id}`, body(values))).data
      : (await apiClient.post<Playbook>('/journal/playbooks', body(values))).data,
  );

export const useDeletePlaybook = () =>
  usePlaybookWrite((id: string) => apiClient.delete(`/journal/playbooks/${id}`));
