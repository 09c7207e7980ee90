import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';

/**
 * The replayed time to show at `now`: the server's answer run on at the session's speed since it
 * arrived (`receivedAt`) while playing, never past the day's end. The next answer corrects it.
 */
export function shownReplayedTime(
  session: Pick<PracticeSession, 'state' | 'replayedTime' | 'speed' | 'clock'>,
  receivedAt: number,
  now: number,
): number {
  if (session.state !== 'playing') return session.replayedTime;
  return Math.min(session.clock.endsAt, session.replayedTime + Math.max(0, now - receivedAt) * session.speed);
}

/** The replayed date and clock as the desk writes them: "10 Mar 2023" and "14:05:30 UTC". */
export function replayedDateAndClock(time: number): { date: string; clock: string } {
  const at = new Date(time);
  return {
    date: at.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    clock: `${at.toISOString().slice(11, 19)} UTC`,
  };
}

const TEXT_ENTRY_ROLES = new Set([
  'combobox',
  'slider',
  'spinbutton',
  'radio',
  'tab',
  'listbox',
  'option',
  'menuitem',
]);
const ACTIVATED_BY_SPACE = new Set(['button', 'checkbox', 'switch', 'link']);

/**
 * Whether a key press belongs to what has focus rather than to the replay: any key in a field, a
 * select, a slider, radio buttons or tabs (they move with arrows); Space also on a button, a
 * checkbox or a link (it presses them). → on a focused button steps: after a click on Step, → goes on.
 */
export function keyBelongsToControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  const role = target.getAttribute('role') ?? '';
  if (TEXT_ENTRY_ROLES.has(role)) return true;
  if (key !== ' ') return false;
  return tag === 'BUTTON' || tag === 'A' || ACTIVATED_BY_SPACE.has(role);
}

export const SPEED_CHOICES = [1, 2, 5, 10, 30, 60] as const;
