import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};
const counts = {
  newFills: 2500,
  knownFills: 0,
  completeTrades: 1250,
  openPositions: 0,
  needsOpeningHoldings: [],
  newTrades: 1250,
  duplicates: 0,
  trades: [],
};
const job = (over: object) => ({
  _id: 'job-1',
  fileName: 'tradebook.csv',
  status: 'running',
  stage: 'reading',
  done: 0,
  total: 0,
  result: null,
  message: null,
  error: null,
  createdAt: '2026-12-02T01:00:00.000Z',
  updatedAt: '2026-12-02T01:00:00.000Z',
  ...over,
});

describe('importing a large file', () => {
  it('runs it as a background job and shows how far it is, then the same answer as a direct import', async () => {
    const answers = [
      job({ stage: 'storing', done: 1200, total: 2500 }),
      job({
        status: 'done',
        stage: 'finished',
        done: 2500,
        total: 2500,
        result: {
          _id: 'import-1',
          layout: 'zerodha',
          rows: 2500,
          format: 'fills',
          ...counts,
          added: 1250,
        },
        message: '2,500 new fills, 0 already in your journal: 1,250 trades complete, 0 positions open.',
      }),
    ];
    let asked = 0;
    const api = mockApi({
      ...noNotifications,
      'GET /journal/import/presets': { body: { success: true, data: [] } },
      'POST /journal/import/preview': {
        body: {
          success: true,
          data: { ...counts, layout: 'zerodha', rows: 2500, format: 'fills', errors: [], skipped: {} },
        },
      },
      'POST /journal/import/jobs': { status: 202, body: { success: true, data: job({}) } },
      'GET /journal/import/jobs/job-1': () => {
        // Stays at 1,200 of 2,500 for a few polls, long enough to be seen.
        const answer = asked < 3 ? answers[0] : answers[1];
        asked += 1;
        return { body: { success: true, data: answer } };
      },
    });
    const { user } = renderApp('/journal?tab=import', { auth: makeSession() });
    await user.upload(
      await screen.findByTestId('import-file-input', {}, { timeout: 30_000 }),
      new File(['symbol,segment\n'], 'tradebook.csv', { type: 'text/csv' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Import 2,500 fills' }));
    expect(
      await screen.findByText(/Storing fills: 1,200 of 2,500 fills… Nothing is saved until every row is in/),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '48',
    );
    expect(
      await screen.findByText(
        '2,500 new fills, 0 already in your journal: 1,250 trades complete, 0 positions open.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/journal/import/commit')).toHaveLength(0);
    expect(api.callsTo('POST', '/journal/import/jobs')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: /Import progress/ })).not.toBeInTheDocument();
  }, 60_000);

  it('says why a background import imported nothing, with the lines', async () => {
    mockApi({
      ...noNotifications,
      'GET /journal/import/presets': { body: { success: true, data: [] } },
      'POST /journal/import/preview': {
        body: {
          success: true,
          data: { ...counts, layout: 'zerodha', rows: 2500, format: 'fills', errors: [], skipped: {} },
        },
      },
      'POST /journal/import/jobs': { status: 202, body: { success: true, data: job({}) } },
      'GET /journal/import/jobs/job-1': {
        body: {
          success: true,
          data: job({
            status: 'failed',
            stage: 'checking',
            error: {
              message:
                '1 row of the file has errors, so nothing was imported. Correct it and import the file again.',
              errors: [{ line: 1403, message: 'The quantity must be a number.' }],
            },
          }),
        },
      },
    });
    const { user } = renderApp('/journal?tab=import', { auth: makeSession() });
    await user.upload(
      await screen.findByTestId('import-file-input', {}, { timeout: 30_000 }),
      new File(['symbol,segment\n'], 'tradebook.csv', { type: 'text/csv' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Import 2,500 fills' }));
    expect(
      await screen.findByText(
        '1 row of the file has errors, so nothing was imported. Correct it and import the file again. line 1403: The quantity must be a number.',
      ),
    ).toBeInTheDocument();
  }, 60_000);
});
