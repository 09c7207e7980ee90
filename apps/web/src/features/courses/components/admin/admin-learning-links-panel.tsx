import { DeleteOutlined } from '@ant-design/icons';
import { LEARNING_RULES, type LearningSourceKind } from '@candlewise/shared/courses/practise-next';
import { Alert, Button, Empty, Form, Input, Popconfirm, Segmented, Select, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAdminDrills } from '../../api/get-admin-drills';
import { useCourseOutline } from '../../api/get-course-outline';
import { useCourses } from '../../api/get-courses';
import {
  type LearningLinkRow,
  useDeleteLearningLink,
  useLearningLinks,
  useSaveLearningLink,
} from '../../api/learning-links';

type FormValues = { sourceKey: string; courseId: string; videoId: number; drillId?: string | null };

/** The drills of one course to practise the mistake on (mounted once a course is chosen). */
function DrillSelect({
  courseId,
  value,
  onChange,
}: {
  courseId: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const drills = useAdminDrills(courseId);
  return (
    <Select
      style={{ width: 240 }}
      allowClear
      placeholder="No drill"
      loading={drills.isPending}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={(drills.data ?? []).map((drill) => ({ value: drill._id, label: drill.title }))}
    />
  );
}

/**
 * Admin → Mistakes → lessons (docs/courses.md "What to practise next"): each journal mistake tag and
 * competition rule sends the learner to a lesson (and a drill). Saving a mistake again replaces its link.
 */
export default function AdminLearningLinksPanel() {
  const links = useLearningLinks();
  const courses = useCourses();
  const save = useSaveLearningLink();
  const remove = useDeleteLearningLink();
  const [kind, setKind] = useState<LearningSourceKind>('mistake');
  const [form] = Form.useForm<FormValues>();
  const courseId = Form.useWatch('courseId', form);
  const outline = useCourseOutline(courseId ?? '', { enabled: Boolean(courseId) });

  async function submit(values: FormValues) {
    try {
      await save.mutateAsync({
        sourceKind: kind,
        sourceKey: values.sourceKey,
        videoId: values.videoId,
        drillId: null,
      });
      toast.success('Link saved.');
      form.resetFields();
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <div className="cw-admin-learning-links">
      <p className="cw-admin-muted">
        When a learner's journal trades carry a mistake tag, or a competition rule stops them, "What to
        practise next" on their home page sends them to the lesson linked here. Tags match whatever their
        case, spaces or hyphens.
      </p>
      <Form
        form={form}
        layout="inline"
        onFinish={submit}
        aria-label="Link a mistake to a lesson"
        requiredMark={false}
      >
        <Form.Item label="Source">
          <Segmented
            value={kind}
            onChange={(value) => {
              setKind(value as LearningSourceKind);
              form.setFieldValue('sourceKey', undefined);
            }}
            options={[
              { label: 'Mistake tag', value: 'mistake' },
              { label: 'Competition rule', value: 'rule' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="sourceKey"
          label={kind === 'mistake' ? 'Mistake tag' : 'Rule'}
          rules={[
            { required: true, message: kind === 'mistake' ? 'Type the mistake tag.' : 'Choose a rule.' },
          ]}
        >
          {kind === 'mistake' ? (
            <Input placeholder="moved stop" maxLength={60} style={{ width: 180 }} />
          ) : (
            <Select
              style={{ width: 180 }}
              options={Object.entries(LEARNING_RULES).map(([value, label]) => ({ value, label }))}
            />
          )}
        </Form.Item>
        <Form.Item name="courseId" label="Course" rules={[{ required: true, message: 'Choose a course.' }]}>
          <Select
            style={{ width: 220 }}
            loading={courses.isPending}
            onChange={() => form.setFieldsValue({ videoId: undefined, drillId: null })}
            options={(courses.data ?? []).map((course) => ({ value: course._id, label: course.title }))}
          />
        </Form.Item>
        <Form.Item name="videoId" label="Lesson" rules={[{ required: true, message: 'Choose the lesson.' }]}>
          <Select
            style={{ width: 240 }}
            disabled={!courseId}
            loading={Boolean(courseId) && outline.isPending}
            options={(outline.data?.lessons ?? []).map((lesson) => ({
              value: lesson.id,
              label: lesson.title,
            }))}
          />
        </Form.Item>
        {courseId ? (
          <Form.Item name="drillId" label="Drill">
            <DrillSelect courseId={courseId} />
          </Form.Item>
        ) : null}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save link
          </Button>
        </Form.Item>
      </Form>
      {links.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : links.error ? (
        <Alert type="error" showIcon title="We could not load the links" description={links.error.message} />
      ) : links.data.length === 0 ? (
        <Empty description="No links yet. Link a mistake tag to the lesson that teaches it." />
      ) : (
        <Table<LearningLinkRow>
          rowKey="id"
          size="small"
          style={{ marginTop: 16 }}
          pagination={false}
          scroll={{ x: true }}
          dataSource={links.data}
          columns={[
            {
              title: 'Mistake or rule',
              key: 'source',
              render: (_, row) => (row.sourceKind === 'rule' ? `Rule: ${row.label}` : row.label),
            },
            { title: 'Course', dataIndex: 'courseTitle' },
            {
              title: 'Lesson',
              dataIndex: 'lessonTitle',
              render: (title: string | null) => title ?? 'Lesson removed',
            },
            { title: 'Drill', dataIndex: 'drillTitle', render: (title: string | null) => title ?? '—' },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, row) => (
                <Popconfirm
                  title={`Remove the link for “${row.label}”?`}
                  okText="Remove"
                  onConfirm={() =>
                    remove.mutateAsync(row.id).then(
                      () => toast.success('Link removed.'),
                      (error: Error) => toast.error(error.message),
                    )
                  }
                >
                  <Button
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={`Remove the link for ${row.label}`}
                  />
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
