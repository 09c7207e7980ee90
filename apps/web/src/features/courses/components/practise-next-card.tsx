import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { type PractiseNext, usePractiseNext } from '../api/get-practise-next';
import './practise-next-card.css';

let money: Intl.NumberFormat | undefined;
function formatLoss(value: number, currency: string): string {
  money ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `−${money.format(Math.abs(value))} ${currency}`;
}

type Item = PractiseNext['items'][number];

function ItemRow({ item, currency }: { item: Item; currency: string }) {
  return (
    <li className="cw-practise-next__item">
      <div className="cw-practise-next__what">
        <span className="cw-practise-next__label">{item.label}</span>
        <span className="cw-practise-next__kind">
          {item.kind === 'rule' ? 'Competition rule' : 'Journal mistake'} · {item.occurrences} time
          {item.occurrences === 1 ? '' : 's'}
        </span>
        <span className="cw-practise-next__cost">Cost {formatLoss(item.pnl, currency)}</span>
      </div>
      <div className="cw-practise-next__actions">
        {item.lesson ? (
          <Link to={`/courseVideos/${item.lesson.courseId}?video=${item.lesson.videoId}`}>
            Lesson: {item.lesson.title}
          </Link>
        ) : (
          <span className="cw-practise-next__none">No lesson is linked to this mistake yet.</span>
        )}
        {item.drill ? (
          <Link to={`/courseVideos/${item.drill.courseId}?drill=${item.drill.id}`}>
            Drill: {item.drill.title}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/**
 * "What to practise next" (docs/courses.md): the learner's three most costly mistakes of the last
 * 30 days, each with the lesson and drill that teach it. Plain markup, so /home can draw it before
 * antd arrives.
 */
export function PractiseNextCard({ currency }: { currency?: string }) {
  const query = usePractiseNext(currency);
  const headingId = useId();
  return (
    <section className="cw-plain-card cw-practise-next" aria-labelledby={headingId}>
      <h2 id={headingId} className="cw-practise-next__heading">
        <SvgIcon icon={AimOutlined} className="cw-practise-next__icon" />
        What to practise next
      </h2>
      {query.isPending ? (
        <PlainSkeleton rows={2} label="Loading what to practise next" />
      ) : query.error ? (
        <p role="alert">
          We could not load your mistakes.{' '}
          <button type="button" className="cw-plain-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="cw-practise-next__empty">
          No costly mistakes in the last 30 days. Tag the mistakes on your journal's trades and the lessons
          that fix them will show here.
        </p>
      ) : (
        <>
          <p className="cw-practise-next__intro">
            Your most costly mistakes of the last 30 days, in {query.data.currency}, and where to practise
            them.
          </p>
          <ol className="cw-practise-next__list">
            {query.data.items.map((item) => (
              <ItemRow key={`${item.kind}:${item.key}`} item={item} currency={query.data.currency} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
