import { PageHeader } from '@/components/page-header/page-header';

export default function AdminPage() {
  return (
    <PageHeader
      title="Admin"
      description="Run Candlewise: users, courses, competitions and approvals, news sources, journal questions and broadcasts."
    />
  );
}
