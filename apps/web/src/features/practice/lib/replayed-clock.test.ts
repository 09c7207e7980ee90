import { describe, expect, it } from 'vitest';
import { replayedDateAndClock, shownReplayedTime } from './replayed-clock';

const T = Date.parse('2023-03-10T14:00:00Z');
const session = {
  state: 'playing' as const,
  replayedTime: T,
  speed: 60,
  clock: { startsAt: T, endsAt: T + 600_000, serverTime: 0 },
};

describe('the replayed clock on the desk', () => {
  it('runs on at the speed between answers while playing, never past the day', () => {
    expect(shownReplayedTime(session, 1_000, 3_000)).toBe(T + 120_000);
    expect(shownReplayedTime(session, 1_000, 1_000_000)).toBe(T + 600_000);
    expect(shownReplayedTime({ ...session, state: 'paused' }, 1_000, 9_000)).toBe(T);
  });

  it('writes the replayed date and the UTC clock', () => {
    expect(replayedDateAndClock(T + 5_500)).toEqual({ date: '10 Mar 2023', clock: '14:00:05 UTC' });
  });
});
