import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setViewportWidth } from '@/testing/match-media';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import fallbackAvatarUrl from './fallback-avatar.svg';

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};

describe('the signed-in frame', () => {
  beforeAll(async () => {
    await warmUpFrame();
    // The pages the avatar menu opens: a cold run transforms them on first import, which took up to
    // 11 s of a test's 10 s wait for the Profile heading while the machine was busy.
    const { loadPage } = await import('@/app/signed-in-pages');
    await Promise.all([loadPage('profile'), loadPage('manageSubscription')]);
  }, FRAME_WARM_UP_MS);

  it('shows the product name with its .app suffix and the landmarks', async () => {
    mockApi(noNotifications);
    renderApp('/home', { auth: makeSession() });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Candlewise.app' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the 200 px sidebar on wide screens and the bottom icon bar at 768 px and below', async () => {
    mockApi(noNotifications);
    setViewportWidth(1280);
    renderApp('/journal', { auth: makeSession() });

    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveStyle({ width: '200px' });
    expect(screen.queryByTestId('bottom-nav')).not.toBeInTheDocument();
    const sideLinks = within(sidebar).getAllByRole('link');
    // The four pillars one click away (issue #43): home, groups, journal, courses and news.
    expect(sideLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Groups', '/group'],
      ['Journal', '/journal'],
      ['Courses', '/course'],
      ['News', '/news'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Journal' })).toHaveAttribute('aria-current', 'page');

    act(() => setViewportWidth(768));
    const bottomNav = await screen.findByTestId('bottom-nav');
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    for (const [name, href] of [
      ['Home', '/home'],
      ['Groups', '/group'],
      ['Journal', '/journal'],
      ['Courses', '/course'],
      ['News', '/news'],
    ]) {
      expect(within(bottomNav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(bottomNav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    act(() => setViewportWidth(769));
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByTestId('bottom-nav')).not.toBeInTheDocument();
  });

  it('names Admin in the navigation for an admin, on wide and narrow screens', async () => {
    mockApi(noNotifications);
    setViewportWidth(1280);
    renderApp('/journal', { auth: makeSession({ role: 'admin' }) });
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    act(() => setViewportWidth(375));
    const bottomNav = await screen.findByTestId('bottom-nav');
    expect(
      within(bottomNav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Home', 'Groups', 'Journal', 'Courses', 'News', 'Admin']);
  });

  it('opens the avatar menu with the picture, the Free trialz badge and the full name, and logs out to /auth', async () => {
    const { calls } = mockApi({
      ...noNotifications,
      'POST /auth/logout': { body: { success: true, message: 'You are signed out.', data: null } },
    });
    const session = makeSession({ firstName: 'Lena', lastName: 'Learner' });
    const { user, store, currentPath } = renderApp('/home', { auth: session });

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('Free trialz')).toBeInTheDocument();
    expect(screen.getByText('Lena Learner')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'View Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Manage Subscription' })).toBeInTheDocument();
    const logout = screen.getByRole('menuitem', { name: 'Logout' });
    expect(logout).toHaveClass('cw-account-menu__item--danger');
    // No profile picture: the bundled fallback image.
    expect(document.querySelector('.cw-account-menu__popup img')).toHaveAttribute('src', fallbackAvatarUrl);

    await user.click(logout);
    await screen.findByRole('heading', { name: 'Welcome to Candlewise' });
    expect(currentPath()).toBe('/auth');
    expect(store.getState().auth).toEqual({ token: null, user: null });
    const serverLogout = calls.find((call) => call.url.pathname === '/api/v1/auth/logout');
    expect(serverLogout?.method).toBe('POST');
  });

  it('works the avatar menu from the keyboard: arrows move, Escape closes and returns to the button', async () => {
    mockApi(noNotifications);
    const { user } = renderApp('/home', { auth: makeSession() });
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'View Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Manage Subscription' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus(); // wraps around
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'View Profile' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Candlewise.app' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument(); // a click elsewhere closes it
  });

  it("uses the user's profile picture when there is one", async () => {
    mockApi(noNotifications);
    const { user } = renderApp('/home', {
      auth: makeSession({ profile_image_url: 'https://cdn.example.com/ada.png' }),
    });
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/ada.png');
    await user.click(trigger);
    await screen.findByText('Free trialz');
  });

  it('goes to the profile and the subscription page from the avatar menu', async () => {
    mockApi(noNotifications);
    const { user, currentPath } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manage Subscription' }));
    expect(currentPath()).toBe('/manage-subscription');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Your Subscription' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('leads to courses, news and the broker connection from the avatar menu (Admin is for admins)', async () => {
    mockApi(noNotifications);
    const learner = renderApp('/home', { auth: makeSession() });
    await learner.user.click(await screen.findByRole('button', { name: 'Account menu' }));
    for (const name of ['Courses', 'News', 'Connect broker']) {
      expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    await learner.user.click(screen.getByRole('menuitem', { name: 'Connect broker' }));
    expect(learner.currentPath()).toBe('/connectbroker');
  });

  it('leads an admin to the admin area from the avatar menu', async () => {
    mockApi(noNotifications);
    const admin = renderApp('/home', { auth: makeSession({ role: 'admin' }) });
    await admin.user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await admin.user.click(await screen.findByRole('menuitem', { name: 'Admin' }));
    expect(admin.currentPath()).toBe('/admin');
  });

  it('persists dark mode under persist:root and applies it to the whole document', async () => {
    mockApi(noNotifications);
    const { user, store } = renderApp('/home', { auth: makeSession() });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'light'));

    const toggle = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    expect(store.getState().theme.darkMode).toBe(true);
    expect(toggle).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await waitFor(() => {
      const persisted = JSON.parse(window.localStorage.getItem('persist:root') ?? '{}');
      expect(JSON.parse(persisted.theme)).toEqual({ darkMode: true });
      expect(JSON.parse(persisted._persist)).toMatchObject({ version: 1 });
      expect(JSON.parse(persisted.auth).token).toBe(store.getState().auth.token);
    });
  });

  it('rehydrates the session and the theme from persist:root', async () => {
    mockApi(noNotifications);
    const session = makeSession({ firstName: 'Lena' });
    window.localStorage.setItem(
      'persist:root',
      JSON.stringify({
        auth: JSON.stringify(session),
        theme: JSON.stringify({ darkMode: true }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Lena' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('signs out when the API answers 401 to a request that carried the token', async () => {
    mockApi({
      'GET /notification/all': {
        status: 401,
        body: { success: false, message: 'Expired', code: 'UNAUTHORIZED' },
      },
    });
    const { store, currentPath } = renderApp('/home', { auth: makeSession() });
    await screen.findByRole('heading', { name: 'Welcome to Candlewise' });
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(currentPath()).toBe('/auth');
  });
});
