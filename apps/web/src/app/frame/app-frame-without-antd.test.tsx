import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

// The frame and /home paint before antd's script has loaded: nothing they import may load antd or
// its icon library (the pages that use antd bring it with them, app/signed-in-pages.ts).
vi.mock('antd', () => {
  throw new Error('the frame imported antd');
});
vi.mock('@ant-design/icons', () => {
  throw new Error('the frame imported @ant-design/icons');
});

describe('the signed-in frame without antd', () => {
  it('renders the header, the navigation, the menus and /home with no antd module', async () => {
    mockApi({
      'GET /notification/unread-count': { body: { success: true, data: { unreadCount: 2 } } },
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /courses': { body: { success: true, data: [] } },
    });
    const { user } = renderApp('/home', { auth: makeSession({ firstName: 'Lena' }) });

    expect(await screen.findByRole('heading', { name: /Welcome/ }, { timeout: 10_000 })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('switch', { name: 'Dark mode' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(within(banner).getByRole('switch', { name: 'Dark mode' }));
    expect(within(banner).getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(banner).getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });
});
