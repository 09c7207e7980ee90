import { PlayCircleOutlined, TrophyOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useCourseToContinue } from '../api/get-course-to-continue';
import './continue-learning-card.css';

/** antd colours progress with its info blue; ours is the brand teal (light and dark). */
const BRAND_STROKE = 'var(--cw-color-brand)';

function lessonsPath(courseId: string, videoId: number | null) {
  const path = `/courseVideos/${encodeURIComponent(courseId)}`;
  return videoId ? `${path}?video=${videoId}` : path;
}

/** /home: the course to pick up, with its progress and a Continue button (DESIGN §16). */
export function ContinueLearningCard() {
  const query = useCourseToContinue();
  return (
    <Card className="cw-dashboard-continue">
      <h2 className="cw-dashboard-continue__heading">
        <PlayCircleOutlined aria-hidden="true" className="cw-dashboard-continue__icon" />
        Continue learning
      </h2>
      {query.isPending ? (
        // The shape of a course to continue (its picture is most of the card on a phone), so the
        // cards below do not jump when it lands.
        <div className="cw-dashboard-continue__course">
          <div
            className="cw-dashboard-continue__image cw-dashboard-continue__image--pending"
            aria-hidden="true"
          />
          <Skeleton
            active
            title={false}
            paragraph={{ rows: 3 }}
            className="cw-dashboard-continue__body"
            aria-label="Loading your courses"
          />
        </div>
      ) : query.error ? (
        <div className="cw-dashboard-continue__message">
          <p>We could not load your courses. {query.error.message}</p>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
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
            <Progress
              strokeColor={BRAND_STROKE}
              percent={query.data.course.progress}
              aria-label={`Progress in ${query.data.course.title}`}
            />
            <p className="cw-dashboard-continue__text">
              {query.data.course.completedCount} of {query.data.course.videoCount} lessons done
            </p>
            <Link
              className="cw-dashboard-continue__action"
              to={lessonsPath(query.data.course._id, query.data.course.continueVideoId)}
              aria-label={`Continue: ${query.data.course.title}`}
            >
              Continue
            </Link>
          </div>
        </div>
      ) : (
        <div className="cw-dashboard-continue__message">
          {query.data.kind === 'all-done' ? (
            <p>
              <TrophyOutlined aria-hidden="true" className="cw-dashboard-continue__trophy" /> You have
              finished every course open to you.
            </p>
          ) : (
            <p>No courses are open to you yet.</p>
          )}
          <Link to="/course">Browse the courses</Link>
        </div>
      )}
    </Card>
  );
}
