import { CheckCircleFilled, ClockCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { type CourseRequirement, useCourseRequirements } from '../api/get-course-requirements';
import { useIssueCertificate } from '../api/issue-certificate';
import './course-requirements.css';

const KIND_LABEL: Record<CourseRequirement['kind'], string> = {
  lesson: 'Watch',
  quiz: 'Pass the quiz',
  drill: 'Pass the drill',
};

function scoreLabel(requirement: CourseRequirement): string | null {
  if (requirement.score === null) return null;
  if (requirement.kind === 'drill') return `best ${requirement.score} R`;
  if (requirement.kind === 'quiz') return `best ${requirement.score} %`;
  return `${requirement.score} % watched`;
}

/**
 * The course page's checklist (issue #42): what completes the course, what is done, and the
 * certificate's link once issued (or the button that issues it when everything is met).
 */
export function CourseRequirementsPanel({ courseId }: { courseId: string }) {
  const requirements = useCourseRequirements(courseId);
  const issue = useIssueCertificate(courseId);
  if (requirements.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (requirements.error) {
    return (
      <Alert
        type="warning"
        showIcon
        title="We could not load what completes this course"
        description={requirements.error.message}
        action={<Button onClick={() => void requirements.refetch()}>Try again</Button>}
      />
    );
  }
  const { requirements: list, complete, certificateId } = requirements.data;
  if (list.length === 0) return null;
  const done = list.filter((requirement) => requirement.met).length;
  return (
    <section className="cw-course-requirements" aria-labelledby={`cw-requirements-${courseId}`}>
      <h2 id={`cw-requirements-${courseId}`} className="cw-course-requirements__title">
        <SafetyCertificateOutlined aria-hidden="true" /> Your certificate
      </h2>
      {certificateId ? (
        <p className="cw-course-requirements__done">
          You completed this course. <Link to={`/certificates/${certificateId}`}>View your certificate</Link>
        </p>
      ) : complete ? (
        <div className="cw-course-requirements__done">
          <p>Everything is done.</p>
          <Button type="primary" loading={issue.isPending} onClick={() => issue.mutate()}>
            Get my certificate
          </Button>
          {issue.error ? <Alert type="error" showIcon title={issue.error.message} /> : null}
        </div>
      ) : (
        <p className="cw-course-requirements__summary">
          {done} of {list.length} done. Finish them all to earn the certificate.
        </p>
      )}
      <ul className="cw-course-requirements__list">
        {list.map((requirement) => {
          const score = scoreLabel(requirement);
          return (
            <li key={`${requirement.kind}-${requirement.id}`} className="cw-course-requirements__item">
              {requirement.met ? (
                <CheckCircleFilled className="cw-course-requirements__met" aria-label="Done" role="img" />
              ) : (
                <ClockCircleOutlined className="cw-course-requirements__open" aria-label="To do" role="img" />
              )}
              <span>
                {KIND_LABEL[requirement.kind]} “{requirement.title}”
                {score ? <span className="cw-course-requirements__score"> · {score}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
