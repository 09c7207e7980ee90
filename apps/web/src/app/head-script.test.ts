import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READS_SCRIPT } from '../../../api/src/plugins/prerender-head';

/**
 * The signed-in pages' inline script (apps/api/src/plugins/prerender-head.ts) asks for the app's code
 * after the page's first paint, a few tags per task. With a stored session it also starts the
 * browser's date and number formatting (ICU) as it runs, before that paint, so that neither the app's
 * first render nor any task after the paint pays that one-time cost.
 */
describe("a signed-in page's head script after the first paint", () => {
  type Task = { dateFormatters: number; numberFormatters: number; tagsAdded: number };
  let made: { date: number; number: number };
  let reportPaint: (() => void) | null;
  /** Reports a largest-contentful-paint entry for `element`, as the browser does once it is on screen. */
  let reportLargestPaint: ((element: Element) => void) | null;
  /** The page's timers, run by the test one task at a time (by delay, then in order). */
  let timers: { run: () => void; delay: number; order: number }[];

  const tagsInHead = () => document.head.querySelectorAll('script[src], link[rel="modulepreload"]').length;

  beforeEach(() => {
    timers = [];
    let order = 0;
    vi.stubGlobal('setTimeout', (run: () => void, delay = 0) => {
      timers.push({ run, delay, order: order++ });
      return order;
    });
    made = { date: 0, number: 0 };
    reportPaint = null;
    reportLargestPaint = null;
    const RealDateTimeFormat = Intl.DateTimeFormat;
    const RealNumberFormat = Intl.NumberFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: function DateTimeFormat(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.date += 1;
        return new RealDateTimeFormat(...args);
      },
      NumberFormat: function NumberFormat(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made.number += 1;
        return new RealNumberFormat(...args);
      },
    });
    // The browser's paint timing and largest paints, reported when the test says so.
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        private connected = true;
        constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
        observe({ type }: { type: string }) {
          const report = (entries: { name?: string; element?: Element }[]) => {
            if (!this.connected) return;
            this.callback(
              {
                getEntries: () => entries,
                getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name),
              },
              this,
            );
          };
          if (type === 'paint') reportPaint = () => report([{ name: 'first-contentful-paint' }]);
          if (type === 'largest-contentful-paint') reportLargestPaint = (element) => report([{ element }]);
        }
        disconnect() {
          this.connected = false;
        }
      },
    );
    document.head.innerHTML = [
      '<script type="text/cw-deferred" data-src="/assets/index-1.js"></script>',
      ...Array.from(
        { length: 10 },
        (_, i) => `<script type="text/cw-deferred" data-src="/assets/chunk-${i}.js" data-preload></script>`,
      ),
    ].join('');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    delete window.cwFirstReads;
    document.documentElement.classList.remove('cw-session');
    localStorage.clear();
  });

  /** Runs the page's timers one task at a time (those set for less than `until` ms), noting what each did. */
  function runTasks(until = Number.POSITIVE_INFINITY): Task[] {
    const tasks: Task[] = [];
    for (;;) {
      timers.sort((a, b) => a.delay - b.delay || a.order - b.order);
      if (timers.length === 0 || timers[0].delay >= until) break;
      const next = timers.shift();
      const before = { ...made, tags: tagsInHead() };
      next?.run();
      tasks.push({
        dateFormatters: made.date - before.date,
        numberFormatters: made.number - before.number,
        tagsAdded: tagsInHead() - before.tags,
      });
    }
    return tasks;
  }

  it('with a session, starts date and number formatting as it runs, before the first paint', () => {
    localStorage.setItem(
      'persist:root',
      JSON.stringify({ auth: JSON.stringify({ token: 'a-token', user: { _id: 'u1' } }), _persist: '{}' }),
    );
    new Function(FIRST_READS_SCRIPT)();
    expect(document.documentElement.classList.contains('cw-session')).toBe(true);
    // ICU's first use, paid before anything is on screen: no task after the paint pays it.
    expect(made).toEqual({ date: 1, number: 1 });
    expect(tagsInHead()).toBe(0);

    reportPaint?.();
    const tasks = runTasks().filter(
      (task) => task.dateFormatters + task.numberFormatters + task.tagsAdded > 0,
    );
    // The entry and the first chunks, then the rest: six tags a task, no formatter.
    expect(tasks).toEqual([
      { dateFormatters: 0, numberFormatters: 0, tagsAdded: 6 },
      { dateFormatters: 0, numberFormatters: 0, tagsAdded: 5 },
    ]);
    const entry = document.head.querySelector('script[type="module"]');
    expect(entry).toHaveAttribute('src', '/assets/index-1.js');
  });

  it('without a session, asks for the app at once and formats nothing (the visitor is sent to sign in)', () => {
    new Function(FIRST_READS_SCRIPT)();
    expect(document.documentElement.classList.contains('cw-session')).toBe(false);
    const tasks = runTasks();
    expect(tagsInHead()).toBe(11);
    expect(tasks.every((task) => task.dateFormatters === 0 && task.numberFormatters === 0)).toBe(true);
    expect(made).toEqual({ date: 0, number: 0 });
  });

  /**
   * /home's HTML with a stored session: its first read (GET /courses, named as the picture's read,
   * answered with `courses`) and its first view's pending picture slot.
   */
  async function homeWithCourses(courses: unknown): Promise<void> {
    localStorage.setItem(
      'persist:root',
      JSON.stringify({ auth: JSON.stringify({ token: 'a-token', user: { _id: 'u1' } }), _persist: '{}' }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, data: courses })),
    );
    // A frame is a task here too: the test runs it with the timers.
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0));
    const meta = document.createElement('meta');
    meta.name = 'cw:first-reads';
    meta.content = '/api/v1/courses';
    meta.dataset.coursePicture = '/api/v1/courses';
    document.head.append(meta);
    document.body.innerHTML =
      '<div id="root" data-shell="/home"><div class="cw-dashboard-continue__image--pending"></div></div>';
    new Function(FIRST_READS_SCRIPT)();
    // GET /courses answers and the script reads it (real promises; only the timers are the test's).
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  }
  const continuing = [
    { _id: 'c', thumbnail: '/images/courses/c.svg', locked: false, videoCount: 3, progress: 40 },
  ];

  it("on /home, asks for the app's code only once the course picture it put on screen has been painted", async () => {
    await homeWithCourses(continuing);
    const picture = document.querySelector('#root img');
    expect(picture).toHaveAttribute('src', '/images/courses/c.svg');

    reportPaint?.();
    runTasks(100);
    // Painted, but the picture is still on its way: its request goes first, not behind ~50 others.
    expect(tagsInHead()).toBe(0);

    picture?.dispatchEvent(new Event('load'));
    runTasks(100);
    // Loaded, not yet on screen (the next frames run, the fallback's 100 ms do not).
    expect(tagsInHead()).toBe(0);
    reportLargestPaint?.(picture!);
    runTasks(100);
    expect(tagsInHead()).toBe(11);
  });

  it('on /home, lets the code go 100 ms after the frames that follow the picture, if no largest paint names it', async () => {
    await homeWithCourses(continuing);
    reportPaint?.();
    document.querySelector('#root img')?.dispatchEvent(new Event('load'));
    runTasks(100);
    expect(tagsInHead()).toBe(0);
    runTasks(1500);
    expect(tagsInHead()).toBe(11);
  });

  it('on /home, holds the code 1.5 s at most for a picture that does not load', async () => {
    await homeWithCourses(continuing);
    reportPaint?.();
    runTasks(1500);
    expect(tagsInHead()).toBe(0);
    runTasks(3000);
    expect(tagsInHead()).toBe(11);
  });

  it('on /home with no course to continue (no picture), does not hold the code', async () => {
    await homeWithCourses([]);
    expect(document.querySelector('#root img')).toBeNull();
    reportPaint?.();
    runTasks(1500);
    expect(tagsInHead()).toBe(11);
  });
});
