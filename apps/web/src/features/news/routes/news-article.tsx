import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { NEWS_CATEGORY_LABELS } from '@candlewise/shared/news/news-categories';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { MarkdownText } from '@/components/markdown-text/markdown-text';
import { PageHeader } from '@/components/page-header/page-header';
import { useNewsItem } from '../api/get-news-item';
import { NewsTime } from '../components/news-time';
import { isOwnStoryUrl } from '../lib/opens-in-app';
import './news-article.css';

/** /news/:newsId: a Candlewise article read in the app (a feed item links to its original). */
export default function NewsArticlePage() {
  const { newsId = '' } = useParams();
  const query = useNewsItem(newsId);
  const back = (
    <Link className="cw-news-article__back" to="/news">
      <ArrowLeftOutlined aria-hidden="true" /> All news
    </Link>
  );
  if (query.isPending) {
    return (
      <>
        {back}
        <Skeleton active title={false} paragraph={{ rows: 8 }} aria-label="Loading the article" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {back}
        <Alert
          type={query.error.message.includes('could not find') ? 'info' : 'error'}
          showIcon
          title={query.error.message}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      </>
    );
  }
  const item = query.data;
  return (
    <article className="cw-news-article">
      {back}
      <PageHeader title={item.title} />
      <p className="cw-news-article__meta">
        <span>{item.source.name}</span>
        {item.author ? <span> · {item.author}</span> : null}
        <span> · </span>
        <NewsTime iso={item.publishedAt} />
        <Tag bordered={false} className="cw-news-article__tag">
          {NEWS_CATEGORY_LABELS[item.category]}
        </Tag>
        {item.symbols.map((symbol) => (
          <Tag key={symbol}>{symbol}</Tag>
        ))}
      </p>
      {item.imageUrl ? (
        <img className="cw-news-article__image" src={item.imageUrl} alt="" referrerPolicy="no-referrer" />
      ) : null}
      {item.body ? (
        <MarkdownText source={item.body} headingLevel={2} className="cw-news-article__body" />
      ) : (
        <p className="cw-news-article__body">{item.summary}</p>
      )}
      {item.url && !isOwnStoryUrl(item.url) ? (
        <a href={item.url} target="_blank" rel="noopener noreferrer">
          Read the full story at {item.source.name} <ExportOutlined aria-label="(opens in a new tab)" />
        </a>
      ) : null}
    </article>
  );
}
