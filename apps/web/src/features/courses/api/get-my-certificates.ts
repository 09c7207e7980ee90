import type { DataOf } from '@candlewise/shared/api/contract';
import type { progressContract } from '@candlewise/shared/courses/progress-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { certificateKeys } from './certificate-query-keys';

export type MyCertificate = DataOf<typeof progressContract.listMyCertificates>[number];

/** GET /certificates: the learner's certificates, newest first. */
export function useMyCertificates() {
  return useQuery({
    queryKey: certificateKeys.mine(),
    queryFn: async ({ signal }) => (await apiClient.get<MyCertificate[]>('/certificates', { signal })).data,
  });
}

/** PATCH /certificates/{id}: hide or show the learner's name on the public page. */
export function useSetCertificateNameHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, nameHidden }: { id: string; nameHidden: boolean }) =>
      (await apiClient.patch<MyCertificate>(`/certificates/${encodeURIComponent(id)}`, { nameHidden })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}
