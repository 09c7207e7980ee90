import { courseFieldsSchema, createCourseSchema } from '@candlewise/shared';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { toast } from 'react-toastify';
import { errorsFromApi, useAdminFormModal } from '@/components/admin-form-modal/use-admin-form-modal';
import { useCreateCourse } from '../../api/create-course';
import type { CourseSummary } from '../../api/get-courses';
import { useUpdateCourse } from '../../api/update-course';

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
  const creating = course === null;
  const createCourse = useCreateCourse();
  const updateCourse = useUpdateCourse();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: (): Draft => ({
      id: '',
      title: course?.title ?? '',
      description: course?.description ?? '',
      thumbnail: course?.thumbnail ?? '/images/courses/course1.svg',
      isPro: course?.isPro ?? false,
      published: course?.published ?? false,
    }),
    schema: creating ? createCourseSchema : courseFieldsSchema,
    submit: async (fields) => {
      if (creating) {
        await createCourse.mutateAsync(fields as Draft);
        toast.success(`Course “${fields.title}” created.`);
      } else {
        await updateCourse.mutateAsync({ courseId: course._id, changes: fields });
        toast.success(`Course “${fields.title}” saved.`);
      }
    },
    onClose,
    errorsFromError: (error) => errorsFromApi(error, 'The save failed. Please try again.'),
  });

  return (
    <Modal
      {...modalProps}
      title={creating ? 'New course' : `Edit “${course.title}”`}
      okText={creating ? 'Create course' : 'Save course'}
    >
      <Form {...formProps}>
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
              id={fieldId('id')}
              value={draft.id}
              onChange={(event) => change('id', event.target.value)}
            />
          </Form.Item>
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
          label="Thumbnail"
          extra="An https:// image or a path such as /images/courses/course1.svg."
          {...item('thumbnail')}
        >
          <Input
            id={fieldId('thumbnail')}
            value={draft.thumbnail}
            onChange={(event) => change('thumbnail', event.target.value)}
          />
        </Form.Item>
        <div className="cw-admin-form__switches">
          <Form.Item label="Pro only" {...item('isPro')}>
            <Switch
              id={fieldId('isPro')}
              checked={draft.isPro}
              onChange={(checked) => change('isPro', checked)}
            />
          </Form.Item>
          <Form.Item label="Published" extra="Publishing tells every learner." {...item('published')}>
            <Switch
              id={fieldId('published')}
              checked={draft.published}
              onChange={(checked) => change('published', checked)}
            />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
