import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi } from '@/testing/mock-api';
import { makeLessons } from '../testing/course-fixtures';
import { CourseRequirementsPanel } from './course-requirements';
import { LessonNotReleased } from './lesson-not-released';
import { MyCertificates } from './my-certificates';
import { PrerequisitesNotMet } from './prerequisites-not-met';

function withProviders(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const lessonRequirement = (id: number, title: string, met: boolean, score: number) => ({
  kind: 'lesson' as const,
  id: String(id),
  title,
  met,
  score,
});

describe('the course page’s requirements and certificate (issue #42)', { timeout: 20_000 }, () => {
  it('lists what is done and what is left', async () => {
    mockApi({
      'GET /courses/course1/requirements': {
        body: {
          success: true,
          data: {
            courseId: 'course1',
            complete: false,
            certificateId: null,
            requirements: [
              lessonRequirement(101, 'How the Stock Market Works', true, 100),
              lessonRequirement(102, 'Order Types Explained', false, 40),
            ],
          },
        },
      },
    });
    withProviders(<CourseRequirementsPanel courseId="course1" />);
    expect(await screen.findByText('1 of 2 done. Finish them all to earn the certificate.')).toBeVisible();
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]).getByRole('img', { name: 'Done' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Watch “Order Types Explained” · 40 % watched');
    expect(within(items[1]).getByRole('img', { name: 'To do' })).toBeInTheDocument();
  });

  it('issues the certificate when everything is met, then links to it', async () => {
    let issued = false;
    const api = mockApi({
      'GET /courses/course1/requirements': () => ({
        body: {
          success: true,
          data: {
            courseId: 'course1',
            complete: true,
            certificateId: issued ? 'abc123' : null,
            requirements: [lessonRequirement(101, 'How the Stock Market Works', true, 100)],
          },
        },
      }),
      'POST /courses/course1/certificate': () => {
        issued = true;
        return {
          body: {
            success: true,
            data: {
              id: 'abc123',
              courseId: 'course1',
              courseTitle: 'Stock Market Fundamentals',
              learnerName: 'Ana Lima',
              nameHidden: false,
              issuedAt: '2026-03-02T09:00:00.000Z',
              scoreSummary: { lessonsWatched: 1, lessonCount: 1, quizzes: [], drills: [] },
              revoked: false,
              revokedAt: null,
              revokedReason: null,
            },
          },
        };
      },
    });
    withProviders(<CourseRequirementsPanel courseId="course1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get my certificate' }));
    expect(await screen.findByRole('link', { name: 'View your certificate' })).toHaveAttribute(
      'href',
      '/certificates/abc123',
    );
    expect(api.callsTo('POST', '/courses/course1/certificate')).toHaveLength(1);
  });

  it('names the courses to finish first, each a link', () => {
    const error = new ApiError(
      403,
      'Finish “Stock Market Fundamentals” first to open this course.',
      'FORBIDDEN',
      [{ path: 'prerequisites.course1', message: 'Finish “Stock Market Fundamentals” first.' }],
    );
    withProviders(<PrerequisitesNotMet error={error} />);
    expect(screen.getByText('Finish “Stock Market Fundamentals” first to open this course.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Finish “Stock Market Fundamentals” first.' })).toHaveAttribute(
      'href',
      '/courseVideos/course1',
    );
  });

  it('says when a dripped lesson opens', async () => {
    const lesson = { ...makeLessons()[1], released: false, releaseAt: '2026-03-04T09:00:00.000Z' };
    withProviders(<LessonNotReleased lesson={lesson} index={1} />);
    await waitFor(() =>
      expect(screen.getByText(/This lesson opens on Wednesday,? 4 March 2026\./)).toBeVisible(),
    );
  });

  it('lists the learner’s certificates and hides their name on the public page', async () => {
    const certificate = {
      id: 'abc123',
      courseId: 'course1',
      courseTitle: 'Stock Market Fundamentals',
      learnerName: 'Ana Lima',
      nameHidden: false,
      issuedAt: '2026-03-02T09:00:00.000Z',
      scoreSummary: { lessonsWatched: 3, lessonCount: 3, quizzes: [], drills: [] },
      revoked: false,
      revokedAt: null,
      revokedReason: null,
    };
    let hidden = false;
    const api = mockApi({
      'GET /certificates': () => ({
        body: { success: true, data: [{ ...certificate, nameHidden: hidden }] },
      }),
      'PATCH /certificates/abc123': ({ body }) => {
        hidden = (body as { nameHidden: boolean }).nameHidden;
        return { body: { success: true, data: { ...certificate, nameHidden: hidden } } };
      },
    });
    withProviders(<MyCertificates />);
    const section = await screen.findByRole('region', { name: 'Certificates' });
    expect(await within(section).findByText('Stock Market Fundamentals')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/certificates/abc123',
    );
    const toggle = within(section).getByRole('switch', { name: 'Hide my name' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(within(section).getByRole('switch', { name: 'Hide my name' })).toBeChecked());
    expect(api.callsTo('PATCH', '/certificates/abc123').map((call) => call.body)).toEqual([
      { nameHidden: true },
    ]);
  });
});
