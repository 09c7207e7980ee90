import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import './page-header.css';

/** The heading of a signed-in page, with one line on what the page is for; also names the browser tab. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="cw-page-header">
      <h1 className="cw-page-header__title">{title}</h1>
      {description ? <p className="cw-page-header__description">{description}</p> : null}
    </div>
  );
}
