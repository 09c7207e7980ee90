import type { ReactNode } from 'react';
import './plain.css';

/** The --cw-tag-* colour of a tag ('neutral': the text colour, as antd's default tag). */
export type TagTone = 'green' | 'cyan' | 'orange' | 'volcano' | 'red' | 'neutral';

/** antd's filled Tag as a plain span (styled in plain.css). */
export function PlainTag({
  tone,
  title,
  className,
  children,
}: {
  tone: TagTone;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['cw-plain-tag', tone === 'neutral' ? '' : `cw-plain-tag--${tone}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes} title={title}>
      {children}
    </span>
  );
}
