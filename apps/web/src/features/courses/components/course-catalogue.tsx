import { ReadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty } from 'antd';
import type { CourseSummary } from '../api/get-courses';
import { CourseCard } from './course-card';
import './course-catalogue.css';
import './course-ui.css';

type Props = {
  courses: CourseSummary[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  headingLevel?: 'h2' | 'h3';
};

/** The catalogue grid with its loading skeleton, its error (with a retry) and its empty state. */
export function CourseCatalogue({ courses, isPending, error, onRetry, headingLevel = 'h2' }: Props) {
  if (isPending) return <CourseCatalogueSkeleton />;
  if (error || !courses) {
    return (
      <Alert
        type="error"
        showIcon
        title="We could not load the courses"
        description={error?.message ?? 'Please try again.'}
        action={<Button onClick={onRetry}>Try again</Button>}
      />
    );
  }
  if (courses.length === 0) {
    return (
      <Empty
        className="cw-catalogue__empty"
        image={<ReadOutlined aria-hidden="true" className="cw-catalogue__empty-icon" />}
        description={
          <>
            <strong>No courses yet</strong>
            <br />
            New courses are announced in your notifications as soon as they are published.
          </>
        }
      />
    );
  }
  return (
    <ul className="cw-catalogue" aria-label="Courses">
      {courses.map((course) => (
        <li key={course._id}>
          <CourseCard course={course} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards shaped like the real ones while the catalogue loads. */
export function CourseCatalogueSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="cw-catalogue" role="status" aria-label="Loading courses" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <div key={index} className="cw-catalogue__placeholder" aria-hidden="true">
          <div className="cw-skeleton cw-catalogue__placeholder-media" />
          <div className="cw-catalogue__placeholder-body">
            <div className="cw-skeleton cw-skeleton--line" style={{ width: '70%' }} />
            <div className="cw-skeleton cw-skeleton--line" />
            <div className="cw-skeleton cw-skeleton--line" style={{ width: '85%' }} />
            <div className="cw-skeleton cw-skeleton--button" />
          </div>
        </div>
      ))}
    </div>
  );
}
