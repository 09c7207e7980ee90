import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { NEWS_CATEGORY_LABELS } from '@candlewise/shared/news/news-categories';
import { Alert, Button, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteNewsPost, useNewsPosts } from '../api/admin-news-posts';
import {
  type NewsSource,
  useDeleteNewsSource,
  useNewsSources,
  usePollNewsSource,
  useUpdateNewsSource,
} from '../api/admin-news-sources';
import type { NewsItemDetail } from '../api/get-news-item';
import { NewsPostFormModal } from './news-post-form-modal';
import { NewsSourceFormModal } from './news-source-form-modal';
import { NewsTime } from './news-time';
import './admin-news-panel.css';

/** /admin?tab=news: the feeds Candlewise polls, and the articles admins write. */
export default function AdminNewsPanel() {
  const sources = useNewsSources();
  const posts = useNewsPosts();
  const updateSource = useUpdateNewsSource();
  const deleteSource = useDeleteNewsSource();
  const pollSource = usePollNewsSource();
  const deletePost = useDeleteNewsPost();
  const [editingSource, setEditingSource] = useState<NewsSource | null | undefined>(undefined);
  const [editingPost, setEditingPost] = useState<NewsItemDetail | null | undefined>(undefined);

  return (
    <div className="cw-admin-news">
      <section aria-labelledby="cw-admin-news-sources">
        <div className="cw-admin-news__heading">
          <h2 id="cw-admin-news-sources">Feed sources</h2>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingSource(null)}>
            Add a feed
          </Button>
        </div>
        <p className="cw-admin-news__hint">
          RSS and Atom feeds are checked every 15 minutes; a failing feed is retried later and shows its last
          error.
        </p>
        {sources.isError ? <Alert type="error" showIcon title={sources.error.message} /> : null}
        <Table<NewsSource>
          rowKey="_id"
          size="middle"
          loading={sources.isPending}
          dataSource={sources.data ?? []}
          pagination={false}
          scroll={{ x: 860 }}
          columns={[
            {
              title: 'Source',
              key: 'name',
              render: (_, source) => (
                <div className="cw-admin-news__source">
                  <strong>{source.name}</strong>
                  <Typography.Text type="secondary" ellipsis={{ tooltip: source.url }}>
                    {source.bundled ? 'Bundled sample feed' : source.url}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: 'Category',
              key: 'category',
              render: (_, source) => NEWS_CATEGORY_LABELS[source.category],
            },
            { title: 'Items', dataIndex: 'itemCount', align: 'right' },
            {
              title: 'Last fetch',
              key: 'status',
              render: (_, source) =>
                source.lastError ? (
                  <div className="cw-admin-news__error">
                    <Tag color="error">Failing ({source.failureCount})</Tag>
                    <span>{source.lastError}</span>
                  </div>
                ) : source.lastFetchedAt ? (
                  <span>
                    <Tag color="success">OK</Tag>
                    <NewsTime iso={source.lastFetchedAt} />
                  </span>
                ) : (
                  <Tag>Not fetched yet</Tag>
                ),
            },
            {
              title: 'Polled',
              key: 'enabled',
              render: (_, source) => (
                <Switch
                  checked={source.enabled}
                  aria-label={`Poll ${source.name}`}
                  onChange={(enabled) => updateSource.mutate({ sourceId: source._id, changes: { enabled } })}
                />
              ),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, source) => (
                <Space wrap>
                  <Button
                    icon={<SyncOutlined />}
                    loading={pollSource.isPending && pollSource.variables === source._id}
                    onClick={() => pollSource.mutate(source._id)}
                  >
                    Poll now
                  </Button>
                  <Button
                    icon={<EditOutlined />}
                    aria-label={`Edit ${source.name}`}
                    onClick={() => setEditingSource(source)}
                  />
                  <Popconfirm
                    title={`Delete “${source.name}” and its ${source.itemCount} items?`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => deleteSource.mutateAsync(source._id)}
                  >
                    <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${source.name}`} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </section>

      <section aria-labelledby="cw-admin-news-posts">
        <div className="cw-admin-news__heading">
          <h2 id="cw-admin-news-posts">Articles</h2>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingPost(null)}>
            Write an article
          </Button>
        </div>
        {posts.isError ? <Alert type="error" showIcon title={posts.error.message} /> : null}
        <Table<NewsItemDetail>
          rowKey="_id"
          size="middle"
          loading={posts.isPending}
          dataSource={posts.data ?? []}
          pagination={false}
          scroll={{ x: 560 }}
          locale={{ emptyText: 'No articles yet.' }}
          columns={[
            {
              title: 'Title',
              key: 'title',
              render: (_, post) => <Link to={`/news/${encodeURIComponent(post._id)}`}>{post.title}</Link>,
            },
            { title: 'Category', key: 'category', render: (_, post) => NEWS_CATEGORY_LABELS[post.category] },
            {
              title: 'Published',
              key: 'publishedAt',
              render: (_, post) => <NewsTime iso={post.publishedAt} />,
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, post) => (
                <Space>
                  <Button
                    icon={<EditOutlined />}
                    aria-label={`Edit ${post.title}`}
                    onClick={() => setEditingPost(post)}
                  />
                  <Popconfirm
                    title="Delete this article?"
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => deletePost.mutateAsync(post._id)}
                  >
                    <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${post.title}`} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </section>

      {editingSource !== undefined ? (
        <NewsSourceFormModal source={editingSource} onClose={() => setEditingSource(undefined)} />
      ) : null}
      {editingPost !== undefined ? (
        <NewsPostFormModal post={editingPost} onClose={() => setEditingPost(undefined)} />
      ) : null}
    </div>
  );
}
