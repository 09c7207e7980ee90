import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Alert, Input } from 'antd';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { useCourseNoteSearch } from '../api/lesson-notes';
import './lesson-player-extras.css';

/** The link that opens a lesson at a moment: ?video=<id>&t=<seconds>. */
export function lessonAtTimeHref(courseId: string, videoId: number, atSeconds: number | null): string {
  const params = new URLSearchParams({ video: String(videoId) });
  if (atSeconds !== null) params.set('t', String(atSeconds));
  return `/courseVideos/${encodeURIComponent(courseId)}?${params}`;
}

/** Searching the learner's notes across the course; a match opens its lesson at the note's time. */
export function CourseNotesSearch({ courseId }: { courseId: string }) {
  const headingId = useId();
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const search = useCourseNoteSearch(courseId, q, q.length > 0);

  return (
    <section className="cw-note-search" aria-labelledby={headingId}>
      <h3 id={headingId} className="cw-note-search__heading">
        Search my notes
      </h3>
      <Input.Search
        aria-label="Search my notes in this course"
        placeholder="A word from your notes"
        allowClear
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        loading={search.isFetching}
      />
      {q.length === 0 ? null : search.error ? (
        <Alert type="error" showIcon title={`We could not search your notes. ${search.error.message}`} />
      ) : search.data === undefined ? (
        <p className="cw-note-search__empty" role="status">
          Searching…
        </p>
      ) : search.data.length === 0 ? (
        <p className="cw-note-search__empty" role="status">
          No notes contain “{q}”.
        </p>
      ) : (
        <ul className="cw-note-search__list" aria-label="Notes found">
          {search.data.map((match) => (
            <li key={match.id}>
              <Link
                className="cw-note-search__match"
                to={lessonAtTimeHref(courseId, match.videoId, match.atSeconds)}
              >
                <span className="cw-note-search__where">
                  {match.lessonTitle}
                  {match.atSeconds !== null ? ` · ${formatMinutesSeconds(match.atSeconds)}` : ''}
                </span>
                <span className="cw-note-search__text">{match.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
