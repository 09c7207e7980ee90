import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';

export default function CourseVideosPage() {
  const { courseId } = useParams();
  return (
    <>
      <PageHeader
        title="Course lessons"
        description="Watch the lessons of this course in order, mark each one complete and jump to a chapter from its time stamp."
      />
      <p>
        Course <code>{courseId}</code> · <Link to="/course">All courses</Link>
      </p>
    </>
  );
}
