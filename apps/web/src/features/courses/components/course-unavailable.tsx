import { FileSearchOutlined, LockFilled } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { ApiError } from '@/lib/api-client';
import { useCourseOutline } from '../api/get-course-outline';
import { formatCourseLength, lessonCountLabel } from './course-labels';
import { PrerequisitesNotMet, unmetPrerequisites } from './prerequisites-not-met';
import './course-ui.css';

/**
 * Why the lesson page cannot show a course: unknown (404), Pro without Pro (403, with the way to
 * Pro and what the course teaches), or a failure worth retrying.
 */
export function CourseUnavailable({
  courseId,
  error,
  onRetry,
}: {
  courseId: string;
  error: Error;
  onRetry: () => void;
}) {
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
      ) : unmetPrerequisites(error).length > 0 ? (
        // Issue #42: prerequisites not complete (a 403 naming the courses to finish first).
        <PrerequisitesNotMet error={error} />
      ) : status === 403 ? (
        <>
          <div role="alert">
            <Result
              icon={<LockFilled aria-hidden="true" className="cw-course-unavailable__lock" />}
              title="Unlock this course with Pro"
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
          <LockedCourseOutline courseId={courseId} />
        </>
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

/** A locked course's lessons by title and length, so a learner sees what Pro would open. */
function LockedCourseOutline({ courseId }: { courseId: string }) {
  const outline = useCourseOutline(courseId, { enabled: true });
  if (!outline.data) return null;
  const { course, lessons } = outline.data;
  const total = lessons.reduce((sum, lesson) => sum + lesson.duration, 0);
  return (
    <section className="cw-course-outline" aria-labelledby="cw-course-outline-title">
      <h2 id="cw-course-outline-title" className="cw-course-outline__title">
        {course.title}
      </h2>
      {course.description ? <p className="cw-course-outline__description">{course.description}</p> : null}
      <p className="cw-course-outline__meta">
        {lessonCountLabel(lessons.length)} · {formatCourseLength(total)}
      </p>
      <ol className="cw-course-outline__lessons">
        {lessons.map((lesson) => (
          <li key={lesson.id}>
            <LockFilled aria-hidden="true" /> <span>{lesson.title}</span>
            <span className="cw-course-outline__length">{formatLessonLength(lesson.duration)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A lesson's length as the lesson list shows it: m:ss. */
function formatLessonLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
