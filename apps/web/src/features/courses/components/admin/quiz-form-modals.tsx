import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { quizFieldsSchema, quizQuestionSchema } from '@candlewise/shared/courses/quiz-schemas';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { toast } from 'react-toastify';
import { useAdminFormModal, validateWith } from '@/components/admin-form-modal/use-admin-form-modal';
import {
  type AdminQuiz,
  type AdminQuizQuestion,
  useCreateQuestion,
  useCreateQuiz,
  useUpdateQuestion,
  useUpdateQuiz,
} from '../../api/admin-quiz-api';
import type { Lesson } from '../../api/get-course';

type QuizDraft = { title: string; passMark: number | null; afterVideoId: number | null };

/** Add or edit a quiz: its title, pass mark and the lesson it comes after (checked with the API's schema). */
export function QuizFormModal({
  courseId,
  quiz,
  lessons,
  onClose,
}: {
  courseId: string;
  quiz: AdminQuiz | null;
  lessons: Lesson[];
  onClose: () => void;
}) {
  const creating = quiz === null;
  const createQuiz = useCreateQuiz(courseId);
  const updateQuiz = useUpdateQuiz();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: (): QuizDraft => ({
      title: quiz?.title ?? '',
      passMark: quiz?.passMark ?? 70,
      afterVideoId: quiz?.afterVideoId ?? lessons.at(-1)?.id ?? null,
    }),
    schema: quizFieldsSchema,
    submit: async (fields) => {
      if (creating) await createQuiz.mutateAsync(fields);
      else await updateQuiz.mutateAsync({ quizId: quiz.id, fields });
      toast.success(creating ? `Quiz “${fields.title}” added.` : `Quiz “${fields.title}” saved.`);
    },
    onClose,
  });
  return (
    <Modal
      {...modalProps}
      title={creating ? 'New quiz' : `Edit “${quiz.title}”`}
      okText={creating ? 'Add quiz' : 'Save quiz'}
    >
      <Form {...formProps}>
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-admin-form__alert" />
        ) : null}
        <Form.Item label="Title" {...item('title')}>
          <Input
            id={fieldId('title')}
            value={draft.title}
            onChange={(event) => change('title', event.target.value)}
          />
        </Form.Item>
        <Form.Item label="Pass mark (%)" extra="A whole percent from 1 to 100." {...item('passMark')}>
          <InputNumber
            id={fieldId('passMark')}
            value={draft.passMark}
            onChange={(value) => change('passMark', typeof value === 'number' ? value : null)}
          />
        </Form.Item>
        <Form.Item label="Comes after" {...item('afterVideoId')}>
          <Select
            id={fieldId('afterVideoId')}
            value={draft.afterVideoId}
            onChange={(value) => change('afterVideoId', value)}
            options={lessons.map((lesson, index) => ({
              value: lesson.id,
              label: `${index + 1}. ${lesson.title}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ChoiceDraft = { text: string; correct: boolean };
type QuestionDraft = {
  kind: 'single' | 'multiple' | 'numeric';
  prompt: string;
  explanation: string;
  choices: ChoiceDraft[];
  value: number | null;
  tolerance: number | null;
  unit: string;
};

/** The draft as the API's question body: choices for choice questions, value and tolerance for numeric. */
export function questionBody(draft: QuestionDraft) {
  const base = { kind: draft.kind, prompt: draft.prompt, explanation: draft.explanation };
  return draft.kind === 'numeric'
    ? { ...base, value: draft.value, tolerance: draft.tolerance, unit: draft.unit }
    : { ...base, choices: draft.choices };
}

/** Add or edit a question of a quiz: single choice, multiple choice or numeric (value ± tolerance). */
export function QuizQuestionFormModal({
  quiz,
  question,
  onClose,
}: {
  quiz: AdminQuiz;
  question: AdminQuizQuestion | null;
  onClose: () => void;
}) {
  const creating = question === null;
  const createQuestion = useCreateQuestion();
  const updateQuestion = useUpdateQuestion();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: (): QuestionDraft => ({
      kind: question?.kind ?? 'single',
      prompt: question?.prompt ?? '',
      explanation: question?.explanation ?? '',
      choices: question?.choices.map(({ text, correct }) => ({ text, correct })) ?? [
        { text: '', correct: true },
        { text: '', correct: false },
      ],
      value: question?.value ?? null,
      tolerance: question?.tolerance ?? 0,
      unit: question?.unit ?? '',
    }),
    validate: (current) => validateWith(quizQuestionSchema, questionBody(current)),
    submit: async (fields) => {
      if (creating) await createQuestion.mutateAsync({ quizId: quiz.id, fields });
      else await updateQuestion.mutateAsync({ questionId: question.id, fields });
      toast.success(creating ? 'Question added.' : 'Question saved.');
    },
    onClose,
  });
  const setChoice = (index: number, next: Partial<ChoiceDraft>) =>
    change(
      'choices',
      draft.choices.map((choice, i) => {
        if (i === index) return { ...choice, ...next };
        // A single-choice question has one correct choice: marking one unmarks the others.
        return draft.kind === 'single' && next.correct ? { ...choice, correct: false } : choice;
      }),
    );
  const choiceError = Object.entries(errors).find(([key]) => key.startsWith('choices'))?.[1];

  return (
    <Modal
      {...modalProps}
      width={640}
      title={creating ? `New question in “${quiz.title}”` : 'Edit question'}
      okText={creating ? 'Add question' : 'Save question'}
    >
      <Form {...formProps}>
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-admin-form__alert" />
        ) : null}
        <Form.Item label="Kind" {...item('kind')}>
          <Select
            id={fieldId('kind')}
            value={draft.kind}
            onChange={(value) => change('kind', value)}
            options={[
              { value: 'single', label: 'Single choice' },
              { value: 'multiple', label: 'Multiple choice' },
              { value: 'numeric', label: 'Numeric (value ± tolerance)' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Question" {...item('prompt')}>
          <Input.TextArea
            id={fieldId('prompt')}
            rows={2}
            value={draft.prompt}
            onChange={(event) => change('prompt', event.target.value)}
          />
        </Form.Item>
        {draft.kind === 'numeric' ? (
          <>
            <Form.Item label="Correct value" {...item('value')}>
              <InputNumber
                id={fieldId('value')}
                value={draft.value}
                onChange={(value) => change('value', typeof value === 'number' ? value : null)}
              />
            </Form.Item>
            <Form.Item label="Tolerance (±)" extra="0 means the exact value." {...item('tolerance')}>
              <InputNumber
                id={fieldId('tolerance')}
                value={draft.tolerance}
                onChange={(value) => change('tolerance', typeof value === 'number' ? value : null)}
              />
            </Form.Item>
            <Form.Item label="Unit (optional)" {...item('unit')}>
              <Input
                id={fieldId('unit')}
                value={draft.unit}
                placeholder="shares"
                onChange={(event) => change('unit', event.target.value)}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            label="Choices"
            extra={draft.kind === 'single' ? 'Tick the one correct choice.' : 'Tick every correct choice.'}
            validateStatus={choiceError ? 'error' : undefined}
            help={choiceError}
          >
            {draft.choices.map((choice, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: choices have no id until saved; the index is their identity here
              <div key={index} className="cw-admin-quiz__choice">
                <Checkbox
                  checked={choice.correct}
                  aria-label={`Choice ${index + 1} is correct`}
                  onChange={(event) => setChoice(index, { correct: event.target.checked })}
                />
                <Input
                  aria-label={`Choice ${index + 1}`}
                  value={choice.text}
                  onChange={(event) => setChoice(index, { text: event.target.value })}
                />
                <Button
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={`Remove choice ${index + 1}`}
                  onClick={() =>
                    change(
                      'choices',
                      draft.choices.filter((_, i) => i !== index),
                    )
                  }
                />
              </div>
            ))}
            <Button
              icon={<PlusOutlined aria-hidden="true" />}
              disabled={draft.choices.length >= 8}
              onClick={() => change('choices', [...draft.choices, { text: '', correct: false }])}
            >
              Add choice
            </Button>
          </Form.Item>
        )}
        <Form.Item
          label="Explanation"
          extra="Shown to the learner after they answer."
          {...item('explanation')}
        >
          <Input.TextArea
            id={fieldId('explanation')}
            rows={3}
            value={draft.explanation}
            onChange={(event) => change('explanation', event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
