/**
 * A table wider than its card scrolls inside it (375 px). When nothing inside it can take focus
 * (a table of figures), keyboard users could not scroll it (axe: scrollable-region-focusable,
 * WCAG 2.1.1): such a region gets tabindex="0" and a name while, and only while, it overflows.
 * One observer for the signed-in frame (app/frame/app-frame.tsx, the only place antd's tables appear),
 * so every table, present and future, is covered.
 */
const REGIONS = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
const MARK = 'data-cw-scroll-focus';

/**
 * Makes `region` a named tab stop while it scrolls sideways with nothing focusable in it, and takes
 * that away once it fits. Named by `labelledBy` (an element's id) or else by its table's label.
 * Every region it manages carries `data-cw-scroll-focus` while it is a tab stop.
 */
export function settleScrollRegion(region: HTMLElement, labelledBy?: string) {
  const overflows = region.scrollWidth > region.clientWidth + 1;
  const reachable = region.querySelector(FOCUSABLE) !== null && !region.hasAttribute(MARK);
  if (overflows && !reachable) {
    if (!region.hasAttribute(MARK)) {
      region.setAttribute(MARK, '');
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      if (labelledBy) {
        region.setAttribute('aria-labelledby', labelledBy);
      } else {
        const table = region.querySelector('table');
        const label = table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent;
        region.setAttribute('aria-label', label ? `${label} (scrolls sideways)` : 'Table (scrolls sideways)');
      }
    }
  } else if (!overflows && region.hasAttribute(MARK)) {
    region.removeAttribute(MARK);
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
    region.removeAttribute('aria-label');
    region.removeAttribute('aria-labelledby');
  }
}

/**
 * One region kept settled as its size or its content's changes: settled at once (a layout read,
 * so a script running right after the DOM change, such as the accessibility sweep's axe, never finds
 * it unreachable) and again in each ResizeObserver report, which comes after the browser's layout
 * and before its paint. For a component's own scroll box; returns the stop.
 */
export function watchScrollRegion(region: HTMLElement, labelledBy?: string): () => void {
  settleScrollRegion(region, labelledBy);
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => settleScrollRegion(region, labelledBy));
  observer.observe(region);
  if (region.firstElementChild) observer.observe(region.firstElementChild);
  return () => observer.disconnect();
}

export function keepScrollRegionsFocusable(root: HTMLElement = document.body): () => void {
  let queued = false;
  // A table can start or stop overflowing with no change to the DOM under it: antd's styles arrive in
  // <head>, a web font loads, its card narrows. Each region and its table are watched for size.
  const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule());
  const watched = new WeakSet<Element>();
  const run = () => {
    queued = false;
    // antd's measure row (a table that scrolls or has a fixed header) copies every column's title
    // under aria-hidden, the select-all checkbox included: a tab stop nobody can see (axe:
    // aria-hidden-focus). Inert takes the copy out of the tab order; the header's own stays.
    for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])')) {
      row.setAttribute('inert', '');
    }
    for (const region of root.querySelectorAll<HTMLElement>(REGIONS)) {
      settleScrollRegion(region);
      for (const element of [region, region.firstElementChild]) {
        if (!sizes || !element || watched.has(element)) continue;
        watched.add(element);
        sizes.observe(element);
      }
    }
  };
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    sizes?.disconnect();
    window.removeEventListener('resize', schedule);
  };
}
