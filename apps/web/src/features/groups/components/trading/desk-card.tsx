import { type ReactNode, useId } from 'react';

/** A plain card with antd Card's small head (its title and, on the right, `extra`) and body. */
export function DeskCard({
  title,
  extra,
  className,
  children,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  className: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`cw-plain-card cw-trading__card cw-trading__card--small ${className}`}
      aria-labelledby={title ? headingId : undefined}
    >
      {title ? (
        <div className="cw-trading__card-head">
          <h3 id={headingId} className="cw-trading__card-title">
            {title}
          </h3>
          {extra}
        </div>
      ) : null}
      <div className="cw-trading__card-body">{children}</div>
    </section>
  );
}
