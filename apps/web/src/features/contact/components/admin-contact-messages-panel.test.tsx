import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const message = (n: number) => ({
  _id: `m${n}`,
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: `Question ${n}`,
  message: `How long does a freeze last? (${n})`,
  createdAt: `2026-03-0${n}T10:00:00.000Z`,
  handledAt: null,
  handledBy: null,
});

describe('admin: contact messages', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('@/app/routes/admin-route');
    await import('./admin-contact-messages-panel');
  }, FRAME_WARM_UP_MS);

  it('lists the messages as the server orders them (newest first) and pages through them', async () => {
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /admin/contact-messages': (call) => ({
        body: {
          success: true,
          data: {
            messages: call.url.searchParams.get('page') === '2' ? [message(1)] : [message(3), message(2)],
            total: 21,
            page: Number(call.url.searchParams.get('page')),
            pageSize: 20,
            status: call.url.searchParams.get('status'),
          },
        },
      }),
    });
    const { user } = renderApp('/admin?tab=messages', { auth: makeSession({ role: 'admin' }) });

    const first = (await screen.findByText('Question 3')).closest('tr')!;
    expect(within(first).getByText('Visitor 3')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'visitor3@example.com' })).toHaveAttribute(
      'href',
      'mailto:visitor3@example.com?subject=Re%3A%20Question%203',
    );
    expect(within(first).getByText('How long does a freeze last? (3)')).toBeInTheDocument();
    const subjects = screen.getAllByText(/^Question \d$/).map((cell) => cell.textContent);
    expect(subjects).toEqual(['Question 3', 'Question 2']);
    expect(screen.getByText('21 messages')).toBeInTheDocument();

    // antd's Spin clears its busy state (and the pointer-events: none over the table and its pager)
    // in an effect after the rows arrive: on a busy machine the click could land in between.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('Question 1')).toBeInTheDocument();
    expect(
      api.callsTo('GET', '/admin/contact-messages').map((call) => call.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('shows the open messages first, marks one handled, and offers an answer by e-mail', async () => {
    let handled = false;
    const messageFour = () => ({
      ...message(4),
      handledAt: handled ? '2026-03-05T09:00:00.000Z' : null,
      handledBy: handled ? { _id: 'a1', name: 'Ada Admin' } : null,
    });
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /admin/contact-messages': (call) => {
        const status = call.url.searchParams.get('status');
        const row = messageFour();
        const shown = status === 'all' || (status === 'handled') === handled ? [row] : [];
        return {
          body: {
            success: true,
            data: { messages: shown, total: shown.length, page: 1, pageSize: 20, status },
          },
        };
      },
      'PATCH /admin/contact-messages/m4': (call) => {
        handled = (call.body as { handled: boolean }).handled;
        return {
          body: {
            success: true,
            message: handled ? 'Marked as handled' : 'Marked as open',
            data: messageFour(),
          },
        };
      },
    });
    const { user } = renderApp('/admin?tab=messages', { auth: makeSession({ role: 'admin' }) });

    const row = (await screen.findByText('Question 4')).closest('tr')!;
    expect(api.callsTo('GET', '/admin/contact-messages')[0].url.searchParams.get('status')).toBe('open');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    const answer = within(row).getByRole('link', { name: 'Answer by e-mail' });
    expect(answer.getAttribute('href')).toMatch(
      /^mailto:visitor4@example\.com\?subject=Re%3A%20Question%204&body=Hello%20Visitor%204/,
    );

    await user.click(within(row).getByRole('button', { name: 'Mark handled: Question 4' }));
    expect(await screen.findByText('Marked as handled')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/admin/contact-messages/m4')[0].body).toEqual({ handled: true });
    expect(await screen.findByText('Nothing waiting: every message has been handled.')).toBeInTheDocument();

    await user.click(screen.getByText('Handled'));
    const done = (await screen.findByText('Question 4')).closest('tr')!;
    expect(within(done).getByText(/by Ada Admin/)).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'Mark open: Question 4' })).toBeInTheDocument();
  });
});
