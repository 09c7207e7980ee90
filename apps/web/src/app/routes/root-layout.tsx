import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { RoutedOutlet } from '@/components/routed-outlet/routed-outlet';

/** The one root layout (docs/product-contract.md §2): every page loads lazily, with a light spinner meanwhile. */
export function RootLayout() {
  useScrollToTopOnNavigation();
  return <RoutedOutlet />;
}

/** A new page starts at its top; back and forward leave the browser's own scroll restoration alone. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what triggers the scroll.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
