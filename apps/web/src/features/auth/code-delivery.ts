import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';

// What the browser knows about the codes it asked for: when the next may be requested, and which
// phone number the last SMS went to. Kept in sessionStorage so a reload keeps both.

/** docs/architecture.md §Accounts and onboarding: a new code can be asked for 60 s after the last one. */
export const RESEND_AFTER_SECONDS = 60;

const storageKey = (key: string) => `cw-resend:${key}`;

/**
 * When the next code may be requested, kept in sessionStorage so a reload or moving between the
 * phone pages keeps the countdown (the server enforces the rule; this only avoids a useless 429).
 */
export function markCodeSent(key: string, waitSeconds = RESEND_AFTER_SECONDS, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(storageKey(key), String(now + waitSeconds * 1000));
  } catch {
    // Storage may be unavailable (private mode); the countdown then starts from the server's 429.
  }
}

export function secondsUntilResend(key: string, now = Date.now()): number {
  let availableAt = 0;
  try {
    availableAt = Number(window.sessionStorage.getItem(storageKey(key)) ?? 0);
  } catch {
    availableAt = 0;
  }
  return Math.max(0, Math.ceil((availableAt - now) / 1000));
}

/**
 * How long a 429 asks us to wait. The API sends Retry-After and repeats the number in its sentence
 * ("You can ask for a new one in 42 seconds."); the client exposes the sentence, so read it there.
 */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  if (error.retryAfter) return Math.ceil(error.retryAfter);
  // Without the header: the wait the message names, in seconds or (past a minute and a half) minutes.
  const match = error.message.match(/(\d+)\s*(second|minute)s?\b/);
  if (!match) return RESEND_AFTER_SECONDS;
  return Number(match[1]) * (match[2] === 'minute' ? 60 : 1);
}

/** Seconds left before a new code may be asked for `key`, ticking down once a second. */
export function useResendCountdown(key: string) {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntilResend(key));

  useEffect(() => {
    setSecondsLeft(secondsUntilResend(key));
  }, [key]);

  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => {
      const left = secondsUntilResend(key);
      setSecondsLeft(left);
      if (left <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [key, counting]);

  const start = useCallback(
    (waitSeconds = RESEND_AFTER_SECONDS) => {
      markCodeSent(key, waitSeconds);
      setSecondsLeft(secondsUntilResend(key));
    },
    [key],
  );

  return { secondsLeft, start };
}

const PENDING_PHONE_KEY = 'cw-pending-phone';

/** The number a code was just sent to, so /confirm-phno can say where to look (survives a reload). */
export function rememberPendingPhoneNumber(phoneNumber: string): void {
  try {
    window.sessionStorage.setItem(PENDING_PHONE_KEY, phoneNumber);
  } catch {
    // Without storage the page simply does not repeat the number.
  }
}

export function readPendingPhoneNumber(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_PHONE_KEY);
  } catch {
    return null;
  }
}
