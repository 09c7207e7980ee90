import type { PublicUser } from '@candlewise/shared';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import {
  addPhoneNumber,
  CodeField,
  confirmCode,
  FormAlert,
  markCodeSent,
  PhoneField,
  ResendCodeButton,
  resendCode,
  SubmitButton,
  useAccountForm,
} from '@/features/auth';
import { updateUser } from '@/lib/auth-slice';

type Stage = { name: 'view' } | { name: 'number' } | { name: 'code'; phoneNumber: string };

/**
 * The phone number and how to change it: a new number gets a code by SMS and replaces the old one
 * only once that code is confirmed (POST /auth/phone, then /auth/confirm-phone).
 */
export function PhoneNumberSection({ user }: { user: PublicUser }) {
  const [stage, setStage] = useState<Stage>({ name: 'view' });

  if (stage.name === 'number') {
    return (
      <NewNumberForm
        timerKey={`phone:${user._id}`}
        onSent={(phoneNumber) => setStage({ name: 'code', phoneNumber })}
        onCancel={() => setStage({ name: 'view' })}
      />
    );
  }
  if (stage.name === 'code') {
    return (
      <ConfirmNumberForm
        timerKey={`phone:${user._id}`}
        phoneNumber={stage.phoneNumber}
        onDone={() => setStage({ name: 'view' })}
        onChangeNumber={() => setStage({ name: 'number' })}
      />
    );
  }
  return (
    <div className="cw-profile__line">
      <div>
        <div className="cw-profile__label">Phone number</div>
        <div>{user.phoneNumber ?? 'Not added yet'}</div>
      </div>
      <button
        type="button"
        className="cw-button cw-button--secondary"
        onClick={() => setStage({ name: 'number' })}
      >
        {user.phoneNumber ? 'Change phone number' : 'Add phone number'}
      </button>
    </div>
  );
}

function NewNumberForm({
  timerKey,
  onSent,
  onCancel,
}: {
  timerKey: string;
  onSent: (phoneNumber: string) => void;
  onCancel: () => void;
}) {
  const form = useAccountForm({
    initialValues: { countryCode: '+91', phoneNumber: '' },
    schema: (schemas) => schemas.phoneFormSchema,
    onSubmit: async ({ phoneNumber }) => {
      await addPhoneNumber(phoneNumber);
      markCodeSent(timerKey);
      onSent(phoneNumber);
    },
  });
  return (
    <form className="cw-form cw-profile__form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
      <div className="cw-profile__fields">
        <PhoneField
          form={form}
          label="New phone number"
          hint="Pick the country's code, then the number as you dial it at home. We send a code by SMS to confirm it."
        />
      </div>
      <FormAlert message={form.formError} />
      <div className="cw-profile__actions">
        <SubmitButton pending={form.pending} label="Send code" pendingLabel="Sending code…" />
        <button
          type="button"
          className="cw-button cw-button--secondary"
          onClick={onCancel}
          disabled={form.pending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

function ConfirmNumberForm({
  timerKey,
  phoneNumber,
  onDone,
  onChangeNumber,
}: {
  timerKey: string;
  phoneNumber: string;
  onDone: () => void;
  onChangeNumber: () => void;
}) {
  const dispatch = useDispatch();
  const form = useAccountForm({
    initialValues: { code: '' },
    schema: (schemas) => schemas.confirmCodeSchema,
    onSubmit: async ({ code }) => {
      const updated = await confirmCode('phone', code);
      dispatch(updateUser(updated));
      toast.success(`Your phone number is now ${updated.phoneNumber ?? phoneNumber}.`);
      onDone();
    },
  });
  return (
    <>
      <form
        className="cw-form cw-profile__form"
        noValidate
        onSubmit={form.handleSubmit}
        onFocus={form.preload}
      >
        <p className="cw-profile__hint">
          We sent a 6-digit code by SMS to <strong>{phoneNumber}</strong>. Your current number stays until you
          confirm the new one.
        </p>
        <CodeField form={form} label="6-digit code" />
        <FormAlert message={form.formError} />
        <div className="cw-profile__actions">
          <SubmitButton pending={form.pending} label="Confirm number" pendingLabel="Confirming…" />
          <button type="button" className="cw-link-button" onClick={onChangeNumber}>
            Use another number
          </button>
        </div>
      </form>
      <ResendCodeButton
        timerKey={timerKey}
        send={() => resendCode('phone')}
        sentMessage="We sent a new code to your phone."
        prompt="No SMS after a minute? Check the number, or"
      />
    </>
  );
}
