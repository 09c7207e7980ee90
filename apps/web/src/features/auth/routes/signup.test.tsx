import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeToken, makeUser } from '@/testing/test-data';

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

  it("shows the server's sentence when the e-mail is taken, and stays signed out", async () => {
    const api = mockApi({
      'POST /auth/signup': {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message:
            'An account with this e-mail already exists. Log in, or reset your password if you forgot it.',
        },
      },
    });
    const { user, store, currentPath } = renderApp('/signup');
    await user.type(await screen.findByLabelText('E-mail'), ' Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists. Log in, or reset your password if you forgot it.',
    );
    // The shared schema trims and lower-cases the address before it is sent.
    expect(api.callsTo('POST', '/auth/signup')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'correct-horse-battery',
    });
    expect(store.getState().auth.token).toBeNull();
    expect(currentPath()).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
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
    mockApi({
      'POST /auth/signup': { status: 201, body: { success: true, data: { token, user: created } } },
    });
    const { user, store, currentPath } = renderApp('/signup');
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(currentPath()).toBe('/confirm-email');
    expect(store.getState().auth).toEqual({ token, user: created });
    // The code went out with the sign-up: asking again is possible only after 60 s.
    expect(screen.getByRole('button', { name: /Send a new code in (60|59) s/ })).toBeDisabled();
  });
});
