import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { retryAfterSeconds, useResendCountdown } from '../code-delivery';

/**
 * "Send a new code", disabled with a countdown for 60 s after a code went out. A 429 restarts the
 * countdown from the wait the server names; its sentence and any other failure are shown beneath.
 */
export function ResendCodeButton({
  timerKey,
  send,
  sentMessage,
  prompt = 'Didn’t get it? Check your spam folder, or',
}: {
  /** Which countdown: per account and channel, e.g. `email:<userId>`. */
  timerKey: string;
  send: () => Promise<string | undefined>;
  sentMessage: string;
  /** The line above the button, e.g. where else to look for the code. */
  prompt?: string;
}) {
  const { secondsLeft, start } = useResendCountdown(timerKey);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleClick() {
    setSending(true);
    setNotice(null);
    setError(null);
    try {
      const message = await send();
      start();
      setNotice(message || sentMessage);
    } catch (caught) {
      const wait = retryAfterSeconds(caught);
      if (wait !== null) start(wait);
      setError(caught instanceof ApiError ? caught.message : 'The code could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  }

  const waiting = secondsLeft > 0;
  let label = 'Send a new code';
  if (sending) label = 'Sending…';
  else if (waiting) label = `Send a new code in ${secondsLeft} s`;

  return (
    <div className="cw-resend">
      <p className="cw-resend__question">{prompt}</p>
      <button
        type="button"
        className="cw-button cw-button--secondary"
        onClick={handleClick}
        disabled={sending || waiting}
      >
        {label}
      </button>
      <p className="cw-form__notice" role="status">
        {notice}
      </p>
      {error ? (
        <p className="cw-form__alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
