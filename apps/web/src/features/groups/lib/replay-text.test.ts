import { describe, expect, it } from 'vitest';
import { replayTagText, replayText } from './replay-text';

describe('the replay a competition plays', () => {
  it('names the replayed day, its first minute in UTC and the speed', () => {
    const group = { marketMode: 'replay', replayFrom: '2023-03-10T14:00:00.000Z', replaySpeed: 60 } as const;
    expect(replayText(group)).toBe('Replays 10 Mar 2023 from 14:00 UTC at 60×');
    expect(replayTagText(group)).toBe('Replay · 60×');
  });

  it('says nothing for the live market', () => {
    expect(replayText({ marketMode: 'live', replayFrom: null, replaySpeed: 1 })).toBeNull();
    expect(
      replayTagText({ marketMode: 'live', replayFrom: '2023-03-10T14:00:00.000Z', replaySpeed: 60 }),
    ).toBeNull();
  });
});
