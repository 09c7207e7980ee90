import { ClockCircleOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  NOTE_EMPTY_SENTENCE,
  NOTE_MAX_CHARACTERS,
  NOTE_TOO_LONG_SENTENCE,
} from '@candlewise/shared/courses/lesson-player-rules';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Alert, Button, Checkbox, Input, Popconfirm } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useId, useRef, useState } from 'react';
import { MarkdownText } from '@/components/markdown-text/markdown-text';
import { type LessonNote, useLessonNoteMutations, useLessonNotes } from '../api/lesson-notes';
import './lesson-player-extras.css';

/** A request from a shortcut (n) to start a note; `id` changes on every press. */
export type NewNoteRequest = { id: number; atSeconds: number | null };

type Props = {
  courseId: string;
  videoId: number;
  /** The second the player is at, offered as the note's time; null before the player reports. */
  currentSecond: number | null;
  /** A bookmark's time: the player goes there. */
  onSeek: (seconds: number) => void;
  newNoteRequest: NewNoteRequest | null;
};

/** What is wrong with a note's text, as the API would say it, or null. */
function noteProblem(body: string): string | null {
  if (body.trim().length === 0) return NOTE_EMPTY_SENTENCE;
  if (body.length > NOTE_MAX_CHARACTERS) return NOTE_TOO_LONG_SENTENCE;
  return null;
}

/** The learner's private notes and bookmarks on a lesson, beside the player (Markdown, no raw HTML). */
export function LessonNotesPanel({ courseId, videoId, currentSecond, onSeek, newNoteRequest }: Props) {
  const headingId = useId();
  const notes = useLessonNotes(courseId, videoId);
  const { create, update, remove } = useLessonNoteMutations(courseId, videoId);
  const [draft, setDraft] = useState('');
  const [atTime, setAtTime] = useState(false);
  const [requestedAt, setRequestedAt] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const textArea = useRef<TextAreaRef>(null);

  // n: focus the new note with the time the player was at when the key was pressed.
  useEffect(() => {
    if (!newNoteRequest) return;
    setRequestedAt(newNoteRequest.atSeconds);
    setAtTime(newNoteRequest.atSeconds !== null);
    textArea.current?.focus();
  }, [newNoteRequest]);

  const offeredSecond = requestedAt ?? currentSecond;

  function add() {
    const found = noteProblem(draft);
    setProblem(found);
    if (found) return;
    create.mutate(
      { body: draft, atSeconds: atTime && offeredSecond !== null ? offeredSecond : null },
      {
        onSuccess: () => {
          setDraft('');
          setAtTime(false);
          setRequestedAt(null);
        },
      },
    );
  }

  return (
    <section className="cw-notes" aria-labelledby={headingId}>
      <h3 id={headingId} className="cw-notes__heading">
        My notes
      </h3>
      <p className="cw-notes__hint">Private to you. Markdown works: **bold**, lists, links.</p>
      <div className="cw-notes__new">
        <Input.TextArea
          ref={textArea}
          aria-label="New note"
          aria-keyshortcuts="n"
          placeholder="Write a note about this lesson"
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={draft}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${headingId}-problem` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) add();
          }}
        />
        {problem ? (
          <p id={`${headingId}-problem`} className="cw-notes__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="cw-notes__new-actions">
          {offeredSecond !== null ? (
            <Checkbox checked={atTime} onChange={(event) => setAtTime(event.target.checked)}>
              at {formatMinutesSeconds(offeredSecond)}
            </Checkbox>
          ) : (
            <span />
          )}
          <Button type="primary" onClick={add} loading={create.isPending}>
            Add note
          </Button>
        </div>
        {create.error ? (
          <Alert type="error" showIcon title={`We could not add the note. ${create.error.message}`} />
        ) : null}
      </div>
      {notes.isPending ? (
        <div role="status" aria-label="Loading your notes" className="cw-notes__loading">
          <div className="cw-skeleton cw-skeleton--line" />
          <div className="cw-skeleton cw-skeleton--line" style={{ width: '70%' }} />
        </div>
      ) : notes.error ? (
        <Alert
          type="error"
          showIcon
          title="Your notes could not be loaded."
          description={notes.error.message}
          action={
            <Button size="small" onClick={() => void notes.refetch()}>
              Try again
            </Button>
          }
        />
      ) : notes.data.length === 0 ? (
        <p className="cw-notes__empty">
          No notes yet. Press n to write one at the current time, or b to bookmark it.
        </p>
      ) : (
        <ul className="cw-notes__list">
          {notes.data.map((note) =>
            editing === note.id ? (
              <li key={note.id} className="cw-note">
                <NoteEditor
                  note={note}
                  saving={update.isPending}
                  error={update.error?.message ?? null}
                  onCancel={() => setEditing(null)}
                  onSave={(body) =>
                    update.mutate({ id: note.id, body }, { onSuccess: () => setEditing(null) })
                  }
                />
              </li>
            ) : (
              <li key={note.id} className="cw-note">
                {note.atSeconds !== null ? (
                  <Button
                    size="small"
                    className="cw-note__time"
                    icon={<ClockCircleOutlined aria-hidden="true" />}
                    onClick={() => onSeek(note.atSeconds ?? 0)}
                    aria-label={`Play from ${formatMinutesSeconds(note.atSeconds)}`}
                  >
                    {formatMinutesSeconds(note.atSeconds)}
                  </Button>
                ) : null}
                <MarkdownText source={note.body} className="cw-note__body" headingLevel={4} />
                <div className="cw-note__actions">
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined aria-hidden="true" />}
                    onClick={() => setEditing(note.id)}
                  >
                    Edit
                  </Button>
                  <Popconfirm
                    title="Delete this note?"
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(note.id)}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden="true" />}>
                      Delete
                    </Button>
                  </Popconfirm>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {remove.error ? (
        <Alert type="error" showIcon title={`We could not delete the note. ${remove.error.message}`} />
      ) : null}
    </section>
  );
}

function NoteEditor({
  note,
  saving,
  error,
  onSave,
  onCancel,
}: {
  note: LessonNote;
  saving: boolean;
  error: string | null;
  onSave: (body: string) => void;
  onCancel: () => void;
}) {
  const [body, setBody] = useState(note.body);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <div className="cw-note__editor">
      <Input.TextArea
        aria-label="Edit note"
        autoFocus
        autoSize={{ minRows: 2, maxRows: 10 }}
        value={body}
        status={shown ? 'error' : undefined}
        onChange={(event) => {
          setBody(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      {shown ? (
        <p className="cw-notes__problem" role="alert">
          {shown}
        </p>
      ) : null}
      <div className="cw-note__actions">
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="small"
          type="primary"
          loading={saving}
          onClick={() => {
            const found = noteProblem(body);
            setProblem(found);
            if (!found) onSave(body);
          }}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
