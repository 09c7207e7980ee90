import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Skeleton, Switch, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useDeleteCourse } from '../api/delete-course';
import { type CourseSummary, useCourses } from '../api/get-courses';
import { useReorderCourses } from '../api/reorder-courses';
import { useUpdateCourse } from '../api/update-course';
import { AdminCourseDrills } from './admin/admin-course-drills'; // #42 drills
import { AdminCourseLessons } from './admin/admin-course-lessons';
import { AdminCourseQuizzes } from './admin/admin-course-quizzes';
import { CourseFormModal } from './admin/course-form-modal';
import { CourseProgressAdminButtons } from './admin/course-progress-admin';
import { formatCourseLength, lessonCountLabel } from './course-labels';
import './admin/admin-courses.css';
import './course-ui.css';

/**
 * The admin page's Courses tab (docs/architecture.md §Admin): the catalogue with drafts, in order, to create, edit,
 * publish, reorder and delete courses, and per course its lessons and their chapters.
 */
export default function AdminCoursesPanel() {
  const courses = useCourses();
  const reorder = useReorderCourses();
  const [editing, setEditing] = useState<{ course: CourseSummary | null } | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);

  function move(list: CourseSummary[], index: number, step: -1 | 1) {
    const ids = list.map((course) => course._id);
    [ids[index], ids[index + step]] = [ids[index + step], ids[index]];
    reorder.mutate(ids, {
      onError: (error) => toast.error(`The courses could not be reordered. ${error.message}`),
    });
  }

  return (
    <div className="cw-admin-courses">
      <div className="cw-admin-courses__toolbar">
        <p className="cw-admin-muted">
          Drafts are visible to admins only. Publishing a course announces it to every learner.
        </p>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          onClick={() => setEditing({ course: null })}
        >
          New course
        </Button>
      </div>
      {courses.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      ) : courses.error ? (
        <Alert
          type="error"
          showIcon
          title="We could not load the courses"
          description={courses.error.message}
          action={<Button onClick={() => void courses.refetch()}>Try again</Button>}
        />
      ) : courses.data.length === 0 ? (
        <Empty description="No courses yet. Create the first one." />
      ) : (
        <ol className="cw-admin-courses__list" aria-label="Courses in catalogue order">
          {courses.data.map((course, index, list) => (
            <li key={course._id}>
              <AdminCourseRow
                course={course}
                first={index === 0}
                last={index === list.length - 1}
                reordering={reorder.isPending}
                onMove={(step) => move(list, index, step)}
                onEdit={() => setEditing({ course })}
                expanded={expanded === course._id}
                onToggleLessons={() => setExpanded((current) => (current === course._id ? null : course._id))}
              />
            </li>
          ))}
        </ol>
      )}
      {editing ? <CourseFormModal course={editing.course} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

type RowProps = {
  course: CourseSummary;
  first: boolean;
  last: boolean;
  reordering: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  expanded: boolean;
  onToggleLessons: () => void;
};

function AdminCourseRow({
  course,
  first,
  last,
  reordering,
  onMove,
  onEdit,
  expanded,
  onToggleLessons,
}: RowProps) {
  const updateCourse = useUpdateCourse();
  const deleteCourse = useDeleteCourse();
  const lessonsId = `cw-admin-lessons-${course._id}`;

  function setPublished(published: boolean) {
    updateCourse.mutate(
      { courseId: course._id, changes: { published } },
      {
        onSuccess: () =>
          toast.success(
            published
              ? `“${course.title}” is published. Learners were told.`
              : `“${course.title}” is a draft again.`,
          ),
        onError: (error) => toast.error(`The course could not be updated. ${error.message}`),
      },
    );
  }

  function remove() {
    deleteCourse.mutate(course._id, {
      onSuccess: () => toast.success(`Course “${course.title}” deleted.`),
      onError: (error) => toast.error(`The course could not be deleted. ${error.message}`),
    });
  }

  return (
    <article className="cw-admin-course" aria-label={course.title}>
      <div className="cw-admin-course__main">
        <div className="cw-admin-order">
          <Button
            size="small"
            icon={<ArrowUpOutlined aria-hidden="true" />}
            aria-label={`Move ${course.title} up`}
            disabled={first || reordering}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined aria-hidden="true" />}
            aria-label={`Move ${course.title} down`}
            disabled={last || reordering}
            onClick={() => onMove(1)}
          />
        </div>
        <img className="cw-admin-course__thumb" src={course.thumbnail} alt="" width={128} height={72} />
        <div className="cw-admin-course__info">
          <h2 className="cw-admin-course__title">{course.title}</h2>
          <p className="cw-admin-muted">
            <code>{course._id}</code> · {lessonCountLabel(course.videoCount)} ·{' '}
            {formatCourseLength(course.totalDuration)}
          </p>
          <div className="cw-admin-course__tags">
            {course.published ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>}
            {course.isPro ? <Tag color="gold">Pro</Tag> : <Tag color="blue">Free</Tag>}
          </div>
        </div>
        <div className="cw-admin-actions">
          <span className="cw-admin-course__publish">
            <Switch
              size="small"
              checked={course.published}
              loading={updateCourse.isPending}
              onChange={setPublished}
              aria-label={`Publish ${course.title}`}
            />
            <span aria-hidden="true">Publish</span>
          </span>
          <Button size="small" aria-label={`Edit ${course.title}`} onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="small"
            aria-label={`Lessons of ${course.title}`}
            aria-expanded={expanded}
            aria-controls={lessonsId}
            onClick={onToggleLessons}
          >
            Lessons
          </Button>
          {/* Issue #42: progress rules and certificates (own component). */}
          <CourseProgressAdminButtons course={course} />
          <Popconfirm
            title="Delete this course?"
            description="Its lessons, chapters and every learner's progress in it are deleted too."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={remove}
          >
            <Button
              size="small"
              danger
              loading={deleteCourse.isPending}
              aria-label={`Delete ${course.title}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </div>
      </div>
      {expanded ? (
        <div id={lessonsId}>
          <AdminCourseLessons courseId={course._id} courseTitle={course.title} thumbnail={course.thumbnail} />
          {/* #42 drills */}
          <AdminCourseDrills courseId={course._id} courseTitle={course.title} />
          <AdminCourseQuizzes courseId={course._id} courseTitle={course.title} />
        </div>
      ) : null}
    </article>
  );
}
