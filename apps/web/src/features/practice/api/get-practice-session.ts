import type { PracticeCandle, PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { practiceKeys } from './practice-query-keys';

/** How often a playing session is read again (the clock itself runs on between answers). */
export const PRACTICE_POLL_MS = 1000;

const path = (sessionId: string) => `/practice/sessions/${encodeURIComponent(sessionId)}`;

/** GET /practice/sessions/{id}: clock, quote, book, fills and decisions; read every second while playing. */
export function usePracticeSession(sessionId: string) {
  return useQuery({
    queryKey: practiceKeys.session(sessionId),
    queryFn: async ({ signal }) => (await apiClient.get<PracticeSession>(path(sessionId), { signal })).data,
    refetchInterval: (query) => (query.state.data?.state === 'playing' ? PRACTICE_POLL_MS : false),
  });
}

type CandlesAnswer = { replayedTime: number; candles: PracticeCandle[] };

/**
 * GET /practice/sessions/{id}/candles: the candles up to the replayed time. After the first answer
 * only the bar in progress and newer ones are asked for, and merged into what is already held (the
 * replayed clock never goes back). Read every second while playing; the clock's buttons read again.
 */
export function usePracticeCandles(sessionId: string, playing: boolean) {
  const queryClient = useQueryClient();
  const key = practiceKeys.candles(sessionId);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const held = queryClient.getQueryData<CandlesAnswer>(key);
      const from = held?.candles.at(-1)?.time;
      const answer = (
        await apiClient.get<CandlesAnswer>(`${path(sessionId)}/candles`, {
          query: from === undefined ? {} : { from },
          signal,
        })
      ).data;
      if (!held || from === undefined) return answer;
      return { replayedTime: answer.replayedTime, candles: mergeCandles(held.candles, answer.candles) };
    },
    refetchInterval: playing ? PRACTICE_POLL_MS : false,
  });
}

/** The held candles with the newer answer over them (the bar in progress replaced, new ones added). */
export function mergeCandles(held: PracticeCandle[], newer: PracticeCandle[]): PracticeCandle[] {
  if (!newer.length) return held;
  const firstNew = newer[0].time;
  return [...held.filter((candle) => candle.time < firstNew), ...newer];
}
