import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import './course-requirements.css';

const PREFIX = 'prerequisites.';

/** The courses to finish first, when the API refused the course for unmet prerequisites (issue #42). */
export function unmetPrerequisites(error: Error): Array<{ courseId: string; message: string }> {
  if (!(error instanceof ApiError) || error.status !== 403) return [];
  return error.details
    .filter((detail) => detail.path.startsWith(PREFIX))
    .map((detail) => ({ courseId: detail.path.slice(PREFIX.length), message: detail.message }));
}

/** "Finish these courses first", with a link to each. */
export function PrerequisitesNotMet({ error }: { error: Error }) {
  const missing = unmetPrerequisites(error);
  return (
    <div role="alert">
      <Result
        icon={<LockOutlined aria-hidden="true" />}
        title="Finish the courses before this one first"
        subTitle={error.message}
        extra={
          <ul className="cw-prerequisites-list">
            {missing.map((course) => (
              <li key={course.courseId}>
                <Link to={`/courseVideos/${encodeURIComponent(course.courseId)}`}>{course.message}</Link>
              </li>
            ))}
            <li>
              <Link to="/course">Back to all courses</Link>
            </li>
          </ul>
        }
      />
    </div>
  );
}
