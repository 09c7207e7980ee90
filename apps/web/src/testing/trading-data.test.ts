import { describe, expect, it } from 'vitest';
import { checkAgainstContract } from './mock-api';
import {
  cancelOrderReply,
  makeInstrument,
  makeStanding,
  makeStandingsPage,
  makeTradingAccount,
  orderResult,
  protectionReply,
} from './trading-data';

describe('the trading builders answer as the API contract says (ADR 023)', () => {
  const check = (method: string, path: string, reply: { status?: number; body?: unknown }) =>
    checkAgainstContract(method, `/api/v1${path}`, reply)?.message ?? null;

  it('builds instruments, an account and standings the API could send', () => {
    expect(check('GET', '/instruments', { body: { success: true, data: [makeInstrument()] } })).toBeNull();
    expect(
      check('GET', '/group/g-1/account', { body: { success: true, data: makeTradingAccount() } }),
    ).toBeNull();
    const page = makeStandingsPage([makeStanding({ userId: 'u-1' }), makeStanding({ rank: 2 })], {
      userId: 'u-1',
    });
    expect(page.total).toBe(2);
    expect(page.me?.userId).toBe('u-1');
    expect(check('GET', '/group/g-1/leaderboard', { body: { success: true, data: page } })).toBeNull();
  });

  it('builds the answers to placing, cancelling, protecting and closing', () => {
    expect(check('POST', '/group/g-1/orders', orderResult())).toBeNull();
    expect(check('POST', '/group/g-1/orders', orderResult({ status: 'open', fillPrice: null }))).toBeNull();
    expect(check('POST', '/group/g-1/positions/EURUSD/close', orderResult({}, { status: 200 }))).toBeNull();
    expect(check('DELETE', '/group/g-1/orders/o-1', cancelOrderReply)).toBeNull();
    const levels = protectionReply({
      method: 'PATCH',
      url: new URL('http://127.0.0.1/'),
      body: { stopLoss: 1.06 },
    });
    expect(levels.body.data).toEqual({ stopLoss: 1.06, takeProfit: null });
    expect(check('PATCH', '/group/g-1/positions/EURUSD', levels)).toBeNull();
  });

  it('is enforced: a standings page without `me` and `total` is a drift', () => {
    const reply = { body: { success: true, data: { rows: [], currency: 'INR' } } };
    expect(check('GET', '/group/g-1/leaderboard', reply)).toContain('data.me');
  });
});
