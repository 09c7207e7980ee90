import { useEffect } from 'react';

/** Names the browser tab after the page ("Journal · Candlewise.app") and restores the previous title on leave. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Candlewise.app`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
