import { NEWS_CATEGORIES, NEWS_CATEGORY_LABELS } from '@candlewise/shared/news/news-categories';
import { newsSourceFieldsSchema } from '@candlewise/shared/news/news-schemas';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useAdminFormModal } from '@/components/admin-form-modal/use-admin-form-modal';
import {
  type NewsSource,
  type NewsSourceInput,
  useCreateNewsSource,
  useUpdateNewsSource,
} from '../api/admin-news-sources';

/** Add a feed, or edit one (null adds). Checked with the API's own schema first. */
export function NewsSourceFormModal({ source, onClose }: { source: NewsSource | null; onClose: () => void }) {
  const create = useCreateNewsSource();
  const update = useUpdateNewsSource();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: (): NewsSourceInput => ({
      name: source?.name ?? '',
      url: source?.url ?? '',
      category: source?.category ?? 'markets',
      enabled: source?.enabled ?? true,
    }),
    // The bundled sample keeps its address: only its name, category and switch change.
    schema: source?.bundled ? newsSourceFieldsSchema.omit({ url: true }) : newsSourceFieldsSchema,
    submit: (fields) =>
      source
        ? update.mutateAsync({ sourceId: source._id, changes: fields })
        : create.mutateAsync(fields as NewsSourceInput),
    onClose,
  });

  return (
    <Modal
      {...modalProps}
      title={source ? `Edit “${source.name}”` : 'Add a feed'}
      okText={source ? 'Save source' : 'Add source'}
    >
      <Form {...formProps}>
        {errors[''] ? <Alert type="error" showIcon title={errors['']} /> : null}
        <Form.Item label="Name" {...item('name')}>
          <Input
            id={fieldId('name')}
            value={draft.name}
            onChange={(event) => change('name', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Feed address" extra="The URL of an RSS 2.0 or Atom feed." {...item('url')}>
          <Input
            id={fieldId('url')}
            value={draft.url}
            disabled={source?.bundled}
            placeholder="https://example.com/markets/rss.xml"
            onChange={(event) => change('url', event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Category"
          extra="Used when an item's own categories name none of ours."
          {...item('category')}
        >
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
        <Form.Item label="Polled" {...item('enabled')}>
          <Switch
            id={fieldId('enabled')}
            checked={draft.enabled}
            onChange={(checked) => change('enabled', checked)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
