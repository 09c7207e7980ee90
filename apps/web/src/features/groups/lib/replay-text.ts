import { formatUtcDay, formatUtcMinute } from '@/lib/format-utc-time';
import type { Group } from '../api/get-groups';

type ReplaySettings = Pick<Group, 'marketMode' | 'replayFrom' | 'replaySpeed'>;

/** The replay a competition plays, or null for the live market. */
function replayOf(group: ReplaySettings): { from: string; speed: number } | null {
  if (group.marketMode !== 'replay' || !group.replayFrom) return null;
  return { from: group.replayFrom, speed: group.replaySpeed ?? 1 };
}

/** The Info dialog's line: 'Replays 10 Mar 2023 from 14:00 UTC at 60×'; null for a live competition. */
export function replayText(group: ReplaySettings): string | null {
  const replay = replayOf(group);
  if (!replay) return null;
  return `Replays ${formatUtcDay(replay.from)} from ${formatUtcMinute(replay.from)} UTC at ${replay.speed}×`;
}

/** The header's tag: 'Replay · 60×'; null for a live competition. */
export function replayTagText(group: ReplaySettings): string | null {
  const replay = replayOf(group);
  return replay ? `Replay · ${replay.speed}×` : null;
}
