import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeToken, makeUser } from '@/testing/test-data';

const SIGN_UP_ANSWER =
  'We sent an e-mail to this address: a 6-digit code to confirm it, or, if it already has an account, how to log in. Log in with your e-mail and password to carry on.';

const newUser = () => makeUser({ role: null, emailVerified: false, phoneVerified: false, phoneNumber: null });

describe('/signup', () => {
  afterEach(() => window.sessionStorage.clear());

  it('shows an error under each invalid field, wired to the input, and sends nothing', async () => {
    const api = mockApi();
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid e-mail address.'),
    );
    expect(email).toHaveFocus();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters. Use at least 8 characters for your password.',
    );
    expect(api.calls).toHaveLength(0);

    // Fixing a field clears its message as the user types.
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument();
  });

  it('sends a returning user whose password does not match to the log-in page with a sentence', async () => {
    const api = mockApi({
      'POST /auth/signup': { status: 201, body: { success: true, message: SIGN_UP_ANSWER, data: null } },
      'POST /auth/login': {
        status: 401,
        body: { success: false, code: 'UNAUTHORIZED', message: 'Invalid email or password' },
      },
    });
    const { user, store, currentPath } = renderApp('/signup');
    await user.type(await screen.findByLabelText('E-mail'), ' Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(
      await screen.findByText(/If this address already has an account, we e-mailed its owner instead/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    // The shared schema trims and lower-cases the address before it is sent; log-in uses the same.
    const sent = { email: 'ada@example.com', password: 'correct-horse-battery' };
    expect(api.callsTo('POST', '/auth/signup')[0].body).toEqual(sent);
    expect(api.callsTo('POST', '/auth/login')[0].body).toEqual(sent);
    expect(store.getState().auth.token).toBeNull();
  });

  it('puts the server’s field details under the field they name', async () => {
    mockApi({
      'POST /auth/signup': validationFailed(
        { password: 'Please keep the password under 200 characters.' },
        'Some fields in the request body are not valid: password. Correct them and try again.',
      ),
    });
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Please keep the password under 200 characters.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs the new user in and moves on to the e-mail code with the resend countdown running', async () => {
    const token = makeToken();
    const created = newUser();
    const api = mockApi({
      'POST /auth/signup': { status: 201, body: { success: true, message: SIGN_UP_ANSWER, data: null } },
      'POST /auth/login': { status: 200, body: { success: true, data: { token, user: created } } },
    });
    const { user, store, currentPath } = renderApp('/signup');
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(currentPath()).toBe('/confirm-email');
    expect(store.getState().auth).toEqual({ token, user: created });
    // Sign-up grants no session: the page logs in with the password just chosen.
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(1);
    // The code went out with the sign-up: asking again is possible only after 60 s.
    expect(screen.getByRole('button', { name: /Send a new code in (60|59) s/ })).toBeDisabled();
  });
});
