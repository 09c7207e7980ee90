import { describe, expect, it } from 'vitest';
import { createSequenceGapDetector } from './sequence-gap';

describe('the sequence gap detector', () => {
  it('sees no gap while ids follow each other, from whatever the first is', () => {
    const sequence = createSequenceGapDetector();
    expect(['4', '5', '6', '7'].map((id) => sequence.see(id))).toEqual([false, false, false, false]);
    expect(sequence.last).toBe(7);
  });

  it('sees a gap when numbers were skipped (frames dropped), once, and follows on from there', () => {
    const sequence = createSequenceGapDetector();
    expect(['1', '2', '9', '10', '12'].map((id) => sequence.see(id))).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
  });

  it('takes a new connection after frames as a gap: the server starts again at 1 and cannot replay', () => {
    const sequence = createSequenceGapDetector();
    sequence.connected();
    expect(sequence.see('1')).toBe(false);
    expect(sequence.see('2')).toBe(false);
    sequence.connected();
    expect(sequence.see('1')).toBe(true);
    expect(sequence.see('2')).toBe(false);
    // Even when the new connection happens to continue the numbers.
    sequence.connected();
    expect(sequence.see('3')).toBe(true);
  });

  it('ignores events without a numeric id (an older server) and an id carried over to an event without one', () => {
    const sequence = createSequenceGapDetector();
    expect(sequence.see('')).toBe(false);
    expect(sequence.see('abc')).toBe(false);
    expect(sequence.see('3')).toBe(false);
    expect(sequence.see('3')).toBe(false);
    expect(sequence.see('4')).toBe(false);
  });
});
