import { PlusOutlined } from '@ant-design/icons';
import type { Drill } from '@candlewise/shared/courses/drill-contract';
import { Alert, Button, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useDeleteDrill } from '../../api/delete-drill';
import { useAdminDrills } from '../../api/get-admin-drills';
import { useCourse } from '../../api/get-course';
import { DrillFormModal } from './drill-form-modal';
import '../drill.css';

/** Admin → Courses, per course: its trade drills (issue #42), each placed after a lesson. */
export function AdminCourseDrills({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const drills = useAdminDrills(courseId);
  const course = useCourse(courseId);
  const remove = useDeleteDrill();
  const [editing, setEditing] = useState<{ drill: Drill | null } | null>(null);

  if (drills.isPending || course.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (drills.isError || course.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="We could not load the drills"
        action={<Button onClick={() => void drills.refetch()}>Try again</Button>}
      />
    );
  const lessons = course.data.videos;
  const lessonTitle = (id: number) => {
    const index = lessons.findIndex((lesson) => lesson.id === id);
    return index < 0 ? 'a deleted lesson' : `lesson ${index + 1}, ${lessons[index].title}`;
  };
  return (
    <section className="cw-admin-drills" aria-label={`Drills of ${courseTitle}`}>
      <h3 className="cw-admin-lessons__title">Trade drills</h3>
      {drills.data.length === 0 ? (
        <p className="cw-admin-muted">No drills yet. A drill is a graded practice replay after a lesson.</p>
      ) : (
        <ul className="cw-admin-drills__list">
          {drills.data.map((drill) => (
            <li key={drill._id} className="cw-admin-drills__item">
              <div className="cw-admin-lessons__info">
                <span className="cw-admin-lessons__title">{drill.title}</span>
                <span className="cw-admin-muted">
                  After {lessonTitle(drill.afterVideoId)} · {drill.symbol} {drill.day} {drill.startAt} UTC ·{' '}
                  {drill.direction} · target {drill.targetR}R
                </span>
              </div>
              <div className="cw-admin-actions">
                <Button size="small" aria-label={`Edit ${drill.title}`} onClick={() => setEditing({ drill })}>
                  Edit
                </Button>
                <Popconfirm
                  title="Delete this drill?"
                  description="Every learner's attempts at it are deleted too."
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove.mutate(drill._id, {
                      onSuccess: () => toast.success(`Drill “${drill.title}” deleted.`),
                      onError: (error) => toast.error(`The drill could not be deleted. ${error.message}`),
                    })
                  }
                >
                  <Button size="small" danger aria-label={`Delete ${drill.title}`}>
                    Delete
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          disabled={lessons.length === 0}
          onClick={() => setEditing({ drill: null })}
        >
          Add drill
        </Button>
      </div>
      {editing ? (
        <DrillFormModal
          courseId={courseId}
          drill={editing.drill}
          lessons={lessons.map((lesson, index) => ({
            id: lesson.id,
            label: `${index + 1}. ${lesson.title}`,
          }))}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
