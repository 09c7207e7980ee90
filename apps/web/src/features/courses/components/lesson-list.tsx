import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Button } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CourseDetail } from '../api/get-course';
import { lessonCountLabel } from './course-labels';
import { CourseProgress } from './course-progress';
import { DrillListItems } from './drill-list-items'; // #42 drills
import { QuizItemsAfterLesson } from './quiz/quiz-items-after-lesson';
import './lesson-list.css';

type Props = {
  detail: CourseDetail;
  selectedId: number | undefined;
  onSelect: (videoId: number) => void;
  /** Narrow screens: the list folds away behind a Show/Hide button. */
  collapsible: boolean;
  open: boolean;
  onToggle: () => void;
};

/** The left list of the lesson page (docs/product-contract.md §2): course title, 'N lessons', each lesson with its state. */
export function LessonList({ detail, selectedId, onSelect, collapsible, open, onToggle }: Props) {
  const listId = useId();
  const { course, videos } = detail;
  const hidden = collapsible && !open;
  return (
    <aside className="cw-lesson-list" aria-label="Course lessons">
      <div className="cw-lesson-list__header">
        <Link to="/course" className="cw-lesson-list__back">
          <ArrowLeftOutlined aria-hidden="true" /> All courses
        </Link>
        <h1 className="cw-lesson-list__title">{course.title}</h1>
        <p className="cw-lesson-list__count">{lessonCountLabel(videos.length)}</p>
        <CourseProgress percent={detail.progress} size="small" aria-label="Course progress" />
        {collapsible ? (
          <Button
            className="cw-lesson-list__toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={onToggle}
            block
          >
            {open ? 'Hide lessons' : 'Show lessons'}
          </Button>
        ) : null}
      </div>
      <ol id={listId} className="cw-lesson-list__items" hidden={hidden}>
        {videos.map((lesson, index) => {
          const selected = lesson.id === selectedId;
          return (
            <li key={lesson.id}>
              <button
                type="button"
                className={`cw-lesson-item${selected ? ' cw-lesson-item--selected' : ''}`}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(lesson.id)}
              >
                <span className="cw-lesson-item__thumb">
                  <img src={lesson.thumbnail} alt="" width={112} height={63} />
                  {lesson.completed ? (
                    <span className="cw-lesson-item__check" role="img" aria-label="Completed">
                      <CheckOutlined aria-hidden="true" />
                    </span>
                  ) : null}
                </span>
                <span className="cw-lesson-item__text">
                  <span className="cw-lesson-item__index">Lesson {index + 1}</span>
                  <span className="cw-lesson-item__title">{lesson.title}</span>
                  <span className="cw-lesson-item__duration">
                    <span className="cw-visually-hidden">Duration:</span>{' '}
                    {formatMinutesSeconds(lesson.duration)}
                  </span>
                </span>
              </button>
              {/* #42 drills: the drills placed after this lesson */}
              <DrillListItems courseId={course._id} afterVideoId={lesson.id} />
              {/* #42 quizzes (H1): the quizzes placed after this lesson. */}
              <QuizItemsAfterLesson courseId={course._id} videoId={lesson.id} />
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
