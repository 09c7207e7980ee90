import { groupPhase } from '@candlewise/shared/groups/group-phase';
import type { Group } from '../api/get-groups';

/**
 * A competition as GET /group/ sends it, every field filled (ADR 023: the tests' mocks are checked
 * against the contract). A running two-day competition in rupees unless overridden; the phase follows
 * the dates unless given.
 */
export function makeGroup(overrides: Partial<Group> = {}): Group {
  const group: Omit<Group, 'phase'> = {
    _id: 'g-1',
    name: 'Sprint',
    description: '',
    startDate: new Date(Date.now() - 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
    freezeDuration: 60_000,
    freezeThreshold: 5,
    startingBalance: 100_000,
    currency: 'INR',
    drawdownBasis: 'peak',
    dailyLossLimit: 0,
    dailyResetHour: 0,
    timeZone: 'Asia/Kolkata',
    marketMode: 'live',
    replayFrom: null,
    replaySpeed: 1,
    ruleSet: 'practice@1',
    ranking: 'return',
    registrationOpen: true,
    instruments: [],
    participantsCount: 0,
    ...overrides,
  };
  return { ...group, phase: overrides.phase ?? groupPhase(group) };
}
