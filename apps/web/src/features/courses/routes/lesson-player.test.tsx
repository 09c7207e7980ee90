import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import type { LessonNote, LessonNoteMatch } from '../api/lesson-notes';
import { makeCourseDetail, makeLessons } from '../testing/course-fixtures';

const TITLE = 'How the Stock Market Works';

function note(overrides: Partial<LessonNote> = {}): LessonNote {
  return {
    id: 'note-1',
    courseId: 'course1',
    videoId: 101,
    atSeconds: null,
    body: 'A note',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The lesson page's API with the learner's speed and notes; the watched endpoint answers null. */
function mockPlayerApi({
  playbackRate = 1,
  notes = [] as LessonNote[],
  lessonRules = {} as { noSkipping?: boolean; furthestSeconds?: number },
  matches = [] as LessonNoteMatch[],
} = {}) {
  const [first, ...rest] = makeLessons();
  return mockApi({
    'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    'GET /courses/course1': {
      body: { success: true, data: makeCourseDetail({ videos: [{ ...first, ...lessonRules }, ...rest] }) },
    },
    'GET /users/me/learning-preferences': { body: { success: true, data: { playbackRate } } },
    'PUT /users/me/learning-preferences': ({ body }) => ({ body: { success: true, data: body } }),
    'GET /courses/course1/videos/101/notes': { body: { success: true, data: notes } },
    'POST /courses/course1/videos/101/notes': ({ body }) => ({
      status: 201,
      body: { success: true, data: note({ id: 'new', ...(body as object) }) },
    }),
    'PUT /courses/course1/videos/101/position': ({ body }) => ({
      body: { success: true, data: { positionSeconds: (body as { seconds: number }).seconds } },
    }),
    'PUT /courses/course1/videos/101/watched': {
      body: {
        success: true,
        data: { watchedSeconds: 12, watchedShare: 1, furthestSeconds: 12, watched: false },
      },
    },
    'GET /courses/course1/notes': ({ url }) => ({
      body: { success: true, data: url.searchParams.get('q') ? matches : [] },
    }),
  });
}

async function openLessonAndPlay() {
  const view = renderApp('/courseVideos/course1', { auth: makeSession() });
  await screen.findByRole('heading', { level: 2, name: TITLE });
  await view.user.click(screen.getByRole('button', { name: 'Play lesson' }));
  const frame = screen.getByTitle(TITLE) as HTMLIFrameElement;
  const contentWindow = frame.contentWindow as Window;
  const posted = vi.spyOn(contentWindow, 'postMessage');
  /** The player reports (as YouTube's infoDelivery). */
  const report = (info: object) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'infoDelivery', info }),
          origin: 'https://www.youtube.com',
          source: contentWindow,
        }),
      );
    });
  /** The commands sent to the player, once per command (they go to both YouTube origins). */
  const commands = () =>
    (posted.mock.calls as unknown[][])
      .filter(([, origin]) => origin === 'https://www.youtube.com')
      .map(([message]) => JSON.parse(String(message)) as { func: string; args: unknown[] })
      .map(({ func, args }) => ({ func, args }));
  return { ...view, report, commands };
}

// Whole-page journeys through antd's DOM (its Select's dropdown, a Modal) take several seconds each
// when another test file runs beside this one; the first, cold one took 20 s once on a shared machine.
describe('the lesson player: speed, watching, notes and shortcuts', { timeout: 40_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('./course-videos');
  }, FRAME_WARM_UP_MS);

  it('applies the learner’s saved speed when the player loads, and saves a new speed and sends it to the player', async () => {
    const { callsTo } = mockPlayerApi({ playbackRate: 1.5 });
    const { user, report, commands } = await openLessonAndPlay();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Speed' })).toBeInTheDocument());

    report({ playerState: 1, currentTime: 0 });
    expect(commands()).toContainEqual({ func: 'setPlaybackRate', args: [1.5] });

    await user.click(screen.getByRole('combobox', { name: 'Speed' }));
    await user.click(await screen.findByTitle('2×'));
    await waitFor(() => expect(callsTo('PUT', '/users/me/learning-preferences')).toHaveLength(1));
    expect(callsTo('PUT', '/users/me/learning-preferences')[0].body).toEqual({ playbackRate: 2 });
    await waitFor(() => expect(commands()).toContainEqual({ func: 'setPlaybackRate', args: [2] }));

    // < and > step the speed the same way (from the page; on the focused select they are the select's).
    fireEvent.keyDown(document.body, { key: '<' });
    await waitFor(() => expect(callsTo('PUT', '/users/me/learning-preferences')).toHaveLength(2));
    expect(callsTo('PUT', '/users/me/learning-preferences')[1].body).toEqual({ playbackRate: 1.75 });
  });

  it('reports the stretches watched, built from the player’s time reports, when it pauses', async () => {
    const { callsTo } = mockPlayerApi();
    const { report } = await openLessonAndPlay();
    for (const currentTime of [10, 10.25, 11, 12.5, 14]) report({ playerState: 1, currentTime });
    report({ currentTime: 90 }); // a jump ahead: not watched
    for (const currentTime of [91, 92]) report({ currentTime });
    report({ playerState: 2 });
    await waitFor(() => expect(callsTo('PUT', '/courses/course1/videos/101/watched')).toHaveLength(1));
    expect(callsTo('PUT', '/courses/course1/videos/101/watched')[0].body).toEqual({
      ranges: [
        [10, 14],
        [90, 92],
      ],
    });
  });

  it('sends a seek beyond the furthest watched point back to it, with a message, when the lesson forbids skipping', async () => {
    mockPlayerApi({ lessonRules: { noSkipping: true, furthestSeconds: 60 } });
    const { report, commands } = await openLessonAndPlay();
    report({ playerState: 1, currentTime: 58 });
    report({ currentTime: 59 });
    report({ currentTime: 600 });
    expect(commands()).toContainEqual({ func: 'seekTo', args: [60, true] });
    expect(
      screen.getByText(
        'This lesson is watched in order: it continues from 1:00, the furthest you have watched.',
      ),
    ).toBeInTheDocument();
  });

  it('plays and pauses with k, but not while the learner types k in a note; ? lists the shortcuts', async () => {
    mockPlayerApi();
    const { user, report, commands } = await openLessonAndPlay();
    report({ playerState: 1, currentTime: 30 });

    const box = await screen.findByRole('textbox', { name: 'New note' });
    await user.click(box);
    await user.keyboard('k j l');
    expect(box).toHaveValue('k j l');
    expect(commands().map(({ func }) => func)).not.toContain('pauseVideo');
    expect(commands().map(({ func }) => func)).not.toContain('seekTo');

    box.blur();
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(commands()).toContainEqual({ func: 'pauseVideo', args: [] });
    fireEvent.keyDown(document.body, { key: 'l' });
    expect(commands()).toContainEqual({ func: 'seekTo', args: [40, true] });

    fireEvent.keyDown(document.body, { key: '?' });
    // (antd's test build names every title 'test-id', so the dialog is found by role, then its title.)
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Keyboard shortcuts')).toBeInTheDocument();
    expect(within(dialog).getByText('Back 10 seconds')).toBeInTheDocument();
    expect(within(dialog).getByText('Bookmark the current time')).toBeInTheDocument();
  });

  it('renders a note’s Markdown without its raw HTML, and a bookmark plays the lesson from its time', async () => {
    mockPlayerApi({
      notes: [
        note({
          id: 'n1',
          atSeconds: 205,
          body: 'The **spread** is a cost <img src="x" onerror="alert(1)"> <b>raw</b>',
        }),
        note({ id: 'n2', body: '- first\n- second' }),
      ],
    });
    const view = renderApp('/courseVideos/course1', { auth: makeSession() });
    const panel = await screen.findByRole('region', { name: 'My notes' });
    const strong = await within(panel).findByText('spread');
    expect(strong.tagName).toBe('STRONG');
    expect(panel.querySelector('img')).toBeNull();
    expect(panel.querySelector('b')).toBeNull();
    expect(within(panel).getByText(/<b>raw<\/b>/)).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('first');

    await view.user.click(within(panel).getByRole('button', { name: 'Play from 3:25' }));
    expect(screen.getByTitle(TITLE)).toHaveAttribute('src', expect.stringContaining('start=205'));
  });

  it('adds a note at the current time', async () => {
    const { callsTo } = mockPlayerApi();
    const { user, report } = await openLessonAndPlay();
    report({ playerState: 1, currentTime: 125.4 });
    await user.type(await screen.findByRole('textbox', { name: 'New note' }), 'Limit orders wait');
    await user.click(screen.getByRole('checkbox', { name: 'at 2:05' }));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(callsTo('POST', '/courses/course1/videos/101/notes')).toHaveLength(1));
    expect(callsTo('POST', '/courses/course1/videos/101/notes')[0].body).toEqual({
      body: 'Limit orders wait',
      atSeconds: 125,
    });
  });

  it('searches the learner’s notes across the course; a match opens its lesson at the note’s time', async () => {
    const { callsTo } = mockPlayerApi({
      matches: [
        {
          ...note({ id: 'm1', videoId: 102, atSeconds: 75, body: 'A limit order waits for the spread' }),
          lessonTitle: 'Order Types Explained',
        },
      ],
    });
    const view = renderApp('/courseVideos/course1', { auth: makeSession() });
    await screen.findByRole('heading', { level: 2, name: TITLE });
    await view.user.type(screen.getByRole('searchbox', { name: 'Search my notes in this course' }), 'SPREAD');
    const found = await screen.findByRole('list', { name: 'Notes found' });
    const link = within(found).getByRole('link', { name: /Order Types Explained · 1:15/ });
    expect(link).toHaveAttribute('href', '/courseVideos/course1?video=102&t=75');
    await view.user.click(link);
    expect(await screen.findByTitle('Order Types Explained')).toHaveAttribute(
      'src',
      expect.stringContaining('start=75'),
    );
    expect(callsTo('GET', '/courses/course1/notes').at(-1)?.url.searchParams.get('q')).toBe('SPREAD');
  });
});
