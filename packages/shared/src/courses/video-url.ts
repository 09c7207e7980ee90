const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);

/** The 11-character video id of any YouTube link form (watch, youtu.be, shorts, embed, live), or null. */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (!YOUTUBE_HOSTS.has(host)) return null;
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1] ?? null;
  } else if (url.pathname === '/watch') {
    id = url.searchParams.get('v');
  } else {
    const match = url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/);
    id = match?.[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The spec's "watch form changed to the embed form", with autoplay and an optional start time. */
export function toEmbedUrl(
  link: string,
  options: { autoplay?: boolean; startSeconds?: number } = {},
): string | null {
  const id = youtubeVideoId(link);
  if (!id) return null;
  const params = new URLSearchParams();
  if (options.autoplay) params.set('autoplay', '1');
  if (options.startSeconds && options.startSeconds > 0)
    params.set('start', String(Math.floor(options.startSeconds)));
  params.set('rel', '0');
  params.set('enablejsapi', '1');
  return `https://www.youtube.com/embed/${id}?${params.toString()}`;
}

/** Lesson links admins may save: YouTube in any form (others would not play in the embedded player). */
export function isAllowedVideoUrl(link: string): boolean {
  return youtubeVideoId(link) !== null;
}
