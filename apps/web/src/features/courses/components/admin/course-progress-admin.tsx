import { courseProgressRulesSchema } from '@candlewise/shared/courses/progress-rules';
import { Alert, Button, Empty, Form, Input, InputNumber, Modal, Select, Skeleton, Switch, Tag } from 'antd';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import {
  type CourseRules,
  useCourseCertificates,
  useCourseRules,
  useReplaceCourseRules,
  useRevokeCertificate,
} from '../../api/course-rules';
import { type CourseSummary, useCourses } from '../../api/get-courses';

/**
 * Admin → Courses, per course (issue #42): "Progress rules" (watched share, no skipping ahead, drip,
 * prerequisites) and "Certificates" (who earned one; revoke with a reason). Each opens its own modal.
 */
export function CourseProgressAdminButtons({ course }: { course: CourseSummary }) {
  const [open, setOpen] = useState<'rules' | 'certificates' | null>(null);
  return (
    <>
      <Button size="small" aria-label={`Progress rules of ${course.title}`} onClick={() => setOpen('rules')}>
        Progress rules
      </Button>
      <Button
        size="small"
        aria-label={`Certificates of ${course.title}`}
        onClick={() => setOpen('certificates')}
      >
        Certificates
      </Button>
      {open === 'rules' ? <CourseRulesModal course={course} onClose={() => setOpen(null)} /> : null}
      {open === 'certificates' ? (
        <CourseCertificatesModal course={course} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

function CourseRulesModal({ course, onClose }: { course: CourseSummary; onClose: () => void }) {
  const rules = useCourseRules(course._id);
  return (
    <Modal open title={`Progress rules: “${course.title}”`} footer={null} onCancel={onClose} destroyOnHidden>
      {rules.isPending ? (
        <Skeleton active />
      ) : rules.error ? (
        <Alert
          type="error"
          showIcon
          title="We could not load the rules"
          description={rules.error.message}
          action={<Button onClick={() => void rules.refetch()}>Try again</Button>}
        />
      ) : (
        <CourseRulesForm course={course} initial={rules.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function CourseRulesForm({
  course,
  initial,
  onClose,
}: {
  course: CourseSummary;
  initial: CourseRules;
  onClose: () => void;
}) {
  const courses = useCourses();
  const save = useReplaceCourseRules(course._id);
  const [draft, setDraft] = useState<CourseRules>(initial);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const change = <K extends keyof CourseRules>(key: K, value: CourseRules[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function submit() {
    const parsed = courseProgressRulesSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`Progress rules of “${course.title}” saved.`);
        onClose();
      },
      onError: (failure) => setError(failure.message),
    });
  }

  const options = (courses.data ?? [])
    .filter((other) => other._id !== course._id)
    .map((other) => ({ value: other._id, label: other.title }));

  return (
    <Form layout="vertical" onFinish={submit}>
      {error ? <Alert type="error" showIcon title={error} className="cw-admin-form__alert" /> : null}
      <Form.Item
        label="Watched share per lesson (%)"
        htmlFor={`${id}-share`}
        extra="A lesson counts as watched once the learner has seen this much of it (50–100 %)."
      >
        <InputNumber
          id={`${id}-share`}
          min={50}
          max={100}
          step={5}
          value={draft.watchedSharePercent}
          onChange={(value) => change('watchedSharePercent', Number(value ?? 90))}
        />
      </Form.Item>
      <Form.Item
        label="No skipping ahead"
        htmlFor={`${id}-skip`}
        extra="Watching that jumps more than 5 s past the furthest point reached does not count."
      >
        <Switch
          id={`${id}-skip`}
          checked={draft.noSkipping}
          onChange={(checked) => change('noSkipping', checked)}
        />
      </Form.Item>
      <Form.Item
        label="Drip interval (days)"
        htmlFor={`${id}-drip`}
        extra="0 opens every lesson at once; otherwise lesson n opens n × this many days after the learner enrols."
      >
        <InputNumber
          id={`${id}-drip`}
          min={0}
          max={365}
          value={draft.dripIntervalDays}
          onChange={(value) => change('dripIntervalDays', Number(value ?? 0))}
        />
      </Form.Item>
      <Form.Item
        label="Prerequisites"
        htmlFor={`${id}-prerequisites`}
        extra="Courses a learner must complete before this one opens."
      >
        <Select
          id={`${id}-prerequisites`}
          mode="multiple"
          allowClear
          loading={courses.isPending}
          options={options}
          value={draft.prerequisiteIds}
          onChange={(value: string[]) => change('prerequisiteIds', value)}
          placeholder="None"
        />
      </Form.Item>
      <div className="cw-course-progress-admin__footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save rules
        </Button>
      </div>
    </Form>
  );
}

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function CourseCertificatesModal({ course, onClose }: { course: CourseSummary; onClose: () => void }) {
  const list = useCourseCertificates(course._id);
  const revoke = useRevokeCertificate(course._id);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();

  function confirmRevoke(id: string) {
    revoke.mutate(
      { id, reason },
      {
        onSuccess: () => {
          toast.success('Certificate revoked. Its page now says so.');
          setRevoking(null);
          setReason('');
          setError(null);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <Modal open title={`Certificates: “${course.title}”`} footer={null} onCancel={onClose} destroyOnHidden>
      {list.isPending ? (
        <Skeleton active />
      ) : list.error ? (
        <Alert
          type="error"
          showIcon
          title="We could not load the certificates"
          description={list.error.message}
          action={<Button onClick={() => void list.refetch()}>Try again</Button>}
        />
      ) : list.data.length === 0 ? (
        <Empty description="No learner has earned this course's certificate yet." />
      ) : (
        <ul className="cw-course-progress-admin__certificates">
          {list.data.map((certificate) => (
            <li key={certificate.id}>
              <div className="cw-course-progress-admin__certificate">
                <span>
                  <strong>{certificate.learnerName}</strong> · {shortDate(certificate.issuedAt)}{' '}
                  {certificate.revoked ? <Tag color="red">Revoked</Tag> : null}
                </span>
                <span className="cw-course-progress-admin__links">
                  <a href={`/certificates/${certificate.id}`} target="_blank" rel="noreferrer">
                    Open
                  </a>
                  {certificate.revoked ? null : (
                    <Button size="small" danger onClick={() => setRevoking(certificate.id)}>
                      Revoke
                    </Button>
                  )}
                </span>
              </div>
              {revoking === certificate.id ? (
                <div className="cw-course-progress-admin__revoke">
                  {error ? <Alert type="error" showIcon title={error} /> : null}
                  <label htmlFor={reasonId}>Why is it revoked? The public page shows this.</label>
                  <Input.TextArea
                    id={reasonId}
                    rows={2}
                    maxLength={500}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                  />
                  <div className="cw-course-progress-admin__footer">
                    <Button onClick={() => setRevoking(null)}>Cancel</Button>
                    <Button
                      danger
                      type="primary"
                      loading={revoke.isPending}
                      onClick={() => confirmRevoke(certificate.id)}
                    >
                      Revoke certificate
                    </Button>
                  </div>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
