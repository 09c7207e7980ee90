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

/** Whether a key press belongs to a field or a control that uses it itself (typing, a focused button's space). */
export function keyBelongsToControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'BUTTON') return true;
  const role = target.getAttribute('role');
  return (
    role === 'button' ||
    role === 'combobox' ||
    role === 'slider' ||
    role === 'spinbutton' ||
    role === 'radio' ||
    role === 'tab' ||
    role === 'switch'
  );
}

export const SPEED_CHOICES = [1, 2, 5, 10, 30, 60] as const;
