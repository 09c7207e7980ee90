import { PageHeader } from '@/components/page-header/page-header';
import { useCourses } from '../api/get-courses';
import { ContinueLearning } from '../components/continue-learning';
import { CourseCatalogue } from '../components/course-catalogue';
import { MyCertificates } from '../components/my-certificates';
import { DueReviewsCard } from '../components/quiz/due-reviews-card';
import './learning-hub.css';

/** /home2, the learning hub: the course to continue, the learner's totals and the whole catalogue. */
export default function LearningHubPage() {
  const courses = useCourses();
  const list = courses.data ?? [];
  const open = list.filter((course) => !course.locked);
  const lessonsDone = open.reduce((sum, course) => sum + course.completedCount, 0);
  const lessonsTotal = open.reduce((sum, course) => sum + course.videoCount, 0);
  const coursesDone = open.filter((course) => course.videoCount > 0 && course.progress >= 100).length;
  return (
    <>
      <PageHeader
        title="Learning Hub"
        description="The course catalogue and your progress in one place: pick up the next unfinished lesson."
      />
      {courses.data && courses.data.length > 0 ? (
        <section className="cw-hub__section" aria-labelledby="cw-hub-continue">
          <h2 id="cw-hub-continue" className="cw-hub__heading">
            Continue where you left off
          </h2>
          <ContinueLearning courses={courses.data} />
          <dl className="cw-hub__stats">
            <div className="cw-hub__stat">
              <dt>Lessons completed</dt>
              <dd>
                {lessonsDone} <span className="cw-hub__stat-of">of {lessonsTotal}</span>
              </dd>
            </div>
            <div className="cw-hub__stat">
              <dt>Courses finished</dt>
              <dd>
                {coursesDone} <span className="cw-hub__stat-of">of {open.length}</span>
              </dd>
            </div>
          </dl>
        </section>
      ) : null}
      {/* Issue #42: the learner's certificates. */}
      <MyCertificates />
      <DueReviewsCard />
      <section className="cw-hub__section" aria-labelledby="cw-hub-catalogue">
        <h2 id="cw-hub-catalogue" className="cw-hub__heading">
          All courses
        </h2>
        <CourseCatalogue
          courses={courses.data}
          isPending={courses.isPending}
          error={courses.error}
          onRetry={() => void courses.refetch()}
          headingLevel="h3"
        />
      </section>
    </>
  );
}
