import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import StarFilled from '@ant-design/icons-svg/es/asn/StarFilled';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import { JOURNAL_EMOTIONS, JOURNAL_SCREENSHOTS_PER_ENTRY } from '@candlewise/shared/journal/journal-limits';
import {
  type CSSProperties,
  type FormEvent,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { toast } from 'react-toastify';
import { PlainButton } from '@/components/plain/plain-button';
import '@/components/plain/plain-field.css';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import type { ApiError } from '@/lib/api-client';
import { useDeleteScreenshot, useSaveEntry, useUploadScreenshots } from '../api/journal-entries';
import type { JournalDay } from '../api/journal-types';
import { ScreenshotThumbnail } from './screenshot-thumbnail';

type Emotion = (typeof JOURNAL_EMOTIONS)[number];

type EntryForm = {
  answers: Record<string, string>;
  emotion: Emotion | null;
  rating: number | null;
  notes: string;
  tradeIds: string[];
};

const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The day's entry: the reflective questions, emotion, rating, Markdown notes, screenshots and linked
 * trades. Plain markup with React state (ADR 021): /journal's first view loads no antd, this form
 * included.
 */
export function EntryEditor({ day }: { day: JournalDay }) {
  const save = useSaveEntry(day.date);
  const upload = useUploadScreenshots(day.date);
  const remove = useDeleteScreenshot(day.date);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const entry = day.entry;
  const screenshots = entry?.screenshots ?? [];
  // The form starts from the entry as loaded and is not reset by later refreshes (a screenshot
  // upload or a new trade refetches the day): what the learner is typing stays until saved.
  const [values, setValues] = useState<EntryForm>(() => ({
    answers: Object.fromEntries((entry?.answers ?? []).map((answer) => [answer.questionId, answer.answer])),
    emotion: (entry?.emotion as Emotion | null) ?? null,
    rating: entry?.rating ?? null,
    notes: entry?.notes ?? '',
    tradeIds: entry?.tradeIds ?? [],
  }));
  const change = (patch: Partial<EntryForm>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // As antd's loading button: a second press while saving does nothing.
    if (save.isPending) return;
    const input = {
      // The questions asked today only: answers to retired questions are shown, not sent.
      answers: day.questions
        .map((question) => ({ questionId: question._id, answer: values.answers[question._id] ?? '' }))
        .filter((answer) => answer.answer.trim()),
      emotion: values.emotion,
      rating: values.rating || null,
      notes: values.notes,
      tradeIds: values.tradeIds,
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
    <form
      className="cw-journal-entry"
      aria-label={`Entry for ${day.date}`}
      onSubmit={(event) => void submit(event)}
    >
      {day.questions.map((question) => (
        <div key={question._id} className="cw-entry-field">
          <label htmlFor={`${ids}-answer-${question._id}`}>{question.text}</label>
          <GrowingTextarea
            id={`${ids}-answer-${question._id}`}
            minRows={2}
            maxRows={8}
            maxLength={5000}
            value={values.answers[question._id] ?? ''}
            onChange={(event) =>
              change({ answers: { ...values.answers, [question._id]: event.target.value } })
            }
          />
        </div>
      ))}
      {retired.map((answer) => (
        <div key={answer.questionId} className="cw-journal-retired">
          <strong>{answer.question}</strong>
          <p>{answer.answer}</p>
        </div>
      ))}
      <div className="cw-journal-form-grid">
        <div className="cw-entry-field">
          <label htmlFor={`${ids}-emotion`}>How did you feel?</label>
          <select
            id={`${ids}-emotion`}
            className={values.emotion ? 'cw-plain-select' : 'cw-plain-select is-empty'}
            value={values.emotion ?? ''}
            onChange={(event) => change({ emotion: (event.target.value || null) as Emotion | null })}
          >
            {/* The empty choice is the placeholder and, chosen again, clears the emotion. */}
            <option value="">Choose an emotion</option>
            {JOURNAL_EMOTIONS.map((emotion) => (
              <option key={emotion} value={emotion}>
                {emotion.charAt(0).toUpperCase() + emotion.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <StarRating name={`${ids}-rating`} value={values.rating} onChange={(rating) => change({ rating })} />
      </div>
      <div className="cw-entry-field">
        <label htmlFor={`${ids}-notes`}>Notes</label>
        <GrowingTextarea
          id={`${ids}-notes`}
          minRows={4}
          maxRows={16}
          maxLength={20000}
          aria-describedby={`${ids}-notes-help`}
          value={values.notes}
          onChange={(event) => change({ notes: event.target.value })}
        />
        <p id={`${ids}-notes-help`} className="cw-journal-muted cw-entry-help">
          Markdown works: **bold**, lists, links.
        </p>
      </div>
      <fieldset className="cw-entry-field cw-entry-group">
        <legend>Linked trades</legend>
        {day.trades.length === 0 ? (
          <p className="cw-journal-muted">No trades on this day yet</p>
        ) : (
          <ul className="cw-entry-trades">
            {day.trades.map((trade) => (
              <li key={trade._id}>
                <label>
                  <input
                    type="checkbox"
                    checked={values.tradeIds.includes(trade._id)}
                    onChange={(event) =>
                      change({
                        tradeIds: event.target.checked
                          ? [...values.tradeIds, trade._id]
                          : values.tradeIds.filter((id) => id !== trade._id),
                      })
                    }
                  />
                  {`${trade.symbol} ${trade.side} ${trade.quantity}${trade.pnl === null ? ' (open)' : ` · ${trade.pnl}`}`}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
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
        <PlainButton
          icon={<SvgIcon icon={PictureOutlined} />}
          onClick={() => fileInput.current?.click()}
          loading={upload.isPending}
          disabled={screenshots.length >= JOURNAL_SCREENSHOTS_PER_ENTRY}
        >
          Add screenshots
        </PlainButton>
        <p className="cw-journal-muted">PNG, JPEG or WebP, up to 5 MB each.</p>
      </fieldset>
      {/* PlainButton is type="button" only; this is its primary look as the form's submit button. */}
      <button
        type="submit"
        className="cw-plain-button cw-plain-button--primary"
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? <span className="cw-plain-button__busy" aria-hidden="true" /> : null}
        Save entry
      </button>
    </form>
  );
}

/**
 * antd's Rate as five radios in a group named "Rate the day": arrows move and choose as native
 * radios do, and choosing the chosen star again (a click, or Space) clears the rating, as antd's
 * allowClear does. Stars are filled up to the value, and up to the one pointed at.
 */
function StarRating({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <fieldset className="cw-entry-field cw-entry-group">
      <legend>Rate the day</legend>
      <div className="cw-entry-rating">
        {STARS.map((star) => (
          <label
            key={star}
            className={value !== null && star <= value ? 'cw-entry-star is-filled' : 'cw-entry-star'}
          >
            <input
              type="radio"
              className="cw-visually-hidden"
              name={name}
              value={star}
              checked={value === star}
              // A click on the checked radio changes nothing natively, so it is caught here; a click
              // on another star reaches onChange as well, with the same value.
              onClick={() => onChange(value === star ? null : star)}
              onChange={() => onChange(star)}
            />
            <SvgIcon icon={StarFilled} className="cw-entry-star__filled" />
            <SvgIcon icon={StarOutlined} className="cw-entry-star__empty" />
            <span className="cw-visually-hidden">{star === 1 ? '1 star' : `${star} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Whether the browser sizes a textarea to its text itself (CSS `field-sizing: content`, Chromium
 * 123+): then journal.css bounds it between `--cw-min-rows` and `--cw-max-rows` lines and nothing
 * is measured here. Asked once.
 */
let sizedByCss: boolean | undefined;
function textareaSizedByCss(): boolean {
  sizedByCss ??=
    typeof CSS !== 'undefined' &&
    typeof CSS.supports === 'function' &&
    CSS.supports('field-sizing', 'content');
  return sizedByCss;
}

/**
 * A textarea that grows with its text from `minRows` to `maxRows` lines (antd's autoSize), then
 * scrolls. Where the browser cannot size it by CSS, it is measured after each change: reading its
 * style and height makes the browser lay out the whole page inside React's commit (on /journal that
 * was ~0.1 s of one task on a 4× slower CPU, the page's first layout). Where nothing is laid out
 * (jsdom) it keeps its `rows`.
 */
function GrowingTextarea({
  minRows,
  maxRows,
  value,
  className,
  style,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows' | 'value'> & {
  minRows: number;
  maxRows: number;
  value: string;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [width, setWidth] = useState(0);
  const measured = !textareaSizedByCss();

  // Lines wrap differently at another width: measure again when the window is resized.
  useEffect(() => {
    if (!measured) return;
    const resized = () => setWidth(window.innerWidth);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, [measured]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: value and width change the text's height.
  useLayoutEffect(() => {
    const element = area.current;
    if (!measured || !element) return;
    const style = getComputedStyle(element);
    const line = Number.parseFloat(style.lineHeight);
    if (!Number.isFinite(line)) return;
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    const border = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth);
    const min = minRows * line + padding + border;
    const max = maxRows * line + padding + border;
    element.style.height = 'auto';
    // scrollHeight counts the padding, not the border (the box is border-box).
    const content = element.scrollHeight + border;
    element.style.height = `${Math.min(Math.max(content, min), max)}px`;
    element.style.overflowY = content > max ? 'auto' : 'hidden';
  }, [value, width, minRows, maxRows, measured]);

  return (
    <textarea
      ref={area}
      rows={minRows}
      value={value}
      className={
        className ? `cw-plain-input cw-entry-textarea ${className}` : 'cw-plain-input cw-entry-textarea'
      }
      style={{ ...style, '--cw-min-rows': minRows, '--cw-max-rows': maxRows } as CSSProperties}
      {...rest}
    />
  );
}
