import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminContactContract } from '@candlewise/shared/contact/contact-contract';
import type { ContactMessageFilter } from '@candlewise/shared/contact/contact-message-schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Segmented, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import './admin-contact-messages-panel.css';

/** A message as the inbox lists it (ADR 023: inferred from the contract). */
export type ContactMessage = DataOf<typeof adminContactContract.setHandled>;
type ContactMessagesPage = DataOf<typeof adminContactContract.listMessages>;

const PAGE_SIZE = 20;
const FILTERS: Array<{ label: string; value: ContactMessageFilter }> = [
  { label: 'Open', value: 'open' },
  { label: 'Handled', value: 'handled' },
  { label: 'All', value: 'all' },
];
const EMPTY_TEXT: Record<ContactMessageFilter, string> = {
  open: 'Nothing waiting: every message has been handled.',
  handled: 'No message has been marked handled yet.',
  all: 'No messages yet.',
};

const receivedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const messagesKey = ['admin', 'contact-messages'] as const;

/** GET /admin/contact-messages: what visitors sent through /contact, newest first. */
async function getContactMessages(page: number, status: ContactMessageFilter, signal?: AbortSignal) {
  const response = await apiClient.get<ContactMessagesPage>('/admin/contact-messages', {
    query: { page, pageSize: PAGE_SIZE, status },
    signal,
  });
  return response.data;
}

/** The reply the "Answer by e-mail" link opens in the admin's mail program. */
export function answerMailto(
  message: Pick<ContactMessage, 'email' | 'subject' | 'name' | 'message'>,
): string {
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Hello ${message.name},\n\n\n\n— Candlewise\n\n${quoted}`;
  return `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}&body=${encodeURIComponent(body)}`;
}

/**
 * /admin → Contact messages: the open ones first (Open, Handled or All), newest first, each with
 * "Answer by e-mail" and "Mark handled" (or "Mark open" again).
 */
export default function AdminContactMessagesPanel() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ContactMessageFilter>('open');
  const queryClient = useQueryClient();
  const messages = useQuery({
    queryKey: [...messagesKey, status, page],
    queryFn: ({ signal }) => getContactMessages(page, status, signal),
    placeholderData: keepPreviousData,
  });
  const mark = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiClient.patch<ContactMessage>(`/admin/contact-messages/${encodeURIComponent(id)}`, { handled }),
    onSuccess: (answer) => {
      toast.success(answer.message ?? 'Saved');
      return queryClient.invalidateQueries({ queryKey: messagesKey });
    },
    onError: (error) => toast.error(error.message),
  });

  const columns: TableColumnsType<ContactMessage> = [
    {
      title: 'Received',
      dataIndex: 'createdAt',
      key: 'received',
      width: 170,
      render: (createdAt: string) => (
        <time dateTime={createdAt}>{receivedFormat.format(new Date(createdAt))}</time>
      ),
    },
    {
      title: 'From',
      key: 'from',
      render: (_, message) => (
        <>
          <div>{message.name}</div>
          <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>
            {message.email}
          </a>
        </>
      ),
    },
    { title: 'Subject', dataIndex: 'subject', key: 'subject' },
    {
      title: 'Message',
      dataIndex: 'message',
      key: 'message',
      // The whole text, wrapped; long messages stay readable without opening anything.
      render: (text: string) => <div className="cw-admin-contact__text">{text}</div>,
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, message) =>
        message.handledAt ? (
          <span className="cw-admin-contact__handled">
            <Tag color="green">Handled</Tag>
            <span>
              {message.handledBy ? `by ${message.handledBy.name}, ` : ''}
              <time dateTime={message.handledAt}>{receivedFormat.format(new Date(message.handledAt))}</time>
            </span>
          </span>
        ) : (
          <Tag color="orange">Open</Tag>
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, message) => {
        const busy = mark.isPending && mark.variables?.id === message._id;
        return (
          <Space size="small" wrap>
            <Button size="small" href={answerMailto(message)}>
              Answer by e-mail
            </Button>
            <Button
              size="small"
              loading={busy}
              onClick={() => mark.mutate({ id: message._id, handled: !message.handledAt })}
              aria-label={`${message.handledAt ? 'Mark open' : 'Mark handled'}: ${message.subject}`}
            >
              {message.handledAt ? 'Mark open' : 'Mark handled'}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <div className="cw-admin-contact__filters">
        <Segmented<ContactMessageFilter>
          aria-label="Show messages"
          options={FILTERS}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      {messages.error ? (
        <Alert type="error" showIcon title={messages.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<ContactMessage>
        rowKey="_id"
        columns={columns}
        dataSource={messages.data?.messages ?? []}
        loading={messages.isFetching && (messages.isPlaceholderData || !messages.data)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: EMPTY_TEXT[status] }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: messages.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} message${total === 1 ? '' : 's'}`,
          onChange: setPage,
        }}
      />
    </>
  );
}
