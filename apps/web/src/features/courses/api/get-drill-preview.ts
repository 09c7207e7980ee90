import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminDrillContract } from '@candlewise/shared/courses/drill-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

export type DrillPreview = DataOf<typeof adminDrillContract.previewDay>;

/** GET /admin/drills/preview: the day's candles up to the start minute (only with a complete choice). */
export function useDrillPreview(symbol: string, day: string, startAt: string) {
  const complete = Boolean(
    symbol && /^\d{4}-\d{2}-\d{2}$/.test(day) && /^([01]\d|2[0-3]):[0-5]\d$/.test(startAt),
  );
  return useQuery({
    queryKey: drillKeys.preview(symbol, day, startAt),
    enabled: complete,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<DrillPreview>('/admin/drills/preview', {
          signal,
          query: { symbol, day, startAt },
        })
      ).data,
  });
}
