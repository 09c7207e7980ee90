import { NEWS_CATEGORIES, NEWS_CATEGORY_LABELS } from '@candlewise/shared/news/news-categories';
import { newsPostFieldsSchema } from '@candlewise/shared/news/news-schemas';
import { Alert, Form, Input, Modal, Select, Tabs } from 'antd';
import { useId, useState } from 'react';
import { MarkdownText } from '@/components/markdown-text/markdown-text';
import { type NewsPostInput, useSaveNewsPost } from '../api/admin-news-posts';
import type { NewsItemDetail } from '../api/get-news-item';
import { errorsFromApi, errorsFromIssues, type FormErrors } from './news-form-errors';

/** Write or edit an article (markdown, with a preview); null writes a new one. */
export function NewsPostFormModal({ post, onClose }: { post: NewsItemDetail | null; onClose: () => void }) {
  const formId = useId();
  const [draft, setDraft] = useState<NewsPostInput>({
    title: post?.title ?? '',
    summary: post?.summary ?? '',
    body: post?.body ?? '',
    category: post?.category ?? 'education',
    imageUrl: post?.imageUrl ?? '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveNewsPost();
  const change = <K extends keyof NewsPostInput>(key: K, value: NewsPostInput[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const item = (key: keyof NewsPostInput) => ({
    htmlFor: `${formId}-${key}`,
    validateStatus: errors[key] ? ('error' as const) : undefined,
    help: errors[key],
  });

  async function submit() {
    const parsed = newsPostFieldsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues));
    try {
      await save.mutateAsync({ postId: post?._id, input: parsed.data as NewsPostInput });
      onClose();
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <Modal
      open
      width={760}
      title={post ? `Edit “${post.title}”` : 'Write an article'}
      okText={post ? 'Save article' : 'Publish article'}
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id={formId} layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        {errors[''] ? <Alert type="error" showIcon title={errors['']} /> : null}
        <Form.Item label="Title" {...item('title')}>
          <Input
            id={`${formId}-title`}
            value={draft.title}
            onChange={(event) => change('title', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Category" {...item('category')}>
          <Select
            id={`${formId}-category`}
            value={draft.category}
            onChange={(value) => change('category', value)}
            options={NEWS_CATEGORIES.map((category) => ({
              value: category,
              label: NEWS_CATEGORY_LABELS[category],
            }))}
          />
        </Form.Item>
        <Form.Item
          label="Summary"
          extra="Shown on the card; left empty, the start of the article."
          {...item('summary')}
        >
          <Input.TextArea
            id={`${formId}-summary`}
            rows={2}
            value={draft.summary}
            onChange={(event) => change('summary', event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Image"
          extra="Optional: an https:// image or a path such as /images/news/markets.svg."
          {...item('imageUrl')}
        >
          <Input
            id={`${formId}-imageUrl`}
            value={draft.imageUrl}
            onChange={(event) => change('imageUrl', event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Article"
          extra="Markdown: # and ## headings, **bold**, *italic*, - lists, [links](https://…)."
          {...item('body')}
        >
          <Tabs
            size="small"
            items={[
              {
                key: 'write',
                label: 'Write',
                children: (
                  <Input.TextArea
                    id={`${formId}-body`}
                    rows={10}
                    value={draft.body}
                    onChange={(event) => change('body', event.target.value)}
                  />
                ),
              },
              {
                key: 'preview',
                label: 'Preview',
                children: draft.body ? (
                  <MarkdownText source={draft.body} headingLevel={3} />
                ) : (
                  <p>Nothing to preview yet.</p>
                ),
              },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
