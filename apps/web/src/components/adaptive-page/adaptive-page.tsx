import type { ReactNode } from 'react';
import './adaptive-page.css';

/** Content of a page shown both in the public layout (which adds no padding) and in the frame (which does). */
export function AdaptivePage({ children }: { children: ReactNode }) {
  return <div className="cw-adaptive-page">{children}</div>;
}
