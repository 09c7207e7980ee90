import type { DataOf } from '@candlewise/shared/api/contract';
import { API_BASE_PATH } from '@candlewise/shared/api/envelope';
import type { progressContract } from '@candlewise/shared/courses/progress-contract';
import { useCallback, useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client';

export type PublicCertificate = DataOf<typeof progressContract.getCertificate>;

/** GET /certificates/{id}: the public view (no sign-in); 404 for an unknown id. */
export async function getCertificate(id: string, signal?: AbortSignal): Promise<PublicCertificate> {
  return (await apiClient.get<PublicCertificate>(`/certificates/${encodeURIComponent(id)}`, { signal })).data;
}

type CertificateState =
  | { status: 'pending'; data: null; error: null }
  | { status: 'error'; data: null; error: unknown }
  | { status: 'success'; data: PublicCertificate; error: null };

/**
 * The certificate for /certificates/:id. Plain state rather than TanStack Query: the page also
 * renders in the public layout, which has no QueryClientProvider (as /pricing does).
 */
export function useCertificate(id: string) {
  const [state, setState] = useState<CertificateState>({ status: 'pending', data: null, error: null });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger to fetch again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'pending', data: null, error: null });
    getCertificate(id, controller.signal).then(
      (data) => setState({ status: 'success', data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', data: null, error });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const refetch = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, refetch };
}

/** The PDF's address (a plain link: the browser downloads it). */
export const certificatePdfUrl = (id: string) =>
  `${API_BASE_PATH}/certificates/${encodeURIComponent(id)}/pdf`;
