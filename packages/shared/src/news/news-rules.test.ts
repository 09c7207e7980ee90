import { describe, expect, it } from 'vitest';
import { detectSymbols, symbolAliases } from './detect-symbols.ts';
import { matchNewsCategory } from './news-categories.ts';

const instruments = [
  { symbol: 'EURUSD', name: 'Euro / US Dollar', assetClass: 'forex' },
  { symbol: 'XAUUSD', name: 'Gold / US Dollar', assetClass: 'commodity' },
  { symbol: 'TCS', name: 'Tata Consultancy Services', assetClass: 'stock_in' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', assetClass: 'crypto' },
  { symbol: 'NIFTY50', name: 'Nifty 50 Index', assetClass: 'index' },
];

describe('detectSymbols', () => {
  it('finds symbols, names, slash pairs and common words, in list order', () => {
    expect(detectSymbols('EUR/USD slips while gold and the Nifty climb', instruments)).toEqual([
      'EURUSD',
      'XAUUSD',
      'NIFTY50',
    ]);
    expect(detectSymbols('TCS results beat estimates; bitcoin flat', instruments)).toEqual(['TCS', 'BTCUSD']);
  });

  it('matches whole words only', () => {
    expect(detectSymbols('TCSL and goldfish and NIFTY500', instruments)).toEqual([]);
    expect(detectSymbols('', instruments)).toEqual([]);
  });

  it('names a forex pair with a slash but not an Indian stock', () => {
    expect(symbolAliases(instruments[0])).toContain('EUR/USD');
    expect(symbolAliases({ symbol: 'RELIAN', name: 'X', assetClass: 'stock_in' })).not.toContain('REL/IAN');
  });
});

describe('matchNewsCategory', () => {
  it('maps feed labels onto our categories or nothing', () => {
    expect(matchNewsCategory('Forex')).toBe('forex');
    expect(matchNewsCategory('Cryptocurrency')).toBe('crypto');
    expect(matchNewsCategory('US Stocks')).toBe('stocks');
    expect(matchNewsCategory('Gold & metals')).toBe('commodities');
    expect(matchNewsCategory('Learning')).toBe('education');
    expect(matchNewsCategory('Sport')).toBeNull();
  });
});
