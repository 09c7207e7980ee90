import { ClockCircleOutlined } from '@ant-design/icons';
import type { Lesson } from '../api/get-course';
import './course-requirements.css';

/** A dripped lesson that is not open yet (issue #42): when it opens instead of the player. */
export function LessonNotReleased({ lesson, index }: { lesson: Lesson; index: number }) {
  const opens = new Date(lesson.releaseAt).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <section className="cw-lesson-not-released" aria-labelledby="cw-lesson-not-released-title">
      <ClockCircleOutlined aria-hidden="true" style={{ fontSize: 32 }} />
      <h2 id="cw-lesson-not-released-title">
        Lesson {index + 1}: {lesson.title}
      </h2>
      <p>This lesson opens on {opens}. The course releases its lessons a few days apart; come back then.</p>
    </section>
  );
}
