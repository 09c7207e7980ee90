import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeToken, makeUser } from '@/testing/test-data';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'the-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login', () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it("shows 'Invalid email or password' in an alert and stays signed out", async () => {
    mockApi({
      'POST /auth/login': {
        status: 401,
        body: { success: false, code: 'UNAUTHORIZED', message: 'Invalid email or password' },
      },
    });
    const { user, store, currentPath } = renderApp('/login');
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(currentPath()).toBe('/login');
    expect(screen.getByLabelText('Password')).toHaveValue('the-password');
  });

  it('says "Logging in…" and disables the button while the request is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user);

    const button = await screen.findByRole('button', { name: 'Logging in…' });
    expect(button).toBeDisabled();
    answer(
      new Response(
        JSON.stringify({ success: false, code: 'FORBIDDEN', message: 'This account has been disabled.' }),
        {
          status: 403,
        },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has been disabled.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('stores the session and opens /home for a user with a role', async () => {
    const token = makeToken();
    const learner = makeUser({ firstName: 'Ada' });
    mockApi({
      'POST /auth/login': { body: { success: true, data: { token, user: learner } } },
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    });
    const { user, store, currentPath } = renderApp('/login');
    await fillAndSubmit(user);

    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(store.getState().auth).toEqual({ token, user: learner });
  });

  it('resumes onboarding where it stopped for a user without a role', async () => {
    const unfinished = makeUser({ role: null, emailVerified: true, phoneVerified: false, phoneNumber: null });
    mockApi({
      'POST /auth/login': { body: { success: true, data: { token: makeToken(), user: unfinished } } },
    });
    const { user, currentPath } = renderApp('/login');
    await fillAndSubmit(user);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add your phone number' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/add-phno');
  });
});
