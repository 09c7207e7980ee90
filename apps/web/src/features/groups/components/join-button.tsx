import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import type { ReactNode } from 'react';
import { PlainButton } from '@/components/plain/plain-button';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import type { ParticipantStatus } from '../api/get-group-statuses';

/** The user's status for a group, plus 'joining' while the request is on its way. */
export type JoinState = 'none' | 'joining' | ParticipantStatus;

const looks: Record<JoinState, { label: string; primary: boolean; icon?: ReactNode }> = {
  none: { label: 'Join', primary: true },
  joining: { label: 'Joining...', primary: true },
  pending: { label: 'Request Sent', primary: false, icon: <SvgIcon icon={ClockCircleOutlined} /> },
  approved: { label: 'Approved', primary: true, icon: <SvgIcon icon={CheckCircleFilled} /> },
  rejected: { label: 'Rejected', primary: true, icon: <SvgIcon icon={CloseCircleFilled} /> },
};

/**
 * docs/product-contract.md §4: the label and colour follow the status. Join is available only without a status;
 * 'Joining...', 'Request Sent', 'Approved' (green) and 'Rejected' (red) are disabled. Join is also
 * disabled when the competition takes no one (ended, registration closed): `refusalId` names the
 * element that says why, so a screen reader announces the reason with the button. Plain markup
 * (group-card.css gives each status its colour), so /group paints before antd arrives.
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
  const { label, primary, icon } = looks[state];
  const available = state === 'none' && !refusalId;
  return (
    <PlainButton
      variant={primary ? 'primary' : 'default'}
      icon={icon}
      className={`cw-join-button cw-join-button--${state}`}
      data-status={state}
      disabled={!available}
      aria-describedby={refusalId}
      onClick={available ? onJoin : undefined}
    >
      {label}
    </PlainButton>
  );
}
