import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  type AdminQuiz,
  type AdminQuizQuestion,
  useAdminQuizzes,
  useDeleteQuestion,
  useDeleteQuiz,
} from '../../api/admin-quiz-api';
import { useCourse } from '../../api/get-course';
import { QuestionCard } from '../quiz/question-card';
import { QuizFormModal, QuizQuestionFormModal } from './quiz-form-modals';

type Editing =
  | { kind: 'quiz'; quiz: AdminQuiz | null }
  | { kind: 'question'; quiz: AdminQuiz; question: AdminQuizQuestion | null }
  | { kind: 'preview'; quiz: AdminQuiz }
  | null;

const kindLabel = { single: 'Single choice', multiple: 'Multiple choice', numeric: 'Numeric' } as const;

/** Admin → Courses → a course's quizzes (issue #42): add, edit, delete quizzes and questions, and preview. */
export function AdminCourseQuizzes({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const quizzes = useAdminQuizzes(courseId);
  const course = useCourse(courseId);
  const deleteQuiz = useDeleteQuiz();
  const deleteQuestion = useDeleteQuestion();
  const [editing, setEditing] = useState<Editing>(null);

  if (quizzes.isPending || course.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (quizzes.error || course.error) {
    const error = quizzes.error ?? course.error;
    return (
      <Alert
        type="error"
        showIcon
        title="We could not load the quizzes"
        description={error?.message}
        action={<Button onClick={() => void quizzes.refetch()}>Try again</Button>}
      />
    );
  }
  const lessons = course.data.videos;
  const lessonLabel = (videoId: number) => {
    const index = lessons.findIndex((lesson) => lesson.id === videoId);
    return index === -1 ? 'an unknown lesson' : `lesson ${index + 1}, ${lessons[index].title}`;
  };

  return (
    <section className="cw-admin-lessons" aria-label={`Quizzes of ${courseTitle}`}>
      <h3>Quizzes</h3>
      {quizzes.data.length === 0 ? (
        <p className="cw-admin-lessons__empty">This course has no quizzes yet.</p>
      ) : null}
      <ol className="cw-admin-lessons__list">
        {quizzes.data.map((quiz) => (
          <li key={quiz.id} className="cw-admin-lessons__item cw-admin-quiz">
            <div className="cw-admin-lessons__info">
              <span className="cw-admin-lessons__title">{quiz.title}</span>
              <span className="cw-admin-muted">
                After {lessonLabel(quiz.afterVideoId)} · pass mark {quiz.passMark} % · {quiz.questions.length}{' '}
                {quiz.questions.length === 1 ? 'question' : 'questions'}
              </span>
              <ol className="cw-admin-quiz__questions">
                {quiz.questions.map((question) => (
                  <li key={question.id}>
                    <span>{question.prompt}</span> <Tag>{kindLabel[question.kind]}</Tag>
                    <Button
                      size="small"
                      type="link"
                      aria-label={`Edit question ${question.prompt}`}
                      onClick={() => setEditing({ kind: 'question', quiz, question })}
                    >
                      Edit
                    </Button>
                    <Popconfirm
                      title="Delete this question?"
                      description="Answers to it in past attempts are deleted too."
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        deleteQuestion.mutate(question.id, {
                          onSuccess: () => toast.success('Question deleted.'),
                          onError: (error) =>
                            toast.error(`The question could not be deleted. ${error.message}`),
                        })
                      }
                    >
                      <Button
                        size="small"
                        type="link"
                        danger
                        aria-label={`Delete question ${question.prompt}`}
                      >
                        Delete
                      </Button>
                    </Popconfirm>
                  </li>
                ))}
              </ol>
            </div>
            <div className="cw-admin-actions">
              <Button size="small" onClick={() => setEditing({ kind: 'question', quiz, question: null })}>
                Add question
              </Button>
              <Button
                size="small"
                aria-label={`Preview ${quiz.title}`}
                disabled={quiz.questions.length === 0}
                onClick={() => setEditing({ kind: 'preview', quiz })}
              >
                Preview
              </Button>
              <Button
                size="small"
                aria-label={`Edit ${quiz.title}`}
                onClick={() => setEditing({ kind: 'quiz', quiz })}
              >
                Edit
              </Button>
              <Popconfirm
                title="Delete this quiz?"
                description="Its questions and every learner's attempts are deleted too."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  deleteQuiz.mutate(quiz.id, {
                    onSuccess: () => toast.success(`Quiz “${quiz.title}” deleted.`),
                    onError: (error) => toast.error(`The quiz could not be deleted. ${error.message}`),
                  })
                }
              >
                <Button size="small" danger aria-label={`Delete ${quiz.title}`}>
                  Delete
                </Button>
              </Popconfirm>
            </div>
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined aria-hidden="true" />}
        disabled={lessons.length === 0}
        onClick={() => setEditing({ kind: 'quiz', quiz: null })}
      >
        Add quiz
      </Button>
      {lessons.length === 0 ? (
        <p className="cw-admin-muted">Add a lesson first: a quiz comes after a lesson.</p>
      ) : null}
      {editing?.kind === 'quiz' ? (
        <QuizFormModal
          courseId={courseId}
          quiz={editing.quiz}
          lessons={lessons}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'question' ? (
        <QuizQuestionFormModal
          quiz={editing.quiz}
          question={editing.question}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'preview' ? (
        <QuizPreviewModal quiz={editing.quiz} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}

/** The quiz as a learner sees it, with the key marked (the learner's view never has it before answering). */
export function QuizPreviewModal({ quiz, onClose }: { quiz: AdminQuiz; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Preview: ${quiz.title}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={720}
      destroyOnHidden
    >
      <p className="cw-admin-muted">
        Pass mark {quiz.passMark} %. Learners see the questions and choices shuffled; the correct answers and
        explanations below show only after they answer.
      </p>
      {quiz.questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          number={index + 1}
          total={quiz.questions.length}
          question={{
            id: question.id,
            kind: question.kind,
            prompt: question.prompt,
            unit: question.unit,
            choices: question.choices.map(({ id, text }) => ({ id, text })),
            answer: null,
          }}
          showKey={{
            choiceIds: question.choices.filter((choice) => choice.correct).map((choice) => choice.id),
            value: question.value,
            tolerance: question.tolerance,
            explanation: question.explanation,
          }}
        />
      ))}
    </Modal>
  );
}
