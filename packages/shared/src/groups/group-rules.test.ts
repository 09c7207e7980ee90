import { describe, expect, it } from 'vitest';
import { formatFreezeDuration, groupPhase, JOIN_REFUSALS, joinRefusal } from './group-phase.ts';
import { groupFieldsSchema } from './group-rules.ts';

describe('freeze duration text', () => {
  it.each([
    [5_400_000, '1h 30m'],
    [600_000, '10m'],
    [45_000, '45s'],
    [3_600_000, '1h'],
    [0, '0s'],
    [90_000, '1m 30s'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatFreezeDuration(ms)).toBe(text);
  });
});

describe('group phase', () => {
  const now = Date.UTC(2026, 10, 21);
  it('is upcoming before the start, running inside, ended from the end on', () => {
    expect(groupPhase({ startDate: new Date(now + 1000), endDate: new Date(now + 5000) }, now)).toBe(
      'upcoming',
    );
    expect(groupPhase({ startDate: new Date(now - 1000), endDate: new Date(now + 5000) }, now)).toBe(
      'running',
    );
    expect(groupPhase({ startDate: new Date(now - 5000), endDate: new Date(now) }, now)).toBe('ended');
  });
});

describe('join refusal', () => {
  it('refuses an ended competition first, then a closed registration, and lets the rest through', () => {
    expect(joinRefusal({ registrationOpen: false }, 'ended')).toBe(JOIN_REFUSALS.ended);
    expect(joinRefusal({ registrationOpen: true }, 'ended')).toBe(JOIN_REFUSALS.ended);
    expect(joinRefusal({ registrationOpen: false }, 'upcoming')).toBe(JOIN_REFUSALS.closed);
    expect(joinRefusal({ registrationOpen: false }, 'running')).toBe(JOIN_REFUSALS.closed);
    expect(joinRefusal({ registrationOpen: true }, 'running')).toBeNull();
    // An answer without the field (an older API) is read as open: the API still decides.
    expect(joinRefusal({}, 'upcoming')).toBeNull();
  });
});

describe('group fields', () => {
  const valid = {
    name: 'Sprint',
    startDate: '2026-12-01T09:00:00Z',
    endDate: '2026-12-15T17:00:00Z',
    freezeDuration: 600_000,
    freezeThreshold: 5,
  };
  it('needs the end after the start, a threshold in 0–100 and a positive balance', () => {
    expect(groupFieldsSchema.safeParse(valid).success).toBe(true);
    expect(groupFieldsSchema.safeParse({ ...valid, endDate: valid.startDate }).success).toBe(false);
    expect(groupFieldsSchema.safeParse({ ...valid, freezeThreshold: 101 }).success).toBe(false);
    expect(groupFieldsSchema.safeParse({ ...valid, freezeDuration: -1 }).success).toBe(false);
    expect(groupFieldsSchema.safeParse({ ...valid, startingBalance: 0 }).success).toBe(false);
  });
});
