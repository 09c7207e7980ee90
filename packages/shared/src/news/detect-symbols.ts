/** What symbol detection needs to know about an instrument. */
export type SymbolCandidate = { symbol: string; name: string; assetClass?: string };

/**
 * Words writers use for the sample instruments besides their symbol and full name. Instruments an
 * admin adds later are found by symbol and name alone.
 */
const EXTRA_ALIASES: Record<string, string[]> = {
  XAUUSD: ['gold'],
  BTCUSD: ['bitcoin', 'BTC'],
  ETHUSD: ['ether', 'ethereum', 'ETH'],
  NIFTY50: ['Nifty 50', 'Nifty'],
  SENSEX: ['Sensex'],
  NAS100: ['Nasdaq 100', 'Nasdaq-100', 'Nasdaq'],
  RELIANCE: ['Reliance Industries', 'Reliance'],
  TCS: ['Tata Consultancy'],
  INFY: ['Infosys'],
  HDFCBANK: ['HDFC Bank'],
  AAPL: ['Apple'],
  MSFT: ['Microsoft'],
  NVDA: ['Nvidia'],
  USDINR: ['rupee'],
  GBPUSD: ['sterling', 'cable'],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The phrases that name an instrument: its symbol, its name, a forex pair written with a slash. */
export function symbolAliases(instrument: SymbolCandidate): string[] {
  const aliases = new Set([instrument.symbol, instrument.name, ...(EXTRA_ALIASES[instrument.symbol] ?? [])]);
  if (/^[A-Z]{6}$/.test(instrument.symbol) && instrument.assetClass !== 'stock_in') {
    aliases.add(`${instrument.symbol.slice(0, 3)}/${instrument.symbol.slice(3)}`);
  }
  return [...aliases].filter((alias) => alias.trim().length >= 2);
}

/**
 * The instruments a piece of text mentions, in the order of the list given. Whole words only
 * ("TCS" does not match "TCSL", "gold" does not match "goldfish"), any case.
 */
export function detectSymbols(text: string, instruments: SymbolCandidate[]): string[] {
  if (!text) return [];
  return instruments
    .filter((instrument) =>
      symbolAliases(instrument).some((alias) =>
        new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(alias)}(?![\\p{L}\\p{N}])`, 'iu').test(text),
      ),
    )
    .map((instrument) => instrument.symbol);
}
