import type { BrokerAccountSummary } from '@candlewise/shared';
import {
  type BrokerAdapter,
  type BrokerCredentials,
  type BrokerFill,
  BrokerRequestError,
  requireField,
} from './broker-adapter.ts';
import { type BrokerHttpOptions, brokerJson } from './broker-http.ts';

/** GET /v2/account (the fields we read; Alpaca sends numbers as strings). */
type AlpacaAccount = {
  id: string;
  account_number: string;
  status: string;
  currency: string;
  cash: string;
  equity: string;
  buying_power: string;
  portfolio_value?: string;
};

/** One activity of GET /v2/account/activities/FILL. */
type AlpacaFillActivity = {
  id: string;
  activity_type: 'FILL';
  transaction_time: string;
  type: 'fill' | 'partial_fill';
  price: string;
  qty: string;
  side: 'buy' | 'sell' | 'sell_short';
  symbol: string;
  order_id: string;
};

const PAGE_SIZE = 100;
const MAX_PAGES = 1000;

const AUTH_MESSAGE =
  'Alpaca did not accept this API key ID and secret key. Copy both from the same key pair, and choose the environment (paper or live) the key was made for.';

export type AlpacaOptions = BrokerHttpOptions & { paperUrl: string; liveUrl: string };

/** Alpaca (US stocks and crypto): key ID and secret in headers; fills from account activities. */
export function createAlpacaBroker(options: AlpacaOptions): BrokerAdapter {
  const session = (credentials: BrokerCredentials) => {
    const keyId = requireField(credentials, 'keyId', 'API key ID');
    const secretKey = requireField(credentials, 'secretKey', 'secret key');
    const environment = credentials.environment ?? 'paper';
    if (environment !== 'paper' && environment !== 'live') {
      throw new BrokerRequestError('Choose the paper or the live environment.');
    }
    const base = environment === 'live' ? options.liveUrl : options.paperUrl;
    const headers = { 'APCA-API-KEY-ID': keyId, 'APCA-API-SECRET-KEY': secretKey };
    return <T>(path: string) =>
      brokerJson<T>('Alpaca', `${base}${path}`, headers, AUTH_MESSAGE, options, (body) => {
        const message = (body as { message?: unknown } | null)?.message;
        return typeof message === 'string' ? message : undefined;
      });
  };

  const summary = async (credentials: BrokerCredentials): Promise<BrokerAccountSummary> => {
    const account = await session(credentials)<AlpacaAccount>('/v2/account');
    return {
      accountLabel: account.account_number,
      currency: account.currency || 'USD',
      cash: Number(account.cash),
      equity: Number(account.equity),
      details: [
        { label: 'Environment', value: credentials.environment === 'live' ? 'Live' : 'Paper' },
        { label: 'Buying power', value: `${Number(account.buying_power).toFixed(2)} ${account.currency}` },
        { label: 'Status', value: account.status },
      ],
    };
  };

  return {
    id: 'alpaca',
    journalSource: 'broker',
    describe: () => ({
      id: 'alpaca',
      name: 'Alpaca',
      description: 'US stocks and crypto. Fills come from your Alpaca account activities.',
      fields: [
        {
          name: 'environment',
          label: 'Environment',
          type: 'choice',
          required: true,
          help: 'Paper keys only work with the paper environment and live keys with live.',
          options: [
            { value: 'paper', label: 'Paper' },
            { value: 'live', label: 'Live' },
          ],
        },
        {
          name: 'keyId',
          label: 'API key ID',
          type: 'text',
          required: true,
          placeholder: 'PK…',
          help: 'In the Alpaca dashboard: Home → API Keys → Generate New Keys. The key ID starts with PK (paper) or AK (live).',
        },
        {
          name: 'secretKey',
          label: 'Secret key',
          type: 'secret',
          required: true,
          help: 'Shown once, next to the key ID, when you generate the keys. Candlewise stores it encrypted and never shows it again.',
        },
      ],
    }),
    connect: summary,
    accountSummary: summary,
    async fillsSince(credentials, since) {
      const get = session(credentials);
      const collected: BrokerFill[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({ direction: 'asc', page_size: String(PAGE_SIZE) });
        if (since) query.set('after', since.toISOString());
        if (pageToken) query.set('page_token', pageToken);
        const activities = await get<AlpacaFillActivity[]>(`/v2/account/activities/FILL?${query}`);
        for (const activity of activities ?? []) {
          collected.push({
            id: activity.id,
            symbol: activity.symbol,
            side: activity.side === 'buy' ? 'buy' : 'sell',
            quantity: Math.abs(Number(activity.qty)),
            price: Number(activity.price),
            fee: 0,
            time: new Date(activity.transaction_time),
            // Alpaca trades US stocks and crypto (pairs such as BTC/USD), priced in dollars.
            currency: 'USD',
            assetClass: activity.symbol.includes('/') ? 'crypto' : 'stock',
          });
        }
        if (!activities || activities.length < PAGE_SIZE) break;
        pageToken = activities[activities.length - 1].id;
      }
      return collected;
    },
    // Alpaca keys are revoked in the Alpaca dashboard; forgetting them here is all we can do.
    disconnect: async () => undefined,
  };
}
