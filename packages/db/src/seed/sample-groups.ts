const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type SampleGroup = {
  id: string;
  name: string;
  description: string;
  startDate: Date;
  endDate: Date;
  freezeDuration: number;
  freezeThreshold: number;
  startingBalance: number;
  registrationOpen: boolean;
  instruments: string[];
};

/** Three competitions relative to the seeding time: one running, one upcoming, one ended. */
export function sampleGroups(now: Date): SampleGroup[] {
  const at = (offset: number) => new Date(now.getTime() + offset);
  return [
    {
      id: 'group-running',
      name: 'November Forex Sprint',
      description: [
        'Two weeks of **paper trading** on major currency pairs, gold and indices.',
        '',
        '- Starting balance: ₹1,00,000',
        '- A drawdown of **5%** from your peak freezes the account for 1 hour 30 minutes',
        '- Ranked live by PnL %',
      ].join('\n'),
      startDate: at(-2 * DAY),
      endDate: at(12 * DAY),
      freezeDuration: 90 * 60_000,
      freezeThreshold: 5,
      startingBalance: 100_000,
      registrationOpen: true,
      instruments: ['EURUSD', 'GBPUSD', 'USDINR', 'XAUUSD', 'NIFTY50', 'NAS100'],
    },
    {
      id: 'group-upcoming',
      name: 'Nifty & Sensex Challenge',
      description: [
        'Trade Indian indices and large caps for a week.',
        '',
        'Protect your capital: a **3%** drawdown freezes the account for 10 minutes.',
      ].join('\n'),
      startDate: at(7 * DAY),
      endDate: at(14 * DAY),
      freezeDuration: 10 * 60_000,
      freezeThreshold: 3,
      startingBalance: 100_000,
      registrationOpen: true,
      instruments: ['NIFTY50', 'SENSEX', 'RELIANCE', 'TCS', 'INFY', 'HDFCBANK'],
    },
    {
      id: 'group-ended',
      name: 'October Crypto Cup',
      description: 'A finished competition on BTC and ETH. The standings are final.',
      startDate: at(-40 * DAY),
      endDate: at(-10 * DAY),
      freezeDuration: 45_000,
      freezeThreshold: 10,
      startingBalance: 100_000,
      registrationOpen: false,
      instruments: ['BTCUSD', 'ETHUSD'],
    },
  ];
}
