import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { makeCatalogue } from '../testing/course-fixtures';

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};

const card = (title: string) => screen.getByRole('article', { name: title });

describe('the catalogue /course and the learning hub /home2', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await Promise.all([import('./courses'), import('./learning-hub')]);
  }, FRAME_WARM_UP_MS);

  it('shows each course with its lessons, length and progress, and continues at the next lesson', async () => {
    mockApi({ ...noNotifications, 'GET /courses': { body: { success: true, data: makeCatalogue() } } });
    renderApp('/course', { auth: makeSession() });
    await screen.findByRole('heading', { level: 2, name: 'Stock Market Fundamentals' });

    const started = card('Stock Market Fundamentals');
    expect(within(started).getByText('3 lessons')).toBeInTheDocument();
    expect(within(started).getByText('1 h 45 min')).toBeInTheDocument();
    expect(
      within(started).getByRole('progressbar', { name: 'Progress in Stock Market Fundamentals' }),
    ).toHaveAttribute('aria-valuenow', '33');
    expect(within(started).getByText('33%')).toBeInTheDocument();
    expect(
      within(started).getByRole('link', { name: 'Continue: Stock Market Fundamentals' }),
    ).toHaveAttribute('href', '/courseVideos/course1?video=102');

    const fresh = card('Trading Psychology');
    expect(within(fresh).getByRole('link', { name: 'Start course: Trading Psychology' })).toHaveAttribute(
      'href',
      '/courseVideos/course2?video=201',
    );
  });

  it('locks a Pro course for a free learner, with a badge and the way to Pro', async () => {
    mockApi({ ...noNotifications, 'GET /courses': { body: { success: true, data: makeCatalogue() } } });
    renderApp('/course', { auth: makeSession() });
    await screen.findByRole('heading', { level: 2, name: 'Fundamental Analysis Deep Dive' });

    const locked = card('Fundamental Analysis Deep Dive');
    expect(within(locked).getByText('Pro · Locked')).toBeInTheDocument();
    expect(within(locked).getByText('This course is part of Pro.')).toBeInTheDocument();
    expect(within(locked).getByRole('link', { name: /Unlock with Pro/ })).toHaveAttribute('href', '/pricing');
    expect(within(locked).queryByRole('link', { name: /Continue|Start course/ })).not.toBeInTheDocument();
    expect(within(locked).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says when there are no courses yet', async () => {
    mockApi({ ...noNotifications, 'GET /courses': { body: { success: true, data: [] } } });
    renderApp('/course', { auth: makeSession() });
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
  });

  it('shows a failure with a retry that loads the catalogue', async () => {
    let failing = true;
    mockApi({
      ...noNotifications,
      'GET /courses': () =>
        failing
          ? { status: 403, body: { success: false, message: 'Your account is disabled.', code: 'FORBIDDEN' } }
          : { body: { success: true, data: makeCatalogue() } },
    });
    const { user } = renderApp('/course', { auth: makeSession() });
    expect(await screen.findByText('We could not load the courses')).toBeInTheDocument();
    expect(screen.getByText('Your account is disabled.')).toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Stock Market Fundamentals' }),
    ).toBeInTheDocument();
  });

  it('puts the course under way first on the learning hub, then the whole catalogue', async () => {
    mockApi({ ...noNotifications, 'GET /courses': { body: { success: true, data: makeCatalogue() } } });
    renderApp('/home2', { auth: makeSession() });
    const continueSection = await screen.findByRole('region', { name: 'Continue where you left off' });
    expect(
      within(continueSection).getByRole('heading', { level: 3, name: 'Stock Market Fundamentals' }),
    ).toBeInTheDocument();
    expect(within(continueSection).getByText('In progress')).toBeInTheDocument();
    expect(
      within(continueSection).getByRole('link', { name: 'Continue: Stock Market Fundamentals' }),
    ).toHaveAttribute('href', '/courseVideos/course1?video=102');
    expect(within(continueSection).getByText('Lessons completed').nextElementSibling).toHaveTextContent(
      '1 of 5',
    );

    const catalogue = screen.getByRole('region', { name: 'All courses' });
    expect(within(catalogue).getAllByRole('article')).toHaveLength(3);
  });
});
