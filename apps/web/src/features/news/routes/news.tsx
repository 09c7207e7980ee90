import {
  NEWS_CATEGORIES,
  NEWS_CATEGORY_LABELS,
  type NewsCategory,
} from '@candlewise/shared/news/news-categories';
import { Alert, Button, Empty, Input, Pagination, Skeleton, Switch } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { NEWS_PAGE_SIZE, newsFiltersFrom } from '../api/first-reads';
import { type NewsFilters, useNews } from '../api/get-news';
import { NewsCard } from '../components/news-card';
import './news.css';
import { AppTabs } from '@/components/app-tabs/app-tabs';

const ALL = 'all';

/** Reads the filters from the address, so a filtered list can be shared and Back works. */
function useNewsFilters(): [NewsFilters, (changes: Partial<NewsFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = newsFiltersFrom(params);
  const update = (changes: Partial<NewsFilters>) => {
    const next = { ...filters, page: 1, ...changes };
    const search = new URLSearchParams();
    if (next.category) search.set('category', next.category);
    if (next.q) search.set('q', next.q);
    if (next.mine) search.set('mine', '1');
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: !('page' in changes) });
  };
  return [filters, update];
}

/** /news: stories from the feeds and Candlewise articles, by category, by words, or about my instruments. */
export default function NewsPage() {
  const [filters, update] = useNewsFilters();
  const query = useNews(filters);
  const [search, setSearch] = useState(filters.q ?? '');
  const mineLabel = useId();
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);

  const filtered = Boolean(filters.category || filters.q || filters.mine);
  return (
    <>
      <PageHeader
        title="News"
        description="Market news from curated sources and Candlewise articles, with the instruments each story mentions."
      />
      <AppTabs
        className="cw-news__tabs"
        activeKey={filters.category ?? ALL}
        onChange={(key) => update({ category: key === ALL ? undefined : (key as NewsCategory) })}
        items={[
          { key: ALL, label: 'All' },
          ...NEWS_CATEGORIES.map((category) => ({ key: category, label: NEWS_CATEGORY_LABELS[category] })),
        ]}
      />
      <div className="cw-news__toolbar">
        <Input.Search
          className="cw-news__search"
          placeholder="Search headlines and summaries"
          aria-label="Search news"
          allowClear
          enterButton="Search"
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.target.value);
            if (event.target.value === '' && filters.q) update({ q: undefined });
          }}
          onSearch={(value) => update({ q: value.trim() || undefined })}
        />
        <span className="cw-news__mine">
          <Switch
            id={`${mineLabel}-switch`}
            aria-labelledby={mineLabel}
            checked={filters.mine}
            onChange={(checked) => update({ mine: checked })}
          />
          {/* A label: clicking the words toggles the switch too. */}
          <label id={mineLabel} htmlFor={`${mineLabel}-switch`}>
            My symbols
          </label>
        </span>
      </div>
      {filters.mine && query.data?.mySymbols ? (
        <p className="cw-news__note">
          {query.data.mySymbols.length
            ? `Stories about ${query.data.mySymbols.join(', ')}: instruments you hold or have traded, in competitions, your journal or your broker.`
            : 'You have not traded any instrument yet. Trade in a competition, add a trade to your journal or connect a broker, and stories about those instruments show here.'}
        </p>
      ) : null}

      {query.isPending ? (
        <ul className="cw-news__grid" aria-label="Loading news" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <li key={index} className="cw-news__placeholder">
              <div className="cw-news__placeholder-image" />
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title="We could not load the news."
          description={query.error.message}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : query.data.items.length === 0 ? (
        <Empty
          className="cw-news__empty"
          description={
            filtered
              ? 'No stories match these filters.'
              : 'No news yet. Sources are checked every 15 minutes.'
          }
        >
          {filtered ? (
            <Button onClick={() => update({ category: undefined, q: undefined, mine: false })}>
              Show all news
            </Button>
          ) : null}
        </Empty>
      ) : (
        <>
          <p className="cw-news__count" aria-live="polite">
            {query.data.total === 1 ? '1 story' : `${query.data.total} stories`}
          </p>
          <ul className="cw-news__grid" aria-busy={query.isFetching}>
            {query.data.items.map((item, index) => (
              <li key={item._id}>
                {/* The first row's pictures at once (three across on a wide screen), the first foremost. */}
                <NewsCard item={item} picture={index === 0 ? 'lead' : index < 3 ? 'eager' : 'lazy'} />
              </li>
            ))}
          </ul>
          {query.data.total > NEWS_PAGE_SIZE ? (
            <Pagination
              className="cw-news__pagination"
              current={filters.page}
              pageSize={NEWS_PAGE_SIZE}
              total={query.data.total}
              showSizeChanger={false}
              onChange={(page) => {
                update({ page });
                window.scrollTo({ top: 0 });
              }}
            />
          ) : null}
        </>
      )}
    </>
  );
}
