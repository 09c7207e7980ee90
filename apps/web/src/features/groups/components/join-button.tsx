import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import type { ParticipantStatus } from '../api/get-group-statuses';

/** The user's status for a group, plus 'joining' while the request is on its way. */
export type JoinState = 'none' | 'joining' | ParticipantStatus;

const looks: Record<JoinState, { label: string; button: ButtonProps }> = {
  none: { label: 'Join', button: { type: 'primary' } },
  joining: { label: 'Joining...', button: { type: 'primary' } },
  pending: { label: 'Request Sent', button: { icon: <ClockCircleOutlined aria-hidden="true" /> } },
  approved: {
    label: 'Approved',
    button: { color: 'green', variant: 'solid', icon: <CheckCircleFilled aria-hidden="true" /> },
  },
  rejected: {
    label: 'Rejected',
    button: { type: 'primary', danger: true, icon: <CloseCircleFilled aria-hidden="true" /> },
  },
};

/**
 * Spec §4: the label and colour follow the status. Join is available only without a status;
 * 'Joining...', 'Request Sent', 'Approved' (green) and 'Rejected' (red) are disabled. Join is also
 * disabled when the competition takes no one (ended, registration closed): `refusalId` names the
 * element that says why, so a screen reader announces the reason with the button.
 */
export function JoinButton({
  state,
  onJoin,
  refusalId,
}: {
  state: JoinState;
  onJoin: () => void;
  refusalId?: string;
}) {
  const { label, button } = looks[state];
  const available = state === 'none' && !refusalId;
  return (
    <Button
      {...button}
      className={`cw-join-button cw-join-button--${state}`}
      data-status={state}
      disabled={!available}
      aria-describedby={refusalId}
      onClick={available ? onJoin : undefined}
    >
      {label}
    </Button>
  );
}
