import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './plain-tabs.css';

export type PlainTabItem = {
  key: string;
  label: ReactNode;
  /** The panel's content, rendered only while its tab is the active one. */
  children: ReactNode;
  /** Called when the tab is pointed at or focused: a panel that loads lazily can fetch its code then. */
  preload?: () => void;
};

/**
 * antd's line Tabs as plain markup (WAI-ARIA tabs with automatic activation), for the pages that
 * paint before antd's script arrives (ADR 021). Only the active tab is in the Tab order; ← → Home
 * End move to a tab and open it. Only the active panel is rendered, as antd's `destroyOnHidden`:
 * the other panels are empty and hidden, there only for their tab's aria-controls. The tab list
 * scrolls sideways when the tabs do not fit and holds nothing but tabs (antd adds a "more" button).
 */
export function PlainTabs({
  items,
  activeKey,
  defaultActiveKey,
  onChange,
  label,
  className,
}: {
  items: PlainTabItem[];
  /** The open tab, when the caller keeps it (in the address, say); otherwise the tabs keep it. */
  activeKey?: string;
  defaultActiveKey?: string;
  onChange?: (key: string) => void;
  /** The tab list's accessible name, when the page's heading does not already say what the tabs are. */
  label?: string;
  className?: string;
}) {
  const id = useId();
  const [ownKey, setOwnKey] = useState(defaultActiveKey ?? items[0]?.key);
  const requested = activeKey ?? ownKey;
  // An unknown key opens the first tab, so one tab is always in the Tab order.
  const active = items.some((item) => item.key === requested) ? requested : items[0]?.key;
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);

  // A list that scrolls shows its open tab, as antd's does (/journal?tab=statistics on a phone);
  // only the list scrolls, never the page.
  // A list that opens on its first tab is already scrolled right: no need to measure (a forced layout
  // while the page is still drawing itself).
  const measured = useRef(false);
  const firstKey = items[0]?.key;
  useEffect(() => {
    const firstRun = !measured.current;
    measured.current = true;
    if (firstRun && active === firstKey) return;
    const tab = active === undefined ? undefined : tabs.current.get(active);
    if (!list.current || !tab) return;
    const box = list.current.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < box.left) list.current.scrollLeft -= box.left - tabBox.left;
    else if (tabBox.right > box.right) list.current.scrollLeft += tabBox.right - box.right;
  }, [active, firstKey]);

  const open = (key: string) => {
    if (key === active) return;
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    // Alt+← is the browser's Back, not a tab move.
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const count = items.length;
    // ← and → wrap around at the ends, as in the WAI-ARIA tabs pattern.
    const moves: Partial<Record<string, number>> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = items[next].key;
    // Focus follows the opened tab: it is the one tab in the Tab order.
    tabs.current.get(key)?.focus();
    open(key);
  };

  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;

  return (
    <div className={className ? `cw-tabs ${className}` : 'cw-tabs'}>
      <div ref={list} className="cw-tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabs.current.set(item.key, element);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              className={selected ? 'cw-tabs__tab is-active' : 'cw-tabs__tab'}
              aria-selected={selected}
              aria-controls={panelId(item.key)}
              tabIndex={selected ? 0 : -1}
              onClick={() => open(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              onPointerEnter={item.preload}
              onFocus={item.preload}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === active ? (
          <div
            key={item.key}
            id={panelId(item.key)}
            className="cw-tabs__panel"
            role="tabpanel"
            aria-labelledby={tabId(item.key)}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern (WAI-ARIA APG) puts the panel in the Tab order, so a panel that starts with text is reached, as antd's are
            tabIndex={0}
          >
            {item.children}
          </div>
        ) : (
          <div
            key={item.key}
            id={panelId(item.key)}
            role="tabpanel"
            aria-labelledby={tabId(item.key)}
            hidden
          />
        ),
      )}
    </div>
  );
}
