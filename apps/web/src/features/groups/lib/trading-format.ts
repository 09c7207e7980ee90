import { plainNumber } from '@candlewise/shared/trading/account-money';

/** Rupees read in the Indian grouping (lakhs, crores); other currencies in the international one. */
const localeOf = (currency: string) => (currency === 'INR' ? 'en-IN' : 'en-US');

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/** One formatter per currency and style, or null for a code Intl does not know. */
function moneyFormat(currency: string, fractionDigits: number, signed: boolean): Intl.NumberFormat | null {
  const key = `${currency}|${fractionDigits}|${signed}`;
  if (!moneyFormats.has(key)) {
    let format: Intl.NumberFormat | null = null;
    try {
      format = new Intl.NumberFormat(localeOf(currency), {
        style: 'currency',
        currency,
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
        // 'negative' and 'exceptZero' both leave a sum that rounds to zero unsigned (no '-₹0.00').
        signDisplay: signed ? 'exceptZero' : 'negative',
      });
    } catch {
      // An unknown code: the amount with the code after it.
    }
    moneyFormats.set(key, format);
  }
  return moneyFormats.get(key) ?? null;
}

/**
 * Money in an account currency, with its symbol and that currency's grouping:
 * (100000, 'INR') → '₹1,00,000.00', (-1234.5, 'USD') → '-$1,234.50'; whole units with
 * `fractionDigits: 0` (a starting balance: '₹1,00,000').
 */
export function formatMoney(
  value: number,
  currency: string,
  { fractionDigits = 2 }: { fractionDigits?: number } = {},
): string {
  const format = moneyFormat(currency, fractionDigits, false);
  return format ? format.format(value) : `${value.toFixed(fractionDigits)} ${currency}`;
}

/** A profit or loss in an account currency, signed: '+₹1,500.00', '-$12.30', '₹0.00'. */
export function formatSignedMoney(value: number, currency: string): string {
  const format = moneyFormat(currency, 2, true);
  if (format) return format.format(value);
  const text = `${Math.abs(value).toFixed(2)} ${currency}`;
  return value >= 0.005 ? `+${text}` : value <= -0.005 ? `-${text}` : text;
}

/** The symbol money in this currency is written with: 'INR' → '₹', 'USD' → '$' (else the code). */
export function currencySymbol(currency: string): string {
  const symbol = moneyFormat(currency, 0, false)
    ?.formatToParts(0)
    .find((part) => part.type === 'currency')?.value;
  return symbol ?? currency;
}

/** The currency with its symbol, as the Info dialog names it: 'INR (₹)', 'USD ($)'. */
export function currencyLabel(currency: string): string {
  const symbol = currencySymbol(currency);
  return symbol !== currency ? `${currency} (${symbol})` : currency;
}

/** A signed percent: 1.5 → '+1.50%', -0.25 → '-0.25%', 0 → '0.00%'. */
export function formatSignedPercent(value: number): string {
  const text = `${Math.abs(value).toFixed(2)}%`;
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

/** How many decimals a price of this instrument shows: as many as its tick size has. */
export function priceDecimals(tickSize: number | undefined): number {
  if (!tickSize || tickSize >= 1) return 2;
  return Math.min(6, Math.max(2, Math.ceil(-Math.log10(tickSize) - 1e-9)));
}

/**
 * One formatter per number of decimals. `toLocaleString` with options builds a new formatter on every
 * call, and the desk formats every price of its book each second.
 */
const priceFormats = new Map<number, Intl.NumberFormat>();

/** A price at the instrument's tick size, in its quote currency (no symbol: '1.08457', '24,512.35'). */
export function formatPrice(value: number, tickSize?: number): string {
  const digits = priceDecimals(tickSize);
  let format = priceFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    priceFormats.set(digits, format);
  }
  return format.format(value);
}

/** A price with its quote currency after it, for tables that mix instruments: '1.08457 USD'. */
export function formatQuotedPrice(value: number, tickSize: number | undefined, currency: string | undefined) {
  const price = formatPrice(value, tickSize);
  return currency ? `${price} ${currency}` : price;
}

/**
 * What one contract (lot) of an instrument holds: the base currency of a currency pair or a crypto or
 * metal quoted in another currency (EURUSD → 'EUR', BTCUSD → 'BTC', XAUUSD → 'XAU'), shares of a
 * stock, else units.
 */
export function contractUnit({
  symbol,
  assetClass,
  currency,
}: {
  symbol: string;
  assetClass: string;
  currency?: string;
}): { one: string; many: string } {
  if (currency && symbol.endsWith(currency) && symbol.length > currency.length) {
    const base = symbol.slice(0, -currency.length);
    if (/^[A-Z]{3,5}$/.test(base) && ['forex', 'crypto', 'commodity'].includes(assetClass))
      return { one: base, many: base };
  }
  if (assetClass.startsWith('stock')) return { one: 'share', many: 'shares' };
  return { one: 'unit', many: 'units' };
}

/** A number of lots as people read it: '1 lot', '2.5 lots'. */
export function formatLots(quantity: number): string {
  return `${plainNumber(quantity)} ${quantity === 1 ? 'lot' : 'lots'}`;
}

/** An amount of the contract's unit: (1000, EUR) → '1,000 EUR', (1, share) → '1 share'. */
let unitsFormat: Intl.NumberFormat | undefined;

export function formatUnits(amount: number, unit: { one: string; many: string }): string {
  unitsFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
  const text = unitsFormat.format(amount);
  return `${text} ${amount === 1 ? unit.one : unit.many}`;
}

/** The order ticket's quantity hint: '1 lot = 1,000 EUR · steps of 0.1 · min 0.1'. */
export function lotHint({
  lotStep,
  minQuantity,
  contractSize,
  unit = { one: 'unit', many: 'units' },
}: {
  lotStep: number;
  minQuantity: number;
  contractSize: number;
  unit?: { one: string; many: string };
}): string {
  return `1 lot = ${formatUnits(contractSize, unit)} · steps of ${plainNumber(lotStep)} · min ${plainNumber(minQuantity)}`;
}

/** The frozen banner's countdown: '1:05:09' above an hour, '4:07' below. */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** The class that colours a figure by its sign: profit green, loss red, zero plain. */
export function signClass(value: number): string | undefined {
  if (value > 0) return 'cw-trading__profit';
  if (value < 0) return 'cw-trading__loss';
  return undefined;
}

const FILL_REASONS: Record<string, string> = {
  order: 'Order',
  stop_loss: 'Stop-loss',
  take_profit: 'Take-profit',
  freeze: 'Freeze',
  competition_end: 'Competition end',
  close: 'Closed',
  removed: 'Removed',
  breach: 'Loss limit breached',
  phase_end: 'Phase end',
};

/** Why a fill happened, in words ('stop_loss' → 'Stop-loss'); a reason added later reads as itself. */
export function fillReasonText(reason: string): string {
  return FILL_REASONS[reason] ?? reason.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}
