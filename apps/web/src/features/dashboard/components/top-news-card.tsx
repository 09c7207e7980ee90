import { ExportOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import { Link } from 'react-router';
import { formatAbsoluteTime, formatRelativeTime } from '@/lib/format-relative-time';
import { useTopNews } from '../api/get-top-news';
import './top-news-card.css';

/** /home: the newest stories, each opening its original (or the Candlewise article), and a link to /news. */
export function TopNewsCard() {
  const query = useTopNews();
  const now = Date.now();
  return (
    <Card className="cw-dashboard-news">
      <div className="cw-dashboard-news__top">
        <h2 className="cw-dashboard-news__heading">
          <ReadOutlined aria-hidden="true" className="cw-dashboard-news__icon" />
          Top news
        </h2>
        <Link to="/news">All news</Link>
      </div>
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} aria-label="Loading the news" />
      ) : query.isError ? (
        <div className="cw-dashboard-news__message">
          <p>We could not load the news. {query.error.message}</p>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="cw-dashboard-news__message">No news yet. Check back soon.</p>
      ) : (
        <ul className="cw-dashboard-news__list">
          {query.data.map((item) => (
            <li key={item._id} className="cw-dashboard-news__item">
              {item.kind === 'post' ? (
                <Link className="cw-dashboard-news__link" to={`/news/${encodeURIComponent(item._id)}`}>
                  {item.title}
                </Link>
              ) : (
                <a
                  className="cw-dashboard-news__link"
                  href={item.url ?? undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {item.title}
                  <ExportOutlined className="cw-dashboard-news__external" aria-label="(opens in a new tab)" />
                </a>
              )}
              <span className="cw-dashboard-news__meta">
                {item.source.name} ·{' '}
                <time dateTime={item.publishedAt} title={formatAbsoluteTime(item.publishedAt) ?? undefined}>
                  {formatRelativeTime(item.publishedAt, now)}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
