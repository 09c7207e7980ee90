import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, passesLuhn, validateCardForm } from './card-form';

const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' };
const now = new Date(2026, 10, 21);

describe('the checkout card form', () => {
  it('groups the card number in fours as it is typed, digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY from the third digit on', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('123099')).toBe('12/30');
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('accepts the test cards with a future expiry', () => {
    expect(validateCardForm(valid, now)).toEqual({});
    expect(validateCardForm({ ...valid, cardNumber: '4000 0000 0000 0002' }, now)).toEqual({});
    expect(validateCardForm({ ...valid, expiry: '11/26' }, now)).toEqual({});
  });

  it('names each field that is missing or wrong', () => {
    expect(validateCardForm({ cardNumber: '', expiry: '', cvc: '', name: ' ' }, now)).toEqual({
      cardNumber: 'Enter the card number.',
      expiry: 'Enter the expiry date as MM/YY.',
      cvc: 'Enter the 3 or 4 digits on the back.',
      name: 'Enter the name on the card.',
    });
    expect(validateCardForm({ ...valid, cardNumber: '4242 4242 4242 4241' }, now).cardNumber).toBe(
      'Check the card number: it is not a valid card.',
    );
    expect(validateCardForm({ ...valid, expiry: '13/30' }, now).expiry).toBe('Use MM/YY, for example 12/30.');
    expect(validateCardForm({ ...valid, expiry: '10/26' }, now).expiry).toBe('This card has expired.');
    expect(validateCardForm({ ...valid, cvc: '12' }, now).cvc).toBe('Enter the 3 or 4 digits on the back.');
  });
});
