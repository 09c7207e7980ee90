import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const failure = new Error('The journal blew up');

vi.mock('@/features/journal/routes/journal', () => ({
  default: function BrokenJournal() {
    throw failure;
  },
}));
vi.mock('@/features/auth/routes/signup', () => ({
  default: function BrokenSignup() {
    throw new Error('The signup page blew up');
  },
}));

describe('uncaught render errors', () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it("show 'Something went wrong' inside the frame, log the error and clear on the next page", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } } });
    const { user } = renderApp('/journal', { auth: makeSession({ firstName: 'Ada' }) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Uncaught render error', failure, expect.any(String));
    const sidebar = screen.getByTestId('sidebar');

    await user.click(within(sidebar).getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('show the same message on a public page, inside the public layout', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/signup');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Uncaught render error',
      expect.objectContaining({ message: 'The signup page blew up' }),
      expect.any(String),
    );
  });
});
