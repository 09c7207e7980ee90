import { CheckCircleFilled, CheckOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Button } from 'antd';
import { useId } from 'react';
import type { Lesson } from '../api/get-course';
import { useSetLessonCompletion } from '../api/set-lesson-completion';
import { useLessonPlayer } from '../hooks/use-lesson-player';
import { LessonChapters } from './lesson-chapters';
import { LessonPlayer } from './lesson-player';
import './lesson-view.css';

type Props = {
  courseId: string;
  lesson: Lesson;
  index: number;
  previous: Lesson | undefined;
  next: Lesson | undefined;
  onSelect: (videoId: number) => void;
};

/**
 * The main area of the lesson page: player, title, description, the completion toggle and the
 * time stamps. Rendered with key = lesson id, so another lesson starts again at its thumbnail.
 */
export function LessonView({ courseId, lesson, index, previous, next, onSelect }: Props) {
  const titleId = useId();
  const player = useLessonPlayer(courseId, lesson);
  const completion = useSetLessonCompletion(courseId);

  return (
    <section className="cw-lesson" aria-labelledby={titleId}>
      <LessonPlayer
        lesson={lesson}
        src={player.src}
        loadCount={player.loadCount}
        iframeRef={player.iframeRef}
        onPlayerLoad={player.onPlayerLoad}
        onPlay={player.play}
        canPlay={player.canPlay}
        resumeSeconds={player.resumeSeconds}
      />
      <div className="cw-lesson__header">
        <div className="cw-lesson__heading">
          <p className="cw-lesson__eyebrow">
            Lesson {index + 1} · {formatMinutesSeconds(lesson.duration)}
          </p>
          <h2 id={titleId} className="cw-lesson__title">
            {lesson.title}
          </h2>
        </div>
        <Button
          className={`cw-lesson__complete${lesson.completed ? ' cw-lesson__complete--done' : ''}`}
          size="large"
          type={lesson.completed ? 'default' : 'primary'}
          icon={
            lesson.completed ? <CheckCircleFilled aria-hidden="true" /> : <CheckOutlined aria-hidden="true" />
          }
          onClick={() => completion.mutate({ videoId: lesson.id, completed: !lesson.completed })}
        >
          {lesson.completed ? 'Completed' : 'Mark as Complete'}
        </Button>
      </div>
      {lesson.description ? <p className="cw-lesson__description">{lesson.description}</p> : null}
      <LessonChapters
        chapters={lesson.timestamps}
        currentSecond={player.currentSecond}
        onChoose={player.seek}
      />
      {previous || next ? (
        <nav className="cw-lesson__pager" aria-label="Previous and next lesson">
          {previous ? (
            <Button icon={<LeftOutlined aria-hidden="true" />} onClick={() => onSelect(previous.id)}>
              <span className="cw-lesson__pager-label">Previous lesson</span>
            </Button>
          ) : (
            <span />
          )}
          {next ? (
            <Button
              icon={<RightOutlined aria-hidden="true" />}
              iconPlacement="end"
              onClick={() => onSelect(next.id)}
            >
              <span className="cw-lesson__pager-label">Next lesson</span>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
