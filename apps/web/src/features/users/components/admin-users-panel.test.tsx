import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession, makeUser } from '@/testing/test-data';

const admin = makeSession({ role: 'admin', firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com' });
const learner = {
  ...makeUser({ firstName: 'Lena', lastName: 'Learner', email: 'lena@example.com' }),
  disabled: false,
};
const onlyAdmin = { ...admin.user, disabled: false };

function usersPage(users: unknown[], total = users.length) {
  return { body: { success: true, data: { users, total, page: 1, pageSize: 20 } } };
}

// antd's tables, menus and modals render slowly in jsdom: one case takes 10 s on a quiet 2-core machine.
describe('admin: users', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('@/app/routes/admin-route');
    await import('./admin-users-panel');
  }, FRAME_WARM_UP_MS);

  it('lists users with name, e-mail, role, status and joined date, and searches', async () => {
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /admin/users': (call) =>
        call.url.searchParams.get('search') === 'lena'
          ? usersPage([learner])
          : usersPage([onlyAdmin, learner]),
    });
    const { user } = renderApp('/admin', { auth: admin });

    const row = (await screen.findByText('lena@example.com')).closest('tr')!;
    expect(within(row).getByText('Lena Learner')).toBeInTheDocument();
    expect(within(row).getByText('Learner')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('5 Jan 2026')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'lena{Enter}');
    await waitFor(() => expect(screen.queryByText('admin@example.com')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.url.searchParams.get('search') === 'lena')).toBe(true);
  });

  it('promotes after a confirmation', async () => {
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /admin/users': usersPage([onlyAdmin, learner]),
      [`PATCH /admin/users/${learner._id}`]: {
        body: { success: true, data: { user: { ...learner, role: 'admin' } } },
      },
    });
    const { user } = renderApp('/admin', { auth: admin });
    await user.click(await screen.findByRole('button', { name: 'Make admin: lena@example.com' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Make Lena Learner an admin?');
    await user.click(within(confirm).getByRole('button', { name: 'Make admin' }));

    await waitFor(() => expect(api.callsTo('PATCH', `/admin/users/${learner._id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/admin/users/${learner._id}`)[0].body).toEqual({ role: 'admin' });
  });

  it('offers no way to demote or disable your own account, and says who can', async () => {
    mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /admin/users': usersPage([onlyAdmin, learner]),
    });
    renderApp('/admin', { auth: admin });
    expect(await screen.findByText('Another admin can change your own account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable: admin@example.com' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove admin: admin@example.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable: lena@example.com' })).toBeInTheDocument();
  });

  it("shows the server's sentence when a change is refused", async () => {
    const otherAdmin = {
      ...makeUser({ role: 'admin', firstName: 'Omar', lastName: 'Other', email: 'omar@example.com' }),
      disabled: false,
    };
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /admin/users': usersPage([onlyAdmin, otherAdmin]),
      [`PATCH /admin/users/${otherAdmin._id}`]: {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'This is the last active admin. Make another admin first.',
        },
      },
    });
    const { user } = renderApp('/admin', { auth: admin });
    await user.click(await screen.findByRole('button', { name: 'Disable: omar@example.com' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is the last active admin. Make another admin first.',
    );
    expect(api.callsTo('PATCH', `/admin/users/${otherAdmin._id}`)[0].body).toEqual({ disabled: true });
  });
});
