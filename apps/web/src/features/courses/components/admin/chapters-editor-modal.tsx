import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ChapterInput, chapterProblems, chaptersSchema } from '@candlewise/shared';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Alert, Button, Input, Modal } from 'antd';
import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { errorsFromApi } from '@/components/admin-form-modal/use-admin-form-modal';
import type { Lesson } from '../../api/get-course';
import { useReplaceChapters } from '../../api/replace-chapters';
import { parseTimeInput, TIME_INPUT_HINT } from './time-input';

type Row = { key: number; name: string; start: string; end: string };

const NAME_MISSING = 'Name the chapter.';

/** Every problem of the rows as typed, per row: unreadable times, a missing name, then the chapter rules. */
export function chapterRowProblems(rows: Row[], durationSeconds: number): string[][] {
  const problems: string[][] = rows.map(() => []);
  const chapters: ChapterInput[] = [];
  let timesReadable = true;
  rows.forEach((row, index) => {
    const startTime = parseTimeInput(row.start);
    const endTime = parseTimeInput(row.end);
    if (!row.name.trim()) problems[index].push(NAME_MISSING);
    if (startTime === null) problems[index].push(`Start: ${TIME_INPUT_HINT}`);
    if (endTime === null) problems[index].push(`End: ${TIME_INPUT_HINT}`);
    if (startTime === null || endTime === null) timesReadable = false;
    chapters.push({
      name: row.name.trim() || `Chapter ${index + 1}`,
      startTime: startTime ?? 0,
      endTime: endTime ?? 0,
    });
  });
  // The chapter rules compare times: they run once every time can be read.
  if (!timesReadable) return problems;
  for (const problem of chapterProblems(chapters, durationSeconds))
    problems[problem.index].push(problem.message);
  return problems;
}

/**
 * The chapters of one lesson as editable rows (name, start, end in seconds or m:ss). The shared
 * chapter rules run as the admin types, so overlaps and chapters past the end show before saving;
 * the server checks them again and its per-chapter details land on the same rows.
 */
export function ChaptersEditorModal({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const formId = useId();
  const nextKey = useRef(lesson.timestamps.length);
  const [rows, setRows] = useState<Row[]>(() =>
    lesson.timestamps.map((chapter, index) => ({
      key: index,
      name: chapter.name,
      start: formatMinutesSeconds(chapter.startTime),
      end: formatMinutesSeconds(chapter.endTime),
    })),
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [triedToSave, setTriedToSave] = useState(false);
  const replaceChapters = useReplaceChapters();

  const problems = chapterRowProblems(rows, lesson.duration);
  const problemCount = problems.reduce((sum, list) => sum + list.length, 0);

  function update(key: number, field: 'name' | 'start' | 'end', value: string) {
    setRows((previous) => previous.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    setServerErrors({});
  }

  // The server's messages name rows by position: once a row goes, they would sit under the wrong one.
  function removeRow(key: number) {
    setRows((previous) => previous.filter((row) => row.key !== key));
    setServerErrors({});
  }

  function addRow() {
    const last = rows.at(-1);
    const start = last ? (parseTimeInput(last.end) ?? 0) : 0;
    const end = Math.min(lesson.duration, start + 300);
    nextKey.current += 1;
    setRows((previous) => [
      ...previous,
      { key: nextKey.current, name: '', start: formatMinutesSeconds(start), end: formatMinutesSeconds(end) },
    ]);
  }

  async function save() {
    setTriedToSave(true);
    if (problemCount > 0) return;
    const chapters = rows.map((row) => ({
      name: row.name.trim(),
      startTime: parseTimeInput(row.start) ?? 0,
      endTime: parseTimeInput(row.end) ?? 0,
    }));
    const parsed = chaptersSchema.safeParse({ chapters });
    if (!parsed.success) {
      setServerErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.slice(0, 2).map(String).join('.'), issue.message]),
        ),
      );
      return;
    }
    try {
      await replaceChapters.mutateAsync({ videoId: lesson.id, chapters: parsed.data.chapters });
      toast.success(`Chapters of “${lesson.title}” saved.`);
      onClose();
    } catch (error) {
      setServerErrors(errorsFromApi(error, 'The save failed. Please try again.'));
    }
  }

  return (
    <Modal
      open
      width={720}
      title={`Chapters of “${lesson.title}”`}
      okText="Save chapters"
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={replaceChapters.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <form
        id={formId}
        className="cw-chapters-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="cw-chapters-editor__intro">
          The lesson lasts {formatMinutesSeconds(lesson.duration)}. Times in {TIME_INPUT_HINT.toLowerCase()}
        </p>
        {serverErrors[''] ? <Alert type="error" showIcon title={serverErrors['']} /> : null}
        {triedToSave && problemCount > 0 ? (
          <Alert
            type="error"
            showIcon
            title={`Correct ${problemCount === 1 ? 'the problem' : `the ${problemCount} problems`} below before saving.`}
          />
        ) : null}
        {rows.length === 0 ? <p className="cw-chapters-editor__empty">No chapters yet.</p> : null}
        <ol className="cw-chapters-editor__rows">
          {rows.map((row, index) => {
            // A row just added has no name yet: say so once the admin tries to save, not while typing.
            const messages = [
              ...problems[index].filter((message) => triedToSave || message !== NAME_MISSING),
              serverErrors[`chapters.${index}`],
              serverErrors[`chapters.${index}.name`],
            ].filter(Boolean);
            const invalid = messages.length > 0;
            const label = `Chapter ${index + 1}`;
            const problemsId = `${formId}-problems-${row.key}`;
            const describedBy = invalid ? problemsId : undefined;
            return (
              <li key={row.key} className="cw-chapters-editor__row">
                <div className="cw-chapters-editor__fields">
                  <Input
                    aria-label={`${label} name`}
                    aria-describedby={describedBy}
                    placeholder="Name"
                    value={row.name}
                    status={invalid ? 'error' : undefined}
                    onChange={(event) => update(row.key, 'name', event.target.value)}
                  />
                  <Input
                    aria-label={`${label} start`}
                    aria-describedby={describedBy}
                    placeholder="0:00"
                    value={row.start}
                    status={invalid ? 'error' : undefined}
                    onChange={(event) => update(row.key, 'start', event.target.value)}
                  />
                  <Input
                    aria-label={`${label} end`}
                    aria-describedby={describedBy}
                    placeholder="5:00"
                    value={row.end}
                    status={invalid ? 'error' : undefined}
                    onChange={(event) => update(row.key, 'end', event.target.value)}
                  />
                  <Button
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={`Remove ${label.toLowerCase()}`}
                    onClick={() => removeRow(row.key)}
                  />
                </div>
                {invalid ? (
                  <ul id={problemsId} className="cw-chapters-editor__problems">
                    {messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={addRow}>
          Add chapter
        </Button>
      </form>
    </Modal>
  );
}
