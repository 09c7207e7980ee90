import { PublicLayout } from '@/app/layouts/public-layout';
import { RoutedOutlet } from '@/components/routed-outlet/routed-outlet';
import { PublicOnlyRoute } from '@/features/auth/components/public-only-route';

/** Signed-out pages: the public-area guard, then the light public layout (no antd). */
export function PublicArea() {
  return (
    <PublicOnlyRoute>
      <PublicPage />
    </PublicOnlyRoute>
  );
}

/** The light public layout around the matched page. */
export function PublicPage() {
  return (
    <PublicLayout>
      <RoutedOutlet />
    </PublicLayout>
  );
}
