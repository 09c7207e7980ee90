import type { GroupPhase } from '@candlewise/shared/groups/group-phase';
import { PlainTag, type TagTone } from '@/components/plain/plain-tag';
import { phaseLabels } from '../lib/group-date-text';

/** Running green, upcoming cyan (the nearest --cw-tag-* token to antd's blue), ended plain. */
const phaseTones: Record<GroupPhase, TagTone> = { upcoming: 'cyan', running: 'green', ended: 'neutral' };

/** A competition's phase ('Upcoming', 'Running', 'Ended') as a tag, without antd. */
export function PhaseTag({ phase, className }: { phase: GroupPhase; className?: string }) {
  return (
    <PlainTag tone={phaseTones[phase]} className={className ?? 'cw-phase-tag'}>
      {phaseLabels[phase]}
    </PlainTag>
  );
}
