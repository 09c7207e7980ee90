import type { BrokerAccountSummary } from '@candlewise/shared';
import {
  type BrokerAdapter,
  BrokerAuthError,
  type BrokerCredentials,
  type BrokerFill,
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
  };
}

export type DhanOptions = BrokerHttpOptions & { baseUrl: string; now?: () => Date };

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
      brokerJson<T>('Dhan', `${options.baseUrl}${path}`, headers, AUTH_MESSAGE, options, (body) => {
        const message = (body as { errorMessage?: unknown } | null)?.errorMessage;
        return typeof message === 'string' ? message : undefined;
      });
    return { clientId, get };
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
          help: 'On web.dhan.co: My Profile → Access DhanHQ APIs → Generate token. Tokens expire; you will be asked to reconnect when it does.',
        },
      ],
    }),
    connect: summary,
    accountSummary: summary,
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
