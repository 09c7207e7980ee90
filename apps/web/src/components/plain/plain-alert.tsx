import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import type { ReactNode } from 'react';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { PlainButton } from './plain-button';
import './plain.css';

/**
 * An error as antd's `<Alert type="error" showIcon>` draws it, in plain markup (ADR 021): what went
 * wrong and the way to try again.
 */
export function PlainAlert({
  message,
  onRetry,
  retryLabel = 'Try again',
}: {
  message: ReactNode;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="cw-plain-alert" role="alert">
      <SvgIcon icon={CloseCircleFilled} className="cw-plain-alert__icon" />
      <p className="cw-plain-alert__message">{message}</p>
      <PlainButton onClick={onRetry}>{retryLabel}</PlainButton>
    </div>
  );
}
