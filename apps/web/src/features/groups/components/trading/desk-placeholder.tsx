import { useId } from 'react';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';

/**
 * The desk's place while its code or the member's account loads: as tall as the screen, like the desk
 * it stands for, so the standings below it stay out of view until the desk lands instead of being
 * pushed down while someone reads them.
 */
export function DeskPlaceholder() {
  const headingId = useId();
  return (
    <section
      className="cw-plain-card cw-trading__card cw-trading__panel--pending"
      aria-labelledby={headingId}
    >
      <div className="cw-trading__card-head">
        <h2 id={headingId} className="cw-trading__card-title">
          Your trading desk
        </h2>
      </div>
      <PlainSkeleton className="cw-trading__card-body" rows={6} label="Loading your trading desk" />
    </section>
  );
}
