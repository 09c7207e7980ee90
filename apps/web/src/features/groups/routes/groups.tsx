import { PageHeader } from '@/components/page-header/page-header';

export default function GroupsPage() {
  return (
    <PageHeader
      title="Groups"
      description="Trading competitions: request to join, trade a paper account under a risk rule and see where you rank."
    />
  );
}
