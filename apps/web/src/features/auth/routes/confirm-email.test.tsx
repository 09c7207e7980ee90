import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { markCodeSent } from '../code-delivery';

const unconfirmed = () =>
  makeSession({
    role: null,
    emailVerified: false,
    phoneVerified: false,
    phoneNumber: null,
    email: 'new@example.com',
  });

describe('/confirm-email', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('checks the code is 6 digits before sending it', async () => {
    const api = mockApi();
    const { user } = renderApp('/confirm-email', { auth: unconfirmed() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(screen.getAllByText('new@example.com').length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('6-digit code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('The code is the 6 digits we sent you.');
    expect(api.calls).toHaveLength(0);
  });

  it('shows a wrong code’s message on the field, with the attempts left', async () => {
    mockApi({
      'POST /auth/confirm-email': {
        status: 400,
        body: {
          success: false,
          code: 'BAD_REQUEST',
          message: 'That code is not right. 4 attempts left.',
          details: [{ path: 'code', message: 'That code is not right. 4 attempts left.' }],
        },
      },
    });
    const { user, currentPath } = renderApp('/confirm-email', { auth: unconfirmed() });
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(screen.getByLabelText('6-digit code')).toHaveAccessibleDescription(
        'That code is not right. 4 attempts left.',
      ),
    );
    expect(currentPath()).toBe('/confirm-email');
  });

  it('confirms the e-mail, stores the user and moves on to the phone step', async () => {
    const session = unconfirmed();
    const confirmed = { ...session.user, emailVerified: true };
    const api = mockApi({
      'POST /auth/confirm-email': { body: { success: true, data: { user: confirmed } } },
    });
    const { user, store, currentPath } = renderApp('/confirm-email', { auth: session });
    await user.type(await screen.findByLabelText('6-digit code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add your phone number' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/add-phno');
    expect(api.callsTo('POST', '/auth/confirm-email')[0].body).toEqual({ code: '123456' });
    expect(store.getState().auth.user).toEqual(confirmed);
    expect(store.getState().auth.token).toBe(session.token);
  });

  it('counts 60 s down before a new code may be asked for, then honours the wait a 429 names', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const session = unconfirmed();
    markCodeSent(`email:${session.user._id}`); // the code the sign-up sent, just now
    const api = mockApi({
      'POST /auth/resend-code': {
        status: 429,
        body: {
          success: false,
          code: 'RATE_LIMITED',
          message: 'We just sent you a code. You can ask for a new one in 42 seconds.',
        },
      },
    });
    const { user } = renderApp('/confirm-email', { auth: session });

    const waiting = await screen.findByRole('button', { name: 'Send a new code in 60 s' });
    expect(waiting).toBeDisabled();
    // The countdown's interval starts in an effect that may run a moment after that render (the
    // page is a lazy chunk): fake time moved before it exists would never reach it.
    await waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Send a new code in 59 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(59_000));
    const ready = screen.getByRole('button', { name: 'Send a new code' });
    expect(ready).toBeEnabled();

    // Another tab asked meanwhile: the server says how long to wait, and the button follows it.
    await user.click(ready);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We just sent you a code. You can ask for a new one in 42 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Send a new code in 42 s' })).toBeDisabled();
    expect(api.callsTo('POST', '/auth/resend-code')[0].body).toEqual({ channel: 'email' });
  });

  it('sends a new code when asked and starts the countdown again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    mockApi({
      'POST /auth/resend-code': {
        body: { success: true, message: 'We sent a new code to your e-mail.', data: null },
      },
    });
    const { user } = renderApp('/confirm-email', { auth: unconfirmed() });
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText('We sent a new code to your e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
  });
});
