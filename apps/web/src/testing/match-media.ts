/**
 * jsdom has no layout and no window.matchMedia. This stand-in evaluates width queries such as
 * "(max-width: 768px)" and "(min-width: 576px) and (max-width: 991px)" against a viewport width
 * the test sets, and fires 'change' on every list whose answer flips, as a browser would on resize.
 */
type Listener = (event: MediaQueryListEvent) => void;

const DEFAULT_WIDTH = 1280;
let viewportWidth = DEFAULT_WIDTH;
const lists = new Set<FakeMediaQueryList>();

function evaluate(query: string, width: number): boolean {
  const conditions = query.split(/\s+and\s+/i);
  return conditions.every((condition) => {
    const match = condition.match(/\(\s*(min|max)-width:\s*([\d.]+)px\s*\)/i);
    if (!match) return false;
    const limit = Number(match[2]);
    return match[1].toLowerCase() === 'min' ? width >= limit : width <= limit;
  });
}

class FakeMediaQueryList extends EventTarget {
  readonly media: string;
  matches: boolean;
  onchange: Listener | null = null;

  constructor(media: string) {
    super();
    this.media = media;
    this.matches = evaluate(media, viewportWidth);
  }

  addListener(listener: Listener) {
    this.addEventListener('change', listener as EventListener);
  }

  removeListener(listener: Listener) {
    this.removeEventListener('change', listener as EventListener);
  }

  update() {
    const next = evaluate(this.media, viewportWidth);
    if (next === this.matches) return;
    this.matches = next;
    const event = Object.assign(new Event('change'), { matches: next, media: this.media });
    this.onchange?.(event as MediaQueryListEvent);
    this.dispatchEvent(event);
  }
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) => {
    const list = new FakeMediaQueryList(query);
    lists.add(list);
    return list as unknown as MediaQueryList;
  };
}

/** Resizes the pretend viewport: media queries re-evaluate and listeners hear about changes. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  for (const list of lists) list.update();
}

export function resetViewport(): void {
  setViewportWidth(DEFAULT_WIDTH);
  lists.clear();
}
