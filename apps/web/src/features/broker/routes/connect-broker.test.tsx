import type { BrokerConnectionView, BrokerDescription } from '@candlewise/shared/broker/broker-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { leaveFor } from '../lib/leave-for';

// jsdom cannot leave for another site: the broker's sign-in page is recorded instead.
vi.mock('../lib/leave-for', () => ({ leaveFor: vi.fn() }));

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};
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
  tokenExpiresAt: null,
  authMethod: 'form',
  createdAt: '2026-11-20T10:00:00.000Z',
};

const dhan: BrokerDescription = {
  id: 'dhan',
  name: 'Dhan',
  description: 'Indian stocks, F&O and commodities.',
  fields: [
    { name: 'clientId', label: 'Client ID', type: 'text', required: true, help: 'Your Dhan client ID.' },
    { name: 'accessToken', label: 'Access token', type: 'secret', required: true, help: 'A 24-hour token.' },
  ],
  signIn: {
    label: 'API key & secret',
    description: 'Sign in on Dhan’s own page instead of pasting a token.',
    fields: [
      { name: 'clientId', label: 'Client ID', type: 'text', required: true, help: 'Your Dhan client ID.' },
      { name: 'apiKey', label: 'API key', type: 'text', required: true, help: 'From web.dhan.co.' },
      { name: 'apiSecret', label: 'API secret', type: 'secret', required: true, help: 'Next to the key.' },
    ],
  },
};

const dhanConnection = (overrides: Partial<BrokerConnectionView> = {}): BrokerConnectionView => ({
  ...paperConnection,
  _id: 'conn-2',
  broker: 'dhan',
  brokerName: 'Dhan',
  summary: { accountLabel: '1000000009', currency: 'INR', cash: 98440, equity: 113642, details: [] },
  tokenExpiresAt: new Date(Date.now() + 5 * 3_600_000 + 10 * 60_000).toISOString(),
  authMethod: 'consent',
  ...overrides,
});

describe('/connectbroker', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('./connect-broker');
  }, FRAME_WARM_UP_MS);
  beforeEach(() => {
    vi.mocked(leaveFor).mockClear();
  });

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

  it('does not offer the paper broker again once connected, and asks for missing keys in plain words', async () => {
    mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: brokers } },
      'GET /broker/connections': { body: { success: true, data: [paperConnection] } },
    });
    renderApp('/connectbroker', { auth: makeSession(pro) });
    const paper = await screen.findByRole('radio', { name: 'Candlewise paper (connected)' });
    expect(paper).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Alpaca' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Alpaca' }));
    expect(await screen.findByText('Enter your API key ID.')).toBeInTheDocument();
  });

  it('puts the server’s refusal under the field it names, and takes it away once that field is changed', async () => {
    // An optional field has no rule of its own to check it again as it is typed.
    const withAccount: BrokerDescription[] = brokers.map((broker) =>
      broker.id === 'alpaca'
        ? {
            ...broker,
            fields: [
              ...broker.fields,
              {
                name: 'accountId',
                label: 'Account number',
                type: 'text',
                required: false,
                help: 'Only for a key that reaches several accounts.',
              },
            ],
          }
        : broker,
    );
    mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: withAccount } },
      'GET /broker/connections': { body: { success: true, data: [paperConnection] } },
      'POST /broker/connections': validationFailed(
        {
          'fields.accountId': 'This key reaches no account with that number.',
          'fields.keyId': 'Alpaca key IDs start with PK or AK.',
        },
        'Check the highlighted fields.',
      ),
    });
    renderApp('/connectbroker', { auth: makeSession(pro) });
    expect(await screen.findByRole('radio', { name: 'Alpaca' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('API key ID'), 'XKBAD');
    await userEvent.type(screen.getByLabelText('Secret key'), 'secret');
    await userEvent.type(screen.getByLabelText('Account number'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Alpaca' }));
    expect(await screen.findByText('This key reaches no account with that number.')).toBeInTheDocument();
    expect(screen.getByText('Alpaca key IDs start with PK or AK.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Account number'), '3');
    // antd lets an emptied message list linger for a few milliseconds.
    await vi.waitFor(() =>
      expect(screen.queryByText('This key reaches no account with that number.')).not.toBeInTheDocument(),
    );
    // Only the field changed loses its message.
    expect(screen.getByText('Alpaca key IDs start with PK or AK.')).toBeInTheDocument();
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

  it('shows when a Dhan token expires and renews access by signing in on Dhan again', async () => {
    const api = mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: [...brokers, dhan] } },
      'GET /broker/connections': { body: { success: true, data: [dhanConnection()] } },
      'POST /broker/connections/conn-2/renew': {
        body: {
          success: true,
          data: {
            signInUrl: 'https://auth.dhan.co/login/consentApp-login?consentAppId=c-2',
            expiresInMinutes: 30,
          },
        },
      },
    });
    renderApp('/connectbroker', { auth: makeSession(pro) });
    const card = await screen.findByRole('article', { name: 'Dhan' });
    expect(within(card).getByText(/^Access token expires in 5 hours \(/)).toBeInTheDocument();
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Renew access' }));
    await vi.waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://auth.dhan.co/login/consentApp-login?consentAppId=c-2'),
    );
    expect(api.callsTo('POST', '/broker/connections/conn-2/renew')).toHaveLength(1);
  });

  it('says an expired token stops the imports, and offers what brings them back', async () => {
    mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: [...brokers, dhan] } },
      'GET /broker/connections': {
        body: {
          success: true,
          data: [
            dhanConnection({
              authMethod: 'form',
              tokenExpiresAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
            }),
          ],
        },
      },
    });
    renderApp('/connectbroker', { auth: makeSession(pro) });
    const card = await screen.findByRole('article', { name: 'Dhan' });
    expect(within(card).getByText(/^Access token expired 3 hours ago \(/)).toBeInTheDocument();
    expect(within(card).getByText('Needs reconnection')).toBeInTheDocument();
    expect(within(card).getByText('Reconnect to keep importing trades')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
  });

  it('connects Dhan with an API key and secret: shows the redirect URL to set, then opens Dhan’s sign-in', async () => {
    const api = mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: [...brokers, dhan] } },
      'GET /broker/connections': { body: { success: true, data: [] } },
      'POST /broker/sign-in': {
        body: {
          success: true,
          data: {
            signInUrl: 'https://auth.dhan.co/login/consentApp-login?consentAppId=c-1',
            expiresInMinutes: 30,
          },
        },
      },
    });
    renderApp('/connectbroker', { auth: makeSession(pro) });
    const dhanChoice = (await screen.findByRole('radio', { name: 'Dhan' })).closest('label');
    await userEvent.click(dhanChoice as HTMLElement);
    expect(screen.getByLabelText('Access token', { selector: 'input[type="password"]' })).toBeInTheDocument();
    const keyChoice = screen.getByRole('radio', { name: 'API key & secret' }).closest('label');
    await userEvent.click(keyChoice as HTMLElement);
    expect(
      screen.queryByLabelText('Access token', { selector: 'input[type="password"]' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/connectbroker`)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Client ID'), '1000000009');
    await userEvent.type(screen.getByLabelText('API key'), 'key-1');
    await userEvent.type(screen.getByLabelText('API secret'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in on Dhan' }));
    await vi.waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://auth.dhan.co/login/consentApp-login?consentAppId=c-1'),
    );
    expect(api.callsTo('POST', '/broker/sign-in')[0].body).toEqual({
      broker: 'dhan',
      fields: { clientId: '1000000009', apiKey: 'key-1', apiSecret: 'secret-1' },
    });
  });

  it('finishes the sign-in when Dhan sends the learner back with a tokenId, once, and cleans the address', async () => {
    const api = mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: [...brokers, dhan] } },
      'GET /broker/connections': { body: { success: true, data: [] } },
      'POST /broker/sign-in/complete': { status: 201, body: { success: true, data: dhanConnection() } },
    });
    const view = renderApp('/connectbroker/?tokenId=token-from-dhan', { auth: makeSession(pro) });
    expect(await screen.findByText('Dhan is connected.', undefined, { timeout: 30_000 })).toBeInTheDocument();
    expect(api.callsTo('POST', '/broker/sign-in/complete').map((call) => call.body)).toEqual([
      { tokenId: 'token-from-dhan' },
    ]);
    await vi.waitFor(() => expect(view.currentPath()).not.toContain('tokenId'));
  });

  it('says what went wrong when the sign-in cannot be finished', async () => {
    mockApi({
      ...noNotifications,
      'GET /broker/brokers': { body: { success: true, data: [...brokers, dhan] } },
      'GET /broker/connections': { body: { success: true, data: [] } },
      'POST /broker/sign-in/complete': {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'No broker sign-in is waiting for you: it finished already. Start it again.',
        },
      },
    });
    renderApp('/connectbroker?tokenId=stale', { auth: makeSession(pro) });
    expect(
      await screen.findByText('We could not finish the sign-in', undefined, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No broker sign-in is waiting for you: it finished already. Start it again.'),
    ).toBeInTheDocument();
  });
});
