import { TrophyOutlined } from '@ant-design/icons';

import { Link } from 'react-router';
import type { CourseSummary } from '../api/get-courses';
import { courseActionLabel, courseLessonsPath, lessonCountLabel } from './course-labels';
import { CourseProgress } from './course-progress';
import { pickCourseToContinue } from './pick-course-to-continue';
import './continue-learning.css';
import './course-ui.css';

/** The learning hub's first block: the course to pick up now, or a word of congratulation. */
export function ContinueLearning({ courses }: { courses: CourseSummary[] }) {
  const course = pickCourseToContinue(courses);
  if (!course) {
    const lockedCount = courses.filter((item) => item.locked).length;
    return (
      <div className="cw-continue cw-continue--done">
        <TrophyOutlined aria-hidden="true" className="cw-continue__trophy" />
        <div>
          <p className="cw-continue__title">You have finished every course open to you.</p>
          {lockedCount > 0 ? (
            <p className="cw-continue__text">
              {lockedCount} more {lockedCount === 1 ? 'course is' : 'courses are'} part of Pro.{' '}
              <Link to="/pricing">See Pro</Link>
            </p>
          ) : (
            <p className="cw-continue__text">New courses are announced in your notifications.</p>
          )}
        </div>
      </div>
    );
  }
  const started = course.progress > 0;
  return (
    <article className="cw-continue" aria-labelledby="cw-continue-title">
      <img className="cw-continue__image" src={course.thumbnail} alt="" width={640} height={360} />
      <div className="cw-continue__body">
        <p className="cw-continue__eyebrow">{started ? 'In progress' : 'Start here'}</p>
        <h3 id="cw-continue-title" className="cw-continue__title">
          {course.title}
        </h3>
        <p className="cw-continue__text">{course.description}</p>
        <CourseProgress percent={course.progress} aria-label={`Progress in ${course.title}`} />
        <p className="cw-continue__text">
          {course.completedCount} of {lessonCountLabel(course.videoCount)} done
        </p>
        <Link
          className="cw-course-action"
          to={courseLessonsPath(course._id, course.continueVideoId)}
          aria-label={`${courseActionLabel(course.progress)}: ${course.title}`}
        >
          {courseActionLabel(course.progress)}
        </Link>
      </div>
    </article>
  );
}
