import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import './account-page.css';

/** The card every account step sits in: a title, one sentence of purpose, then the step's content. */
export function AccountPage({
  title,
  purpose,
  children,
}: {
  title: string;
  purpose: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className="cw-account-page" aria-labelledby="cw-account-page-title">
      <div className="cw-account-page__card">
        <h1 id="cw-account-page-title" className="cw-account-page__title">
          {title}
        </h1>
        <p className="cw-account-page__purpose">{purpose}</p>
        {children ? <div className="cw-account-page__body">{children}</div> : null}
      </div>
    </section>
  );
}
