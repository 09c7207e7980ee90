import { Button, Modal } from 'antd';

/**
 * docs/product-contract.md §2: the confirmation before a cancel or a re-activation, titled as the spec says; the confirm
 * button repeats the action's label. The text says what the action does (lib/plan-change-text): the
 * spec's sentence for a cancel, its own for a re-activation. Nothing closes it while the request is
 * in flight.
 */
export function PlanChangeDialog({
  open,
  text,
  actionLabel,
  destructive,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  text: string;
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
      <p className="cw-plan-dialog__text">{text}</p>
    </Modal>
  );
}
