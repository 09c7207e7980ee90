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

function settle(region: HTMLElement) {
  const overflows = region.scrollWidth > region.clientWidth + 1;
  const reachable = region.querySelector(FOCUSABLE) !== null && !region.hasAttribute(MARK);
  if (overflows && !reachable) {
    if (!region.hasAttribute(MARK)) {
      region.setAttribute(MARK, '');
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      const table = region.querySelector('table');
      const label = table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent;
      region.setAttribute('aria-label', label ? `${label} (scrolls sideways)` : 'Table (scrolls sideways)');
    }
  } else if (!overflows && region.hasAttribute(MARK)) {
    region.removeAttribute(MARK);
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
    region.removeAttribute('aria-label');
  }
}

export function keepScrollRegionsFocusable(root: HTMLElement = document.body): () => void {
  let queued = false;
  // A table can start or stop overflowing with no change to the DOM under it: antd's styles arrive in
  // <head>, a web font loads, its card narrows. Each region and its table are watched for size.
  const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule());
  const watched = new WeakSet<Element>();
  const run = () => {
    queued = false;
    for (const region of root.querySelectorAll<HTMLElement>(REGIONS)) {
      settle(region);
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
