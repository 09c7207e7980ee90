import { playbookRuleReport } from '@candlewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const orb = {
  _id: 'pb1',
  name: 'Opening range breakout',
  description: 'First 15 minutes.',
  rules: [
    { _id: 'r1', text: 'Candle closes above the range', position: 0 },
    { _id: 'r2', text: 'Volume above average', position: 1 },
  ],
  trades: 3,
  updatedAt: '2026-11-02T06:00:00.000Z',
};

/** The report the API would answer: +180 and +100 kept rule 1, −120 broke it; rule 2 only kept. */
const report = {
  playbook: orb,
  currency: 'INR',
  currencies: [{ currency: 'INR', trades: 3 }],
  ...playbookRuleReport(
    orb.rules.map((rule) => ({ id: rule._id, text: rule.text })),
    [
      { pnl: 180, checks: { r1: true, r2: true } },
      { pnl: 100, checks: { r1: true } },
      { pnl: -120, checks: { r1: false } },
    ],
  ),
};

const base = { 'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } } };

describe('the journal’s playbooks', { timeout: 60_000 }, () => {
  it('lists the playbooks and shows each rule kept against broken with its sample size', async () => {
    mockApi({
      ...base,
      'GET /journal/playbooks': { body: { success: true, data: [orb] } },
      'GET /journal/playbooks/pb1/report': { body: { success: true, data: report } },
    });
    renderApp('/journal?tab=playbooks', { auth: makeSession() });
    // The tab's code (and antd) load on first use: slow on a busy machine.
    expect(
      await screen.findByText('Candle closes above the range', { selector: 'li' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/3 trades closed in INR/)).toHaveTextContent('+₹160 net, 67% won.');
    const table = screen.getByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    // Kept: (180 + 100) / 2 = 140 a trade, 2 of 2 won; broken: −120, 0 of 1; worth 260 a trade, +100 pts.
    expect(first).toHaveTextContent('+₹140 a trade · 100% won (n = 2)');
    expect(first).toHaveTextContent('−₹120 a trade · 0% won (n = 1)');
    expect(first).toHaveTextContent('+₹260 a trade · +100 pts win rate');
    expect(second).toHaveTextContent('No trades');
    expect(second).toHaveTextContent('Needs trades both kept and broken');
  });

  it('says so when there are none, and writes a new playbook with its rules', async () => {
    const api = mockApi({
      ...base,
      'GET /journal/playbooks': { body: { success: true, data: [] } },
      'POST /journal/playbooks': {
        status: 201,
        body: {
          success: true,
          data: { ...orb, rules: [orb.rules[0]], trades: 0 },
          message: 'Playbook saved.',
        },
      },
    });
    const { user } = renderApp('/journal?tab=playbooks', { auth: makeSession() });
    expect(
      await screen.findByText(
        'No playbooks yet. Write your first setup and its rules.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New playbook' }));
    await user.type(await screen.findByLabelText('Name'), 'Opening range breakout');
    await user.type(screen.getByLabelText('Rule 1'), 'Candle closes above the range');
    await user.click(screen.getByRole('button', { name: 'Save playbook' }));
    await waitFor(() => expect(api.callsTo('POST', '/journal/playbooks')).toHaveLength(1));
    expect(api.callsTo('POST', '/journal/playbooks')[0].body).toEqual({
      name: 'Opening range breakout',
      description: '',
      rules: [{ text: 'Candle closes above the range' }],
    });
  });

  it('shows the error when the playbooks cannot be read', async () => {
    mockApi({
      ...base,
      'GET /journal/playbooks': {
        status: 503,
        body: {
          success: false,
          code: 'UNAVAILABLE',
          message: 'The journal is resting: try again in a minute.',
        },
      },
    });
    renderApp('/journal?tab=playbooks', { auth: makeSession() });
    expect(
      await screen.findByText('The journal is resting: try again in a minute.', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
  });
});
