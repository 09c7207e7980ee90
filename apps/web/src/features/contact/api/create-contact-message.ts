import type { ApiSuccess, ContactMessageInput } from '@candlewise/shared';
import type { DataOf } from '@candlewise/shared/api/contract';
import type { contactContract } from '@candlewise/shared/contact/contact-contract';
import { useCallback, useState } from 'react';
import { apiClient } from '@/lib/api-client';

export type CreatedContactMessage = DataOf<typeof contactContract.createMessage>;

/** POST /api/v1/contact: stores the message and mails the team; answers 201 with the new message's id. */
export function createContactMessage(input: ContactMessageInput): Promise<ApiSuccess<CreatedContactMessage>> {
  return apiClient.post<CreatedContactMessage>('/contact', input);
}

/**
 * A small mutation hook with useState: public pages have no QueryClientProvider, so TanStack Query's
 * useMutation is not available here. The shape mirrors useMutation so it can be swapped in later.
 */
export function useCreateContactMessage() {
  const [isPending, setIsPending] = useState(false);

  const mutateAsync = useCallback(async (input: ContactMessageInput) => {
    setIsPending(true);
    try {
      return await createContactMessage(input);
    } finally {
      setIsPending(false);
    }
  }, []);

  return { mutateAsync, isPending };
}
