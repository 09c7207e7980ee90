import { Empty } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useIsNarrowScreen } from '@/lib/use-media-query';
import { usePageTitle } from '@/lib/use-page-title';
import { type CourseDetail, useCourse } from '../api/get-course';
import { CourseNotesSearch } from '../components/course-notes-search';
import { CourseRequirementsPanel } from '../components/course-requirements';
import { CourseUnavailable } from '../components/course-unavailable';
// #42 drills: ?drill=<id> shows a drill instead of a lesson
import { DrillView } from '../components/drill-view';
import { LessonList } from '../components/lesson-list';
import { LessonNotReleased } from '../components/lesson-not-released';
import { LessonView } from '../components/lesson-view';
import '../components/course-ui.css';
import './course-videos.css';

// #42 quizzes (H1): ?quiz=<id> shows the quiz instead of the lesson.
const QuizView = lazy(() => import('../components/quiz/quiz-view').then((m) => ({ default: m.QuizView })));

/**
 * /courseVideos/{courseId}: the lesson page (docs/product-contract.md §2). The chosen lesson lives in ?video=<id>, so
 * "Continue" links open the right lesson and a reload keeps it; without one the first is chosen.
 */
export default function CourseVideosPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  if (course.isPending) return <LessonPageSkeleton />;
  if (course.error)
    return (
      <CourseUnavailable courseId={courseId} error={course.error} onRetry={() => void course.refetch()} />
    );
  return <CourseLessons courseId={courseId} detail={course.data} />;
}

function CourseLessons({ courseId, detail }: { courseId: string; detail: CourseDetail }) {
  usePageTitle(detail.course.title);
  const [params, setParams] = useSearchParams();
  const isNarrow = useIsNarrowScreen();
  const [listOpen, setListOpen] = useState(false);
  // Every choice of a lesson, even of the one showing, puts the player back to its thumbnail (docs/product-contract.md §2).
  const [choices, setChoices] = useState(0);

  const lessons = detail.videos;
  const requested = Number(params.get('video'));
  const index = Math.max(
    0,
    lessons.findIndex((lesson) => lesson.id === requested),
  );
  const lesson = lessons[index];
  const drillId = params.get('drill'); // #42 drills
  // --- lesson player (#42): ?t=<seconds> opens the lesson at that moment (a note found by search).
  const at = params.get('t');
  const startSeconds = at !== null && /^\d+$/.test(at) ? Number(at) : undefined;
  // --- end lesson player
  const quizId = params.get('quiz'); // #42 quizzes (H1)

  function select(videoId: number) {
    setParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        nextParams.set('video', String(videoId));
        nextParams.delete('drill'); // #42 drills
        nextParams.delete('t');
        nextParams.delete('quiz'); // #42 quizzes (H1)
        return nextParams;
      },
      { replace: true },
    );
    setChoices((count) => count + 1);
    if (isNarrow) setListOpen(false);
  }

  return (
    <div className="cw-course-lessons">
      <LessonList
        detail={detail}
        selectedId={quizId ? undefined : lesson?.id}
        onSelect={select}
        collapsible={isNarrow}
        open={listOpen}
        onToggle={() => setListOpen((open) => !open)}
      />
      <div className="cw-course-lessons__main">
        {quizId ? (
          // #42 quizzes (H1)
          <Suspense fallback={null}>
            <QuizView key={quizId} courseId={courseId} quizId={quizId} />
          </Suspense>
        ) : drillId ? (
          <DrillView key={drillId} drillId={drillId} />
        ) : lesson && !lesson.released ? (
          // Issue #42: a dripped lesson not yet open says when it opens.
          <LessonNotReleased lesson={lesson} index={index} />
        ) : lesson ? (
          <LessonView
            key={`${lesson.id}-${choices}-${startSeconds ?? ''}`}
            courseId={courseId}
            lesson={lesson}
            startSeconds={startSeconds}
            index={index}
            previous={lessons[index - 1]}
            next={lessons[index + 1]}
            onSelect={select}
          />
        ) : (
          <Empty description="This course has no lessons yet. Check back soon." />
        )}
        {/* Issue #42: the requirements checklist and the certificate link. */}
        <CourseRequirementsPanel courseId={courseId} />
        {/* lesson player (#42): the learner's notes across the course */}
        {lesson ? <CourseNotesSearch courseId={courseId} /> : null}
      </div>
    </div>
  );
}

/** The page's shape in grey while the course loads. */
function LessonPageSkeleton() {
  return (
    <div className="cw-course-lessons" role="status" aria-label="Loading the course" aria-busy="true">
      <div className="cw-course-lessons__skeleton-list" aria-hidden="true">
        <div className="cw-skeleton cw-skeleton--line" style={{ width: '40%' }} />
        <div className="cw-skeleton cw-skeleton--title" />
        <div className="cw-skeleton cw-skeleton--line" style={{ width: '30%' }} />
        {[0, 1, 2].map((row) => (
          <div key={row} className="cw-course-lessons__skeleton-row">
            <div className="cw-skeleton cw-course-lessons__skeleton-thumb" />
            <div className="cw-skeleton cw-skeleton--line" style={{ flex: 1 }} />
          </div>
        ))}
      </div>
      <div className="cw-course-lessons__main" aria-hidden="true">
        <div className="cw-skeleton cw-course-lessons__skeleton-player" />
        <div className="cw-skeleton cw-skeleton--title" style={{ width: '60%' }} />
        <div className="cw-skeleton cw-skeleton--line" />
      </div>
    </div>
  );
}
