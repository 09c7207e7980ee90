import type { GatedJournalStatistics } from '@candlewise/shared';

export type JournalTrade = {
  _id: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  entryTime: string;
  exitTime: string | null;
  fees: number;
  pnl: number | null;
  currency: string;
  multiplier: number;
  rMultiple: number | null;
  stopPrice: number | null;
  targetPrice: number | null;
  setupTags: string[];
  mistakeTags: string[];
  notes: string;
  /** The playbook the trade followed (issue #41), and the rules it kept (one trade's answers only). */
  playbookId?: string | null;
  followedRuleIds?: string[];
  source: 'manual' | 'csv' | 'paper' | 'broker';
  verified: boolean;
  origin: string | null;
  /** Rebuilt from fills: only the stop, target, tags and notes can change. */
  fromFills: boolean;
};

export type JournalQuestion = { _id: string; text: string; position: number };

export type JournalEntry = {
  _id: string;
  date: string;
  answers: Array<{ questionId: string; question: string; answer: string }>;
  emotion: string | null;
  rating: number | null;
  notes: string;
  tradeIds: string[];
  screenshots: Array<{ _id: string; url: string; contentType: string; size: number }>;
  updatedAt: string;
};

export type JournalDay = {
  date: string;
  entry: JournalEntry | null;
  questions: JournalQuestion[];
  trades: JournalTrade[];
};

export type CalendarDay = {
  date: string;
  netPnl: number;
  trades: number;
  hasEntry: boolean;
  rating: number | null;
  emotion: string | null;
};

export type TradeFilters = {
  from?: string;
  to?: string;
  symbol?: string;
  tag?: string;
  source?: JournalTrade['source'];
};

export type JournalCurrency = { currency: string; trades: number };

/** GET /journal/stats: one currency's figures; Pro sections are `{ locked: true }` for free learners. */
export type JournalStatisticsView = GatedJournalStatistics & {
  currency: string;
  currencies: JournalCurrency[];
  timeZone: string;
  breakdownsLocked: boolean;
};

/** An account's fills: CSV imports, a broker connection (`<id>:<environment>`) or a competition. */
export type ExecutionAccount = { source: 'csv' | 'broker' | 'paper'; account: string };

/** Stock sold with no known purchase: the learner is asked for the shares held before. */
export type NeedsOpeningHoldings = {
  source: 'csv' | 'broker';
  account: string;
  accountLabel?: string;
  symbol: string;
  quantity: number;
  currency: string;
  firstSaleAt: string;
};

export type OpenPosition = ExecutionAccount & {
  accountLabel: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  averagePrice: number;
  currency: string;
  multiplier: number;
  since: string;
  fromOpeningHoldings: boolean;
};
