/** Money with two decimals and separators: 100000 → '100,000.00'. */
export function formatMoney(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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

export function formatPrice(value: number, tickSize?: number): string {
  const digits = priceDecimals(tickSize);
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
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
