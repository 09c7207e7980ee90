import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Popconfirm, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { type ApiError, apiClient } from '@/lib/api-client';
import { useIsNarrowScreen } from '@/lib/use-media-query';
import { journalKeys } from '../api/journal-query-keys';

type AdminQuestion = { _id: string; text: string; position: number; active: boolean };
type QuestionFields = Omit<AdminQuestion, '_id'>;

/** /admin → Journal questions: the reflective questions every learner answers each day. */
export default function AdminJournalQuestionsPanel() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<QuestionFields>();
  const [editing, setEditing] = useState<string | null>(null);
  // On a phone the fields stack (one row of them was 421 px wide at 375 px).
  const narrow = useIsNarrowScreen();
  const questions = useQuery({
    queryKey: journalKeys.questions(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<AdminQuestion[]>('/admin/journal/questions', { signal })).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: journalKeys.all });
  const save = useMutation({
    mutationFn: (fields: QuestionFields) =>
      editing
        ? apiClient.put(`/admin/journal/questions/${editing}`, fields)
        : apiClient.post('/admin/journal/questions', fields),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiClient.delete(`/admin/journal/questions/${id}`),
    onSuccess: refresh,
  });

  const submit = async (fields: QuestionFields) => {
    try {
      await save.mutateAsync({ ...fields, position: fields.position ?? 0, active: fields.active ?? true });
      toast.success(editing ? 'Question saved.' : 'Question added.');
      setEditing(null);
      form.resetFields();
    } catch (error) {
      toast.error((error as ApiError).message);
    }
  };

  return (
    <>
      <Form
        form={form}
        layout={narrow ? 'vertical' : 'inline'}
        onFinish={submit}
        initialValues={{ position: 0, active: true }}
        className="cw-admin-journal-form"
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="text"
          label="Question"
          rules={[{ required: true, min: 3, message: 'Write a question of at least 3 characters.' }]}
        >
          <Input style={{ width: narrow ? '100%' : 'min(28rem, 80vw)' }} maxLength={200} />
        </Form.Item>
        <Form.Item name="position" label="Order">
          <InputNumber min={0} max={1000} />
        </Form.Item>
        <Form.Item name="active" label="Asked" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? 'Save question' : 'Add question'}
          </Button>
          {editing ? (
            <Button
              onClick={() => {
                setEditing(null);
                form.resetFields();
              }}
            >
              Cancel
            </Button>
          ) : null}
        </Space>
      </Form>
      {questions.error ? <Alert type="error" showIcon message={questions.error.message} /> : null}
      <Table<AdminQuestion>
        rowKey="_id"
        loading={questions.isPending}
        dataSource={questions.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { title: 'Order', dataIndex: 'position', width: 80 },
          { title: 'Question', dataIndex: 'text' },
          {
            title: 'Asked',
            dataIndex: 'active',
            width: 90,
            render: (active: boolean) => (active ? 'Yes' : 'Retired'),
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 180,
            render: (_, question) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(question._id);
                    form.setFieldsValue(question);
                  }}
                >
                  Edit
                </Button>
                <Popconfirm
                  title="Delete this question? Past answers keep its text."
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(question._id)}
                >
                  <Button size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
