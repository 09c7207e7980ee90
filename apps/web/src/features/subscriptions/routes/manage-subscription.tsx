import { PageHeader } from '@/components/page-header/page-header';

export default function ManageSubscriptionPage() {
  return (
    <PageHeader
      title="Manage Subscription"
      description="Your plan, its status and expiry date, and the option to cancel or re-activate it."
    />
  );
}
