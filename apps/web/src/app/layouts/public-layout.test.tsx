import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStaticStore } from '@/app/store';
import { login } from '@/lib/auth-slice';
import { makeSession } from '@/testing/test-data';
import { PublicLayout } from './public-layout';

function renderLayout(store = createStaticStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/pricing']}>
        <PublicLayout>
          <h1>Page content</h1>
        </PublicLayout>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('PublicLayout', () => {
  it('wraps the page with a skip link, the main navigation, a main landmark and the footer', () => {
    renderLayout();

    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('link', { name: 'Candlewise.app' })).toHaveAttribute('href', '/');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');

    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Page content' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('switches dark mode on and off for signed-out visitors', async () => {
    const store = renderLayout();
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(store.getState().theme.darkMode).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(store.getState().theme.darkMode).toBe(false);
  });

  it('offers Home and Sign out, not Log in and Sign up, to someone signed in (onboarding)', async () => {
    const store = createStaticStore();
    const session = makeSession();
    store.dispatch(login(session));
    renderLayout(store);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    await userEvent.click(within(nav).getByRole('button', { name: 'Sign out' }));
    expect(store.getState().auth.token).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
