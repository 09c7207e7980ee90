import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepScrollRegionsFocusable } from './focusable-scroll-regions';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

function region(scrollWidth: number, clientWidth: number, inner = '<table aria-label="Standings"></table>') {
  const element = document.createElement('div');
  element.className = 'ant-table-content';
  element.innerHTML = inner;
  Object.defineProperty(element, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => clientWidth });
  return element;
}

describe('keepScrollRegionsFocusable', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  it('makes a table that scrolls sideways, with nothing focusable in it, a named tab stop', async () => {
    const wide = region(900, 375);
    const narrow = region(300, 375);
    const withLinks = region(900, 375, '<table><tr><td><a href="/x">x</a></td></tr></table>');
    document.body.append(wide, narrow, withLinks);
    stop = keepScrollRegionsFocusable();
    await frame();
    expect(wide.tabIndex).toBe(0);
    expect(wide.getAttribute('role')).toBe('region');
    expect(wide.getAttribute('aria-label')).toBe('Standings (scrolls sideways)');
    expect(narrow.hasAttribute('tabindex')).toBe(false);
    expect(withLinks.hasAttribute('tabindex')).toBe(false);
  });

  it('follows tables added later and takes the tab stop away once the table fits', async () => {
    stop = keepScrollRegionsFocusable();
    let width = 900;
    const later = region(0, 375);
    Object.defineProperty(later, 'scrollWidth', { configurable: true, get: () => width });
    document.body.append(later);
    await frame();
    await frame();
    expect(later.tabIndex).toBe(0);
    width = 300;
    window.dispatchEvent(new Event('resize'));
    await frame();
    expect(later.hasAttribute('tabindex')).toBe(false);
    expect(later.hasAttribute('aria-label')).toBe(false);
  });

  it('notices a table that starts to overflow without any change to the DOM (its styles arrived)', async () => {
    const watchers: { callback: () => void; watched: Element[] }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        watched: Element[] = [];
        constructor(callback: () => void) {
          watchers.push({ callback, watched: this.watched });
        }
        observe(element: Element) {
          this.watched.push(element);
        }
        disconnect() {}
      },
    );
    let width = 300;
    const table = region(0, 375);
    Object.defineProperty(table, 'scrollWidth', { configurable: true, get: () => width });
    document.body.append(table);
    stop = keepScrollRegionsFocusable();
    await frame();
    expect(table.hasAttribute('tabindex')).toBe(false);
    expect(watchers[0].watched).toEqual([table, table.firstElementChild]);
    width = 900;
    watchers[0].callback();
    await frame();
    expect(table.tabIndex).toBe(0);
  });
});
