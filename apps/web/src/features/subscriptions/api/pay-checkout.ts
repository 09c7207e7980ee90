import type { DataOf } from '@candlewise/shared/api/contract';
import type { planContract } from '@candlewise/shared/subscription/plan-contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CardFormValues } from '../lib/card-form';

export type PaidCheckout = DataOf<typeof planContract.payCheckout>;

/**
 * POST /api/v1/plans/checkout/{sessionId}/pay with a test card: 4242 4242 4242 4242 pays and answers
 * the /success address; 4000 0000 0000 0002 is declined (402) and any other card refused (402).
 */
export async function payCheckout(sessionId: string, card: CardFormValues): Promise<PaidCheckout> {
  const response = await apiClient.post<PaidCheckout>(
    `/plans/checkout/${encodeURIComponent(sessionId)}/pay`,
    {
      cardNumber: card.cardNumber.trim(),
      expiry: card.expiry.trim(),
      cvc: card.cvc.trim(),
      name: card.name.trim(),
    },
  );
  return response.data;
}

export function usePayCheckout(sessionId: string) {
  return useMutation({ mutationFn: (card: CardFormValues) => payCheckout(sessionId, card) });
}
