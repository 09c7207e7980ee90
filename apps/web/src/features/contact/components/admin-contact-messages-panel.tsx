import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { apiClient } from '@/lib/api-client';

export type ContactMessage = {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
};

type ContactMessagesPage = { messages: ContactMessage[]; total: number; page: number; pageSize: number };

const PAGE_SIZE = 20;

const receivedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** GET /admin/contact-messages: what visitors sent through /contact, newest first. */
async function getContactMessages(page: number, signal?: AbortSignal) {
  const response = await apiClient.get<ContactMessagesPage>('/admin/contact-messages', {
    query: { page, pageSize: PAGE_SIZE },
    signal,
  });
  return response.data;
}

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
    render: (text: string) => <div style={{ whiteSpace: 'pre-wrap', maxWidth: '40rem' }}>{text}</div>,
  },
];

/** /admin → Contact messages: a paged list, newest first, with a reply link for each. */
export default function AdminContactMessagesPanel() {
  const [page, setPage] = useState(1);
  const messages = useQuery({
    queryKey: ['admin', 'contact-messages', page],
    queryFn: ({ signal }) => getContactMessages(page, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      {messages.error ? (
        <Alert type="error" showIcon message={messages.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<ContactMessage>
        rowKey="_id"
        columns={columns}
        dataSource={messages.data?.messages ?? []}
        loading={messages.isFetching && (messages.isPlaceholderData || !messages.data)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No messages yet.' }}
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
