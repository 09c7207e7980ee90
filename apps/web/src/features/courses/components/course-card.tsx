import { CheckCircleFilled, ClockCircleOutlined, LockFilled, PlayCircleOutlined } from '@ant-design/icons';

import { useId } from 'react';
import { Link } from 'react-router';
import type { CourseSummary } from '../api/get-courses';
import { courseActionLabel, courseLessonsPath, formatCourseLength, lessonCountLabel } from './course-labels';
import { CourseProgress } from './course-progress';
import './course-card.css';
import './course-ui.css';

type Props = { course: CourseSummary; headingLevel?: 'h2' | 'h3' };

/**
 * One course of the catalogue: thumbnail, title, description, 'N lessons', total time and the
 * learner's progress with a button to start, continue or review. A Pro course the learner cannot
 * open shows a lock and the way to Pro instead.
 */
export function CourseCard({ course, headingLevel: Heading = 'h2' }: Props) {
  const titleId = useId();
  const action = courseActionLabel(course.progress);
  return (
    <article
      className={`cw-course-card${course.locked ? ' cw-course-card--locked' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="cw-course-card__media">
        <img src={course.thumbnail} alt="" width={640} height={360} decoding="async" />
        <div className="cw-course-card__badges">
          {course.locked ? (
            <span className="cw-course-badge cw-course-badge--locked">
              <LockFilled aria-hidden="true" /> Pro · Locked
            </span>
          ) : course.isPro ? (
            <span className="cw-course-badge cw-course-badge--pro">Pro</span>
          ) : null}
          {course.published ? null : <span className="cw-course-badge cw-course-badge--draft">Draft</span>}
          {course.progress >= 100 ? (
            <span className="cw-course-badge cw-course-badge--done">
              <CheckCircleFilled aria-hidden="true" /> Completed
            </span>
          ) : null}
        </div>
      </div>
      <div className="cw-course-card__body">
        <Heading id={titleId} className="cw-course-card__title">
          {course.title}
        </Heading>
        <p className="cw-course-card__description">{course.description}</p>
        <p className="cw-course-card__meta">
          <span>
            <PlayCircleOutlined aria-hidden="true" /> {lessonCountLabel(course.videoCount)}
          </span>
          <span>
            <ClockCircleOutlined aria-hidden="true" /> {formatCourseLength(course.totalDuration)}
          </span>
        </p>
        {course.locked ? (
          <div className="cw-course-card__footer">
            <p className="cw-course-card__locked-note">
              <LockFilled aria-hidden="true" /> This course is part of Pro.
            </p>
            <Link
              className="cw-course-action cw-course-action--pro"
              to="/pricing"
              aria-label={`Unlock with Pro: ${course.title}`}
            >
              Unlock with Pro
            </Link>
          </div>
        ) : (
          <div className="cw-course-card__footer">
            <CourseProgress
              className="cw-course-card__progress"
              percent={course.progress}
              size="small"
              aria-label={`Progress in ${course.title}`}
            />
            <p className="cw-course-card__done">
              {course.completedCount} of {lessonCountLabel(course.videoCount)} done
            </p>
            {course.videoCount > 0 ? (
              <Link
                className="cw-course-action"
                to={courseLessonsPath(course._id, course.continueVideoId)}
                aria-label={`${action}: ${course.title}`}
              >
                {action}
              </Link>
            ) : (
              <p className="cw-course-card__done">Lessons are on their way.</p>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
