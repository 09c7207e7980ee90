import { lessonFieldsSchema } from '@candlewise/shared';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Alert, Form, Input, Modal } from 'antd';
import { toast } from 'react-toastify';
import {
  errorsFromApi,
  useAdminFormModal,
  validateWith,
} from '@/components/admin-form-modal/use-admin-form-modal';
import { useCreateLesson } from '../../api/create-lesson';
import type { Lesson } from '../../api/get-course';
import { useUpdateLesson } from '../../api/update-lesson';
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
  const creating = lesson === null;
  const createLesson = useCreateLesson();
  const updateLesson = useUpdateLesson();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: (): Draft => ({
      title: lesson?.title ?? '',
      description: lesson?.description ?? '',
      thumbnail: lesson?.thumbnail ?? defaultThumbnail,
      duration: lesson ? formatMinutesSeconds(lesson.duration) : '',
      videoUrl: lesson?.videoUrl ?? '',
    }),
    // The length is typed as seconds, m:ss or h:mm:ss, and sent in seconds.
    validate: (draft) => {
      const duration = parseTimeInput(draft.duration);
      if (duration === null)
        return { errors: { duration: `Enter the length as ${TIME_INPUT_HINT.toLowerCase()}` } };
      return validateWith(lessonFieldsSchema, { ...draft, duration });
    },
    submit: async (fields) => {
      if (creating) {
        await createLesson.mutateAsync({ courseId, fields });
        toast.success(`Lesson “${fields.title}” added.`);
      } else {
        await updateLesson.mutateAsync({ videoId: lesson.id, changes: fields });
        toast.success(`Lesson “${fields.title}” saved.`);
      }
    },
    onClose,
    errorsFromError: (error) => errorsFromApi(error, 'The save failed. Please try again.'),
  });

  return (
    <Modal
      {...modalProps}
      title={creating ? 'New lesson' : `Edit “${lesson.title}”`}
      okText={creating ? 'Add lesson' : 'Save lesson'}
    >
      <Form {...formProps}>
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-admin-form__alert" />
        ) : null}
        <Form.Item label="Title" {...item('title')}>
          <Input
            id={fieldId('title')}
            value={draft.title}
            onChange={(event) => change('title', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Description" {...item('description')}>
          <Input.TextArea
            id={fieldId('description')}
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
            id={fieldId('videoUrl')}
            value={draft.videoUrl}
            placeholder="https://www.youtube.com/watch?v=…"
            onChange={(event) => change('videoUrl', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Length" extra={TIME_INPUT_HINT} {...item('duration')}>
          <Input
            id={fieldId('duration')}
            value={draft.duration}
            inputMode="numeric"
            placeholder="30:00"
            onChange={(event) => change('duration', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Thumbnail" {...item('thumbnail')}>
          <Input
            id={fieldId('thumbnail')}
            value={draft.thumbnail}
            onChange={(event) => change('thumbnail', event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
