import { formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';
import { formatInr } from './format-inr';

/** docs/product-contract.md §2: the confirmation before a cancel, word for word. */
export const CANCEL_DIALOG_TEXT =
  'Once you cancel it cannot be undone. You will lose access to pro features.';

/**
 * The confirmation before a re-activation says what will happen, which depends on the provider:
 * Stripe charges again at the end of the period; the local test provider never charges by itself
 * (decision 006), so there the plan only runs to its end. Without the provider, only what holds for
 * both is said.
 */
export function reactivateDialogText({
  provider,
  expirySeconds,
  priceInr,
}: {
  provider: 'local' | 'stripe' | null;
  expirySeconds: number | null;
  priceInr: number | null;
}): string {
  const date = expirySeconds === null ? null : formatLongUsDate(expirySeconds);
  if (provider === 'local') {
    return date
      ? `Your Pro plan continues until ${date}. Test payments do not renew by themselves: after that date, buy another month on the Pricing page.`
      : 'Your Pro plan continues to the end of the period you paid for. Test payments do not renew by themselves.';
  }
  if (provider === null) {
    // The plan catalogue (provider and price) did not load: say only what holds for both.
    return date
      ? `Your Pro plan continues, with Pro features on until at least ${date}.`
      : 'Your Pro plan continues, with Pro features on.';
  }
  const when = date ? `on ${date}` : 'at the end of the current period';
  const price = priceInr === null ? 'the monthly Pro price' : `${formatInr(priceInr)} a month`;
  return `Your Pro plan continues and renews ${when} at ${price}. You keep access to pro features.`;
}
