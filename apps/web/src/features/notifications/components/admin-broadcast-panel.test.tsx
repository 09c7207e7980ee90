import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession, makeUser } from '@/testing/test-data';

// Users as GET /admin/users answers them: the public user and whether the account is disabled.
const admin = {
  ...makeUser({
    _id: 'user-ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
  }),
  disabled: false,
};
const learner = {
  ...makeUser({ _id: 'user-lena', email: 'lena@example.com', firstName: 'Lena', lastName: 'Learner' }),
  disabled: false,
};

function mockBroadcastApi(reply: { status?: number; body?: unknown } = {}) {
  return mockApi({
    'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    'GET /admin/users': ({ url }) => {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const users = [admin, learner].filter(
        (user) => !search || (user.firstName ?? '').toLowerCase().includes(search),
      );
      return { body: { success: true, data: { users, total: users.length, page: 1, pageSize: 10 } } };
    },
    'POST /admin/notifications': {
      status: reply.status ?? 201,
      body: reply.body ?? { success: true, message: 'Sent to everyone.', data: { _id: 'b1' } },
    },
  });
}

async function openPanel() {
  const view = renderApp('/admin?tab=broadcast', { auth: makeSession({ role: 'admin' }) });
  const panel = await screen.findByRole('region', { name: 'Send a notification' });
  const user = userEvent.setup();
  const field = (label: string | RegExp) => within(panel).getByLabelText(label);
  /** Puts text in a field the way pasting does: one change, not one per character. */
  const fill = async (label: string | RegExp, text: string) => {
    await user.click(field(label));
    await user.paste(text);
  };
  const send = () => user.click(within(panel).getByRole('button', { name: 'Send notification' }));
  return { ...view, user, panel, field, fill, send };
}

// A whole admin page of antd form controls: role queries over it take jsdom a while.
describe('the admin broadcast panel', { timeout: 60_000 }, () => {
  // The admin page and this panel (antd's Form, Select, Radio, Tabs) load lazily: transform them once up front.
  beforeAll(async () => {
    await warmUpFrame();
    await Promise.all([import('@/app/routes/admin-route'), import('./admin-broadcast-panel')]);
  }, FRAME_WARM_UP_MS);

  it('shows what is missing under each field and sends nothing', async () => {
    const { callsTo } = mockBroadcastApi();
    const { user, panel, field, fill, send } = await openPanel();

    await send();
    expect(await within(panel).findByText('Add a title.')).toBeInTheDocument();
    expect(within(panel).getByText('Add a message.')).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');

    await fill('Title', 'a'.repeat(121));
    await fill(/^Link/, 'https://example.com');
    expect(await within(panel).findByText('Keep the title under 120 characters.')).toBeInTheDocument();
    expect(
      await within(panel).findByText('Use a path inside Candlewise, such as /course.'),
    ).toBeInTheDocument();

    await user.click(field('One user'));
    await send();
    expect(await within(panel).findByText('Choose who should get it.')).toBeInTheDocument();
    expect(callsTo('POST', '/admin/notifications')).toHaveLength(0);
  });

  it("sends to everyone, says 'Notification sent' and empties the form", async () => {
    const { callsTo } = mockBroadcastApi();
    const { field, fill, send } = await openPanel();

    await fill('Title', '  Markets closed on Friday ');
    await fill('Message', 'Competitions pause until Monday.');
    await fill(/^Link/, '/group');
    await send();
    // Everyone: nothing goes until the admin confirms.
    const confirm = await screen.findByRole('dialog', { name: 'Send to everyone?' });
    expect(confirm).toHaveTextContent(
      'Every learner gets “Markets closed on Friday” under the bell at once.',
    );
    expect(callsTo('POST', '/admin/notifications')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send to everyone' }));

    expect(await screen.findByText('Notification sent')).toBeInTheDocument();
    expect(callsTo('POST', '/admin/notifications').map((call) => call.body)).toEqual([
      {
        title: 'Markets closed on Friday',
        message: 'Competitions pause until Monday.',
        link: '/group',
        userId: null,
      },
    ]);
    await waitFor(() => expect(field('Title')).toHaveValue(''));
    expect(field('Message')).toHaveValue('');
    expect(field(/^Link/)).toHaveValue('');
    expect(field('Everyone')).toBeChecked();
  });

  it('sends to one user found by searching', async () => {
    const { callsTo } = mockBroadcastApi();
    const { user, field, fill, send } = await openPanel();

    await fill('Title', 'Your entry was approved');
    await fill('Message', 'See you on the leaderboard.');
    await user.click(field('One user'));
    const picker = field('User');
    expect(picker).toHaveRole('combobox');
    await user.click(picker);
    expect(await screen.findByTitle('Ada Admin (ada@example.com)')).toBeInTheDocument();
    await user.keyboard('len');
    // Narrowed as typed, before the server's answer for "len" comes.
    expect(screen.queryByTitle('Ada Admin (ada@example.com)')).not.toBeInTheDocument();

    await waitFor(() =>
      expect(
        callsTo('GET', '/admin/users').some((call) => call.url.searchParams.get('search') === 'len'),
      ).toBe(true),
    );
    expect(
      await screen.findByRole('option', { name: 'Lena Learner (lena@example.com)' }),
    ).toBeInTheDocument();
    // The visible option (antd keeps the role="option" copies for screen readers only).
    await user.click(await screen.findByTitle('Lena Learner (lena@example.com)'));
    await send();

    await screen.findByText('Notification sent');
    expect(callsTo('POST', '/admin/notifications')[0].body).toEqual({
      title: 'Your entry was approved',
      message: 'See you on the leaderboard.',
      userId: 'user-lena',
    });
  });

  it('puts the server’s field errors under the field, and any other failure above the button', async () => {
    const api = mockBroadcastApi(
      validationFailed({ 'body.link': 'That page does not exist.' }, 'Check the highlighted fields.'),
    );
    const { user, panel, field, fill, send } = await openPanel();
    await fill('Title', 'Hello');
    await fill('Message', 'World');
    await fill(/^Link/, '/nowhere');
    await send();
    await user.click(await screen.findByRole('button', { name: 'Send to everyone' }));
    expect(await within(panel).findByText('That page does not exist.')).toBeInTheDocument();

    api.fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ success: false, message: 'You need an administrator account.', code: 'X' }),
          {
            status: 403,
          },
        ),
    );
    await user.clear(field(/^Link/));
    await send();
    await user.click(await screen.findByRole('button', { name: 'Send to everyone' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('You need an administrator account.');
    expect(screen.queryByText('Notification sent')).not.toBeInTheDocument();
    expect(field('Title')).toHaveValue('Hello');
  });
});
