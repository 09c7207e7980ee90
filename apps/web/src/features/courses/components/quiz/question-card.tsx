import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Button, Checkbox, InputNumber, Radio, Space } from 'antd';
import { useId, useState } from 'react';
import type { QuizAnswerInput, QuizAnswerResult } from '../../api/quiz-api';
import './quiz.css';

/** A question as the learner sees it; `answer` is null until answered. */
export type ShownQuestion = {
  id: string;
  kind: 'single' | 'multiple' | 'numeric';
  prompt: string;
  unit: string | null;
  choices: Array<{ id: string; text: string }>;
  answer: Pick<QuizAnswerResult, 'correct' | 'explanation' | 'correctAnswer' | 'given'> | null;
};

type Props = {
  question: ShownQuestion;
  /** 1-based, shown as "Question n of total". */
  number: number;
  total: number;
  /** Sends the answer; undefined shows the question read-only (a finished attempt, an admin preview). */
  onAnswer?: (answer: Omit<QuizAnswerInput, 'questionId'>) => void;
  pending?: boolean;
  /** The admin preview: the key marked without answering. */
  showKey?: { choiceIds: string[]; value: number | null; tolerance: number | null; explanation: string };
};

/** Formats a number for a sentence without binary noise (0.25, 50, 1,234.5). */
const formatNumber = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 10 });

/** One question: choose or type the answer, then see right or wrong with the explanation and the key. */
export function QuestionCard({ question, number, total, onAnswer, pending = false, showKey }: Props) {
  const labelId = useId();
  const [choiceIds, setChoiceIds] = useState<string[]>([]);
  const [value, setValue] = useState<number | null>(null);
  const answer = question.answer;
  const key = answer?.correctAnswer ?? showKey ?? null;
  const keyChoices = new Set(key?.choiceIds ?? []);
  const chosen = answer ? answer.given.choiceIds : choiceIds;
  const locked = answer !== null || onAnswer === undefined;
  const ready = question.kind === 'numeric' ? value !== null : choiceIds.length > 0;

  function submit() {
    if (!onAnswer || !ready) return;
    onAnswer(question.kind === 'numeric' ? { value: value ?? undefined } : { choiceIds });
  }

  const choiceLabel = (choice: { id: string; text: string }) => (
    <span className="cw-quiz-choice__text">
      {choice.text}
      {key && keyChoices.has(choice.id) ? (
        <span className="cw-quiz-choice__key">
          <CheckCircleFilled aria-hidden="true" /> Correct answer
        </span>
      ) : null}
      {answer && !answer.correct && chosen.includes(choice.id) && !keyChoices.has(choice.id) ? (
        <span className="cw-quiz-choice__wrong">
          <CloseCircleFilled aria-hidden="true" /> Your answer
        </span>
      ) : null}
    </span>
  );

  return (
    <section className="cw-quiz-question" aria-labelledby={labelId}>
      <p className="cw-quiz-question__count">
        Question {number} of {total}
        {question.kind === 'multiple' ? ' · choose all that apply' : ''}
      </p>
      <h3 id={labelId} className="cw-quiz-question__prompt">
        {question.prompt}
      </h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {question.kind === 'single' ? (
          <Radio.Group
            aria-labelledby={labelId}
            value={chosen[0] ?? null}
            disabled={locked}
            onChange={(event) => setChoiceIds([event.target.value as string])}
          >
            <Space orientation="vertical">
              {question.choices.map((choice) => (
                <Radio key={choice.id} value={choice.id}>
                  {choiceLabel(choice)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        ) : null}
        {question.kind === 'multiple' ? (
          <Checkbox.Group
            aria-labelledby={labelId}
            value={chosen}
            disabled={locked}
            onChange={(values) => setChoiceIds(values as string[])}
          >
            <Space orientation="vertical">
              {question.choices.map((choice) => (
                <Checkbox key={choice.id} value={choice.id}>
                  {choiceLabel(choice)}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        ) : null}
        {question.kind === 'numeric' ? (
          <Space wrap>
            <InputNumber
              aria-labelledby={labelId}
              value={answer ? answer.given.value : value}
              disabled={locked}
              onChange={(next) => setValue(typeof next === 'number' ? next : null)}
              className="cw-quiz-question__number"
              placeholder="Your answer"
            />
            {question.unit ? <span className="cw-quiz-question__unit">{question.unit}</span> : null}
          </Space>
        ) : null}
        {onAnswer && !answer ? (
          <div className="cw-quiz-question__actions">
            <Button type="primary" htmlType="submit" disabled={!ready} loading={pending}>
              Check answer
            </Button>
          </div>
        ) : null}
      </form>
      {question.kind === 'numeric' && key && key.value !== null ? (
        <p className="cw-quiz-question__key">
          Correct answer: {formatNumber(key.value)}
          {question.unit ? ` ${question.unit}` : ''}
          {key.tolerance ? ` (± ${formatNumber(key.tolerance)} counts)` : ''}
        </p>
      ) : null}
      {answer ? (
        <Alert
          type={answer.correct ? 'success' : 'error'}
          showIcon
          title={answer.correct ? 'Correct' : 'Not quite'}
          description={answer.explanation}
          className="cw-quiz-question__result"
          role="status"
        />
      ) : null}
      {!answer && showKey ? (
        <Alert type="info" showIcon title="Explanation" description={showKey.explanation} />
      ) : null}
    </section>
  );
}
