import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** antd's `type="primary"` (filled) or `danger` (red outline); the default is outlined. */
  variant?: 'default' | 'primary' | 'danger';
  /** An icon before the label (hidden from assistive technology by the caller). */
  icon?: ReactNode;
  /**
   * The action is on its way: a turning ring replaces the icon, the button says it is busy and, as
   * antd's, ignores further clicks (it stays focusable, so focus is not lost mid-action).
   */
  loading?: boolean;
};

/** antd's Button as a plain `<button type="button">` (styled in plain.css). */
export function PlainButton({
  variant = 'default',
  icon,
  loading = false,
  className,
  children,
  onClick,
  ...rest
}: Props) {
  const classes = [
    'cw-plain-button',
    variant === 'default' ? '' : `cw-plain-button--${variant}`,
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      {...rest}
      className={classes}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <span className="cw-plain-button__busy" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
