import type React from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import './policy-document.css';

type PolicyDocumentProps = {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastUpdated: string;
  children: React.ReactNode;
};

function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Shared frame of the legal pages: one h1, the date of the last change and readable prose. */
export function PolicyDocument({ title, lastUpdated, children }: PolicyDocumentProps) {
  usePageTitle(title);

  return (
    <article className="cw-policy">
      <header className="cw-policy__header">
        <h1 className="cw-policy__title">{title}</h1>
        <p className="cw-policy__updated">
          Last updated: <time dateTime={lastUpdated}>{formatLongDate(lastUpdated)}</time>
        </p>
      </header>
      <div className="cw-policy__body">{children}</div>
    </article>
  );
}
