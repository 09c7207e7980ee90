import { Alert, Button, Card, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  type DueReviews,
  type ReviewAnswerResult,
  useAnswerReview,
  useDueReviews,
  useReviewQuestion,
} from '../../api/quiz-api';
import { QuestionCard } from './question-card';
import './quiz.css';

type DueItem = DueReviews['due'][number];

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

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
      {open ? <ReviewModal item={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}

function ReviewModal({ item, onClose }: { item: DueItem; onClose: () => void }) {
  const question = useReviewQuestion(item.id);
  const answer = useAnswerReview(item.id);
  const [result, setResult] = useState<ReviewAnswerResult | null>(null);
  return (
    <Modal
      open
      title={`Review · ${item.courseTitle}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{result ? 'Done' : 'Close'}</Button>}
      destroyOnHidden
    >
      {question.isPending ? <Skeleton active /> : null}
      {question.error ? <Alert type="error" showIcon title={question.error.message} /> : null}
      {question.data ? (
        <QuestionCard
          question={{ ...question.data, answer: result }}
          number={1}
          total={1}
          pending={answer.isPending}
          onAnswer={(input) =>
            answer.mutate(input, { onSuccess: setResult, onError: (error) => toast.error(error.message) })
          }
        />
      ) : null}
      {result ? (
        <p className="cw-quiz__meta" role="status">
          {result.nextDueAt ? (
            <>
              <Tag>{result.correct ? 'Moved on' : 'Starts again'}</Tag> Next review on{' '}
              {formatDay(result.nextDueAt)}.
            </>
          ) : (
            'Learnt: this question has left your review queue.'
          )}
        </p>
      ) : null}
    </Modal>
  );
}
