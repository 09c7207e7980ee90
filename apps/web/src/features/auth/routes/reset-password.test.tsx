import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('/reset-password', () => {
  afterEach(() => window.sessionStorage.clear());

  it('asks for the e-mail, then the code and a new password, then opens /login with a notice', async () => {
    const api = mockApi({
      'POST /auth/forgot-password': {
        body: {
          success: true,
          message: 'If an account uses that e-mail, we sent it a code. It works for 10 minutes.',
          data: null,
        },
      },
      'POST /auth/reset-password': {
        body: { success: true, message: 'Your password was changed. Log in with the new one.', data: null },
      },
    });
    const { user, currentPath } = renderApp('/reset-password');
    await user.type(await screen.findByLabelText('E-mail'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(
      await screen.findByText('If an account uses that e-mail, we sent it a code. It works for 10 minutes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send a new code in (60|59) s/ })).toBeDisabled();
    expect(api.callsTo('POST', '/auth/forgot-password')[0].body).toEqual({ email: 'ada@example.com' });

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'At least 8 characters. Use at least 8 characters for your password.',
      ),
    );
    expect(api.callsTo('POST', '/auth/reset-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('New password'), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Candlewise' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password was changed. Log in with the new one.',
    );
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    expect(api.callsTo('POST', '/auth/reset-password')[0].body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      password: 'short-and-longer',
    });
  });

  it('shows a wrong code on the code field', async () => {
    const wrong = 'That code is not right or has expired. Ask for a new code.';
    mockApi({
      'POST /auth/forgot-password': { body: { success: true, message: 'Sent.', data: null } },
      'POST /auth/reset-password': {
        status: 400,
        body: {
          success: false,
          code: 'BAD_REQUEST',
          message: wrong,
          details: [{ path: 'code', message: wrong }],
        },
      },
    });
    const { user } = renderApp('/reset-password');
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '999999');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() => expect(screen.getByLabelText('6-digit code')).toHaveAccessibleDescription(wrong));
  });
});
