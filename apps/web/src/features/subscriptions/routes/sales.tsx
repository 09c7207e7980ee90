import { AdaptivePage } from '@/components/adaptive-page/adaptive-page';
import { PageHeader } from '@/components/page-header/page-header';

export default function SalesPage() {
  return (
    <AdaptivePage>
      <PageHeader
        title="Candlewise Pro"
        description="Everything in Candlewise, without limits: Pro courses, broker sync and full journal statistics."
      />
    </AdaptivePage>
  );
}
