import type { PublicUser } from '@candlewise/shared';
import { QueryObserver } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession, makeUser } from '@/testing/test-data';
import { getSessionQueryClient } from './session-query-client';

const unreadItems = [
  {
    _id: 'n1',
    notificationContent: { title: 'Request approved', message: 'You are in Nifty Sprint. Good luck!' },
    read: false,
    createdAt: '2026-03-01T09:30:00.000Z',
    kind: 'group_approved',
    link: '/group',
  },
  {
    _id: 'n2',
    notificationContent: { title: 'New course', message: 'Options Trading Basics is live.' },
    read: false,
    createdAt: '2026-03-02T09:30:00.000Z',
    kind: 'new_course',
  },
];
/** The last (only) page of a list, as GET /notification/all answers it. */
const lastPage = (data: unknown[]) => ({ success: true, data, meta: { nextCursor: null } });

const readItems = [
  {
    _id: 'n0',
    notificationContent: { title: 'Welcome to Candlewise', message: 'Start with Stock Market Fundamentals.' },
    read: true,
    createdAt: '2026-02-01T09:30:00.000Z',
    kind: 'broadcast',
  },
];

function mockNotifications({ unread = unreadItems, read = readItems } = {}) {
  return mockApi({
    'GET /notification/all': ({ url }) => ({
      body: lastPage(url.searchParams.get('read') === 'true' ? read : unread),
    }),
    'PUT /user/update/user-details': ({ body }) => ({
      body: {
        success: true,
        data: { user: makeUser({ lastNotificationViewedAt: (body as PublicUser).lastNotificationViewedAt }) },
      },
    }),
  });
}

const notificationQueries = (calls: ReturnType<typeof mockApi>['callsTo'], read: 'true' | 'false') =>
  calls('GET', '/notification/all').filter((call) => call.url.searchParams.get('read') === read);

/** The bell's accessible name carries the count: "Notifications" or "Notifications, 3 unread". */
const bellName = /^Notifications(, \d+ unread)?$/;
const badgeCount = () => document.querySelector('.cw-bell__count')?.getAttribute('title') ?? null;

/**
 * GET /notification/stream as a live text/event-stream: the test writes to it (`send`) whenever it
 * likes, in chunks of its choosing. Or `status` answers the stream with that error instead.
 */
function mockNotificationStream(api: ReturnType<typeof mockApi>, { status }: { status?: number } = {}) {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const requests: RequestInit[] = [];
  const answerOthers = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    if (!String(input).endsWith('/api/v1/notification/stream')) return answerOthers(input, init);
    requests.push(init ?? {});
    if (status)
      return new Response(JSON.stringify({ success: false, message: 'Down', code: 'X' }), { status });
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    requests,
    send: async (text: string) => {
      await waitFor(() => expect(controller).toBeDefined());
      controller!.enqueue(encoder.encode(text));
    },
  };
}

const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const marketOpen = {
  _id: 'n3',
  notificationContent: { title: 'Nifty Sprint starts now', message: 'Your paper account is open.' },
  read: false,
  createdAt: '2026-03-03T09:15:00.000Z',
  kind: 'competition_started',
  link: '/group',
};

describe('the notification bell and drawer', () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('badges the unread count and lists the unread ones by default, without fetching the read ones', async () => {
    const { callsTo } = mockNotifications();
    const session = makeSession();
    const { user } = renderApp('/home', { auth: session });

    const bell = await screen.findByRole('button', { name: bellName });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    expect(document.querySelector('.cw-bell__count')).toHaveAttribute('title', '2');
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
    await user.click(await screen.findByRole('button', { name: bellName }));
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
    await user.click(await screen.findByRole('button', { name: bellName }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('No notifications found')).toBeInTheDocument();
  });

  it('opens 378 px wide and 736 px when made larger', async () => {
    mockNotifications();
    const { user } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: bellName }));
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
    await user.click(await screen.findByRole('button', { name: bellName }));
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

  it('marks all as read without closing: the badge clears, the drawer stays open, and it says so', async () => {
    const api = mockNotifications();
    let unread = unreadItems;
    const answerOthers = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://127.0.0.1');
      if (url.pathname.endsWith('/notification/all') && url.searchParams.get('read') === 'false')
        return new Response(JSON.stringify(lastPage(unread)), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.pathname.endsWith('/user/update/user-details')) unread = [];
      return answerOthers(input, init);
    });
    const session = makeSession();
    const { user, store } = renderApp('/home', { auth: session });
    const bell = await screen.findByRole('button', { name: bellName });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    await user.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('Request approved');

    await user.click(within(drawer).getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(api.callsTo('PUT', '/user/update/user-details')).toHaveLength(1));
    const body = api.callsTo('PUT', '/user/update/user-details')[0].body as {
      userId: string;
      lastNotificationViewedAt: string;
    };
    expect(body.userId).toBe(session.user._id);
    expect(await screen.findByText('All notifications are marked as read.')).toBeInTheDocument();
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    expect(badgeCount()).toBeNull();
    expect(await within(drawer).findByText('No notifications found')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    expect(store.getState().auth.user?.lastNotificationViewedAt).toBe(body.lastNotificationViewedAt);
  });

  it('offers nothing to mark when nothing is unread', async () => {
    mockNotifications({ unread: [], read: [] });
    const { user } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: bellName }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('No notifications found');
    expect(within(drawer).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
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
    await user.click(await screen.findByRole('button', { name: bellName }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('No notifications found')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Could not load the unread notifications', expect.anything());
  });
});

describe('the live bell', () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('opens the stream with the bearer token and badges the count it sends, without polling', async () => {
    const api = mockNotifications();
    const stream = mockNotificationStream(api);
    const session = makeSession();
    renderApp('/home', { auth: session });

    const bell = await screen.findByRole('button', { name: bellName });
    // The first event arrives split inside a line, after the server's retry hint.
    await stream.send('retry: 5000\n\nevent: unr');
    await stream.send('ead\ndata: {"unreadCount":');
    await stream.send('5}\n\n');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 5 unread'));
    expect(badgeCount()).toBe('5');

    const headers = new Headers(stream.requests[0].headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${session.token}`);
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(api.callsTo('GET', '/notification/unread-count')).toHaveLength(0);
  });

  it('raises the badge when a notification event arrives, toasts its title and refreshes the unread list', async () => {
    let unread = unreadItems;
    const api = mockApi({
      'GET /notification/all': ({ url }) => ({
        body: lastPage(url.searchParams.get('read') === 'true' ? readItems : unread),
      }),
    });
    const stream = mockNotificationStream(api);
    renderApp('/home', { auth: makeSession() });
    const bell = await screen.findByRole('button', { name: bellName });
    await stream.send(sseEvent('unread', { unreadCount: 2 }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    await waitFor(() => expect(notificationQueries(api.callsTo, 'false')).toHaveLength(1));

    unread = [marketOpen, ...unreadItems];
    // A heartbeat and the event in one chunk.
    await stream.send(
      `: keep-alive\n\n${sseEvent('notification', { notification: marketOpen, unreadCount: 3 })}`,
    );

    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 3 unread'));
    expect(badgeCount()).toBe('3');
    expect(await screen.findByText('Nifty Sprint starts now')).toBeInTheDocument();
    await waitFor(() => expect(notificationQueries(api.callsTo, 'false')).toHaveLength(2));
    expect(notificationQueries(api.callsTo, 'true')).toHaveLength(0);
  });

  it('announces an account frozen only once the open desk has read its account again (issue #43)', async () => {
    const api = mockNotifications();
    const stream = mockNotificationStream(api);
    const session = makeSession();
    renderApp('/home', { auth: session });
    await screen.findByRole('button', { name: bellName });
    // An open desk: its account query is active, with a position the freeze is about to close.
    const reads: Array<(positions: number) => void> = [];
    const observer = new QueryObserver(getSessionQueryClient(session.user._id), {
      queryKey: ['groups', 'account', 'g-1'],
      queryFn: () =>
        new Promise<{ positions: number }>((resolve) => reads.push((positions) => resolve({ positions }))),
    });
    const seen: number[] = [];
    const stop = observer.subscribe((result) => {
      if (result.data) seen.push(result.data.positions);
    });
    await waitFor(() => expect(reads).toHaveLength(1));
    reads[0](1);
    await waitFor(() => expect(seen).toEqual([1]));

    const frozen = {
      _id: 'n9',
      kind: 'account_frozen',
      notificationContent: { title: 'Account frozen', message: 'Positions were closed.' },
      read: false,
      createdAt: new Date().toISOString(),
      link: '/group/g-1/leaderboard',
    };
    await stream.send(sseEvent('notification', { notification: frozen, unreadCount: 3 }));
    // The desk is read again first; until it answers, no toast says what the desk does not show yet.
    await waitFor(() => expect(reads).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Account frozen')).not.toBeInTheDocument();
    reads[1](0);
    expect(await screen.findByText('Account frozen')).toBeInTheDocument();
    expect(seen.at(-1)).toBe(0);
    stop();
  });

  it('shows a notification that arrives while the drawer is open', async () => {
    let unread = unreadItems;
    const api = mockApi({
      'GET /notification/all': () => ({ body: lastPage(unread) }),
    });
    const stream = mockNotificationStream(api);
    const { user } = renderApp('/home', { auth: makeSession() });
    await stream.send(sseEvent('unread', { unreadCount: 2 }));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('Request approved');

    unread = [marketOpen, ...unreadItems];
    await stream.send(sseEvent('notification', { notification: marketOpen, unreadCount: 3 }));
    expect(await within(drawer).findByText('Your paper account is open.')).toBeInTheDocument();
  });

  it('clears the badge when the drawer closes', async () => {
    const api = mockNotifications();
    const stream = mockNotificationStream(api);
    const { user } = renderApp('/home', { auth: makeSession() });
    await stream.send(sseEvent('unread', { unreadCount: 2 }));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(api.callsTo('PUT', '/user/update/user-details')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(badgeCount()).toBeNull();
  });

  it('falls back to GET /notification/unread-count when the stream cannot open', async () => {
    const api = mockApi({
      'GET /notification/all': { body: lastPage(unreadItems) },
      'GET /notification/unread-count': { body: { success: true, data: { unreadCount: 7 } } },
    });
    mockNotificationStream(api, { status: 503 });
    renderApp('/home', { auth: makeSession() });
    expect(await screen.findByRole('button', { name: 'Notifications, 7 unread' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/notification/unread-count')).toHaveLength(1);
  });

  it('polls the count every 30 s while the stream is down, and keeps trying the stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let unreadCount = 1;
      const api = mockApi({
        'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
        'GET /notification/unread-count': () => ({ body: { success: true, data: { unreadCount } } }),
      });
      const stream = mockNotificationStream(api, { status: 500 });
      renderApp('/home', { auth: makeSession() });
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });

      unreadCount = 4;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
      expect(api.callsTo('GET', '/notification/unread-count')).toHaveLength(2);
      expect(stream.requests.length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops the stream when the frame goes away (logout, leaving)', async () => {
    const api = mockNotifications();
    const stream = mockNotificationStream(api);
    const { unmount } = renderApp('/home', { auth: makeSession() });
    await stream.send(sseEvent('unread', { unreadCount: 1 }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const signal = stream.requests[0].signal!;
    expect(signal.aborted).toBe(false);
    unmount();
    expect(signal.aborted).toBe(true);
  });
});

describe('the drawer lists', () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  const page = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      _id: `p${from + index}`,
      notificationContent: { title: `Notice ${from + index}`, message: `Message ${from + index}` },
      read: false,
      createdAt: new Date(Date.UTC(2026, 2, 1) - (from + index) * 60_000).toISOString(),
      kind: 'broadcast',
    }));

  it('loads older notifications with "Load more", following meta.nextCursor', async () => {
    const api = mockApi({
      'GET /notification/all': ({ url }: ApiCall) =>
        url.searchParams.get('before') === 'cursor-2'
          ? { body: { success: true, data: page(3, 2), meta: { nextCursor: null } } }
          : { body: { success: true, data: page(1, 2), meta: { nextCursor: 'cursor-2' } } },
    });
    const { user } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: bellName }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('Notice 2');
    expect(within(drawer).queryByText('Notice 3')).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Load more' }));
    expect(await within(drawer).findByText('Notice 4')).toBeInTheDocument();
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(4);
    expect(within(drawer).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const [first, second] = notificationQueries(api.callsTo, 'false');
    expect(first.url.searchParams.has('before')).toBe(false);
    expect(second.url.searchParams.get('before')).toBe('cursor-2');
  });

  it('follows a notification’s link, closing the drawer and marking them viewed', async () => {
    const api = mockNotifications();
    const { user, currentPath } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: bellName }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(drawer).findByRole('link', { name: 'Request approved' }));

    await waitFor(() => expect(currentPath()).toBe('/group'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(api.callsTo('PUT', '/user/update/user-details')).toHaveLength(1));
  });

  it('says how long ago each notification came', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    mockNotifications({ unread: [{ ...unreadItems[1], createdAt: fiveMinutesAgo }] });
    const { user } = renderApp('/home', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: bellName }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const time = await within(drawer).findByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', fiveMinutesAgo);
  });
});
