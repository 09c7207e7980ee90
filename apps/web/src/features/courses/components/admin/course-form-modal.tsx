import { courseFieldsSchema, createCourseSchema } from '@candlewise/shared';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useCreateCourse } from '../../api/create-course';
import type { CourseSummary } from '../../api/get-courses';
import { useUpdateCourse } from '../../api/update-course';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsFromIssues } from './field-errors';

type Props = {
  /** The course to edit, or null to create one. */
  course: CourseSummary | null;
  onClose: () => void;
};

type Draft = {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  isPro: boolean;
  published: boolean;
};

/**
 * Create or edit a course. The fields are checked with the schema the API uses
 * (createCourseSchema / courseFieldsSchema), so a form error and a 400 read the same; the
 * server's own details (a taken id, say) land on the same fields.
 */
export function CourseFormModal({ course, onClose }: Props) {
  const formId = useId();
  const creating = course === null;
  const [draft, setDraft] = useState<Draft>(() => ({
    id: '',
    title: course?.title ?? '',
    description: course?.description ?? '',
    thumbnail: course?.thumbnail ?? '/images/courses/course1.svg',
    isPro: course?.isPro ?? false,
    published: course?.published ?? false,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const createCourse = useCreateCourse();
  const updateCourse = useUpdateCourse();
  const saving = createCourse.isPending || updateCourse.isPending;

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  async function save() {
    const parsed = creating ? createCourseSchema.safeParse(draft) : courseFieldsSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    try {
      if (creating) {
        await createCourse.mutateAsync(parsed.data as Draft);
        toast.success(`Course “${parsed.data.title}” created.`);
      } else {
        await updateCourse.mutateAsync({ courseId: course._id, changes: parsed.data });
        toast.success(`Course “${parsed.data.title}” saved.`);
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
      title={creating ? 'New course' : `Edit “${course.title}”`}
      okText={creating ? 'Create course' : 'Save course'}
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id={formId} layout="vertical" onFinish={() => void save()} requiredMark={false}>
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-admin-form__alert" />
        ) : null}
        {creating ? (
          <Form.Item
            label="Course id"
            extra="Lowercase letters, digits and dashes; it appears in the address and cannot change."
            {...item('id')}
          >
            <Input
              id={`${formId}-id`}
              value={draft.id}
              onChange={(event) => change('id', event.target.value)}
            />
          </Form.Item>
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
          label="Thumbnail"
          extra="An https:// image or a path such as /images/courses/course1.svg."
          {...item('thumbnail')}
        >
          <Input
            id={`${formId}-thumbnail`}
            value={draft.thumbnail}
            onChange={(event) => change('thumbnail', event.target.value)}
          />
        </Form.Item>
        <div className="cw-admin-form__switches">
          <Form.Item label="Pro only" {...item('isPro')}>
            <Switch
              id={`${formId}-isPro`}
              checked={draft.isPro}
              onChange={(checked) => change('isPro', checked)}
            />
          </Form.Item>
          <Form.Item label="Published" extra="Publishing tells every learner." {...item('published')}>
            <Switch
              id={`${formId}-published`}
              checked={draft.published}
              onChange={(checked) => change('published', checked)}
            />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
