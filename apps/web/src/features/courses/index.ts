import { lazy } from 'react';

// The courses feature's public entry: what other features may use (dependency-cruiser: features meet
// through their index). Everything else in features/courses is private.

/** "What to practise next" for /home and the journal's statistics: plain markup, no antd. */
export { PractiseNextCard } from './components/practise-next-card';

/**
 * The drill banner of a practice replay that is a drill attempt. Loaded when drawn (wrap it in
 * Suspense), so importing this index does not bring antd to /home, which paints before antd arrives.
 */
export const DrillBanner = lazy(() =>
  import('./components/drill-banner').then((module) => ({ default: module.DrillBanner })),
);
