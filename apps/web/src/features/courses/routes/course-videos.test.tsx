import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setViewportWidth } from '@/testing/match-media';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import type { CourseDetail } from '../api/get-course';
import { makeCourseDetail, makeLessons } from '../testing/course-fixtures';

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};

/** The course API as a learner sees it; completion answers come from `completion` when given. */
function mockCourse(
  detail: CourseDetail = makeCourseDetail(),
  { completion }: { completion?: { status: number; body: unknown } } = {},
) {
  return mockApi({
    ...noNotifications,
    'GET /courses/course1': { body: { success: true, data: detail } },
    'PUT /courses/course1/videos/101/completion': () =>
      completion ?? { body: { success: true, data: { videoId: 101, completed: true, progress: 33 } } },
    'DELETE /courses/course1/videos/101/completion': {
      body: { success: true, data: { videoId: 101, completed: false, progress: 0 } },
    },
    'PUT /courses/course1/videos/101/position': ({ body }) => ({
      body: { success: true, data: { positionSeconds: (body as { seconds: number }).seconds } },
    }),
    'PUT /courses/course1/videos/102/position': ({ body }) => ({
      body: { success: true, data: { positionSeconds: (body as { seconds: number }).seconds } },
    }),
  });
}

const lessonList = () => screen.getByRole('complementary', { name: 'Course lessons' });
const lessonButton = (title: string) => within(lessonList()).getByRole('button', { name: new RegExp(title) });

async function openCourse(path = '/courseVideos/course1') {
  const view = renderApp(path, { auth: makeSession() });
  await screen.findByRole('heading', { level: 1, name: 'Stock Market Fundamentals' });
  return view;
}

// Whole-page journeys through antd's DOM take a few seconds each under a parallel run.
describe('the lesson page /courseVideos/:courseId', { timeout: 20_000 }, () => {
  // The frame and this page's chunk (antd's Button, Progress, Result…) are transformed once, up front.
  beforeAll(async () => {
    await warmUpFrame();
    await import('./course-videos');
  }, FRAME_WARM_UP_MS);

  it("lists the course title, 'N lessons' and each lesson with its duration as m:ss; the first is selected", async () => {
    mockCourse();
    await openCourse();
    const list = lessonList();
    expect(within(list).getByText('3 lessons')).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/How the Stock Market Works.*30:00/),
      expect.stringMatching(/Order Types Explained.*35:00/),
      expect.stringMatching(/Reading a Stock Quote.*40:00/),
    ]);
    expect(lessonButton('How the Stock Market Works')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'How the Stock Market Works' })).toBeInTheDocument();
    expect(screen.getByText('What how the stock market works covers.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play lesson' })).toBeInTheDocument();
    expect(screen.queryByTitle('How the Stock Market Works')).not.toBeInTheDocument();
  });

  it('plays the lesson in an embedded player with autoplay, and another lesson starts again at its thumbnail', async () => {
    mockCourse();
    const { user, currentPath } = await openCourse();

    await user.click(screen.getByRole('button', { name: 'Play lesson' }));
    const player = screen.getByTitle('How the Stock Market Works');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/p7HKvqRI_Bo?autoplay=1&rel=0&enablejsapi=1',
    );
    expect(player).toHaveAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');
    expect(player).toHaveAttribute('allowfullscreen');
    expect(screen.queryByRole('button', { name: 'Play lesson' })).not.toBeInTheDocument();

    await user.click(lessonButton('Order Types Explained'));
    expect(screen.getByRole('heading', { level: 2, name: 'Order Types Explained' })).toBeInTheDocument();
    expect(lessonButton('Order Types Explained')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByTitle('How the Stock Market Works')).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play lesson' })).toBeInTheDocument();
    expect(currentPath()).toBe('/courseVideos/course1?video=102');

    // Choosing the lesson that is playing also puts it back to its thumbnail.
    await user.click(screen.getByRole('button', { name: 'Play lesson' }));
    expect(screen.getByTitle('Order Types Explained')).toHaveAttribute(
      'src',
      expect.stringContaining('/embed/ZCFkWDdmXG8?autoplay=1'),
    );
    await user.click(lessonButton('Order Types Explained'));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('opens the lesson named in ?video= (the catalogue’s Continue) and resumes at the saved position', async () => {
    const videos = makeLessons();
    videos[1].positionSeconds = 125;
    mockCourse(makeCourseDetail({ videos }));
    const { user } = await openCourse('/courseVideos/course1?video=102');
    expect(screen.getByRole('heading', { level: 2, name: 'Order Types Explained' })).toBeInTheDocument();
    // The visible words are in the name (WCAG 2.5.3, label in name).
    const play = screen.getByRole('button', { name: /^Play lesson\W+Resume at 2:05$/ });
    expect(play).toHaveTextContent('Resume at 2:05');
    expect(play.getAttribute('aria-label')).toBeNull();
    await user.click(play);
    expect(screen.getByTitle('Order Types Explained')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/ZCFkWDdmXG8?autoplay=1&start=125&rel=0&enablejsapi=1',
    );
  });

  it('marks a lesson complete on the server: the button reads Completed and the list shows the check badge', async () => {
    const { callsTo } = mockCourse();
    const { user } = await openCourse();
    expect(
      within(lessonButton('How the Stock Market Works')).queryByRole('img', { name: 'Completed' }),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeInTheDocument();
    expect(
      within(lessonButton('How the Stock Market Works')).getByRole('img', { name: 'Completed' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo('PUT', '/courses/course1/videos/101/completion')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
        'aria-valuenow',
        '33',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Completed' }));
    expect(await screen.findByRole('button', { name: 'Mark as Complete' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('DELETE', '/courses/course1/videos/101/completion')).toHaveLength(1));
    expect(
      within(lessonButton('How the Stock Market Works')).queryByRole('img', { name: 'Completed' }),
    ).toBeNull();
  });

  it('shows the change at once and takes it back with an error toast when the save fails', async () => {
    const { fetchMock } = mockCourse(makeCourseDetail(), {
      completion: {
        status: 500,
        body: { success: false, message: 'Something went wrong on our side.', code: 'INTERNAL_ERROR' },
      },
    });
    // Hold the server's answer until the optimistic state has been seen.
    const answer = fetchMock.getMockImplementation()!;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/completion')) await held;
      return answer(input, init);
    });
    const { user } = await openCourse();

    await user.click(screen.getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeInTheDocument();
    expect(
      within(lessonButton('How the Stock Market Works')).getByRole('img', { name: 'Completed' }),
    ).toBeInTheDocument();
    release();
    expect(
      await screen.findByText('We could not mark the lesson as complete. Something went wrong on our side.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeInTheDocument();
    expect(
      within(lessonButton('How the Stock Market Works')).queryByRole('img', { name: 'Completed' }),
    ).toBeNull();
  });

  it("lists the chapters under 'Video Time Stamps' as m:ss, and a chapter starts the player there", async () => {
    const { callsTo } = mockCourse();
    const { user } = await openCourse();
    const box = screen.getByRole('region', { name: 'Video Time Stamps' });
    expect(
      within(box)
        .getAllByRole('button')
        .map((row) => row.textContent),
    ).toEqual([
      'Why markets exist0:00 – 7:30',
      'Exchanges and brokers7:30 – 15:00',
      'Bid, ask and spread15:00 – 22:30',
      'Recap22:30 – 30:00',
    ]);

    await user.click(within(box).getByRole('button', { name: /Bid, ask and spread/ }));
    expect(screen.getByTitle('How the Stock Market Works')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/p7HKvqRI_Bo?autoplay=1&start=900&rel=0&enablejsapi=1',
    );
    expect(within(box).getByRole('button', { name: /Bid, ask and spread/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await waitFor(() => expect(callsTo('PUT', '/courses/course1/videos/101/position')).toHaveLength(1));
    expect(callsTo('PUT', '/courses/course1/videos/101/position')[0].body).toEqual({ seconds: 900 });
  });

  it('saves the position the player reports when it pauses, and on leaving the lesson', async () => {
    const { callsTo } = mockCourse();
    const { user } = await openCourse();
    await user.click(screen.getByRole('button', { name: 'Play lesson' }));
    const frame = screen.getByTitle('How the Stock Market Works') as HTMLIFrameElement;

    const report = (info: object) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify({ event: 'infoDelivery', info }),
            origin: 'https://www.youtube.com',
            source: frame.contentWindow,
          }),
        );
      });
    // Messages from anywhere else are ignored.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'infoDelivery', info: { currentTime: 50, playerState: 2 } }),
          origin: 'https://evil.example',
          source: frame.contentWindow,
        }),
      );
    });
    report({ playerState: 1, currentTime: 312.6 });
    report({ playerState: 2 });
    await waitFor(() => expect(callsTo('PUT', '/courses/course1/videos/101/position')).toHaveLength(1));
    expect(callsTo('PUT', '/courses/course1/videos/101/position')[0].body).toEqual({ seconds: 312 });

    report({ playerState: 1, currentTime: 400 });
    await user.click(lessonButton('Order Types Explained'));
    await waitFor(() => expect(callsTo('PUT', '/courses/course1/videos/101/position')).toHaveLength(2));
    expect(callsTo('PUT', '/courses/course1/videos/101/position')[1].body).toEqual({ seconds: 400 });

    // Back on the first lesson, play resumes where it stopped.
    await user.click(lessonButton('How the Stock Market Works'));
    await user.click(screen.getByRole('button', { name: /^Play lesson\W+Resume at 6:40$/ }));
    expect(screen.getByTitle('How the Stock Market Works')).toHaveAttribute(
      'src',
      expect.stringContaining('start=400'),
    );
  });

  it('folds the lesson list behind a button on narrow screens', async () => {
    mockCourse();
    setViewportWidth(375);
    const { user } = await openCourse();
    const toggle = screen.getByRole('button', { name: 'Show lessons' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /Order Types Explained/ })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide lessons' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(lessonButton('Order Types Explained'));
    expect(screen.getByRole('heading', { level: 2, name: 'Order Types Explained' })).toBeInTheDocument();
    // Choosing a lesson folds the list again, so the player is in view.
    expect(screen.getByRole('button', { name: 'Show lessons' })).toBeInTheDocument();
  });

  it('says when the course does not exist, with a way back to the catalogue', async () => {
    mockApi({
      ...noNotifications,
      'GET /courses/nope': {
        status: 404,
        body: { success: false, message: 'We could not find that course.', code: 'NOT_FOUND' },
      },
    });
    renderApp('/courseVideos/nope', { auth: makeSession() });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not find that course')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Browse all courses' })).toHaveAttribute(
      'href',
      '/course',
    );
  });

  it('explains a Pro course to a free learner once, with its lessons and a link to the pricing page', async () => {
    mockApi({
      ...noNotifications,
      'GET /courses/course4': {
        status: 403,
        body: {
          success: false,
          message: 'This course is part of Pro. Upgrade on the Pricing page to open it.',
          code: 'FORBIDDEN',
        },
      },
      'GET /courses/course4/outline': {
        body: {
          success: true,
          data: {
            course: {
              _id: 'course4',
              title: 'Options Strategies',
              description: 'Spreads, straddles and the Greeks.',
              thumbnail: '/images/courses/options.svg',
              isPro: true,
            },
            lessons: [
              { id: 41, title: 'Calls and puts', duration: 1800 },
              { id: 42, title: 'Vertical spreads', duration: 2705 },
            ],
          },
        },
      },
    });
    renderApp('/courseVideos/course4', { auth: makeSession() });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unlock this course with Pro')).toBeInTheDocument();
    expect(
      within(alert).getByText('This course is part of Pro. Upgrade on the Pricing page to open it.'),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'See Pro on the Pricing page' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    // "part of Pro" is said once; the lessons show what Pro would open.
    expect(await screen.findByRole('heading', { level: 2, name: 'Options Strategies' })).toBeInTheDocument();
    expect(screen.getAllByText(/part of Pro/)).toHaveLength(1);
    expect(screen.getByText('2 lessons · 1 h 15 min')).toBeInTheDocument();
    const outline = screen.getByRole('region', { name: 'Options Strategies' });
    const lessons = within(outline).getAllByRole('listitem');
    expect(lessons.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Calls and puts30:00'),
      expect.stringContaining('Vertical spreads45:05'),
    ]);
  });
});
