import { FileSearchOutlined, LockFilled } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { ApiError } from '@/lib/api-client';
import './course-ui.css';

/**
 * Why the lesson page cannot show a course: unknown (404), Pro without Pro (403, with the way to
 * Pro), or a failure worth retrying.
 */
export function CourseUnavailable({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <>
      <PageHeader title="Course lessons" />
      {status === 404 ? (
        <div role="alert">
          <Result
            icon={<FileSearchOutlined aria-hidden="true" />}
            title="We could not find that course"
            subTitle="It may have been removed, or the link is not quite right."
            extra={
              <Link className="cw-course-action cw-course-action--center" to="/course">
                Browse all courses
              </Link>
            }
          />
        </div>
      ) : status === 403 ? (
        <div role="alert">
          <Result
            icon={<LockFilled aria-hidden="true" className="cw-course-unavailable__lock" />}
            title="This course is part of Pro"
            subTitle={error.message}
            extra={
              <div className="cw-course-unavailable__actions">
                <Link className="cw-course-action cw-course-action--pro" to="/pricing">
                  See Pro on the Pricing page
                </Link>
                <Link to="/course">Back to all courses</Link>
              </div>
            }
          />
        </div>
      ) : (
        <Alert
          type="error"
          showIcon
          title="We could not load this course"
          description={error.message}
          action={<Button onClick={onRetry}>Try again</Button>}
        />
      )}
    </>
  );
}
