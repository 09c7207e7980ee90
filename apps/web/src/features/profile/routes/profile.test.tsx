import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession, makeToken } from '@/testing/test-data';

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};

function imageFile(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function openProfile(session = makeSession({ firstName: 'Ada', lastName: 'Lovelace' })) {
  const view = renderApp('/profile', { auth: session });
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return { ...view, session };
}

// Whole-page flows with typing: generous on a busy machine.
describe('/profile', { timeout: 20_000 }, () => {
  // The page's first import transforms its modules, which takes seconds in a fresh worker.
  beforeAll(async () => {
    await warmUpFrame();
    await import('./profile');
  }, FRAME_WARM_UP_MS);
  beforeEach(() => {
    // jsdom has no object URLs; the preview only needs a string.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => window.sessionStorage.clear());

  it('refuses a file that is not a PNG, JPEG or WebP image, or larger than 2 MB, without uploading', async () => {
    const api = mockApi(noNotifications);
    const { user } = await openProfile();
    const input = screen.getByLabelText('Profile picture file');

    // The picker's accept list can be bypassed ("All files", drag and drop): the page checks again.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, imageFile('notes.pdf', 'application/pdf', 1000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG or WebP image.');

    await user.upload(input, imageFile('huge.png', 'image/png', 3 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That picture is 3.0 MB; the limit is 2 MB. Choose a smaller one.',
    );
    expect(screen.queryByRole('button', { name: 'Save picture' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/user/profile-image')).toHaveLength(0);
  });

  it("previews the chosen picture and shows the server's refusal", async () => {
    mockApi({
      ...noNotifications,
      'PUT /user/profile-image': {
        status: 415,
        body: {
          success: false,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Upload a PNG, JPEG or WebP image.',
        },
      },
    });
    const { user } = await openProfile();
    await user.upload(screen.getByLabelText('Profile picture file'), imageFile('me.png', 'image/png', 2048));

    expect(screen.getByRole('img', { name: 'Preview of your new profile picture' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a PNG, JPEG or WebP image.');
  });

  it('uploads the picture as multipart "image" and shows it everywhere', async () => {
    const session = makeSession({ firstName: 'Ada', lastName: 'Lovelace' });
    const updated = { ...session.user, profile_image_url: '/api/v1/uploads/avatars/ada.png' };
    const api = mockApi({
      ...noNotifications,
      'PUT /user/profile-image': { body: { success: true, data: { user: updated } } },
    });
    const { user, store } = await openProfile(session);
    await user.upload(
      screen.getByLabelText('Profile picture file'),
      imageFile('me.webp', 'image/webp', 2048),
    );
    await user.click(screen.getByRole('button', { name: 'Save picture' }));

    await waitFor(() =>
      expect(store.getState().auth.user?.profile_image_url).toBe(updated.profile_image_url),
    );
    const sent = api.callsTo('PUT', '/user/profile-image')[0].body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('image') as File).name).toBe('me.webp');
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      updated.profile_image_url,
    );
  });

  it('saves the name and updates the stored user', async () => {
    const session = makeSession({ firstName: 'Ada', lastName: 'Lovelace' });
    const renamed = { ...session.user, firstName: 'Augusta', lastName: 'King' };
    const api = mockApi({
      ...noNotifications,
      'PUT /user/update/user-details': { body: { success: true, data: { user: renamed } } },
    });
    const { user, store } = await openProfile(session);
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(first).toHaveAccessibleDescription('This field is required.'));

    await user.type(first, 'Augusta');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'King');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    await waitFor(() => expect(store.getState().auth.user).toEqual(renamed));
    expect(api.callsTo('PUT', '/user/update/user-details')[0].body).toEqual({
      userId: session.user._id,
      firstName: 'Augusta',
      lastName: 'King',
    });
  });

  it('changes the password and keeps this device signed in with the new token', async () => {
    const newToken = makeToken({ expiresInSeconds: 7200 });
    const api = mockApi({
      ...noNotifications,
      'POST /auth/change-password': {
        body: { success: true, message: 'Your password was changed.', data: { token: newToken } },
      },
    });
    const { user, store } = await openProfile();
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'a-much-better-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(store.getState().auth.token).toBe(newToken));
    expect(api.callsTo('POST', '/auth/change-password')[0].body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'a-much-better-one',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('changes the phone number only once the SMS code is confirmed', async () => {
    const session = makeSession({ phoneNumber: '+919800000000' });
    const moved = { ...session.user, phoneNumber: '+14155550123' };
    const api = mockApi({
      ...noNotifications,
      'POST /auth/phone': { body: { success: true, message: 'We sent a code to your phone.', data: null } },
      'POST /auth/confirm-phone': { body: { success: true, data: { user: moved } } },
    });
    const { user, store } = await openProfile(session);
    await user.click(screen.getByRole('button', { name: 'Change phone number' }));
    await user.type(screen.getByLabelText('New phone number'), '+1 415 555 0123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByLabelText('6-digit code')).toBeInTheDocument();
    expect(store.getState().auth.user?.phoneNumber).toBe('+919800000000');
    expect(screen.getByRole('button', { name: /Send a new code in (60|59) s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('6-digit code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));

    await waitFor(() => expect(store.getState().auth.user?.phoneNumber).toBe('+14155550123'));
    expect(api.callsTo('POST', '/auth/phone')[0].body).toEqual({ phoneNumber: '+14155550123' });
    expect(api.callsTo('POST', '/auth/confirm-phone')[0].body).toEqual({ code: '246810' });
  });

  it('deletes the account after the password and a confirmation, then signs out to /auth', async () => {
    // The first attempt has the wrong password, the second the right one.
    let attempt = 0;
    const calls: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/notification/')) return new Response(JSON.stringify({ success: true, data: [] }));
      calls.push([init?.method, url, JSON.parse(String(init?.body))]);
      attempt += 1;
      if (attempt === 1) {
        const message = 'That password is not right.';
        const { status, body } = validationFailed({ password: message }, message);
        return new Response(JSON.stringify(body), { status });
      }
      return new Response(JSON.stringify({ success: true, message: 'Deleted.', data: null }));
    });
    const { user, store, currentPath } = await openProfile();

    await user.type(screen.getByLabelText('Your password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(
        'That password is not right.',
      ),
    );
    expect(store.getState().auth.user).not.toBeNull();

    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'right-one');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const again = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    await user.click(within(again).getByRole('button', { name: 'Delete account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Candlewise' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(calls).toEqual([
      ['DELETE', '/api/v1/user/account', { password: 'wrong-one' }],
      ['DELETE', '/api/v1/user/account', { password: 'right-one' }],
    ]);
  });

  it('saves the time zone the journal reads days and hours in, starting from the browser’s zone', async () => {
    const original = Intl.DateTimeFormat.prototype.resolvedOptions;
    const browserZone = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockImplementation(function (this: Intl.DateTimeFormat) {
        return { ...original.call(this), timeZone: 'America/New_York' };
      });
    try {
      const session = makeSession({ firstName: 'Ada', lastName: 'Lovelace' });
      const moved = { ...session.user, timeZone: 'America/New_York' };
      const api = mockApi({
        ...noNotifications,
        'PUT /user/update/user-details': { body: { success: true, data: { user: moved } } },
      });
      const { user } = await openProfile(session);
      expect(screen.getByText(/Saved:/)).toHaveTextContent(
        'Saved: Asia/Kolkata (this browser is in America/New_York).',
      );
      await user.click(screen.getByRole('button', { name: 'Save time zone' }));
      await screen.findByText('Your time zone is America/New_York.');
      expect(api.callsTo('PUT', '/user/update/user-details')[0].body).toEqual({
        userId: session.user._id,
        timeZone: 'America/New_York',
      });
      expect(screen.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
    } finally {
      browserZone.mockRestore();
    }
  });
});
