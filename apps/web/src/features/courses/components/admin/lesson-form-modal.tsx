import { lessonFieldsSchema } from '@candlewise/shared';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Alert, Form, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useCreateLesson } from '../../api/create-lesson';
import type { Lesson } from '../../api/get-course';
import { useUpdateLesson } from '../../api/update-lesson';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsFromIssues } from './field-errors';
import { parseTimeInput, TIME_INPUT_HINT } from './time-input';

type Props = {
  courseId: string;
  /** The lesson to edit, or null to add one at the end of the course. */
  lesson: Lesson | null;
  defaultThumbnail: string;
  onClose: () => void;
};

type Draft = { title: string; description: string; thumbnail: string; duration: string; videoUrl: string };

/** Add or edit a lesson, checked with lessonFieldsSchema (the API's own) before it is sent. */
export function LessonFormModal({ courseId, lesson, defaultThumbnail, onClose }: Props) {
  const formId = useId();
  const creating = lesson === null;
  const [draft, setDraft] = useState<Draft>(() => ({
    title: lesson?.title ?? '',
    description: lesson?.description ?? '',
    thumbnail: lesson?.thumbnail ?? defaultThumbnail,
    duration: lesson ? formatMinutesSeconds(lesson.duration) : '',
    videoUrl: lesson?.videoUrl ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const createLesson = useCreateLesson();
  const updateLesson = useUpdateLesson();

  const change = (key: keyof Draft, value: string) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  async function save() {
    const duration = parseTimeInput(draft.duration);
    if (duration === null) {
      setErrors({ duration: `Enter the length as ${TIME_INPUT_HINT.toLowerCase()}` });
      return;
    }
    const parsed = lessonFieldsSchema.safeParse({ ...draft, duration });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    try {
      if (creating) {
        await createLesson.mutateAsync({ courseId, fields: parsed.data });
        toast.success(`Lesson “${parsed.data.title}” added.`);
      } else {
        await updateLesson.mutateAsync({ videoId: lesson.id, changes: parsed.data });
        toast.success(`Lesson “${parsed.data.title}” saved.`);
      }
      onClose();
    } catch (error) {
      setErrors(fieldErrorsFromApi(error));
    }
  }

  const item = (key: keyof Draft) => ({
    htmlFor: `${formId}-${key}`,
    validateStatus: errors[key] ? ('error' as const) : undefined,
    help: errors[key],
  });

  return (
    <Modal
      open
      title={creating ? 'New lesson' : `Edit “${lesson.title}”`}
      okText={creating ? 'Add lesson' : 'Save lesson'}
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={createLesson.isPending || updateLesson.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id={formId} layout="vertical" onFinish={() => void save()} requiredMark={false}>
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-admin-form__alert" />
        ) : null}
        <Form.Item label="Title" {...item('title')}>
          <Input
            id={`${formId}-title`}
            value={draft.title}
            onChange={(event) => change('title', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Description" {...item('description')}>
          <Input.TextArea
            id={`${formId}-description`}
            rows={3}
            value={draft.description}
            onChange={(event) => change('description', event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="YouTube link"
          extra="Watch, youtu.be, shorts or embed links all work."
          {...item('videoUrl')}
        >
          <Input
            id={`${formId}-videoUrl`}
            value={draft.videoUrl}
            placeholder="https://www.youtube.com/watch?v=…"
            onChange={(event) => change('videoUrl', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Length" extra={TIME_INPUT_HINT} {...item('duration')}>
          <Input
            id={`${formId}-duration`}
            value={draft.duration}
            inputMode="numeric"
            placeholder="30:00"
            onChange={(event) => change('duration', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Thumbnail" {...item('thumbnail')}>
          <Input
            id={`${formId}-thumbnail`}
            value={draft.thumbnail}
            onChange={(event) => change('thumbnail', event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
