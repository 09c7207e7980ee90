import { PageHeader } from '@/components/page-header/page-header';

export default function LearningHubPage() {
  return (
    <PageHeader
      title="Learning Hub"
      description="The course catalogue and your progress in one place: pick up the next unfinished lesson."
    />
  );
}
