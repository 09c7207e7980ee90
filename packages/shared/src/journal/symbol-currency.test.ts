import { describe, expect, it } from 'vitest';
import { inferSymbolCurrency } from './symbol-currency.ts';

describe('inferSymbolCurrency', () => {
  it.each([
    ['RELIANCE.NS', 'INR'],
    ['500325.BO', 'INR'],
    ['VOD.L', 'GBP'],
    ['SAP.DE', 'EUR'],
    ['7203.T', 'JPY'],
    ['EURUSD', 'USD'],
    ['USD/INR', 'INR'],
    ['XAUUSD', 'USD'],
    ['BTCUSDT', 'USD'],
    ['ETH/USD', 'USD'],
    ['NIFTY24JUN22000PE', 'INR'],
    ['BANKNIFTY24JUNFUT', 'INR'],
    ['RELIANCE24DEC1300CE', 'INR'],
    ['AAPL240119C00190000', 'USD'],
  ])('reads %s as %s', (symbol, currency) => {
    expect(inferSymbolCurrency(symbol)).toBe(currency);
  });

  it.each(['AAPL', 'RELIANCE', 'SYM1', 'ABCDEF', 'X.ZZ'])('does not guess the currency of %s', (symbol) => {
    expect(inferSymbolCurrency(symbol)).toBeNull();
  });
});
