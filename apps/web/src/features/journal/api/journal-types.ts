import type { JournalStatistics } from '@candlewise/shared';

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
  rMultiple: number | null;
  stopPrice: number | null;
  targetPrice: number | null;
  setupTags: string[];
  mistakeTags: string[];
  notes: string;
  source: 'manual' | 'csv' | 'paper' | 'broker';
  verified: boolean;
  origin: string | null;
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

export type { JournalStatistics };
