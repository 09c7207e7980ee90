import type { Group } from '../api/get-groups';
import { GroupInfoDialog } from './group-info-dialog';
import { JoinGroupDialog } from './join-group-dialog';
import { WithdrawRequestDialog } from './withdraw-request-dialog';

/** Which group a dialog is about; kept while the dialog closes so its text does not vanish mid-animation. */
export type DialogState = { group: Group | null; open: boolean };

export type GroupsDialogsProps = {
  info: DialogState;
  confirm: DialogState;
  withdrawal: DialogState;
  onCloseInfo: () => void;
  /** Given while the Info dialog's group has a pending request: the dialog offers 'Withdraw request'. */
  onWithdrawFromInfo?: () => void;
  onConfirmJoin: () => void;
  onCancelJoin: () => void;
  onConfirmWithdrawal: () => void;
  onCancelWithdrawal: () => void;
};

/**
 * /group's three dialogs (antd's Modal), in a chunk of their own: the page and its cards are plain
 * markup and paint first; this loads (inside antd's theme, groups.tsx) when a card's button is first
 * pointed at, focused or pressed.
 */
export function GroupsDialogs(props: GroupsDialogsProps) {
  const { info, confirm, withdrawal } = props;
  return (
    <>
      <GroupInfoDialog
        group={info.group}
        open={info.open}
        onClose={props.onCloseInfo}
        onWithdraw={props.onWithdrawFromInfo}
      />
      <JoinGroupDialog
        group={confirm.group}
        open={confirm.open}
        onConfirm={props.onConfirmJoin}
        onCancel={props.onCancelJoin}
      />
      <WithdrawRequestDialog
        group={withdrawal.group}
        open={withdrawal.open}
        onConfirm={props.onConfirmWithdrawal}
        onCancel={props.onCancelWithdrawal}
      />
    </>
  );
}
