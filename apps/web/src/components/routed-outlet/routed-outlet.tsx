import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary/error-boundary';
import { PageSpinner } from '@/components/page-spinner/page-spinner';

/**
 * Where a layout shows its matched page: the spinner while the page's chunk loads, and an error
 * boundary so a failing page says 'Something went wrong' inside the layout that holds it (the
 * frame keeps its navigation). Moving to another path clears the error.
 */
export function RoutedOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
