import { CheckCircleFilled, CheckOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { stepPlaybackRate } from '@candlewise/shared/courses/lesson-player-rules';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { Lesson } from '../api/get-course';
import { usePlaybackRate, useSavePlaybackRate } from '../api/learning-preferences';
import { useLessonNoteMutations } from '../api/lesson-notes';
import { useSetLessonCompletion } from '../api/set-lesson-completion';
import { type LessonWatchRules, useLessonPlayer } from '../hooks/use-lesson-player';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { LessonChapters } from './lesson-chapters';
import { LessonNotesPanel, type NewNoteRequest } from './lesson-notes-panel';
import { LessonPlayer } from './lesson-player';
import { PlayerToolbar } from './player-toolbar';
import './lesson-view.css';

type Props = {
  courseId: string;
  lesson: Lesson & LessonWatchRules;
  /** Open the player at this second (a note found by search); the saved position otherwise. */
  startSeconds?: number;
  index: number;
  previous: Lesson | undefined;
  next: Lesson | undefined;
  onSelect: (videoId: number) => void;
};

/**
 * The main area of the lesson page: player, title, description, the completion toggle and the
 * time stamps. Rendered with key = lesson id, so another lesson starts again at its thumbnail.
 */
export function LessonView({ courseId, lesson, startSeconds, index, previous, next, onSelect }: Props) {
  const titleId = useId();
  const playbackRate = usePlaybackRate();
  const savePlaybackRate = useSavePlaybackRate();
  const player = useLessonPlayer(courseId, lesson, { playbackRate, startSeconds });
  const completion = useSetLessonCompletion(courseId);
  const { create: createNote } = useLessonNoteMutations(courseId, lesson.id);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [newNoteRequest, setNewNoteRequest] = useState<NewNoteRequest | null>(null);

  const changeRate = (rate: number) => {
    if (rate !== playbackRate) savePlaybackRate.mutate(rate);
  };

  usePlayerShortcuts(
    {
      togglePlay: player.togglePlay,
      back: () => player.seekBy(-10),
      forward: () => player.seekBy(10),
      slower: () => changeRate(stepPlaybackRate(playbackRate, -1)),
      faster: () => changeRate(stepPlaybackRate(playbackRate, 1)),
      newNote: () =>
        setNewNoteRequest((request) => ({
          id: (request?.id ?? 0) + 1,
          atSeconds: player.getCurrentSecond(),
        })),
      bookmark: () => {
        const at = player.getCurrentSecond() ?? 0;
        createNote.mutate(
          { body: `Bookmark at ${formatMinutesSeconds(at)}`, atSeconds: at },
          {
            onSuccess: () => toast.success(`Bookmarked ${formatMinutesSeconds(at)}.`),
            onError: (error) => toast.error(`We could not add the bookmark. ${error.message}`),
          },
        );
      },
      showShortcuts: () => setShortcutsOpen(true),
    },
    !shortcutsOpen,
  );

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
      <PlayerToolbar
        playbackRate={playbackRate}
        onPlaybackRate={changeRate}
        onShowShortcuts={() => setShortcutsOpen(true)}
        skipNotice={player.skipNotice}
        onDismissSkipNotice={player.dismissSkipNotice}
      />
      <KeyboardShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
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
      <LessonNotesPanel
        courseId={courseId}
        videoId={lesson.id}
        currentSecond={player.currentSecond}
        onSeek={player.seek}
        newNoteRequest={newNoteRequest}
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
