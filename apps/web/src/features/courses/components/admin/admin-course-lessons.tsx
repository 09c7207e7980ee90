import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { Alert, Button, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useDeleteLesson } from '../../api/delete-lesson';
import { type Lesson, useCourse } from '../../api/get-course';
import { useReorderLessons } from '../../api/reorder-lessons';
import { ChaptersEditorModal } from './chapters-editor-modal';
import { LessonFormModal } from './lesson-form-modal';

type Editing = { kind: 'lesson'; lesson: Lesson | null } | { kind: 'chapters'; lesson: Lesson } | null;

/** The lessons of one course for admins: add, edit, delete, reorder, and each lesson's chapters. */
export function AdminCourseLessons({
  courseId,
  courseTitle,
  thumbnail,
}: {
  courseId: string;
  courseTitle: string;
  thumbnail: string;
}) {
  const course = useCourse(courseId);
  const reorder = useReorderLessons();
  const deleteLesson = useDeleteLesson();
  const [editing, setEditing] = useState<Editing>(null);

  if (course.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (course.error) {
    return (
      <Alert
        type="error"
        showIcon
        title="We could not load the lessons"
        description={course.error.message}
        action={<Button onClick={() => void course.refetch()}>Try again</Button>}
      />
    );
  }

  const lessons = course.data.videos;

  function move(index: number, step: -1 | 1) {
    const ids = lessons.map((lesson) => lesson.id);
    [ids[index], ids[index + step]] = [ids[index + step], ids[index]];
    reorder.mutate(
      { courseId, videoIds: ids },
      { onError: (error) => toast.error(`The lessons could not be reordered. ${error.message}`) },
    );
  }

  function remove(lesson: Lesson) {
    deleteLesson.mutate(lesson.id, {
      onSuccess: () => toast.success(`Lesson “${lesson.title}” deleted.`),
      onError: (error) => toast.error(`The lesson could not be deleted. ${error.message}`),
    });
  }

  return (
    <section className="cw-admin-lessons" aria-label={`Lessons of ${courseTitle}`}>
      {lessons.length === 0 ? (
        <p className="cw-admin-lessons__empty">This course has no lessons yet.</p>
      ) : null}
      <ol className="cw-admin-lessons__list">
        {lessons.map((lesson, index) => (
          <li key={lesson.id} className="cw-admin-lessons__item">
            <div className="cw-admin-order">
              <Button
                size="small"
                icon={<ArrowUpOutlined aria-hidden="true" />}
                aria-label={`Move ${lesson.title} up`}
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(index, -1)}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined aria-hidden="true" />}
                aria-label={`Move ${lesson.title} down`}
                disabled={index === lessons.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
              />
            </div>
            <div className="cw-admin-lessons__info">
              <span className="cw-admin-lessons__title">
                {index + 1}. {lesson.title}
              </span>
              <span className="cw-admin-muted">
                {formatMinutesSeconds(lesson.duration)} · {lesson.timestamps.length}{' '}
                {lesson.timestamps.length === 1 ? 'chapter' : 'chapters'}
              </span>
            </div>
            <div className="cw-admin-actions">
              <Button
                size="small"
                aria-label={`Edit ${lesson.title}`}
                onClick={() => setEditing({ kind: 'lesson', lesson })}
              >
                Edit
              </Button>
              <Button
                size="small"
                aria-label={`Chapters of ${lesson.title}`}
                onClick={() => setEditing({ kind: 'chapters', lesson })}
              >
                Chapters
              </Button>
              <Popconfirm
                title="Delete this lesson?"
                description="Its chapters and every learner's progress in it are deleted too."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(lesson)}
              >
                <Button size="small" danger aria-label={`Delete ${lesson.title}`}>
                  Delete
                </Button>
              </Popconfirm>
            </div>
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined aria-hidden="true" />}
        onClick={() => setEditing({ kind: 'lesson', lesson: null })}
      >
        Add lesson
      </Button>
      {editing?.kind === 'lesson' ? (
        <LessonFormModal
          courseId={courseId}
          lesson={editing.lesson}
          defaultThumbnail={thumbnail}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'chapters' ? (
        <ChaptersEditorModal lesson={editing.lesson} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
