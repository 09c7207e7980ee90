import type { DataOf } from '@candlewise/shared/api/contract';
import type { progressContract } from '@candlewise/shared/courses/progress-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { certificateKeys, progressKeys } from './certificate-query-keys';

export type OwnCertificate = DataOf<typeof progressContract.issueCertificate>;

/** POST /courses/{courseId}/certificate: issues it once the course is complete (409 says what is missing). */
export function useIssueCertificate(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<OwnCertificate>(`/courses/${encodeURIComponent(courseId)}/certificate`)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: progressKeys.requirements(courseId) }),
        queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
      ]),
  });
}
