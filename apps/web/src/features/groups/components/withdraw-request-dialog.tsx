import { Modal } from 'antd';
import type { Group } from '../api/get-groups';

/**
 * Asks before a pending join request is withdrawn: 'Keep request' changes nothing; 'Withdraw
 * request' takes it back (the learner can ask again while registration is open).
 */
export function WithdrawRequestDialog({
  group,
  open,
  onConfirm,
  onCancel,
}: {
  group: Group | null;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open && group !== null}
      title="Withdraw request"
      okText="Withdraw request"
      okButtonProps={{ danger: true }}
      cancelText="Keep request"
      onOk={onConfirm}
      onCancel={onCancel}
      width={440}
    >
      {group ? (
        <p>{`Withdraw your request to join ${group.name}? You can ask to join again while registration is open.`}</p>
      ) : null}
    </Modal>
  );
}
