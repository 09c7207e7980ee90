import { makeGroup } from '../testing/make-group';

/** The running competition the leaderboard's tests open (started a day ago, ends in a day). */
export const GROUP = makeGroup({
  _id: 'g-forex',
  name: 'November Forex Sprint',
  description: 'Paper trading.',
  startDate: new Date(Date.now() - 86_400_000).toISOString(),
  endDate: new Date(Date.now() + 86_400_000).toISOString(),
  freezeDuration: 5_400_000,
  freezeThreshold: 5,
  participantsCount: 2,
  startingBalance: 100_000,
  currency: 'INR',
  instruments: ['EURUSD'],
  phase: 'running',
});
