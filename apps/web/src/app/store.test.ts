import { afterEach, describe, expect, it } from 'vitest';
import { login, logout, updateUser } from '@/lib/auth-slice';
import { setDarkMode, toggleDarkMode } from '@/lib/theme-slice';
import { makeToken, makeUser } from '@/testing/test-data';
import { createAppStore, PERSIST_STORAGE_KEY, readPersistedDarkMode } from './store';

describe('the store', () => {
  afterEach(() => window.localStorage.clear());

  it('starts signed out and light, and follows login, updateUser and logout', () => {
    const { store } = createAppStore();
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(store.getState().theme).toEqual({ darkMode: false });

    const user = makeUser();
    const token = makeToken();
    store.dispatch(login({ token, user }));
    expect(store.getState().auth).toEqual({ token, user });

    const renamed = { ...user, firstName: 'Augusta' };
    store.dispatch(updateUser(renamed));
    expect(store.getState().auth).toEqual({ token, user: renamed });

    store.dispatch(logout());
    expect(store.getState().auth).toEqual({ token: null, user: null });
  });

  it('toggles and sets dark mode', () => {
    const { store } = createAppStore();
    store.dispatch(toggleDarkMode());
    expect(store.getState().theme.darkMode).toBe(true);
    store.dispatch(toggleDarkMode());
    expect(store.getState().theme.darkMode).toBe(false);
    store.dispatch(setDarkMode(true));
    expect(store.getState().theme.darkMode).toBe(true);
  });

  it('reads the stored dark mode before the store rehydrates, and tolerates anything else', () => {
    expect(readPersistedDarkMode()).toBe(false);
    window.localStorage.setItem(
      PERSIST_STORAGE_KEY,
      JSON.stringify({ theme: JSON.stringify({ darkMode: true }) }),
    );
    expect(readPersistedDarkMode()).toBe(true);
    window.localStorage.setItem(PERSIST_STORAGE_KEY, '{not json');
    expect(readPersistedDarkMode()).toBe(false);
  });
});
