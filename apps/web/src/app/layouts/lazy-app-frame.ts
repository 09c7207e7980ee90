import { lazy } from 'react';

/** The frame pulls in antd; it is fetched only when a signed-in page needs it. */
export const loadAppFrame = () => import('@/app/frame/app-frame');
export const LazyAppFrame = lazy(loadAppFrame);
