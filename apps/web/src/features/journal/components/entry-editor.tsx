import { PictureOutlined } from '@ant-design/icons';
import { JOURNAL_EMOTIONS, JOURNAL_SCREENSHOTS_PER_ENTRY } from '@candlewise/shared/journal/journal-schemas';
import { Button, Form, Input, Rate, Select } from 'antd';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { ApiError } from '@/lib/api-client';
import { useDeleteScreenshot, useSaveEntry, useUploadScreenshots } from '../api/journal-entries';
import type { JournalDay } from '../api/journal-types';
import { ScreenshotThumbnail } from './screenshot-thumbnail';

type EntryForm = {
  answers: Record<string, string>;
  emotion: string | null;
  rating: number | null;
  notes: string;
  tradeIds: string[];
};

const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** The day's entry: the reflective questions, emotion, rating, Markdown notes, screenshots and linked trades. */
export function EntryEditor({ day }: { day: JournalDay }) {
  const [form] = Form.useForm<EntryForm>();
  const save = useSaveEntry(day.date);
  const upload = useUploadScreenshots(day.date);
  const remove = useDeleteScreenshot(day.date);
  const fileInput = useRef<HTMLInputElement>(null);
  const entry = day.entry;
  const screenshots = entry?.screenshots ?? [];
  // The form starts from the entry as loaded and is not reset by later refreshes (a screenshot
  // upload or a new trade refetches the day): what the learner is typing stays until saved.
  const [initialValues] = useState<EntryForm>(() => ({
    answers: Object.fromEntries((entry?.answers ?? []).map((answer) => [answer.questionId, answer.answer])),
    emotion: entry?.emotion ?? null,
    rating: entry?.rating ?? null,
    notes: entry?.notes ?? '',
    tradeIds: entry?.tradeIds ?? [],
  }));

  const submit = async (values: EntryForm) => {
    const input = {
      answers: Object.entries(values.answers ?? {})
        .filter(([, answer]) => answer?.trim())
        .map(([questionId, answer]) => ({ questionId, answer })),
      emotion: (values.emotion as EntryForm['emotion'] & (typeof JOURNAL_EMOTIONS)[number]) ?? null,
      rating: values.rating || null,
      notes: values.notes ?? '',
      tradeIds: values.tradeIds ?? [],
    };
    const empty =
      input.answers.length === 0 &&
      !input.emotion &&
      !input.rating &&
      !input.notes.trim() &&
      input.tradeIds.length === 0 &&
      screenshots.length === 0;
    if (empty && !entry) {
      // Nothing typed: saying "saved" would be untrue, and an empty day is not an entry.
      toast.info('Write an answer, pick an emotion or a rating, add notes or link a trade before saving.');
      return;
    }
    try {
      await save.mutateAsync(input);
      toast.success('Your entry is saved.');
    } catch (error) {
      toast.error((error as ApiError).message);
    }
  };

  const addFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    if (files.length === 0) return;
    const tooBig = files.find((file) => file.size > SCREENSHOT_MAX_BYTES);
    if (tooBig) {
      toast.error(`${tooBig.name} is larger than 5 MB. Choose a smaller image.`);
      return;
    }
    try {
      const result = await upload.mutateAsync(files);
      toast.success(result.message ?? 'Screenshots added.');
    } catch (error) {
      toast.error((error as ApiError).message);
    }
  };

  // Questions answered in the past that are no longer asked still show, read-only.
  const retired = (entry?.answers ?? []).filter(
    (answer) => !day.questions.some((question) => question._id === answer.questionId),
  );

  return (
    <Form
      form={form}
      initialValues={initialValues}
      layout="vertical"
      onFinish={submit}
      className="cw-journal-entry"
      aria-label={`Entry for ${day.date}`}
    >
      {day.questions.map((question) => (
        <Form.Item key={question._id} name={['answers', question._id]} label={question.text}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
        </Form.Item>
      ))}
      {retired.map((answer) => (
        <div key={answer.questionId} className="cw-journal-retired">
          <strong>{answer.question}</strong>
          <p>{answer.answer}</p>
        </div>
      ))}
      <div className="cw-journal-form-grid">
        <Form.Item name="emotion" label="How did you feel?">
          <Select
            allowClear
            placeholder="Choose an emotion"
            options={JOURNAL_EMOTIONS.map((emotion) => ({
              value: emotion,
              label: emotion.charAt(0).toUpperCase() + emotion.slice(1),
            }))}
          />
        </Form.Item>
        <Form.Item name="rating" label="Rate the day">
          <Rate aria-label="Rate the day from 1 to 5" />
        </Form.Item>
      </div>
      <Form.Item name="notes" label="Notes" extra="Markdown works: **bold**, lists, links.">
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={20000} />
      </Form.Item>
      <Form.Item name="tradeIds" label="Linked trades">
        <Select
          mode="multiple"
          placeholder={
            day.trades.length ? 'Link the trades this entry is about' : 'No trades on this day yet'
          }
          options={day.trades.map((trade) => ({
            value: trade._id,
            label: `${trade.symbol} ${trade.side} ${trade.quantity}${trade.pnl === null ? ' (open)' : ` · ${trade.pnl}`}`,
          }))}
        />
      </Form.Item>
      <fieldset className="cw-journal-shots">
        <legend>
          Screenshots ({screenshots.length} of {JOURNAL_SCREENSHOTS_PER_ENTRY})
        </legend>
        <div className="cw-journal-shots__list">
          {screenshots.map((shot, index) => (
            <ScreenshotThumbnail
              key={shot._id}
              url={shot.url}
              index={index}
              deleting={remove.isPending && remove.variables === shot._id}
              onDelete={() => remove.mutate(shot._id)}
            />
          ))}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          multiple
          style={{ display: 'none' }}
          aria-label="Choose screenshots"
          data-testid="screenshot-input"
          onChange={(event) => void addFiles(event.target.files)}
        />
        <Button
          icon={<PictureOutlined />}
          onClick={() => fileInput.current?.click()}
          loading={upload.isPending}
          disabled={screenshots.length >= JOURNAL_SCREENSHOTS_PER_ENTRY}
        >
          Add screenshots
        </Button>
        <p className="cw-journal-muted">PNG, JPEG or WebP, up to 5 MB each.</p>
      </fieldset>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save entry
      </Button>
    </Form>
  );
}
