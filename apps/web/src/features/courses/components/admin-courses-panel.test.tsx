import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { makeCatalogue, makeCourseDetail } from '../testing/course-fixtures';

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};
type User = ReturnType<typeof userEvent.setup>;
const adminSession = () => makeSession({ role: 'admin', firstName: 'Ada' });

function mockAdminCourses(handlers: Parameters<typeof mockApi>[0] = {}) {
  const catalogue = makeCatalogue().map((course, index) =>
    index === 1 ? { ...course, published: false } : course,
  );
  return mockApi({
    ...noNotifications,
    'GET /courses': { body: { success: true, data: catalogue } },
    'GET /courses/course1': { body: { success: true, data: makeCourseDetail() } },
    ...handlers,
  });
}

async function openPanel() {
  const view = renderApp('/admin?tab=courses', { auth: adminSession() });
  await screen.findByRole('heading', { level: 2, name: 'Stock Market Fundamentals' });
  return { ...view, user: userEvent.setup() };
}

/** Replaces a field's text in one input event (typing key by key through antd is slow in jsdom). */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

// Buttons are found by their aria-label through getByLabelText: getByRole walks antd's styles for
// every element and is many times slower in jsdom.
async function openChapters(user: User) {
  await user.click(screen.getByLabelText('Lessons of Stock Market Fundamentals'));
  await user.click(await screen.findByLabelText('Chapters of How the Stock Market Works'));
  return screen.findByRole('dialog', { name: 'Chapters of “How the Stock Market Works”' });
}

const button = (container: HTMLElement, text: string) => within(container).getByText(text).closest('button')!;

describe('the admin Courses panel', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('./admin-courses-panel');
  }, FRAME_WARM_UP_MS);

  it('lists the courses in order with their state, Pro flag and lesson count', async () => {
    mockAdminCourses();
    await openPanel();
    const list = screen.getByLabelText('Courses in catalogue order');
    expect(list.tagName).toBe('OL');
    const rows = within(list).getAllByRole('article');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Stock Market Fundamentals',
      'Trading Psychology',
      'Fundamental Analysis Deep Dive',
    ]);
    expect(within(rows[0]).getByText('Published')).toHaveClass('ant-tag');
    expect(within(rows[0]).getByText(/3 lessons/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('Draft')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Pro')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Move Stock Market Fundamentals up' })).toBeDisabled();
    expect(within(rows[1]).getByRole('switch', { name: 'Publish Trading Psychology' })).not.toBeChecked();
  });

  it('moves a course down by sending the whole new order', async () => {
    const { callsTo } = mockAdminCourses({
      'PUT /admin/courses/order': { body: { success: true, data: null } },
    });
    const { user } = await openPanel();
    await user.click(screen.getByLabelText('Move Stock Market Fundamentals down'));
    await waitFor(() => expect(callsTo('PUT', '/admin/courses/order')).toHaveLength(1));
    expect(callsTo('PUT', '/admin/courses/order')[0].body).toEqual({
      courseIds: ['course2', 'course1', 'course4'],
    });
  });

  it('checks a new course with the shared schema, then shows what the server refuses', async () => {
    const { callsTo } = mockAdminCourses({
      'POST /admin/courses': {
        status: 409,
        body: { success: false, message: 'A course with the id "course1" already exists.', code: 'CONFLICT' },
      },
    });
    const { user } = await openPanel();
    await user.click(button(document.body, 'New course'));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });

    await user.click(button(dialog, 'Create course'));
    expect(
      await within(dialog).findByText('Give the course a title of at least 3 characters.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Describe the course in at least 10 characters.')).toBeInTheDocument();
    expect(callsTo('POST', '/admin/courses')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Course id'), 'course1');
    await fill(user, within(dialog).getByLabelText('Title'), 'Price Action');
    await fill(user, within(dialog).getByLabelText('Description'), 'Reading bare charts without indicators.');
    expect(
      within(dialog).queryByText('Give the course a title of at least 3 characters.'),
    ).not.toBeInTheDocument();
    await user.click(button(dialog, 'Create course'));
    expect(
      await within(dialog).findByText('A course with the id "course1" already exists.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/admin/courses')[0].body).toEqual({
      id: 'course1',
      title: 'Price Action',
      description: 'Reading bare charts without indicators.',
      thumbnail: '/images/courses/course1.svg',
      isPro: false,
      published: false,
    });
  });

  it('shows chapter problems while they are typed and saves only valid chapters, in seconds', async () => {
    const { callsTo } = mockAdminCourses({
      'PUT /admin/videos/101/chapters': { body: { success: true, data: [] } },
    });
    const { user } = await openPanel();
    const dialog = await openChapters(user);
    expect(within(dialog).getByLabelText('Chapter 2 start')).toHaveValue('7:30');

    const start = within(dialog).getByLabelText('Chapter 2 start');
    await fill(user, start, '5:00');
    expect(
      within(dialog).getByText('"Exchanges and brokers" overlaps "Why markets exist".'),
    ).toBeInTheDocument();
    expect(start).toHaveAccessibleDescription('"Exchanges and brokers" overlaps "Why markets exist".');

    const end = within(dialog).getByLabelText('Chapter 4 end');
    await fill(user, end, '31:00');
    expect(within(dialog).getByText('"Recap" must lie inside the video (0 to 1800 s).')).toBeInTheDocument();

    await user.click(button(dialog, 'Save chapters'));
    expect(within(dialog).getByText('Correct the 2 problems below before saving.')).toBeInTheDocument();
    expect(callsTo('PUT', '/admin/videos/101/chapters')).toHaveLength(0);

    await fill(user, start, '450');
    await fill(user, end, '30:00');
    expect(within(dialog).queryByText(/overlaps|must lie inside/)).not.toBeInTheDocument();
    await user.click(button(dialog, 'Save chapters'));
    await waitFor(() => expect(callsTo('PUT', '/admin/videos/101/chapters')).toHaveLength(1));
    expect(callsTo('PUT', '/admin/videos/101/chapters')[0].body).toEqual({
      chapters: [
        { name: 'Why markets exist', startTime: 0, endTime: 450 },
        { name: 'Exchanges and brokers', startTime: 450, endTime: 900 },
        { name: 'Bid, ask and spread', startTime: 900, endTime: 1350 },
        { name: 'Recap', startTime: 1350, endTime: 1800 },
      ],
    });
  });

  it('puts the server’s per-chapter details on their rows', async () => {
    mockAdminCourses({
      'PUT /admin/videos/101/chapters': validationFailed(
        { 'chapters.2': '"Bid, ask and spread" must end after it starts.' },
        'Some chapters are not valid. Correct them and try again.',
      ),
    });
    const { user } = await openPanel();
    const dialog = await openChapters(user);
    await user.click(button(dialog, 'Save chapters'));
    expect(
      await within(dialog).findByText('Some chapters are not valid. Correct them and try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Chapter 3 name')).toHaveAccessibleDescription(
      '"Bid, ask and spread" must end after it starts.',
    );

    // The server named the row by position: once the first row goes, its message would sit under
    // "Recap", now third. It goes with the row change instead.
    await user.click(within(dialog).getByLabelText('Remove chapter 1'));
    expect(within(dialog).getByLabelText('Chapter 3 name')).toHaveValue('Recap');
    expect(
      within(dialog).queryByText('"Bid, ask and spread" must end after it starts.'),
    ).not.toBeInTheDocument();
  });
});
