import { Alert, Button, Form, Input, Modal, Radio, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';
import { getFullName } from '@/lib/current-user';
import {
  BROADCAST_MESSAGE_MAX,
  BROADCAST_TITLE_MAX,
  type BroadcastAudience,
  type BroadcastField,
  type BroadcastFormValues,
  toBroadcastInput,
  useCreateBroadcast,
  validateBroadcast,
} from '../api/create-broadcast';
import { type BroadcastRecipient, useBroadcastRecipients } from '../api/search-broadcast-recipients';
import './admin-broadcast-panel.css';

type RecipientChoice = { value: string; label: string };

/** The form's own shape: the recipient keeps its label so the picker still names them after a new search. */
type FormFields = Omit<BroadcastFormValues, 'userId'> & { recipient?: RecipientChoice | null };

const initialValues: FormFields = { title: '', message: '', link: '', audience: 'everyone', recipient: null };

const UNEXPECTED_ERROR = 'The notification could not be sent. Please try again.';
const SEARCH_DELAY_MS = 300;

function toValues(fields: Partial<FormFields>): BroadcastFormValues {
  return {
    title: fields.title ?? '',
    message: fields.message ?? '',
    link: fields.link ?? '',
    audience: fields.audience ?? 'everyone',
    userId: fields.recipient?.value ?? null,
  };
}

/** A form field name for each validated field (the recipient is picked, its id checked). */
const formFieldOf: Record<BroadcastField, keyof FormFields> = {
  title: 'title',
  message: 'message',
  link: 'link',
  userId: 'recipient',
};

function recipientLabel(user: BroadcastRecipient): string {
  const name = getFullName(user);
  return name === user.email ? user.email : `${name} (${user.email})`;
}

/**
 * The server searches; until its answer for the latest text arrives, the matches already shown are
 * narrowed as the admin types, so Enter never picks a user who does not match what was typed.
 */
function matchesTypedText(typed: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(typed.trim().toLowerCase());
}

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * /admin → Broadcast (docs/architecture.md §Notifications, §Admin): send a notification to everyone or to one user, with an
 * optional link to a page of the app. Checked as the API checks it; the API's answer is shown.
 */
export default function AdminBroadcastPanel() {
  const [form] = Form.useForm<FormFields>();
  const createBroadcast = useCreateBroadcast();
  const [formError, setFormError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DELAY_MS);

  const audience: BroadcastAudience = Form.useWatch('audience', form) ?? 'everyone';
  const previewTitle: string = Form.useWatch('title', form) ?? '';
  const previewMessage: string = Form.useWatch('message', form) ?? '';
  const recipients = useBroadcastRecipients(debouncedSearch, { enabled: audience === 'user' });

  // One rule per field, from the shared checks, so the form and validateBroadcast never disagree.
  const ruleFor =
    (field: BroadcastField) =>
    ({ getFieldsValue }: { getFieldsValue: (all: true) => Partial<FormFields> }) => ({
      validator: async () => {
        const error = validateBroadcast(toValues(getFieldsValue(true)))[field];
        if (error) throw new Error(error);
      },
    });

  // A broadcast to everyone reaches every learner at once: it is sent only after a confirmation.
  const [confirming, setConfirming] = useState<FormFields | null>(null);

  function handleFinish(fields: FormFields) {
    if ((fields.audience ?? 'everyone') === 'everyone') setConfirming(fields);
    else void send(fields);
  }

  async function send(fields: FormFields) {
    setFormError(null);
    try {
      await createBroadcast.mutateAsync(toBroadcastInput(toValues(fields)));
      toast.success('Notification sent');
      form.resetFields();
      setSearch('');
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(UNEXPECTED_ERROR);
        return;
      }
      const fieldErrors = error.details
        .map((detail) => ({
          field: detail.path.split(/[./]/).filter(Boolean).pop() ?? '',
          message: detail.message,
        }))
        .filter(
          (detail): detail is { field: BroadcastField; message: string } => detail.field in formFieldOf,
        );
      if (fieldErrors.length > 0) {
        form.setFields(
          fieldErrors.map(({ field, message }) => ({ name: formFieldOf[field], errors: [message] })),
        );
      } else {
        setFormError(error.message);
      }
    }
  }

  return (
    <section className="cw-broadcast" aria-labelledby="cw-broadcast-heading">
      <Modal
        open={confirming !== null}
        title="Send to everyone?"
        okText="Send to everyone"
        cancelText="Keep editing"
        onOk={() => {
          const fields = confirming;
          setConfirming(null);
          if (fields) void send(fields);
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Every learner gets “{confirming?.title.trim()}” under the bell at once. A sent notification cannot
          be taken back.
        </p>
      </Modal>
      <div className="cw-broadcast__intro">
        <h2 id="cw-broadcast-heading" className="cw-broadcast__heading">
          Send a notification
        </h2>
        <p className="cw-broadcast__description">
          Recipients who are signed in see it under the bell at once; everyone finds it in their Unread list.
        </p>
      </div>
      <div className="cw-broadcast__layout">
        <Form<FormFields>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={handleFinish}
          onValuesChange={() => setFormError(null)}
          className="cw-broadcast__form"
          requiredMark="optional"
        >
          <Form.Item label="Title" name="title" required rules={[ruleFor('title')]}>
            <Input count={{ show: true, max: BROADCAST_TITLE_MAX }} autoComplete="off" />
          </Form.Item>
          <Form.Item label="Message" name="message" required rules={[ruleFor('message')]}>
            <Input.TextArea count={{ show: true, max: BROADCAST_MESSAGE_MAX }} rows={5} />
          </Form.Item>
          <Form.Item
            label="Link"
            name="link"
            rules={[ruleFor('link')]}
            extra="A page of Candlewise that the notification opens, such as /course or /group."
          >
            <Input placeholder="/course" autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item label="Send to" name="audience" required>
            <Radio.Group
              options={[
                { label: 'Everyone', value: 'everyone' },
                { label: 'One user', value: 'user' },
              ]}
              onChange={() => form.setFields([{ name: 'recipient', errors: [] }])}
            />
          </Form.Item>
          {audience === 'user' ? (
            <Form.Item label="User" name="recipient" required rules={[ruleFor('userId')]}>
              <Select<RecipientChoice>
                labelInValue
                allowClear
                placeholder="Search by name or e-mail"
                showSearch={{ filterOption: matchesTypedText, onSearch: setSearch }}
                loading={recipients.isFetching}
                options={(recipients.data ?? []).map((user) => ({
                  value: user._id,
                  label: recipientLabel(user),
                  disabled: user.disabled,
                }))}
                notFoundContent={
                  recipients.isFetching ? (
                    <Spin size="small" aria-label="Searching users" />
                  ) : recipients.isError ? (
                    'Could not search the users.'
                  ) : (
                    'No user matches.'
                  )
                }
              />
            </Form.Item>
          ) : null}
          {formError ? (
            <Alert type="error" showIcon title={formError} className="cw-broadcast__error" />
          ) : null}
          <Button type="primary" htmlType="submit" loading={createBroadcast.isPending}>
            Send notification
          </Button>
        </Form>
        <aside className="cw-broadcast__preview" aria-labelledby="cw-broadcast-preview-label">
          <p id="cw-broadcast-preview-label" className="cw-broadcast__preview-label">
            How it looks in the drawer
          </p>
          <div className="cw-broadcast__preview-card">
            <p className="cw-broadcast__preview-title">
              {previewTitle.trim() || <span className="cw-broadcast__preview-empty">Your title</span>}
            </p>
            <p className="cw-broadcast__preview-message">
              {previewMessage.trim() || <span className="cw-broadcast__preview-empty">Your message</span>}
            </p>
            <span className="cw-broadcast__preview-time">just now</span>
          </div>
        </aside>
      </div>
    </section>
  );
}
