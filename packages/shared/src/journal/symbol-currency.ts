/**
 * The currency a symbol is priced in, when a template row leaves the currency empty (issue #41:
 * never a silent default). What the symbol itself says: an exchange suffix (RELIANCE.NS, VOD.L), a
 * currency pair or a metal quoted in a currency (EURUSD, XAUUSD, USD/INR), a crypto pair
 * (BTCUSDT, ETH/USD), an NSE derivative (NIFTY24JUN22000PE, BANKNIFTY24JUNFUT) or a US option in OCC
 * form (AAPL240119C00190000). The API first asks its instrument table; null means the import asks
 * the learner.
 */
const SUFFIXES: Record<string, string> = {
  NS: 'INR',
  NSE: 'INR',
  BO: 'INR',
  BSE: 'INR',
  L: 'GBP',
  LON: 'GBP',
  DE: 'EUR',
  F: 'EUR',
  PA: 'EUR',
  AS: 'EUR',
  MI: 'EUR',
  MC: 'EUR',
  BR: 'EUR',
  T: 'JPY',
  HK: 'HKD',
  TO: 'CAD',
  V: 'CAD',
  AX: 'AUD',
  SW: 'CHF',
  SI: 'SGD',
  US: 'USD',
};

const CURRENCIES = new Set([
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'INR',
  'HKD',
  'SGD',
  'SEK',
  'NOK',
  'DKK',
  'CNH',
  'ZAR',
  'MXN',
  'TRY',
]);
const METALS = new Set(['XAU', 'XAG', 'XPT', 'XPD']);
const CRYPTO_QUOTES: Record<string, string> = {
  USD: 'USD',
  USDT: 'USD',
  USDC: 'USD',
  EUR: 'EUR',
  INR: 'INR',
};

export function inferSymbolCurrency(symbol: string): string | null {
  const text = symbol.trim().toUpperCase();
  const suffix = /\.([A-Z]{1,3})$/.exec(text);
  if (suffix) return SUFFIXES[suffix[1]] ?? null;
  const pair = /^([A-Z]{3})[/\-_]?([A-Z]{3})$/.exec(text);
  if (pair && (CURRENCIES.has(pair[1]) || METALS.has(pair[1])) && CURRENCIES.has(pair[2])) return pair[2];
  const crypto = /^([A-Z0-9]{2,10}?)[/\-_]?(USDT|USDC|USD|EUR|INR)$/.exec(text);
  if (crypto && /^(BTC|ETH|SOL|XRP|ADA|DOGE|BNB|LTC|DOT|AVAX|MATIC|LINK|TRX|SHIB)$/.test(crypto[1])) {
    return CRYPTO_QUOTES[crypto[2]] ?? null;
  }
  if (/^(NIFTY|BANKNIFTY|FINNIFTY|MIDCPNIFTY|SENSEX|BANKEX)/.test(text)) return 'INR';
  if (/^[A-Z&-]+\d{2}([A-Z]{3}|[1-9OND]\d{2})(FUT|\d+(\.\d+)?(CE|PE))$/.test(text)) return 'INR';
  if (/^[A-Z]{1,6}\d?\d{6}[CP]\d{8}$/.test(text)) return 'USD';
  return null;
}
