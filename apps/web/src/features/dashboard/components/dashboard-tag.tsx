import type { GroupPhase } from '@candlewise/shared/groups/group-phase';
import type { ReactNode } from 'react';
import { phaseLabels } from '@/features/groups/lib/group-date-text';

/** The --cw-tag-* colour of a tag ('neutral': the text colour, as antd's default tag). */
export type TagTone = 'green' | 'cyan' | 'orange' | 'neutral';

/** antd's filled Tag as a plain span (styled in home.css). */
export function DashboardTag({ tone, children }: { tone: TagTone; children: ReactNode }) {
  return (
    <span className={tone === 'neutral' ? 'cw-dashboard-tag' : `cw-dashboard-tag cw-dashboard-tag--${tone}`}>
      {children}
    </span>
  );
}

/**
 * A competition's phase, as the groups page shows it (features/groups/components/group-card.tsx's
 * PhaseTag, which is antd's Tag): running green, upcoming blue (here cyan, the nearest --cw-tag-*
 * token), ended plain.
 */
const phaseTones: Record<GroupPhase, TagTone> = { upcoming: 'cyan', running: 'green', ended: 'neutral' };

export function PhaseTag({ phase }: { phase: GroupPhase }) {
  return <DashboardTag tone={phaseTones[phase]}>{phaseLabels[phase]}</DashboardTag>;
}
