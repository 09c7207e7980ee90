import { useQueryClient } from '@tanstack/react-query';
import { Card, Modal } from 'antd';
import { useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import {
  deleteAccount,
  FormAlert,
  logoutEverywhere,
  PasswordField,
  SubmitButton,
  useAccountForm,
} from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { logout } from '@/lib/auth-slice';
import type { SessionSlices } from '@/lib/current-user';

/** Ends the session here: the stored session and the cached server data go, then /auth (as Logout does). */
function useEndSession() {
  const dispatch = useDispatch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    dispatch(logout());
    queryClient.clear();
    navigate('/auth', { replace: true });
  };
}

/** "Sign out everywhere": revokes every token of the account, this device's included. */
function SignOutEverywhere() {
  const endSession = useEndSession();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleConfirm() {
    setPending(true);
    setError(null);
    try {
      await logoutEverywhere();
      setOpen(false);
      endSession();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.');
      setPending(false);
    }
  }

  return (
    <div className="cw-profile__line">
      <p className="cw-profile__hint">
        Lost a phone or used a shared computer? Sign out on every device, this one included.
      </p>
      <button type="button" className="cw-button cw-button--secondary" onClick={() => setOpen(true)}>
        Sign out everywhere
      </button>
      <Modal
        title="Sign out on every device?"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={handleConfirm}
        okText={pending ? 'Signing out…' : 'Sign out everywhere'}
        okButtonProps={{ disabled: pending }}
        cancelButtonProps={{ disabled: pending }}
      >
        <p>You will need your password to log in again, here and on your other devices.</p>
        <FormAlert message={error} />
      </Modal>
    </div>
  );
}

/** Deleting the account: the password, then a confirmation dialog; afterwards the session ends. */
function DeleteAccount() {
  const endSession = useEndSession();
  const store = useStore<SessionSlices>();
  const [confirmPassword, setConfirmPassword] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useAccountForm({
    initialValues: { password: '' },
    schema: (schemas) => schemas.deleteAccountSchema,
    onSubmit: async ({ password }) => setConfirmPassword(password),
  });

  async function handleConfirm() {
    if (confirmPassword === null) return;
    setDeleting(true);
    try {
      await deleteAccount(confirmPassword, store.getState().auth.token);
      setConfirmPassword(null);
      endSession();
    } catch (caught) {
      setConfirmPassword(null);
      setDeleting(false);
      form.showError(caught); // e.g. 'That password is not right.' on the password field
    }
  }

  return (
    <form className="cw-form cw-profile__form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
      <p className="cw-profile__hint">
        This deletes your account with your course progress, journal, competition entries and subscription
        details. It cannot be undone.
      </p>
      <div className="cw-profile__fields">
        <PasswordField form={form} field="password" label="Your password" autoComplete="current-password" />
      </div>
      <FormAlert message={form.formError} />
      <div className="cw-profile__danger-submit">
        <SubmitButton pending={form.pending} label="Delete my account" pendingLabel="Checking…" />
      </div>
      <Modal
        title="Delete your account for good?"
        open={confirmPassword !== null}
        onCancel={() => setConfirmPassword(null)}
        onOk={handleConfirm}
        okText={deleting ? 'Deleting…' : 'Delete account'}
        okButtonProps={{ danger: true, disabled: deleting }}
        cancelButtonProps={{ disabled: deleting }}
      >
        <p>Everything in your Candlewise account is deleted at once. There is no way to bring it back.</p>
      </Modal>
    </form>
  );
}

/** The two ways out of the account: end every session, or delete the account. */
export function AccountExitSections() {
  return (
    <>
      <Card title={<h2 className="cw-profile__card-title">Sessions</h2>} className="cw-profile__card">
        <SignOutEverywhere />
      </Card>
      <Card
        title={<h2 className="cw-profile__card-title">Delete account</h2>}
        className="cw-profile__card cw-profile__card--danger"
      >
        <DeleteAccount />
      </Card>
    </>
  );
}
