import { z } from '../api/zod-messages.ts';

/**
 * One payment as GET /api/v1/plans/payments lists it. Money is in the currency's minor unit (paise
 * for INR) with its ISO 4217 code; times are ISO-8601.
 */
export const paymentSchema = z.object({
  _id: z.string(),
  /** What the receipt is numbered, e.g. 'CW-000042'. */
  receiptNumber: z.string(),
  plan: z.literal('Pro'),
  status: z.literal('paid'),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  paidAt: z.string(),
  /** The period the payment pays for; null when the provider did not say. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** A summary such as 'Visa ending in 4242'; null when not known. */
  paymentMethod: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** One payment's receipt: the payment, who was billed (as at payment time) and who issued it. */
export const paymentReceiptSchema = paymentSchema.extend({
  billedTo: z.object({ name: z.string().nullable(), email: z.string() }),
  issuer: z.object({ name: z.string() }),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;
