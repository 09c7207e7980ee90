import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import type { PublicCertificate } from '../api/get-certificate';
import CertificatePage from './certificate';

const ID = 'kZ3v0Qm8xY1_abcDEFghij-k';

function makeCertificate(overrides: Partial<PublicCertificate> = {}): PublicCertificate {
  return {
    id: ID,
    courseId: 'course1',
    courseTitle: 'Stock Market Fundamentals',
    learnerName: 'Ana Lima',
    issuedAt: '2026-03-02T09:00:00.000Z',
    scoreSummary: {
      lessonsWatched: 3,
      lessonCount: 3,
      quizzes: [{ title: 'Order types', bestPercent: 85 }],
      drills: [{ title: 'Breakout on 10 March', bestR: 1.5 }],
    },
    revoked: false,
    revokedAt: null,
    revokedReason: null,
    ...overrides,
  };
}

/** The public page, signed out: no store, no query client, as the public layout renders it. */
function renderCertificate(id = ID) {
  return render(
    <MemoryRouter initialEntries={[`/certificates/${id}`]}>
      <Routes>
        <Route path="/certificates/:id" element={<CertificatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the public certificate page /certificates/:id', () => {
  it('shows the learner, the course, the date and the scores, with the PDF to download', async () => {
    const api = mockApi({
      [`GET /certificates/${ID}`]: { body: { success: true, data: makeCertificate() } },
    });
    renderCertificate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeVisible();
    expect(screen.getByText('Ana Lima')).toBeVisible();
    expect(screen.getByText('Stock Market Fundamentals')).toBeVisible();
    expect(screen.getByText('3 of 3')).toBeVisible();
    expect(screen.getByText('best 85 %')).toBeVisible();
    expect(screen.getByText('best 1.5 R')).toBeVisible();
    expect(screen.getByText(/Issued 2 March 2026/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/v1/certificates/${ID}/pdf`,
    );
    expect(screen.queryByText(/revoked/i)).toBeNull();
    expect(api.callsTo('GET', `/certificates/${ID}`)).toHaveLength(1);
  });

  it('says a hidden name is a Candlewise learner', async () => {
    mockApi({
      [`GET /certificates/${ID}`]: { body: { success: true, data: makeCertificate({ learnerName: null }) } },
    });
    renderCertificate();
    expect(await screen.findByText('A Candlewise learner')).toBeVisible();
    expect(screen.queryByText('Ana Lima')).toBeNull();
  });

  it('says clearly that a revoked certificate was revoked, and why', async () => {
    mockApi({
      [`GET /certificates/${ID}`]: {
        body: {
          success: true,
          data: makeCertificate({
            revoked: true,
            revokedAt: '2026-04-01T10:00:00.000Z',
            revokedReason: 'Shared account',
          }),
        },
      },
    });
    renderCertificate();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('This certificate was revoked on 1 April 2026. Reason: Shared account');
  });

  it('says so when no certificate has that id', async () => {
    mockApi({
      'GET /certificates/nope': {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'We could not find a certificate with that id.' },
      },
    });
    renderCertificate('nope');
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeVisible();
    expect(screen.getByText('We could not find a certificate with that id.')).toBeVisible();
  });
});
