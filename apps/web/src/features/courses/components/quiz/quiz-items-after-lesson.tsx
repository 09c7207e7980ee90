import { CheckCircleFilled, FormOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useCourseQuizzes } from '../../api/quiz-api';
import './quiz.css';

/** The quizzes placed after one lesson, as links to ?quiz=<id> in the course's lesson list. */
export function QuizItemsAfterLesson({ courseId, videoId }: { courseId: string; videoId: number }) {
  const quizzes = useCourseQuizzes(courseId);
  const [params] = useSearchParams();
  const selected = params.get('quiz');
  const after = (quizzes.data ?? []).filter((quiz) => quiz.afterVideoId === videoId);
  if (after.length === 0) return null;
  return (
    <ul className="cw-quiz-items" aria-label="Quizzes after this lesson">
      {after.map((quiz) => (
        <li key={quiz.id}>
          <Link
            to={`?quiz=${encodeURIComponent(quiz.id)}`}
            replace
            className={`cw-quiz-item${quiz.id === selected ? ' cw-quiz-item--selected' : ''}`}
            aria-current={quiz.id === selected ? 'true' : undefined}
          >
            <FormOutlined aria-hidden="true" />
            <span>Quiz: {quiz.title}</span>
            <span className="cw-quiz-item__meta">
              {quiz.passed ? (
                <span role="img" aria-label="Passed">
                  <CheckCircleFilled aria-hidden="true" />
                </span>
              ) : null}{' '}
              {quiz.bestScore !== null ? `Best ${quiz.bestScore} %` : `${quiz.questionCount} questions`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
