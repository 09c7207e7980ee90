import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { useCourseToContinue } from '../api/get-course-to-continue';
import './continue-learning-card.css';
import { DashboardLoadFailed } from './dashboard-load-failed';

/**
 * Nothing to continue at 0 %: the catalogue card's words (courses' courseActionLabel). "Start"
 * alone says nothing out of context (Lighthouse's link-text audit lists it).
 */
const continueLabel = (progress: number) => (progress > 0 ? 'Continue' : 'Start course');

function lessonsPath(courseId: string, videoId: number | null) {
  const path = `/courseVideos/${encodeURIComponent(courseId)}`;
  return videoId ? `${path}?video=${videoId}` : path;
}

/** A course's progress as antd's line Progress drew it: a brand-coloured bar, then '40%'. */
function CourseProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(100, Math.max(0, percent));
  return (
    <div className="cw-dashboard-progress">
      <progress className="cw-dashboard-progress__bar" max={100} value={value} aria-label={label} />
      <span className="cw-dashboard-progress__text">{value}%</span>
    </div>
  );
}

/** The card around what it shows: its heading, "Continue learning". */
function ContinueLearningSection({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="cw-plain-card cw-dashboard-continue" aria-labelledby={headingId}>
      <h2 id={headingId} className="cw-dashboard-continue__heading">
        <SvgIcon icon={PlayCircleOutlined} className="cw-dashboard-continue__icon" />
        Continue learning
      </h2>
      {children}
    </section>
  );
}

/**
 * The card while GET /courses is on its way: the shape of a course to continue (its picture is most
 * of the card on a phone), so the cards below do not jump when it lands. /home's first view in the
 * HTML is this card too (HomeFirstView); the HTML's head script puts the picture in this slot as
 * soon as it knows which (PENDING_PICTURE_CLASS, apps/api/src/plugins/prerender-head.ts).
 */
export function ContinueLearningPending() {
  return (
    <ContinueLearningSection>
      <PendingCourse />
    </ContinueLearningSection>
  );
}

function PendingCourse() {
  return (
    <div className="cw-dashboard-continue__course">
      <div className={`cw-dashboard-continue__image ${PENDING_PICTURE_CLASS}`} aria-hidden="true" />
      <PlainSkeleton
        rows={3}
        className="cw-dashboard-continue__body cw-dashboard-continue__body--pending"
        label="Loading your courses"
      />
    </div>
  );
}

/** The pending picture's slot, which /home's head script fills (prerender-head.ts names it too). */
export const PENDING_PICTURE_CLASS = 'cw-dashboard-continue__image--pending';

/** /home: the course to pick up, with its progress and a Continue button (docs/architecture.md §Public pages and /home). */
export function ContinueLearningCard() {
  const query = useCourseToContinue();
  return (
    <ContinueLearningSection>
      {query.isPending ? (
        <PendingCourse />
      ) : query.error ? (
        <DashboardLoadFailed
          what="your courses"
          error={query.error}
          onRetry={() => void query.refetch()}
          className="cw-dashboard-continue__message"
        />
      ) : query.data.kind === 'continue' ? (
        <div className="cw-dashboard-continue__course">
          <img
            className="cw-dashboard-continue__image"
            src={query.data.course.thumbnail}
            fetchPriority="high"
            alt=""
            width={640}
            height={360}
          />
          <div className="cw-dashboard-continue__body">
            <p className="cw-dashboard-continue__title">{query.data.course.title}</p>
            <CourseProgressBar
              percent={query.data.course.progress}
              label={`Progress in ${query.data.course.title}`}
            />
            <p className="cw-dashboard-continue__text">
              {query.data.course.completedCount} of {query.data.course.videoCount} lessons done
            </p>
            <Link
              className="cw-dashboard-continue__action"
              to={lessonsPath(query.data.course._id, query.data.course.continueVideoId)}
              aria-label={`${continueLabel(query.data.course.progress)}: ${query.data.course.title}`}
            >
              {continueLabel(query.data.course.progress)}
            </Link>
          </div>
        </div>
      ) : (
        <div className="cw-dashboard-continue__message">
          {query.data.kind === 'all-done' ? (
            <p>
              <SvgIcon icon={TrophyOutlined} className="cw-dashboard-continue__trophy" /> You have finished
              every course open to you.
            </p>
          ) : (
            <p>No courses are open to you yet.</p>
          )}
          <Link to="/course">Browse the courses</Link>
        </div>
      )}
    </ContinueLearningSection>
  );
}
