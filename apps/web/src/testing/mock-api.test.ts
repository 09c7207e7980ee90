import { describe, expect, it } from 'vitest';
import { checkAgainstContract } from './mock-api';

describe('the mock layer checks mocked answers against the API contract (ADR 023)', () => {
  const candle = { time: 1, open: 1, high: 2, low: 0.5, close: 1.5 };

  it('accepts a mocked success the API could send', () => {
    const reply = { body: { success: true, data: [candle] } };
    expect(checkAgainstContract('GET', '/api/v1/market/candles/EURUSD', reply)).toBeNull();
  });

  it('names the operation and the field of a mock that drifted', () => {
    const reply = { body: { success: true, data: [{ ...candle, close: '1.5' }] } };
    const drift = checkAgainstContract('GET', '/api/v1/market/candles/EURUSD', reply);
    expect(drift?.operation).toBe('trading.getCandles');
    expect(drift?.message).toContain('data.0.close');
  });

  it('leaves error answers and operations without a contract alone', () => {
    expect(checkAgainstContract('GET', '/api/v1/market/candles/X', { status: 404, body: {} })).toBeNull();
    expect(checkAgainstContract('GET', '/api/v1/no-such-thing', { body: { anything: 1 } })).toBeNull();
  });
});
