import { Alert, Button, Card, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { type DueReviews, useDueReviews } from '../../api/quiz-api';
import { formatDay } from './format-day';
import './quiz.css';

type DueItem = DueReviews['due'][number];

// The dialog (and the question's form controls) loads when a review is opened, not with the hub.
const ReviewModal = lazy(() => import('./review-modal').then((m) => ({ default: m.ReviewModal })));

/** The learning hub's "Due for review" card (issue #42): questions missed earlier, back after 1, 3 and 7 days. */
export function DueReviewsCard() {
  const reviews = useDueReviews();
  const [open, setOpen] = useState<DueItem | null>(null);
  return (
    <Card title={<h2 className="cw-hub__heading">Due for review</h2>} size="small" className="cw-due-reviews">
      {reviews.isPending ? <Skeleton active paragraph={{ rows: 2 }} title={false} /> : null}
      {reviews.error ? (
        <Alert
          type="error"
          showIcon
          title="We could not load your reviews"
          description={reviews.error.message}
          action={<Button onClick={() => void reviews.refetch()}>Try again</Button>}
        />
      ) : null}
      {reviews.data && reviews.data.due.length === 0 ? (
        <p className="cw-quiz__meta">
          Nothing due.{' '}
          {reviews.data.nextDueAt
            ? `The next review comes on ${formatDay(reviews.data.nextDueAt)}.`
            : 'Questions you miss in a quiz come back here after a day.'}
        </p>
      ) : null}
      {reviews.data && reviews.data.due.length > 0 ? (
        <ul className="cw-due-reviews__list">
          {reviews.data.due.map((item) => (
            <li key={item.id} className="cw-due-reviews__item">
              <span className="cw-due-reviews__title">
                {item.title}
                <br />
                <span className="cw-quiz__meta">
                  {item.courseTitle} · due {formatDay(item.dueAt)}
                </span>
              </span>
              {item.kind === 'question' ? (
                <Button size="small" type="primary" onClick={() => setOpen(item)}>
                  Review
                </Button>
              ) : (
                <Link to={item.link}>Practise</Link>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ReviewModal item={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
