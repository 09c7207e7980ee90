/** Values the server writes into index.html at start-up, so one build serves every deployment. */

const PRODUCTS_URL_META = 'cw:products-url';
const PRODUCTS_URL_PLACEHOLDER = '__CW_PRODUCTS_URL__';
const PRODUCTS_URL_FALLBACK = '/sales';

function readMeta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  return content?.trim() || null;
}

/** Only same-site paths and http(s) addresses, so a bad value can never become a javascript: link. */
function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Where the footer's 'Products/Services Offered' link points; the Pro pitch page (/sales) unless configured. */
export function getProductsUrl(): string {
  // Rendered ahead of time (no document): the server writes the configured address in at start-up.
  if (typeof document === 'undefined') return PRODUCTS_URL_PLACEHOLDER;
  const configured = readMeta(PRODUCTS_URL_META);
  if (!configured || configured === PRODUCTS_URL_PLACEHOLDER || !isSafeLink(configured)) {
    return PRODUCTS_URL_FALLBACK;
  }
  return configured;
}

/** What a page rendered ahead of time shows for the year; the server writes the current year in. */
export const YEAR_PLACEHOLDER = '__CW_YEAR__';

/** This year, for the footer's copyright line (the placeholder when rendered ahead of time). */
export function getCurrentYear(): string {
  return typeof document === 'undefined' ? YEAR_PLACEHOLDER : String(new Date().getFullYear());
}
