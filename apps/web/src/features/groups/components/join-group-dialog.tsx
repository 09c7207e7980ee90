import { Modal } from 'antd';
import type { Group } from '../api/get-groups';

/** The join confirmation (docs/product-contract.md §2): title 'Join Group', buttons Cancel and Join Group. */
export function JoinGroupDialog({
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
      title="Join Group"
      okText="Join Group"
      cancelText="Cancel"
      onOk={onConfirm}
      onCancel={onCancel}
      width={440}
    >
      {group ? (
        <p>{`Are you sure you want to join ${group.name}? You'll be added as a participant.`}</p>
      ) : null}
    </Modal>
  );
}
