import type { BrokerConnectionView, BrokerDescription } from '@candlewise/shared/broker/broker-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const noNotifications = { 'GET /notification/all': { body: { success: true, data: [] } } };
const pro = {
  planStatus: 'active' as const,
  planExpirationDate: Math.floor(Date.now() / 1000) + 20 * 86_400,
};

const brokers: BrokerDescription[] = [
  { id: 'paper', name: 'Candlewise paper', description: 'Your competition paper accounts.', fields: [] },
  {
    id: 'alpaca',
    name: 'Alpaca',
    description: 'US stocks and crypto.',
    fields: [
      {
        name: 'keyId',
        label: 'API key ID',
        type: 'text',
        required: true,
        help: 'In the Alpaca dashboard: Home → API Keys.',
      },
      {
        name: 'secretKey',
        label: 'Secret key',
        type: 'secret',
        required: true,
        help: 'Shown once, next to the key ID.',
      },
    ],
  },
];

const paperConnection: BrokerConnectionView = {
  _id: 'conn-1',
  broker: 'paper',
  brokerName: 'Candlewise paper',
  status: 'connected',
  summary: {
    accountLabel: '1 competition account',
    currency: 'INR',
    cash: 100250,
    equity: 100250,
    details: [{ label: 'Nifty Sprint', value: '₹1,00,250.00 equity' }],
  },
  lastSyncAt: null,
  lastSyncResult: null,
  lastSyncImported: null,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('/connectbroker', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('./connect-broker');
  }, FRAME_WARM_UP_MS);

  it('builds the form from the broker’s fields with their help, and shows the broker’s refusal', async () => {
    const api = mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: brokers } },
      'GET /broker/connections': { body: { success: true, data: [] } },
      'POST /broker/connections': {
        status: 400,
        body: {
          success: false,
          code: 'BAD_REQUEST',
          message: 'Alpaca did not accept this API key ID and secret key.',
        },
      },
    });
    renderApp('/connectbroker', { auth: makeSession(pro) });
    expect(
      await screen.findByText(/No broker connected yet/, undefined, { timeout: 30_000 }),
    ).toBeInTheDocument();
    // antd's button-style radios take the click on their label (the input itself ignores the pointer).
    const alpacaChoice = (await screen.findByRole('radio', { name: 'Alpaca' })).closest('label');
    await userEvent.click(alpacaChoice as HTMLElement);
    expect(screen.getByText('In the Alpaca dashboard: Home → API Keys.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('API key ID'), 'PKBAD');
    await userEvent.type(screen.getByLabelText('Secret key'), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Alpaca' }));
    expect(
      await screen.findByText('Alpaca did not accept this API key ID and secret key.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/broker/connections')[0].body).toEqual({
      broker: 'alpaca',
      fields: { keyId: 'PKBAD', secretKey: 'not-it' },
    });
    expect(screen.queryByText('Broker sync is part of Pro')).not.toBeInTheDocument();
  });

  it('shows a connection’s account, syncs it, says how many trades came in and links to the journal', async () => {
    mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: brokers } },
      'GET /broker/connections': { body: { success: true, data: [paperConnection] } },
      'POST /broker/connections/conn-1/sync': {
        body: {
          success: true,
          data: {
            fetched: 2,
            imported: 1,
            connection: {
              ...paperConnection,
              lastSyncAt: new Date().toISOString(),
              lastSyncResult: 'ok',
              lastSyncImported: 1,
            },
          },
        },
      },
    });
    renderApp('/connectbroker', { auth: makeSession(pro) });
    const card = await screen.findByRole('article', { name: 'Candlewise paper' });
    expect(within(card).getByText('1 competition account')).toBeInTheDocument();
    expect(within(card).getByText('Not synced yet')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Sync now' }));
    expect(await within(card).findByText('Imported 1 new trade into your journal.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the journal' })).toHaveAttribute('href', '/journal');
  });

  it('tells a free learner that broker sync is part of Pro, with the way to upgrade', async () => {
    mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: brokers } },
      'GET /broker/connections': { body: { success: true, data: [] } },
    });
    renderApp('/connectbroker', { auth: makeSession() });
    expect(await screen.findByText('Broker sync is part of Pro')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Pro' })).toHaveAttribute('href', '/pricing');
  });
});
