import type { BodyOf } from '@candlewise/shared/api/contract';
import type { PracticeSession, practiceContract } from '@candlewise/shared/practice/practice-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError, apiClient } from '@/lib/api-client';
import { practiceKeys } from './practice-query-keys';

export type PracticeOrder = BodyOf<typeof practiceContract.placeOrder>;
export type PracticeClockAction = BodyOf<typeof practiceContract.driveClock>;
export type PracticeLevels = BodyOf<typeof practiceContract.protectPosition>;

/** The ticket's fields: a refusal naming only these shows under them, not in a toast. */
export const PRACTICE_ORDER_FIELDS = ['quantity', 'price', 'stopLoss', 'takeProfit'] as const;

export function refusesOnlyFields(error: unknown, fields: readonly string[]): boolean {
  return (
    error instanceof ApiError &&
    error.details.length > 0 &&
    error.details.every((detail) => fields.includes(detail.path))
  );
}

const path = (sessionId: string) => `/practice/sessions/${encodeURIComponent(sessionId)}`;

/**
 * Every practice action answers the whole session: it replaces the cached one, and the candles are
 * read again (a step moves the clock). A refusal is a toast in the server's words, unless the form
 * shows it under its fields.
 */
function usePracticeMutation<Variables>(
  sessionId: string,
  send: (variables: Variables) => Promise<{ message?: string; data: PracticeSession }>,
  fields: readonly string[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      queryClient.setQueryData(practiceKeys.session(sessionId), response.data);
      if (response.message) toast.success(response.message);
      void queryClient.invalidateQueries({ queryKey: practiceKeys.sessions() });
      return queryClient.invalidateQueries({ queryKey: practiceKeys.candles(sessionId) });
    },
    onError: (error) => {
      if (!refusesOnlyFields(error, fields))
        toast.error(
          error instanceof ApiError && error.message ? error.message : 'That did not work. Please try again.',
        );
      return queryClient.invalidateQueries({ queryKey: practiceKeys.session(sessionId) });
    },
  });
}

/** POST /practice/sessions/{id}/clock: play, pause, step one bar, or a speed of 1–60×. */
export const useDriveClock = (sessionId: string) =>
  usePracticeMutation(sessionId, (action: PracticeClockAction) =>
    apiClient.post<PracticeSession>(`${path(sessionId)}/clock`, action),
  );

/** POST /practice/sessions/{id}/orders: a market, limit or stop order with SL/TP. */
export const usePlacePracticeOrder = (sessionId: string) =>
  usePracticeMutation(
    sessionId,
    (order: PracticeOrder) => apiClient.post<PracticeSession>(`${path(sessionId)}/orders`, order),
    PRACTICE_ORDER_FIELDS,
  );

/** DELETE /practice/sessions/{id}/orders/{orderId}. */
export const useCancelPracticeOrder = (sessionId: string) =>
  usePracticeMutation(sessionId, (orderId: string) =>
    apiClient.delete<PracticeSession>(`${path(sessionId)}/orders/${encodeURIComponent(orderId)}`),
  );

/** PUT /practice/sessions/{id}/orders/{orderId}: a pending order's new SL/TP. */
export const useEditPracticeOrder = (sessionId: string) =>
  usePracticeMutation(sessionId, ({ orderId, levels }: { orderId: string; levels: PracticeLevels }) =>
    apiClient.put<PracticeSession>(`${path(sessionId)}/orders/${encodeURIComponent(orderId)}`, levels),
  );

/** PUT /practice/sessions/{id}/position: the open position's new SL/TP. */
export const useProtectPracticePosition = (sessionId: string) =>
  usePracticeMutation(sessionId, (levels: PracticeLevels) =>
    apiClient.put<PracticeSession>(`${path(sessionId)}/position`, levels),
  );

/** POST /practice/sessions/{id}/position/close. */
export const useClosePracticePosition = (sessionId: string) =>
  usePracticeMutation(sessionId, () => apiClient.post<PracticeSession>(`${path(sessionId)}/position/close`));

/** POST /practice/sessions/{id}/end. */
export const useEndPracticeSession = (sessionId: string) =>
  usePracticeMutation(sessionId, () => apiClient.post<PracticeSession>(`${path(sessionId)}/end`));

/** GET /practice/sessions/{id}/decisions.csv as a file download. */
export async function downloadDecisions(sessionId: string) {
  const blob = await apiClient.getBlob(`${path(sessionId)}/decisions.csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `practice-${sessionId}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
