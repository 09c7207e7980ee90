import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { markCodeSent, RESEND_AFTER_SECONDS, retryAfterSeconds, secondsUntilResend } from './code-delivery';

describe('code delivery', () => {
  afterEach(() => window.sessionStorage.clear());

  it('counts the 60 s down from when the code was sent, per key', () => {
    const sentAt = 1_000_000;
    markCodeSent('email:u1', RESEND_AFTER_SECONDS, sentAt);
    expect(secondsUntilResend('email:u1', sentAt)).toBe(60);
    expect(secondsUntilResend('email:u1', sentAt + 59_001)).toBe(1);
    expect(secondsUntilResend('email:u1', sentAt + 60_000)).toBe(0);
    expect(secondsUntilResend('phone:u1', sentAt)).toBe(0);
  });

  it('reads the wait a 429 names, and nothing from other errors', () => {
    const tooSoon = new ApiError(
      429,
      'We just sent you a code. You can ask for a new one in 42 seconds.',
      'RATE_LIMITED',
    );
    expect(retryAfterSeconds(tooSoon)).toBe(42);
    expect(retryAfterSeconds(new ApiError(429, 'Too many requests.', 'RATE_LIMITED'))).toBe(60);
    const longer = new ApiError(
      429,
      'Too many requests. Please wait 10 minutes and try again.',
      'RATE_LIMITED',
    );
    expect(retryAfterSeconds(longer)).toBe(600);
    expect(retryAfterSeconds(new ApiError(400, 'That code is not right.', 'BAD_REQUEST'))).toBeNull();
    expect(retryAfterSeconds(new Error('offline'))).toBeNull();
  });
});
