import { PageHeader } from '@/components/page-header/page-header';
import { useCourses } from '../api/get-courses';
import { CourseCatalogue } from '../components/course-catalogue';

/** /course: the catalogue with the learner's progress in each course. */
export default function CoursesPage() {
  const courses = useCourses();
  return (
    <>
      <PageHeader
        title="Courses"
        description="Video courses from market basics to risk management, with your progress in each."
      />
      <CourseCatalogue
        courses={courses.data}
        isPending={courses.isPending}
        error={courses.error}
        onRetry={() => void courses.refetch()}
      />
    </>
  );
}
