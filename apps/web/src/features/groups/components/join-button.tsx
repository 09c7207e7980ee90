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
 * 'Joining...', 'Request Sent', 'Approved' (green) and 'Rejected' (red) are disabled.
 */
export function JoinButton({ state, onJoin }: { state: JoinState; onJoin: () => void }) {
  const { label, button } = looks[state];
  return (
    <Button
      {...button}
      className={`cw-join-button cw-join-button--${state}`}
      data-status={state}
      disabled={state !== 'none'}
      onClick={state === 'none' ? onJoin : undefined}
    >
      {label}
    </Button>
  );
}
