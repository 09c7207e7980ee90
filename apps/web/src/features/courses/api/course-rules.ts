import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminProgressContract } from '@candlewise/shared/courses/progress-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { progressKeys } from './certificate-query-keys';
import { courseKeys } from './course-query-keys';

export type CourseRules = DataOf<typeof adminProgressContract.getCourseRules>;
export type AdminCertificate = DataOf<typeof adminProgressContract.listCourseCertificates>[number];

/** GET /admin/courses/{courseId}/progress-rules. */
export function useCourseRules(courseId: string) {
  return useQuery({
    queryKey: progressKeys.adminRules(courseId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<CourseRules>(`/admin/courses/${encodeURIComponent(courseId)}/progress-rules`, {
          signal,
        })
      ).data,
  });
}

/** PUT /admin/courses/{courseId}/progress-rules (400 with a sentence for a prerequisite loop). */
export function useReplaceCourseRules(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rules: CourseRules) =>
      (
        await apiClient.put<CourseRules>(
          `/admin/courses/${encodeURIComponent(courseId)}/progress-rules`,
          rules,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

/** GET /admin/courses/{courseId}/certificates. */
export function useCourseCertificates(courseId: string) {
  return useQuery({
    queryKey: progressKeys.adminCertificates(courseId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<AdminCertificate[]>(
          `/admin/courses/${encodeURIComponent(courseId)}/certificates`,
          {
            signal,
          },
        )
      ).data,
  });
}

/** POST /admin/certificates/{id}/revoke with a reason. */
export function useRevokeCertificate(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      (
        await apiClient.post<AdminCertificate>(`/admin/certificates/${encodeURIComponent(id)}/revoke`, {
          reason,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressKeys.adminCertificates(courseId) }),
  });
}
