import { NEWS_CATEGORIES, NEWS_CATEGORY_LABELS } from '@candlewise/shared/news/news-categories';
import { newsSourceFieldsSchema } from '@candlewise/shared/news/news-schemas';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useId, useState } from 'react';
import {
  type NewsSource,
  type NewsSourceInput,
  useCreateNewsSource,
  useUpdateNewsSource,
} from '../api/admin-news-sources';
import { errorsFromApi, errorsFromIssues, type FormErrors } from './news-form-errors';

/** Add a feed, or edit one (null adds). Checked with the API's own schema first. */
export function NewsSourceFormModal({ source, onClose }: { source: NewsSource | null; onClose: () => void }) {
  const formId = useId();
  const [draft, setDraft] = useState<NewsSourceInput>({
    name: source?.name ?? '',
    url: source?.url ?? '',
    category: source?.category ?? 'markets',
    enabled: source?.enabled ?? true,
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateNewsSource();
  const update = useUpdateNewsSource();
  const change = <K extends keyof NewsSourceInput>(key: K, value: NewsSourceInput[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const item = (key: keyof NewsSourceInput) => ({
    htmlFor: `${formId}-${key}`,
    validateStatus: errors[key] ? ('error' as const) : undefined,
    help: errors[key],
  });

  async function save() {
    // The bundled sample keeps its address: only its name, category and switch change.
    const parsed = source?.bundled
      ? newsSourceFieldsSchema.omit({ url: true }).safeParse(draft)
      : newsSourceFieldsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues));
    try {
      if (source) await update.mutateAsync({ sourceId: source._id, changes: parsed.data });
      else await create.mutateAsync(parsed.data as NewsSourceInput);
      onClose();
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <Modal
      open
      title={source ? `Edit “${source.name}”` : 'Add a feed'}
      okText={source ? 'Save source' : 'Add source'}
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id={formId} layout="vertical" onFinish={() => void save()} requiredMark={false}>
        {errors[''] ? <Alert type="error" showIcon title={errors['']} /> : null}
        <Form.Item label="Name" {...item('name')}>
          <Input
            id={`${formId}-name`}
            value={draft.name}
            onChange={(event) => change('name', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Feed address" extra="The URL of an RSS 2.0 or Atom feed." {...item('url')}>
          <Input
            id={`${formId}-url`}
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
            id={`${formId}-category`}
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
            id={`${formId}-enabled`}
            checked={draft.enabled}
            onChange={(checked) => change('enabled', checked)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
