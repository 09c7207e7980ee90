const priceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/** A bid or ask as the provider sent it, grouped ('97,012.5', '1.08432'). */
export function formatQuotePrice(price: number): string {
  return priceFormat.format(price);
}

/** How old a quote was at `now`: seconds while fresh ('3 s ago'), then minutes, hours, days. */
export function formatQuoteAge(time: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
