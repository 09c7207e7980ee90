import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { ReactNode } from 'react';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { PlainButton } from './plain-button';
import './plain.css';

const icons = { error: CloseCircleFilled, warning: ExclamationCircleFilled, info: InfoCircleFilled };

/**
 * antd's `<Alert showIcon>` in plain markup (ADR 021). An error says what went wrong and offers to
 * try again; a warning or a note (info) has a title and a sentence under it. An error is an alert
 * (read out at once); the others are statuses unless told (a countdown that changes every minute
 * must not interrupt each time).
 */
export function PlainAlert({
  type = 'error',
  message,
  description,
  onRetry,
  retryLabel = 'Try again',
  role,
  className,
}: {
  type?: 'error' | 'warning' | 'info';
  /** The alert's first line: what happened (bold when a description follows). */
  message: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  role?: 'alert' | 'status';
  className?: string;
}) {
  const classes = ['cw-plain-alert', `cw-plain-alert--${type}`, className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} role={role ?? (type === 'error' ? 'alert' : 'status')}>
      <SvgIcon icon={icons[type]} className="cw-plain-alert__icon" />
      <div className="cw-plain-alert__message">
        {description === undefined ? (
          message
        ) : (
          <>
            <p className="cw-plain-alert__title">{message}</p>
            <p className="cw-plain-alert__description">{description}</p>
          </>
        )}
      </div>
      {onRetry ? <PlainButton onClick={onRetry}>{retryLabel}</PlainButton> : null}
    </div>
  );
}
