import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { formatAbsoluteTime, formatRelativeTime } from '@/lib/format-relative-time';
import { useTopNews } from '../api/get-top-news';
import './top-news-card.css';
import { DashboardLoadFailed } from './dashboard-load-failed';

/** /home: the newest stories, each opening its original (or the Candlewise article), and a link to /news. */
export function TopNewsCard() {
  const query = useTopNews();
  const headingId = useId();
  const now = Date.now();
  return (
    <section className="cw-plain-card cw-dashboard-news" aria-labelledby={headingId}>
      <div className="cw-dashboard-news__top">
        <h2 id={headingId} className="cw-dashboard-news__heading">
          <SvgIcon icon={ReadOutlined} className="cw-dashboard-news__icon" />
          Top news
        </h2>
        <Link to="/news">All news</Link>
      </div>
      {query.isPending ? (
        <PlainSkeleton rows={4} label="Loading the news" />
      ) : query.isError ? (
        <DashboardLoadFailed
          what="the news"
          error={query.error}
          onRetry={() => void query.refetch()}
          className="cw-dashboard-news__message"
        />
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
                  <SvgIcon icon={ExportOutlined} className="cw-dashboard-news__external" />{' '}
                  <span className="cw-visually-hidden">(opens in a new tab)</span>
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
    </section>
  );
}
