import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CourseProgress, chooseCourseToContinue } from './first-reads';

/** The script the API puts into /home's HTML (apps/api/src/plugins/prerender-head.ts), as it is. */
async function firstReadsScript(): Promise<string> {
  const file = '../../../../../api/src/plugins/prerender-head.ts';
  return ((await import(/* @vite-ignore */ file)) as { FIRST_READS_SCRIPT: string }).FIRST_READS_SCRIPT;
}

const course = (overrides: Partial<CourseProgress>): CourseProgress => ({
  _id: 'c',
  title: 'A course',
  thumbnail: '/images/courses/c.svg',
  locked: false,
  videoCount: 3,
  completedCount: 0,
  progress: 0,
  continueVideoId: 1,
  ...overrides,
});

/** Runs /home's head script against a GET /courses answer; resolves with the pictures it fetched. */
async function picturesFetchedFor(
  courses: unknown,
  status = 200,
): Promise<{ src: string; priority: string }[]> {
  const fetched: { src: string; priority: string }[] = [];
  class RecordingImage {
    fetchPriority = 'auto';
    set src(value: string) {
      fetched.push({ src: value, priority: this.fetchPriority });
    }
  }
  vi.stubGlobal('Image', RecordingImage);
  const answered = vi.fn(async () => Response.json({ success: status < 400, data: courses }, { status }));
  vi.stubGlobal('fetch', answered);
  localStorage.setItem('persist:root', JSON.stringify({ auth: JSON.stringify({ token: 'token-a' }) }));
  const meta = document.createElement('meta');
  meta.name = 'cw:first-reads';
  meta.content = '/api/v1/courses /api/v1/journal/summary';
  meta.dataset.coursePicture = '/api/v1/courses';
  document.head.append(meta);
  try {
    new Function(await firstReadsScript())();
    const courseRead = window.cwFirstReads?.['/api/v1/courses'];
    expect(courseRead).toBeDefined();
    const response = await courseRead!.response;
    // The app still gets the whole answer after the script looked at it.
    if (response?.ok) expect((await response.json()).data).toEqual(courses);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return fetched;
  } finally {
    meta.remove();
    localStorage.clear();
    delete window.cwFirstReads;
  }
}

describe("/home's head script fetches the picture of the course to continue", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const catalogues: [string, CourseProgress[]][] = [
    [
      'a course under way comes first',
      [
        course({ _id: 'a', thumbnail: '/images/a.svg', progress: 0 }),
        course({ _id: 'b', thumbnail: '/images/b.svg', progress: 40 }),
      ],
    ],
    [
      'else the first open course not finished',
      [
        course({ _id: 'a', thumbnail: '/images/a.svg', progress: 100 }),
        course({ _id: 'b', thumbnail: '/images/b.svg', locked: true, progress: 0 }),
        course({ _id: 'c', thumbnail: '/images/c.svg', progress: 0 }),
      ],
    ],
    [
      'a course without videos is skipped',
      [
        course({ _id: 'a', thumbnail: '/images/a.svg', videoCount: 0, progress: 10 }),
        course({ _id: 'b', thumbnail: '/images/b.svg', progress: 100 }),
        course({ _id: 'c', thumbnail: '/images/c.svg', progress: 99 }),
      ],
    ],
    ['all done: no picture', [course({ progress: 100 })]],
    ['only locked courses: no picture', [course({ locked: true })]],
    ['no courses: no picture', []],
    ['a course to continue without a picture', [course({ thumbnail: '' })]],
  ];

  it.each(catalogues)('the same choice as the dashboard: %s', async (_name, courses) => {
    const choice = chooseCourseToContinue(courses);
    const expected =
      choice.kind === 'continue' && choice.course.thumbnail
        ? [{ src: choice.course.thumbnail, priority: 'high' }]
        : [];
    expect(await picturesFetchedFor(courses)).toEqual(expected);
  });

  it('fetches nothing for a refused or unreadable answer', async () => {
    expect(await picturesFetchedFor([course({ progress: 50 })], 401)).toEqual([]);
    expect(await picturesFetchedFor({ not: 'a list' })).toEqual([]);
    expect(await picturesFetchedFor([null, 3, course({ thumbnail: '/images/ok.svg' })])).toEqual([
      { src: '/images/ok.svg', priority: 'high' },
    ]);
  });
});
