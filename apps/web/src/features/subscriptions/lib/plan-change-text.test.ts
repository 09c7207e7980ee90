import { describe, expect, it } from 'vitest';
import { CANCEL_DIALOG_TEXT, reactivateDialogText } from './plan-change-text';

// Noon UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
const NOV_21_2030 = Date.UTC(2030, 10, 21, 12) / 1000;

describe('plan change dialog text', () => {
  it("keeps the spec's cancel sentence", () => {
    expect(CANCEL_DIALOG_TEXT).toBe(
      'Once you cancel it cannot be undone. You will lose access to pro features.',
    );
  });

  it('says a Stripe plan renews on its date at the monthly price', () => {
    expect(reactivateDialogText({ provider: 'stripe', expirySeconds: NOV_21_2030, priceInr: 2000 })).toBe(
      'Your Pro plan continues and renews on November 21, 2030 at ₹2,000 a month. You keep access to pro features.',
    );
  });

  it('does not name a price or a date it does not know', () => {
    expect(reactivateDialogText({ provider: 'stripe', expirySeconds: null, priceInr: null })).toBe(
      'Your Pro plan continues and renews at the end of the current period at the monthly Pro price. You keep access to pro features.',
    );
  });

  it('promises no renewal when the provider is not known', () => {
    expect(reactivateDialogText({ provider: null, expirySeconds: NOV_21_2030, priceInr: null })).toBe(
      'Your Pro plan continues, with Pro features on until at least November 21, 2030.',
    );
  });

  it('does not promise a renewal the local test provider never makes', () => {
    const text = reactivateDialogText({ provider: 'local', expirySeconds: NOV_21_2030, priceInr: 2000 });
    expect(text).toBe(
      'Your Pro plan continues until November 21, 2030. Test payments do not renew by themselves: after that date, buy another month on the Pricing page.',
    );
    expect(text).not.toMatch(/cannot be undone|renews on/);
  });
});
