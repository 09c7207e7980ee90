/** Where one payment's receipt lives (inside the signed-in frame). */
export function receiptPath(paymentId: string): string {
  return `/manage-subscription/receipts/${encodeURIComponent(paymentId)}`;
}
