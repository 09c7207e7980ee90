import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const unreadItems = [
  {
    _id: 'n1',
    notificationContent: { title: 'Request approved', message: 'You are in Nifty Sprint. Good luck!' },
    read: false,
    createdAt: '2026-03-01T09:30:00.000Z',
    link: '/group',
  },
  {
    _id: 'n2',
    notificationContent: { title: 'New course', message: 'Options Trading Basics is live.' },
    read: false,
    createdAt: '2026-03-02T09:30:00.000Z',
  },
];
const readItems = [
  {
    _id: 'n0',
    notificationContent: { title: 'Welcome to Candlewise', message: 'Start with Stock Market Fundamentals.' },
    read: true,
    createdAt: '2026-02-01T09:30:00.000Z',
  },
];

function mockNotifications({ unread = unreadItems, read = readItems } = {}) {
  return mockApi({
    'GET /notification/all': ({ url }) => ({
      body: { success: true, data: url.searchParams.get('read') === 'true' ? read : unread },
    }),
    'PUT /user/update/user-details': ({ body }) => ({ body: { success: true, data: { user: body } } }),
  });
}

const notificationQueries = (calls: ReturnType<typeof mockApi>['callsTo'], read: 'true' | 'false') =>
  calls('GET', '/notification/all').filter((call) => call.url.searchParams.get('read') === read);

describe('the notification bell and drawer', () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('badges the unread count and lists the unread ones by default, without fetching the read ones', async () => {
    const { callsTo } = mockNotifications();
    const session = makeSession();
    const { user } = renderApp('/home', { auth: session });

    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell).toHaveAccessibleDescription('2 unread notifications'));
    expect(document.querySelector('.ant-badge-count')).toHaveAttribute('title', '2');
    const [unreadCall] = notificationQueries(callsTo, 'false');
    expect(unreadCall.url.searchParams.get('userId')).toBe(session.user._id);

    await user.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(drawer).getByRole('radio', { name: 'Unread' })).toBeChecked();
    expect(within(drawer).getByRole('radio', { name: 'Read' })).not.toBeChecked();
    expect(within(drawer).getByText('Request approved')).toBeInTheDocument();
    expect(within(drawer).getByText('You are in Nifty Sprint. Good luck!')).toBeInTheDocument();
    expect(within(drawer).getByText('Options Trading Basics is live.')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Request approved' })).toHaveAttribute('href', '/group');
    expect(notificationQueries(callsTo, 'true')).toHaveLength(0);
  });

  it('fetches the read list only when Read is chosen', async () => {
    const { callsTo } = mockNotifications();
    const session = makeSession();
    const { user } = renderApp('/home', { auth: session });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('Request approved');
    expect(notificationQueries(callsTo, 'true')).toHaveLength(0);

    await user.click(within(drawer).getByText('Read'));
    expect(await within(drawer).findByText('Welcome to Candlewise')).toBeInTheDocument();
    expect(within(drawer).getByText('Start with Stock Market Fundamentals.')).toBeInTheDocument();
    expect(within(drawer).queryByText('Request approved')).not.toBeInTheDocument();
    const [readCall] = notificationQueries(callsTo, 'true');
    expect(readCall.url.searchParams.get('userId')).toBe(session.user._id);
  });

  it("shows 'No notifications found' for an empty list", async () => {
    mockNotifications({ unread: [], read: [] });
    const { user } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('No notifications found')).toBeInTheDocument();
  });

  it('opens 378 px wide and 736 px when made larger', async () => {
    mockNotifications();
    const { user } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const wrapper = () => drawer.closest('.ant-drawer-content-wrapper') ?? drawer.parentElement;
    expect(wrapper()).toHaveStyle({ width: '378px' });

    await user.click(within(drawer).getByRole('button', { name: 'Wider' }));
    expect(wrapper()).toHaveStyle({ width: '736px' });
    expect(within(drawer).getByRole('button', { name: 'Narrower' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks the notifications viewed on close, keeps the token and refreshes the lists', async () => {
    const { callsTo } = mockNotifications();
    const session = makeSession();
    const { user, store } = renderApp('/home', { auth: session });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('Request approved');
    const unreadFetchesBefore = notificationQueries(callsTo, 'false').length;

    const before = Date.now();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(callsTo('PUT', '/user/update/user-details')).toHaveLength(1));
    const [update] = callsTo('PUT', '/user/update/user-details');
    const body = update.body as { userId: string; lastNotificationViewedAt: string };
    expect(body.userId).toBe(session.user._id);
    expect(new Date(body.lastNotificationViewedAt).toISOString()).toBe(body.lastNotificationViewedAt);
    expect(Date.parse(body.lastNotificationViewedAt)).toBeGreaterThanOrEqual(before - 1000);

    await waitFor(() =>
      expect(store.getState().auth.user?.lastNotificationViewedAt).toBe(body.lastNotificationViewedAt),
    );
    expect(store.getState().auth.token).toBe(session.token);
    expect(store.getState().auth.user).toMatchObject({
      ...session.user,
      lastNotificationViewedAt: body.lastNotificationViewedAt,
    });
    await waitFor(() =>
      expect(notificationQueries(callsTo, 'false').length).toBeGreaterThan(unreadFetchesBefore),
    );
  });

  it('logs a failed load quietly and shows the empty state', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /notification/all': {
        status: 403,
        body: { success: false, message: 'Not yours', code: 'FORBIDDEN' },
      },
    });
    const { user } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('No notifications found')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Could not load the unread notifications', expect.anything());
  });
});
