/**
 * A link that stays inside Candlewise: a path such as `/course` or `/group/abc/leaderboard?tab=x`.
 * Browsers drop tabs and new lines from URLs and read `\` as `/`, so `"/\t/evil.example"` or
 * `"/\\evil.example"` would leave the site: the link is normalised the way a browser would first,
 * then must start with one slash and no second. Returns the normalised path, or null.
 */
export function inAppPath(link: string | null | undefined): string | null {
  if (typeof link !== 'string') return null;
  const normalised = link
    .trim()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f\s]/g, '')
    .replaceAll('\\', '/');
  if (!/^\/(?!\/)/.test(normalised)) return null;
  if (/^\/[a-z][a-z0-9+.-]*:/i.test(normalised)) return null; // no "/javascript:…"-like oddities
  return normalised;
}
