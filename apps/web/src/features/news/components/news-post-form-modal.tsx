import { NEWS_CATEGORIES, NEWS_CATEGORY_LABELS } from '@candlewise/shared/news/news-categories';
import { newsPostFieldsSchema } from '@candlewise/shared/news/news-schemas';
import { Alert, Form, Input, Modal, Select, Tabs } from 'antd';
import { useAdminFormModal } from '@/components/admin-form-modal/use-admin-form-modal';
import { MarkdownText } from '@/components/markdown-text/markdown-text';
import { type NewsPostInput, useSaveNewsPost } from '../api/admin-news-posts';
import type { NewsItemDetail } from '../api/get-news-item';

/** Write or edit an article (markdown, with a preview); null writes a new one. */
export function NewsPostFormModal({ post, onClose }: { post: NewsItemDetail | null; onClose: () => void }) {
  const save = useSaveNewsPost();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: (): NewsPostInput => ({
      title: post?.title ?? '',
      summary: post?.summary ?? '',
      body: post?.body ?? '',
      category: post?.category ?? 'education',
      imageUrl: post?.imageUrl ?? '',
    }),
    schema: newsPostFieldsSchema,
    submit: (input) => save.mutateAsync({ postId: post?._id, input: input as NewsPostInput }),
    onClose,
  });

  return (
    <Modal
      {...modalProps}
      width={760}
      title={post ? `Edit “${post.title}”` : 'Write an article'}
      okText={post ? 'Save article' : 'Publish article'}
    >
      <Form {...formProps}>
        {errors[''] ? <Alert type="error" showIcon title={errors['']} /> : null}
        <Form.Item label="Title" {...item('title')}>
          <Input
            id={fieldId('title')}
            value={draft.title}
            onChange={(event) => change('title', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Category" {...item('category')}>
          <Select
            id={fieldId('category')}
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
            id={fieldId('summary')}
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
            id={fieldId('imageUrl')}
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
                    id={fieldId('body')}
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
