/**
 * A 429's wait as a person reads it: seconds up to a minute and a half, whole minutes (rounded up)
 * after. Every refusal that asks someone to wait (rate limits, the sign-in guard) words it this
 * way, and the web app's resend countdown reads both units back (features/auth/code-delivery.ts).
 */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole <= 90) return `${whole} second${whole === 1 ? '' : 's'}`;
  return `${Math.ceil(whole / 60)} minutes`;
}

/** A wait in milliseconds as Retry-After's whole seconds, at least one. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
