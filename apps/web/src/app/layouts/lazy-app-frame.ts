import { preloadable } from '@/lib/preloadable';

/** The frame pulls in antd; it is fetched only when a signed-in page needs it. */
export const loadAppFrame = () =>
  import('@/app/signed-in-pages').then(({ signedInPages }) => signedInPages.frame());
export const LazyAppFrame = preloadable(loadAppFrame);
