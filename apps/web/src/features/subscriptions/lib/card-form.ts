export type CardFormValues = { cardNumber: string; expiry: string; cvc: string; name: string };
export type CardField = keyof CardFormValues;
export type CardFormErrors = Partial<Record<CardField, string>>;

export const cardFields: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'name'];

const MAX_CARD_DIGITS = 19;

/** '4242424242424242' or '4242-4242…' as typed → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' → '12/30'; the slash appears with the third digit, so deleting back through it never sticks. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number carries: catches a mistyped digit before the payment is tried. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function cardNumberError(cardNumber: string): string | undefined {
  const digits = cardNumber.replace(/\D/g, '');
  if (!digits) return 'Enter the card number.';
  if (digits.length < 12 || !passesLuhn(digits)) return 'Check the card number: it is not a valid card.';
  return undefined;
}

function expiryError(expiry: string, now: Date): string | undefined {
  const value = expiry.trim();
  if (!value) return 'Enter the expiry date as MM/YY.';
  const match = value.match(/^(\d{2})\s?\/\s?(\d{2})$/);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return 'Use MM/YY, for example 12/30.';
  const year = 2000 + Number(match[2]);
  // A card works until the last day of its expiry month.
  const expired = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
  return expired ? 'This card has expired.' : undefined;
}

/** Checks the form as the checkout page submits it; an empty object means it may be sent. */
export function validateCardForm(values: CardFormValues, now: Date = new Date()): CardFormErrors {
  const errors: CardFormErrors = {};
  const cardNumber = cardNumberError(values.cardNumber);
  if (cardNumber) errors.cardNumber = cardNumber;
  const expiry = expiryError(values.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digits on the back.';
  if (!values.name.trim()) errors.name = 'Enter the name on the card.';
  return errors;
}
