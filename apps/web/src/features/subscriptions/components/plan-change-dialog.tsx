import { Button, Modal } from 'antd';

/**
 * Spec §2: the confirmation before a cancel or a re-activation. The wording is the spec's and is the
 * same for both actions; the confirm button repeats the action's label. Nothing closes it while the
 * request is in flight.
 */
export function PlanChangeDialog({
  open,
  actionLabel,
  destructive,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  actionLabel: string;
  destructive: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Are you absolutely sure?"
      onCancel={pending ? undefined : onClose}
      closable={!pending}
      mask={{ closable: !pending }}
      keyboard={!pending}
      centered
      footer={[
        <Button key="back" onClick={onClose} disabled={pending}>
          Go Back
        </Button>,
        <Button
          key="confirm"
          type="primary"
          danger={destructive}
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {actionLabel}
        </Button>,
      ]}
    >
      <p className="cw-plan-dialog__text">
        Once you cancel it cannot be undone. You will lose access to pro features.
      </p>
    </Modal>
  );
}
