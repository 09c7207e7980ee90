import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const needsEmail = { role: null, emailVerified: false, phoneVerified: false, phoneNumber: null } as const;
const needsPhone = { role: null, emailVerified: true, phoneVerified: false, phoneNumber: null } as const;
const needsDetails = {
  role: null,
  emailVerified: true,
  phoneVerified: true,
  firstName: null,
  lastName: null,
} as const;

describe('onboarding resumes at the next step', () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it.each([
    ['/home', needsEmail, '/confirm-email', 'Confirm your e-mail'],
    ['/journal', needsPhone, '/add-phno', 'Add your phone number'],
    ['/profile', needsDetails, '/user-details', 'Tell us about yourself'],
    ['/login', needsPhone, '/add-phno', 'Add your phone number'],
    ['/signup', needsEmail, '/confirm-email', 'Confirm your e-mail'],
    ['/auth', needsDetails, '/user-details', 'Tell us about yourself'],
    ['/confirm-email', needsPhone, '/add-phno', 'Add your phone number'],
    ['/user-details', needsEmail, '/confirm-email', 'Confirm your e-mail'],
  ] as const)(
    'a user without a role opening %s lands on their next step',
    async (path, state, step, title) => {
      const { currentPath } = renderApp(path, { auth: makeSession(state) });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(currentPath()).toBe(step);
    },
  );

  it('lets the phone step show its code page', async () => {
    const { currentPath } = renderApp('/confirm-phno', { auth: makeSession(needsPhone) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your phone number' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/confirm-phno');
  });

  it('walks the phone number and the details through to /home', async () => {
    const session = makeSession({ ...needsPhone, email: 'new@example.com' });
    const withPhone = { ...session.user, phoneVerified: true, phoneNumber: '+919876543210' };
    const done = { ...withPhone, firstName: 'Grace', lastName: 'Hopper', role: 'user' as const };
    const api = mockApi({
      'POST /auth/phone': { body: { success: true, message: 'We sent a code to your phone.', data: null } },
      'POST /auth/confirm-phone': { body: { success: true, data: { user: withPhone } } },
      'POST /auth/user-details': { body: { success: true, data: { user: done } } },
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    });
    const { user, store, currentPath } = renderApp('/add-phno', { auth: session });

    await user.type(await screen.findByLabelText('Phone number'), '+91 98765-43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your phone number' }),
    ).toBeInTheDocument();
    expect(screen.getByText('+919876543210')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/phone')[0].body).toEqual({ phoneNumber: '+919876543210' });

    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' }),
    ).toBeInTheDocument();

    // Nothing chosen yet: the shared schema names what is missing.
    await user.click(screen.getByRole('button', { name: 'Finish and start learning' }));
    expect(await screen.findByText('Choose beginner, intermediate or advanced.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/auth/user-details')).toHaveLength(0);

    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.click(screen.getByRole('radio', { name: /Intermediate/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Options' }));
    await user.click(screen.getByRole('checkbox', { name: 'Risk management' }));
    await user.click(screen.getByRole('button', { name: 'Finish and start learning' }));

    await waitFor(() => expect(currentPath()).toBe('/home'));
    // Just signed up: a welcome, not a "welcome back".
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    expect(screen.getByText('Here is where to begin.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/user-details')[0].body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      experienceLevel: 'intermediate',
      interests: ['options', 'risk management'],
    });
    expect(store.getState().auth.user?.role).toBe('user');
  });

  it('takes a 10-digit Indian number as dialled at home, and another country from the picker', async () => {
    const api = mockApi({
      'POST /auth/phone': { body: { success: true, message: 'We sent a code to your phone.', data: null } },
    });
    const { user } = renderApp('/add-phno', { auth: makeSession(needsPhone) });
    expect(await screen.findByRole('combobox', { name: 'Country code' })).toHaveValue('+91');
    await user.type(screen.getByLabelText('Phone number'), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/auth/phone')[0]?.body).toEqual({ phoneNumber: '+919876543210' }),
    );
  });

  it('says what is wrong with a number under the field', async () => {
    const api = mockApi({});
    const { user } = renderApp('/add-phno', { auth: makeSession(needsPhone) });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country code' }), '+44');
    await user.type(screen.getByLabelText('Phone number'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('Enter the number without the country code, for example 9876543210.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/auth/phone')).toHaveLength(0);
  });

  it('lets whoever is onboarding sign out from a step', async () => {
    mockApi({ 'POST /auth/logout': { body: { success: true, message: 'You are signed out.', data: null } } });
    const { user, store, currentPath } = renderApp('/add-phno', { auth: makeSession(needsPhone) });
    // The step's own "Signed in as … Sign out" (the header offers one too).
    await user.click(
      await within(await screen.findByRole('main')).findByRole('button', { name: 'Sign out' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Candlewise' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(store.getState().auth).toEqual({ token: null, user: null });
  });
});
