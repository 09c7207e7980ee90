import { Alert, Button, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  type DueReviews,
  type ReviewAnswerResult,
  useAnswerReview,
  useReviewQuestion,
} from '../../api/quiz-api';
import { formatDay } from './format-day';
import { QuestionCard } from './question-card';

type DueItem = DueReviews['due'][number];

/** A due question answered again: right moves it on (3, then 7 days, then out), wrong starts it again. */
export function ReviewModal({ item, onClose }: { item: DueItem; onClose: () => void }) {
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
