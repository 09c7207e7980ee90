import { type BrokerAccountSummary, INDIAN_MARKET_ZONE } from '@candlewise/shared';
import {
  type BrokerAdapter,
  BrokerAuthError,
  type BrokerCredentials,
  type BrokerFill,
  BrokerRequestError,
  requireField,
} from './broker-adapter.ts';
import { type BrokerHttpOptions, brokerJson } from './broker-http.ts';

/** GET /v2/fundlimit (Dhan spells "availabelBalance" this way). */
type DhanFundLimit = {
  dhanClientId: string;
  availabelBalance: number;
  sodLimit: number;
  collateralAmount: number;
  receiveableAmount: number;
  utilizedAmount: number;
  blockedPayoutAmount: number;
  withdrawableBalance: number;
};

/** One trade of GET /v2/trades (today) or /v2/trades/{from}/{to}/{page} (history). */
type DhanTrade = {
  dhanClientId?: string;
  orderId: string;
  exchangeOrderId?: string;
  exchangeTradeId?: string;
  transactionType: 'BUY' | 'SELL';
  exchangeSegment?: string;
  /** CNC (delivery), INTRADAY, MARGIN, MTF, CO, BO: an intraday sale from flat is a short. */
  productType?: string;
  tradingSymbol?: string;
  customSymbol?: string;
  securityId?: string;
  tradedQuantity: number;
  tradedPrice: number;
  createTime?: string;
  updateTime?: string;
  exchangeTime?: string;
  brokerageCharges?: number;
  stt?: number;
  serviceTax?: number;
  exchangeTransactionCharges?: number;
  sebiTax?: number;
  stampDuty?: number;
};

/** GET /v2/profile: checks the token and says until when it is valid ("30/03/2025 15:37", IST). */
type DhanProfile = {
  dhanClientId?: string;
  tokenValidity?: string;
  activeSegment?: string;
  ddpi?: string;
  mtf?: string;
  dataPlan?: string;
  dataValidity?: string;
};

/** POST auth.dhan.co/app/generate-consent (step 1 of the API key sign-in). */
type DhanConsent = { consentAppId?: string; consentAppStatus?: string; status?: string };

/** GET auth.dhan.co/app/consumeApp-consent (step 3): the access token and its expiry (IST). */
type DhanConsumedConsent = {
  dhanClientId?: string | number;
  dhanClientName?: string;
  dhanClientUcc?: string;
  givenPowerOfAttorney?: boolean;
  accessToken?: string;
  expiryTime?: string;
};

const APP_AUTH_MESSAGE =
  'Dhan did not accept this API key and secret. Copy both from web.dhan.co (My Profile → Access DhanHQ APIs → API key); they last 12 months, so an old pair needs generating again.';

const AUTH_MESSAGE =
  'Dhan did not accept this client ID and access token. Access tokens expire: generate a new one on web.dhan.co (My Profile → Access DhanHQ APIs) and connect again.';
const FIRST_SYNC_DAYS = 90;
const MAX_PAGES = 500;
const IST_OFFSET_MS = 5.5 * 3600_000;

/** Dhan's times are Indian Standard Time without a zone: "2024-03-15 10:21:30". */
export function parseDhanTime(value: string | undefined): Date | null {
  if (!value || value.startsWith('NA')) return null;
  const parsed = new Date(`${value.trim().replace(' ', 'T')}+05:30`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/**
 * When a Dhan access token stops working, from /v2/profile's `tokenValidity` ("30/03/2025 15:37")
 * or the consent's `expiryTime` ("2025-09-23T12:37:23"): both in Indian Standard Time.
 */
export function parseDhanExpiry(value: string | undefined | null): Date | null {
  const text = value?.trim();
  if (!text) return null;
  const dayFirst = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/);
  if (dayFirst) {
    const [, day, month, year, hour = '23', minute = '59', second = '00'] = dayFirst;
    const pad = (part: string) => part.padStart(2, '0');
    const parsed = new Date(`${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${minute}:${second}+05:30`);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  const iso = text.replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}+05:30`;
  const parsed = new Date(zoned);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** A date as Dhan's history path wants it: YYYY-MM-DD in India. */
const istDate = (date: Date) => new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Dhan's exchange segment (NSE_EQ, NSE_FNO, NSE_CURRENCY, MCX_COMM…) in the journal's terms. */
function dhanAssetClass(segment: string | undefined, symbol: string): BrokerFill['assetClass'] {
  const upper = (segment ?? '').toUpperCase();
  if (upper.endsWith('_FNO') || upper.startsWith('MCX')) return /FUT/.test(symbol) ? 'future' : 'option';
  if (upper.endsWith('_CURRENCY')) return 'forex';
  return 'stock';
}

function toFill(trade: DhanTrade): BrokerFill | null {
  const time =
    parseDhanTime(trade.exchangeTime) ?? parseDhanTime(trade.updateTime) ?? parseDhanTime(trade.createTime);
  const quantity = Number(trade.tradedQuantity);
  if (!time || !(quantity > 0)) return null;
  const fee = [
    trade.brokerageCharges,
    trade.stt,
    trade.serviceTax,
    trade.exchangeTransactionCharges,
    trade.sebiTax,
    trade.stampDuty,
  ].reduce<number>((sum, charge) => sum + (Number(charge) || 0), 0);
  const symbol = trade.tradingSymbol || trade.customSymbol || trade.securityId || 'UNKNOWN';
  return {
    id: `${trade.orderId}:${trade.exchangeTradeId ?? trade.exchangeOrderId ?? ''}`,
    symbol,
    side: trade.transactionType === 'SELL' ? 'sell' : 'buy',
    quantity,
    price: Number(trade.tradedPrice),
    fee: Math.round(fee * 1e6) / 1e6,
    time,
    currency: 'INR',
    assetClass: dhanAssetClass(trade.exchangeSegment, symbol),
    // Intraday products (and cover and bracket orders) square off the same day: a sale is a short.
    shortSale:
      trade.transactionType === 'SELL' &&
      ['INTRADAY', 'CO', 'BO'].includes(String(trade.productType ?? '').toUpperCase()),
    marketZone: INDIAN_MARKET_ZONE,
  };
}

export type DhanOptions = BrokerHttpOptions & {
  baseUrl: string;
  /** auth.dhan.co: the API key sign-in (consent) lives on its own host. */
  authUrl?: string;
  now?: () => Date;
};

const dhanMessage = (body: unknown) => {
  const said = body as { errorMessage?: unknown; message?: unknown; remarks?: unknown } | null;
  const message = said?.errorMessage ?? said?.message ?? said?.remarks;
  return typeof message === 'string' ? message : undefined;
};

/** Dhan (Indian markets): client ID and access token in headers; the trade book and its history. */
export function createDhanBroker(options: DhanOptions): BrokerAdapter {
  const now = options.now ?? (() => new Date());
  const session = (credentials: BrokerCredentials) => {
    const clientId = requireField(credentials, 'clientId', 'Dhan client ID');
    const accessToken = requireField(credentials, 'accessToken', 'access token');
    const headers = {
      'access-token': accessToken,
      'client-id': clientId,
      'content-type': 'application/json',
    };
    const get = <T>(path: string) =>
      brokerJson<T>('Dhan', `${options.baseUrl}${path}`, headers, AUTH_MESSAGE, options, dhanMessage);
    return { clientId, get };
  };

  /** The app's key and secret, for the sign-in calls on auth.dhan.co (headers app_id, app_secret). */
  const authUrl = (options.authUrl ?? 'https://auth.dhan.co').replace(/\/$/, '');
  const appSession = (values: BrokerCredentials) => {
    const clientId = requireField(values, 'clientId', 'Dhan client ID');
    const apiKey = requireField(values, 'apiKey', 'API key');
    const apiSecret = requireField(values, 'apiSecret', 'API secret');
    const headers = { app_id: apiKey, app_secret: apiSecret };
    const call = <T>(method: 'GET' | 'POST', path: string) =>
      brokerJson<T>('Dhan', `${authUrl}${path}`, headers, APP_AUTH_MESSAGE, options, dhanMessage, method);
    return { clientId, apiKey, apiSecret, call };
  };

  const summary = async (credentials: BrokerCredentials): Promise<BrokerAccountSummary> => {
    const { clientId, get } = session(credentials);
    const funds = await get<DhanFundLimit>('/v2/fundlimit');
    if (funds.dhanClientId && String(funds.dhanClientId) !== clientId) {
      throw new BrokerAuthError(
        'This access token belongs to a different Dhan client ID. Check the client ID.',
      );
    }
    return {
      accountLabel: clientId,
      currency: 'INR',
      cash: Number(funds.availabelBalance),
      // Dhan reports limits, not a marked-to-market equity: the start-of-day limit is the closest.
      equity: Number(funds.sodLimit),
      details: [
        { label: 'Utilised', value: `₹${Number(funds.utilizedAmount).toFixed(2)}` },
        { label: 'Withdrawable', value: `₹${Number(funds.withdrawableBalance).toFixed(2)}` },
      ],
    };
  };

  const signInField = (
    name: string,
    label: string,
    type: 'text' | 'secret',
    help: string,
    placeholder?: string,
  ) => ({
    name,
    label,
    type,
    required: true,
    help,
    ...(placeholder ? { placeholder } : {}),
  });

  return {
    id: 'dhan',
    journalSource: 'broker',
    describe: () => ({
      id: 'dhan',
      name: 'Dhan',
      description: 'Indian stocks, F&O and commodities. Fills come from your Dhan trade book.',
      fields: [
        {
          name: 'clientId',
          label: 'Client ID',
          type: 'text',
          required: true,
          placeholder: '1000000001',
          help: 'Your Dhan client ID: on web.dhan.co under My Profile.',
        },
        {
          name: 'accessToken',
          label: 'Access token',
          type: 'secret',
          required: true,
          help: 'On web.dhan.co: My Profile → Access DhanHQ APIs → Generate token. A token lasts 24 hours: we remind you before it expires, then ask you to reconnect.',
        },
      ],
      signIn: {
        label: 'API key & secret',
        description:
          'Sign in on Dhan’s own page instead of pasting a token. On web.dhan.co: My Profile → Access DhanHQ APIs, switch to API key, and generate a key whose Redirect URL is the address shown below. The key and secret last 12 months; each sign-in gives an access token for 24 hours, renewed here with one click.',
        fields: [
          signInField(
            'clientId',
            'Client ID',
            'text',
            'Your Dhan client ID: on web.dhan.co under My Profile.',
            '1000000001',
          ),
          signInField('apiKey', 'API key', 'text', 'Shown when you generate the API key on web.dhan.co.'),
          signInField(
            'apiSecret',
            'API secret',
            'secret',
            'Shown next to the API key. Candlewise stores it encrypted, only to renew your access, and never shows it again.',
          ),
        ],
      },
    }),
    connect: summary,
    accountSummary: summary,
    async tokenExpiry(credentials) {
      const { clientId, get } = session(credentials);
      try {
        const profile = await get<DhanProfile>('/v2/profile');
        if (profile?.dhanClientId && String(profile.dhanClientId) !== clientId) return null;
        return parseDhanExpiry(profile?.tokenValidity);
      } catch (error) {
        // The expiry is a courtesy: a profile Dhan will not give (not a refused token) is no expiry.
        if (error instanceof BrokerRequestError) return null;
        throw error;
      }
    },
    signIn: {
      async start(values) {
        const { clientId, call } = appSession(values);
        const consent = await call<DhanConsent>(
          'POST',
          `/app/generate-consent?${new URLSearchParams({ client_id: clientId })}`,
        );
        if (!consent?.consentAppId) {
          throw new BrokerRequestError(
            `Dhan did not start the sign-in${consent?.status ? ` (${consent.status})` : ''}. Check the client ID, API key and secret, and try again.`,
          );
        }
        return {
          consentId: consent.consentAppId,
          signInUrl: `${authUrl}/login/consentApp-login?${new URLSearchParams({ consentAppId: consent.consentAppId })}`,
        };
      },
      async complete(values, tokenId) {
        const { clientId, apiKey, apiSecret, call } = appSession(values);
        const consumed = await call<DhanConsumedConsent>(
          'GET',
          `/app/consumeApp-consent?${new URLSearchParams({ tokenId })}`,
        );
        if (!consumed?.accessToken) {
          throw new BrokerRequestError(
            'Dhan did not hand over an access token for this sign-in. Start the sign-in again.',
          );
        }
        if (consumed.dhanClientId !== undefined && String(consumed.dhanClientId) !== clientId) {
          throw new BrokerAuthError(
            `You signed in to Dhan as client ${consumed.dhanClientId}, but entered client ID ${clientId}. Sign in with the account whose client ID you entered.`,
          );
        }
        return {
          credentials: { clientId, accessToken: consumed.accessToken, apiKey, apiSecret },
          expiresAt: parseDhanExpiry(consumed.expiryTime),
        };
      },
    },
    async fillsSince(credentials, since) {
      const { get } = session(credentials);
      const today = now();
      const from = since ?? new Date(today.getTime() - FIRST_SYNC_DAYS * 86_400_000);
      const byId = new Map<string, BrokerFill>();
      const add = (trades: DhanTrade[] | null) => {
        for (const trade of trades ?? []) {
          const fill = toFill(trade);
          if (fill && (!since || fill.time >= since)) byId.set(fill.id, fill);
        }
      };
      // History pages run from 0 until an empty page; today's trade book adds the day's fills.
      for (let page = 0; page < MAX_PAGES; page++) {
        const trades = await get<DhanTrade[]>(`/v2/trades/${istDate(from)}/${istDate(today)}/${page}`);
        if (!trades?.length) break;
        add(trades);
      }
      add(await get<DhanTrade[]>('/v2/trades'));
      return [...byId.values()].sort((a, b) => a.time.getTime() - b.time.getTime());
    },
    // Dhan tokens are revoked on web.dhan.co; forgetting the token here is all we can do.
    disconnect: async () => undefined,
  };
}
