import { PlayCircleOutlined } from '@ant-design/icons';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { useId } from 'react';
import type { LessonChapter } from '../api/get-course';
import './lesson-chapters.css';

type Props = {
  chapters: LessonChapter[];
  /** The second the player is at, to mark the chapter playing now. */
  currentSecond: number | null;
  onChoose: (startSeconds: number) => void;
};

/** The 'Video Time Stamps' box (docs/product-contract.md §2): each chapter's name and start–end as m:ss; a click seeks. */
export function LessonChapters({ chapters, currentSecond, onChoose }: Props) {
  const headingId = useId();
  return (
    <section className="cw-chapters" aria-labelledby={headingId}>
      <h3 id={headingId} className="cw-chapters__heading">
        Video Time Stamps
      </h3>
      {chapters.length === 0 ? (
        <p className="cw-chapters__empty">This lesson has no time stamps.</p>
      ) : (
        <ol className="cw-chapters__list">
          {chapters.map((chapter) => {
            const current =
              currentSecond !== null && currentSecond >= chapter.startTime && currentSecond < chapter.endTime;
            return (
              <li key={chapter.id}>
                <button
                  type="button"
                  className={`cw-chapter${current ? ' cw-chapter--current' : ''}`}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onChoose(chapter.startTime)}
                >
                  <PlayCircleOutlined aria-hidden="true" className="cw-chapter__icon" />
                  <span className="cw-chapter__name">{chapter.name}</span>
                  <span className="cw-chapter__time">
                    {formatMinutesSeconds(chapter.startTime)} – {formatMinutesSeconds(chapter.endTime)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
