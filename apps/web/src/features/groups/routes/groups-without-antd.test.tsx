import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import { makeGroup } from '../testing/make-group';

// /group paints before antd's script has loaded: nothing the page and its cards import may load antd
// or its icons (the dialogs bring antd when first wanted; groups.test.tsx opens them).
vi.mock('antd', () => {
  throw new Error('/group imported antd');
});
vi.mock('@ant-design/icons', () => {
  throw new Error('/group imported @ant-design/icons');
});

let GroupsPage: ComponentType;

describe('/group without antd', () => {
  beforeAll(async () => {
    ({ default: GroupsPage } = await import('./groups'));
  });

  it('lists the competitions with their status, phase and actions, with no antd module or markup', async () => {
    const session = makeSession();
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    mockApi({
      'GET /group/': {
        body: {
          success: true,
          data: [
            makeGroup({
              _id: 'g-open',
              name: 'December Sprint',
              description: 'Paper trading.',
              startDate: later(3),
              endDate: later(17),
              freezeDuration: 3_600_000,
              freezeThreshold: 5,
              participantsCount: 12,
              currency: 'INR',
            }),
            makeGroup({
              _id: 'g-member',
              name: 'Nifty Week',
              description: 'Paper trading.',
              startDate: later(-2),
              endDate: later(5),
              freezeDuration: 3_600_000,
              freezeThreshold: 5,
              participantsCount: 40,
              currency: 'INR',
            }),
          ],
        },
      },
      [`GET /group/getParticipants/participants/${session.user._id}`]: {
        body: {
          success: true,
          data: [{ _id: 'p-1', groupId: { _id: 'g-member', name: 'Nifty Week' }, status: 'approved' }],
        },
      },
    });
    const { container } = renderPage(GroupsPage, { path: '/group', session });

    expect(screen.getByRole('status', { name: 'Loading groups' })).toBeInTheDocument();
    const open = await screen.findByRole('article', { name: 'December Sprint' });
    expect(within(open).getByText('12 total joined')).toBeInTheDocument();
    expect(within(open).getByText('Upcoming')).toHaveClass('cw-plain-tag', 'cw-plain-tag--cyan');
    expect(within(open).getByRole('button', { name: 'Info' })).toBeEnabled();
    expect(within(open).getByRole('button', { name: 'Join' })).toBeEnabled();

    const member = screen.getByRole('article', { name: 'Nifty Week' });
    expect(within(member).getByText('Running')).toHaveClass('cw-plain-tag', 'cw-plain-tag--green');
    expect(within(member).getByRole('button', { name: 'Approved' })).toBeDisabled();
    expect(within(member).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/group/g-member/leaderboard',
    );
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
  });
});
