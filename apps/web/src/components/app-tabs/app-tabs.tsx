import { Tabs, type TabsProps } from 'antd';
import { useEffect, useRef } from 'react';
import './app-tabs.css';

/**
 * antd's Tabs, with the overflow "more" button kept out of the tab list's accessibility tree.
 * When the tabs do not fit (375 px), antd puts a plain button inside role="tablist", where only
 * tabs may be (axe: aria-required-children, critical). The tabs themselves stay reachable: arrow
 * keys move through every tab and scroll it into view, and touch scrolls the bar, so the button
 * is hidden from assistive technology and the Tab key and stays a pointer shortcut.
 */
export function AppTabs(props: TabsProps) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = holder.current;
    if (!root) return;
    const settle = () => {
      for (const button of root.querySelectorAll<HTMLButtonElement>('.ant-tabs-nav-more')) {
        if (button.getAttribute('aria-hidden') !== 'true') button.setAttribute('aria-hidden', 'true');
        if (button.tabIndex !== -1) button.tabIndex = -1;
      }
    };
    settle();
    const observer = new MutationObserver(settle);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={holder} className="cw-app-tabs">
      <Tabs {...props} />
    </div>
  );
}
