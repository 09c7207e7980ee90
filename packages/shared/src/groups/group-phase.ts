// A competition's phase and what it allows, with no schema library attached: the web app's
// light pages (the /home dashboard, the group cards) import this file alone.

export type GroupPhase = 'upcoming' | 'running' | 'ended';

/** Where a competition stands at a moment: orders are accepted only while it runs. */
export function groupPhase(
  group: { startDate: string | Date | null; endDate: string | Date | null },
  nowMs = Date.now(),
): GroupPhase {
  const start = group.startDate ? new Date(group.startDate).getTime() : null;
  const end = group.endDate ? new Date(group.endDate).getTime() : null;
  if (end !== null && nowMs >= end) return 'ended';
  if (start !== null && nowMs < start) return 'upcoming';
  return 'running';
}

/** The sentences for a join request refused by the competition's state (the API's 409, the card's reason). */
export const JOIN_REFUSALS = {
  ended: 'This competition has ended; you can no longer join it.',
  closed: 'Registration for this group is closed.',
} as const;

/**
 * Why nobody can ask to join a competition now, or null when they can: an ended competition
 * takes no one, and neither does one whose registration an admin closed.
 */
export function joinRefusal(group: { registrationOpen?: boolean }, phase: GroupPhase): string | null {
  if (phase === 'ended') return JOIN_REFUSALS.ended;
  if (group.registrationOpen === false) return JOIN_REFUSALS.closed;
  return null;
}

/** The Info dialog's Freeze Duration: hours and minutes, minutes, or seconds (5400000 → '1h 30m'). */
export function formatFreezeDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  if (minutes > 0) return seconds > 0 ? `${minutes}m ${seconds}s` : `${minutes}m`;
  return `${seconds}s`;
}
