import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetEarlyGets } from '@/lib/api-client';
import { installLeanStyles } from './lean-styles';
import { installMatchMedia, resetViewport } from './match-media';

installMatchMedia();
installLeanStyles();

// The first test that opens the signed-in frame transforms antd on the fly, which takes seconds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom implements neither: the root layout scrolls on navigation, antd observes element sizes.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
// jsdom cannot compute pseudo-element styles (antd measures the scrollbar through one); use the element's.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Like a browser under Playwright: antd's animations are off (components/antd-provider).
Object.defineProperty(window.navigator, 'webdriver', { configurable: true, value: true });

afterEach(() => {
  cleanup();
  forgetEarlyGets();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  resetViewport();
  vi.restoreAllMocks();
});
