import { Alert, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  type CourseQuizDetail,
  type QuizAttempt,
  useAnswerQuizQuestion,
  useCourseQuiz,
  useFinishQuizAttempt,
  useQuizAttempt,
  useStartQuizAttempt,
} from '../../api/quiz-api';
import { QuestionCard } from './question-card';
import './quiz.css';

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const percent = (value: number) => `${value.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

/** ?quiz=<id> on the course page: start, answer one question at a time, finish, score, retry, past attempts. */
export function QuizView({ courseId, quizId }: { courseId: string; quizId: string }) {
  const quiz = useCourseQuiz(courseId, quizId);
  const [attemptId, setAttemptId] = useState<string | null>(null);

  if (quiz.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (quiz.error)
    return (
      <Alert
        type="error"
        showIcon
        title="We could not open this quiz"
        description={quiz.error.message}
        action={<Button onClick={() => void quiz.refetch()}>Try again</Button>}
      />
    );
  if (attemptId)
    return (
      <AttemptView
        // A new attempt is a new view: a retry must not keep the last attempt's choices.
        key={attemptId}
        courseId={courseId}
        quiz={quiz.data}
        attemptId={attemptId}
        onStarted={setAttemptId}
        onClose={() => setAttemptId(null)}
      />
    );
  return <QuizOverview courseId={courseId} quiz={quiz.data} onOpen={setAttemptId} />;
}

function QuizOverview({
  courseId,
  quiz,
  onOpen,
}: {
  courseId: string;
  quiz: CourseQuizDetail;
  onOpen: (attemptId: string) => void;
}) {
  const start = useStartQuizAttempt(courseId, quiz.id);
  const unfinished = quiz.attempts.find((attempt) => attempt.finishedAt === null);
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (attempt) => onOpen(attempt.id),
      onError: (error) => toast.error(error.message),
    });
  return (
    <section className="cw-quiz" aria-labelledby="cw-quiz-title">
      <header className="cw-quiz__header">
        <h2 id="cw-quiz-title">{quiz.title}</h2>
        <p className="cw-quiz__meta">
          {quiz.questionCount} {quiz.questionCount === 1 ? 'question' : 'questions'} · pass mark{' '}
          {quiz.passMark} %{quiz.bestScore !== null ? ` · best score ${percent(quiz.bestScore)}` : ''}
        </p>
      </header>
      {quiz.passed ? <Alert type="success" showIcon title="You have passed this quiz." /> : null}
      <div className="cw-quiz__actions">
        {unfinished ? (
          <Button type="primary" onClick={() => onOpen(unfinished.id)}>
            Continue attempt
          </Button>
        ) : null}
        <Button
          type={unfinished ? 'default' : 'primary'}
          loading={start.isPending}
          disabled={quiz.questionCount === 0}
          onClick={begin}
        >
          {quiz.attempts.length > 0 ? 'Start a new attempt' : 'Start quiz'}
        </Button>
      </div>
      {quiz.questionCount === 0 ? <Empty description="This quiz has no questions yet." /> : null}
      {quiz.attempts.length > 0 ? (
        <section aria-labelledby="cw-quiz-attempts">
          <h3 id="cw-quiz-attempts">Your attempts</h3>
          <ol className="cw-quiz__attempts">
            {quiz.attempts.map((attempt) => (
              <li key={attempt.id} className="cw-quiz__attempt">
                <span>{formatWhen(attempt.startedAt)}</span>
                {attempt.finishedAt === null ? (
                  <Tag>In progress</Tag>
                ) : (
                  <span>
                    {percent(attempt.scorePercent ?? 0)}{' '}
                    {attempt.passed ? <Tag color="green">Passed</Tag> : <Tag color="red">Not passed</Tag>}
                  </span>
                )}
                <Button size="small" onClick={() => onOpen(attempt.id)}>
                  {attempt.finishedAt === null ? 'Continue' : 'See answers'}
                </Button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}

function AttemptView({
  courseId,
  quiz,
  attemptId,
  onStarted,
  onClose,
}: {
  courseId: string;
  quiz: CourseQuizDetail;
  attemptId: string;
  onStarted: (attemptId: string) => void;
  onClose: () => void;
}) {
  const attempt = useQuizAttempt(attemptId);
  const answer = useAnswerQuizQuestion(attemptId);
  const finish = useFinishQuizAttempt(courseId, quiz.id, attemptId);
  const retry = useStartQuizAttempt(courseId, quiz.id);

  if (attempt.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (attempt.error)
    return (
      <Alert
        type="error"
        showIcon
        title="We could not open this attempt"
        description={attempt.error.message}
        action={<Button onClick={onClose}>Back to the quiz</Button>}
      />
    );
  const data: QuizAttempt = attempt.data;
  const total = data.questions.length;
  const answered = data.questions.filter((question) => question.answer !== null).length;
  const finished = data.finishedAt !== null;
  // One question at a time: the first unanswered one, after the answered ones (their results stay visible).
  const current = data.questions.findIndex((question) => question.answer === null);
  const shown = finished ? data.questions : data.questions.slice(0, current === -1 ? total : current + 1);

  const doFinish = () => finish.mutate(undefined, { onError: (error) => toast.error(error.message) });
  const doRetry = () =>
    retry.mutate(undefined, {
      onSuccess: (next) => onStarted(next.id),
      onError: (error) => toast.error(error.message),
    });

  return (
    <section className="cw-quiz" aria-labelledby="cw-quiz-title">
      <header className="cw-quiz__header">
        <h2 id="cw-quiz-title">{data.title}</h2>
        <p className="cw-quiz__meta">
          {finished ? 'Finished' : `${answered} of ${total} answered`} · pass mark {data.passMark} %
        </p>
      </header>
      {finished ? (
        <Alert
          type={data.passed ? 'success' : 'warning'}
          showIcon
          role="status"
          title={
            <span>
              <span className="cw-quiz__score">{percent(data.scorePercent ?? 0)}</span>{' '}
              {data.passed ? 'Passed' : 'Not passed'}
            </span>
          }
          description={`${data.correctCount ?? 0} of ${data.totalCount} correct. ${
            data.passed
              ? 'Well done.'
              : `You need ${data.passMark} % to pass. The questions you missed come back for review.`
          }`}
        />
      ) : null}
      {shown.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          number={index + 1}
          total={total}
          pending={answer.isPending && answer.variables?.questionId === question.id}
          onAnswer={
            finished
              ? undefined
              : (input) =>
                  answer.mutate(
                    { questionId: question.id, ...input },
                    { onError: (error) => toast.error(error.message) },
                  )
          }
        />
      ))}
      <div className="cw-quiz__actions">
        {!finished && answered === total ? (
          <Button type="primary" loading={finish.isPending} onClick={doFinish}>
            See my score
          </Button>
        ) : null}
        {!finished && answered < total ? (
          <Popconfirm
            title="Finish now?"
            description={`${total - answered} unanswered ${total - answered === 1 ? 'question counts' : 'questions count'} as wrong.`}
            okText="Finish"
            onConfirm={doFinish}
          >
            <Button loading={finish.isPending}>Finish now</Button>
          </Popconfirm>
        ) : null}
        {finished ? (
          <Button type="primary" loading={retry.isPending} onClick={doRetry}>
            Try again
          </Button>
        ) : null}
        <Button onClick={onClose}>Back to the quiz</Button>
      </div>
    </section>
  );
}
