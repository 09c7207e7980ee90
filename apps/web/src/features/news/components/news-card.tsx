import { ExportOutlined } from '@ant-design/icons';
import { NEWS_CATEGORY_LABELS, type NewsItem } from '@candlewise/shared/news/news-categories';
import { Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { opensInApp } from '../lib/opens-in-app';
import { NewsTime } from './news-time';
import './news-card.css';

/**
 * One story: thumbnail, source and time, category, headline, summary and the instruments it names.
 * A feed item's headline opens the original in a new tab; an admin's article and a Candlewise
 * story open in the app. `picture`: a card in the first row loads its picture at once ('eager'), the
 * first card with high priority ('lead'): it is the page's largest paint, which a lazy picture held
 * back until the layout had placed it (~0.9 s on a phone); the others wait until scrolled near.
 */
export function NewsCard({
  item,
  picture = 'lazy',
}: {
  item: NewsItem;
  picture?: 'lead' | 'eager' | 'lazy';
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = item.imageUrl && !imageFailed;
  const headline = opensInApp(item) ? (
    <Link className="cw-news-card__link" to={`/news/${encodeURIComponent(item._id)}`}>
      {item.title}
    </Link>
  ) : (
    <a className="cw-news-card__link" href={item.url ?? undefined} target="_blank" rel="noopener noreferrer">
      {item.title}
      <ExportOutlined className="cw-news-card__external" aria-label="(opens in a new tab)" />
    </a>
  );
  return (
    <article className="cw-news-card" data-kind={item.kind}>
      {showImage ? (
        <img
          className="cw-news-card__image"
          src={item.imageUrl!}
          alt=""
          loading={picture === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={picture === 'lead' ? 'high' : undefined}
          referrerPolicy="no-referrer"
          width={640}
          height={360}
          onError={() => setImageFailed(true)}
        />
      ) : (
        <div className="cw-news-card__image cw-news-card__image--empty" aria-hidden="true">
          {NEWS_CATEGORY_LABELS[item.category]}
        </div>
      )}
      <div className="cw-news-card__body">
        <p className="cw-news-card__meta">
          <span className="cw-news-card__source">{item.source.name}</span>
          <span aria-hidden="true"> · </span>
          <NewsTime iso={item.publishedAt} />
        </p>
        <h2 className="cw-news-card__title">{headline}</h2>
        {item.summary ? <p className="cw-news-card__summary">{item.summary}</p> : null}
        <div className="cw-news-card__tags">
          <Tag bordered={false} color={item.kind === 'post' ? 'cyan' : undefined}>
            {item.kind === 'post' ? 'Candlewise article' : NEWS_CATEGORY_LABELS[item.category]}
          </Tag>
          {item.symbols.slice(0, 4).map((symbol) => (
            <Tag key={symbol} className="cw-news-card__symbol">
              {symbol}
            </Tag>
          ))}
        </div>
      </div>
    </article>
  );
}
