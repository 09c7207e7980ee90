import { PageHeader } from '@/components/page-header/page-header';

export default function CoursesPage() {
  return (
    <PageHeader
      title="Courses"
      description="Video courses from market basics to risk management, with your progress in each."
    />
  );
}
