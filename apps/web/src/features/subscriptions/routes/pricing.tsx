import { AdaptivePage } from '@/components/adaptive-page/adaptive-page';
import { PageHeader } from '@/components/page-header/page-header';

export default function PricingPage() {
  return (
    <AdaptivePage>
      <PageHeader
        title="Pricing"
        description="Free and Pro compared: Pro unlocks the Pro courses, broker sync and full journal statistics."
      />
    </AdaptivePage>
  );
}
