import { makeInstrument, makeTradingAccount } from '@/testing/trading-data';
import type { Instrument } from '../../api/get-instruments';
import type { TradingAccount } from '../../api/get-trading-account';
import type { Quote } from '../../api/use-competition-stream';
import { makeGroup } from '../../testing/make-group';

/**
 * What the desk's tests share, with no library attached (the `*-without-antd` tests use it too): one
 * instrument, its quote and a member's account.
 */

/** A forex pair quoted in dollars, traded in lots of 1,000 euros in steps of 0.1 (open at all hours). */
export const EURUSD: Instrument = makeInstrument();
/** A competition that started yesterday and ends tomorrow, trading EURUSD in rupees. */
export const RUNNING_GROUP = makeGroup({ participantsCount: 1, instruments: ['EURUSD'] });
export const QUOTE: Quote = { symbol: 'EURUSD', bid: 1.08, ask: 1.08012, mid: 1.08006, time: Date.now() };

export function account(book: Partial<Omit<TradingAccount, 'account'>> = {}): TradingAccount {
  // Dollars at ₹84: what the server sends beside the account for the ticket's sizing.
  return makeTradingAccount({}, { rates: { USD: 84, INR: 1 }, ...book });
}
