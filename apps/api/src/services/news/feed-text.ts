import sanitizeHtml from 'sanitize-html';

const SUMMARY_MAX = 600;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * A feed's HTML summary as plain text: sanitize-html keeps no tag at all (scripts, styles and
 * their contents are dropped, attributes with them), block ends become spaces, whitespace collapses,
 * and the text is cut at a word near 600 characters. The web renders it as text, never as HTML.
 */
export function summaryText(html: string): string {
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|blockquote|tr)>|<br\s*\/?>/gi, ' $&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= SUMMARY_MAX) return text;
  const cut = text.slice(0, SUMMARY_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_MAX - 40)).trimEnd()}…`;
}

/** A title as plain text (some feeds put markup or entities in titles), at most 300 characters. */
export function titleText(raw: string): string {
  return summaryText(raw).slice(0, 300);
}

const TRACKING_PARAMETER = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|cmpid|ocid)$/i;

/**
 * The address that identifies an article whichever feed links it: https and http alike, host in
 * lower case, no fragment, no tracking parameters, no trailing slash. Null when not http(s).
 */
export function canonicalUrl(raw: string | null): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name);
  }
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  const query = url.searchParams.toString();
  return `${url.hostname.toLowerCase().replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}${path}${query ? `?${query}` : ''}`;
}

/** An http(s) link, or null: javascript:, data: and the like never reach a card. */
export function safeHttpUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
