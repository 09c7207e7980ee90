import { AimOutlined, CheckOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useCourseDrills } from '../api/get-course-drills';
import './drill.css';

/** The drills placed after one lesson, as items of the course's lesson list (they open at ?drill=<id>). */
export function DrillListItems({ courseId, afterVideoId }: { courseId: string; afterVideoId: number }) {
  const drills = useCourseDrills(courseId);
  const [params] = useSearchParams();
  const selected = params.get('drill');
  const mine = (drills.data ?? []).filter((drill) => drill.afterVideoId === afterVideoId);
  if (!mine.length) return null;
  return (
    <ul className="cw-drill-items" aria-label="Drills after this lesson">
      {mine.map((drill) => (
        <li key={drill._id}>
          <Link
            to={{ search: `?drill=${encodeURIComponent(drill._id)}` }}
            className={`cw-drill-item${selected === drill._id ? ' cw-drill-item--selected' : ''}`}
            aria-current={selected === drill._id ? 'true' : undefined}
          >
            <AimOutlined aria-hidden="true" />
            <span>
              <span className="cw-visually-hidden">Drill: </span>
              {drill.title}
            </span>
            <span className="cw-drill-item__state">
              {drill.passed ? (
                <>
                  <CheckOutlined aria-hidden="true" /> Passed
                </>
              ) : drill.attempts ? (
                `${drill.attempts} ${drill.attempts === 1 ? 'attempt' : 'attempts'}`
              ) : (
                'Drill'
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
