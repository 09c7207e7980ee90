import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the Alpaca and Dhan APIs: the documented paths, headers and response shapes
 * (field names and string/number types as the brokers send them), plus auth failures, 429s with
 * Retry-After and paging, so the adapters are tested over real HTTP.
 */

type Route = (
  request: IncomingMessage,
  url: URL,
) => { status: number; body: unknown; headers?: Record<string, string> };

export type FakeServer = {
  url: string;
  /** Every request's method and path with query, in order. */
  requests: string[];
  /** The next N requests answer 429. */
  throttleNext(count: number, retryAfter?: string): void;
  /** What a 429 says (each broker words it its own way). */
  setThrottleBody(body: unknown): void;
  close(): Promise<void>;
};

async function serve(route: Route): Promise<FakeServer & { server: Server }> {
  const requests: string[] = [];
  let throttle = 0;
  let retryAfter: string | undefined;
  let throttleBody: unknown = { message: 'too many requests.' };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    let answer: ReturnType<Route>;
    if (throttle > 0) {
      throttle--;
      answer = {
        status: 429,
        body: throttleBody,
        headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
      };
    } else {
      answer = route(request, url);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    requests,
    throttleNext(count, after) {
      throttle = count;
      retryAfter = after;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    setThrottleBody(body: unknown) {
      throttleBody = body;
    },
  };
}

// ---------------------------------------------------------------- Alpaca

export type AlpacaActivity = {
  id: string;
  activity_type: 'FILL';
  transaction_time: string;
  type: 'fill' | 'partial_fill';
  price: string;
  qty: string;
  side: 'buy' | 'sell' | 'sell_short';
  symbol: string;
  leaves_qty: string;
  order_id: string;
  cum_qty: string;
  order_status: 'filled' | 'partially_filled';
};

/** An activity as Alpaca sends it: the id is the time plus a uuid, numbers are strings. */
export function alpacaFill(
  time: Date,
  symbol: string,
  side: 'buy' | 'sell' | 'sell_short',
  qty: number,
  price: number,
): AlpacaActivity {
  const stamp = time.toISOString().replace(/[-:TZ.]/g, '');
  return {
    id: `${stamp}::${randomUUID()}`,
    activity_type: 'FILL',
    transaction_time: time.toISOString(),
    type: 'fill',
    price: price.toFixed(2),
    qty: String(qty),
    side,
    symbol,
    leaves_qty: '0',
    order_id: randomUUID(),
    cum_qty: String(qty),
    order_status: 'filled',
  };
}

/**
 * A charge as Alpaca lists it (FEE or CFEE): a non-trade activity, dated, not timed. The id starts
 * with the day it was posted, like every activity id.
 */
export type AlpacaFeeActivity = {
  id: string;
  activity_type: 'FEE' | 'CFEE';
  activity_sub_type?: string;
  date: string;
  net_amount: string;
  description?: string;
  symbol?: string;
  qty?: string;
  price?: string;
  status?: string;
};

/** A charge in dollars on a symbol's fills of a US market day (YYYY-MM-DD). */
export function alpacaFee(day: string, symbol: string, amount: number, subType = 'TAF'): AlpacaFeeActivity {
  return {
    id: `${day.replace(/-/g, '')}235959000::${randomUUID()}`,
    activity_type: 'FEE',
    activity_sub_type: subType,
    date: day,
    net_amount: (-amount).toFixed(2),
    description: `${subType} fee for proceed of 1 shares`,
    symbol,
    status: 'executed',
  };
}

/** The US market day of an instant, as Alpaca dates activities. */
export const marketDay = (time: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(time);

type AlpacaBook = { activities: AlpacaActivity[]; fees: AlpacaFeeActivity[] };

export type FakeAlpaca = FakeServer & {
  keyId: string;
  secretKey: string;
  /** The paper account's fills (the paper host, or any path not under /live). */
  activities: AlpacaActivity[];
  /** The paper account's charges. */
  fees: AlpacaFeeActivity[];
  /** The live account, served under `${url}/live`: its own fills and charges. */
  live: AlpacaBook;
  /** Revoke the key: every later request answers 401. */
  revoked: boolean;
};

export async function startFakeAlpaca(): Promise<FakeAlpaca> {
  const state = {
    keyId: 'PKTESTKEY0000000001',
    secretKey: 'alpaca-secret-0123456789abcdefghijklmnopqrstuv',
    paper: { activities: [], fees: [] } as AlpacaBook,
    live: { activities: [], fees: [] } as AlpacaBook,
    revoked: false,
  };
  const page = <T extends { id: string }>(list: T[], url: URL) => {
    const pageSize = Math.min(Number(url.searchParams.get('page_size') ?? 100), 100);
    const token = url.searchParams.get('page_token');
    const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    return (token ? sorted.filter((activity) => activity.id > token) : sorted).slice(0, pageSize);
  };
  const fillsAfter = (list: AlpacaActivity[], after: string | null) =>
    after ? list.filter((activity) => activity.transaction_time > new Date(after).toISOString()) : list;
  const fake = await serve((request, url) => {
    const authorised =
      !state.revoked &&
      request.headers['apca-api-key-id'] === state.keyId &&
      request.headers['apca-api-secret-key'] === state.secretKey;
    if (!authorised) return { status: 401, body: { code: 40110000, message: 'request is not authorized' } };
    const live = url.pathname.startsWith('/live/');
    const path = live ? url.pathname.slice('/live'.length) : url.pathname;
    const book = live ? state.live : state.paper;
    if (path === '/v2/account') {
      return {
        status: 200,
        body: {
          id: '904837e3-3b76-47ec-b432-046db621571b',
          account_number: live ? '3F7Z9Q2K1M' : 'PA3F7Z9Q2K1M',
          status: 'ACTIVE',
          crypto_status: 'ACTIVE',
          currency: 'USD',
          buying_power: '262113.632',
          regt_buying_power: '262113.632',
          cash: '-23140.2',
          portfolio_value: '103820.56',
          equity: '103820.56',
          last_equity: '103529.24',
          long_market_value: '126960.76',
          short_market_value: '0',
          initial_margin: '63480.38',
          maintenance_margin: '38088.228',
          daytrade_count: 0,
          pattern_day_trader: false,
          trading_blocked: false,
          transfers_blocked: false,
          account_blocked: false,
          created_at: '2024-01-05T15:12:31.232Z',
          multiplier: '4',
          shorting_enabled: true,
        },
      };
    }
    if (url.searchParams.get('direction') !== 'asc' && path.startsWith('/v2/account/activities')) {
      return { status: 422, body: { code: 42210000, message: 'this fake only pages ascending' } };
    }
    if (path === '/v2/account/activities/FILL') {
      const day = url.searchParams.get('date');
      let list = fillsAfter(book.activities, url.searchParams.get('after'));
      if (day) list = list.filter((activity) => marketDay(new Date(activity.transaction_time)) === day);
      return { status: 200, body: page(list, url) };
    }
    if (path === '/v2/account/activities') {
      const types = (url.searchParams.get('activity_types') ?? 'FILL,FEE,CFEE').split(',');
      const after = url.searchParams.get('after');
      const fees = book.fees.filter(
        (fee) => types.includes(fee.activity_type) && (!after || fee.date > after.slice(0, 10)),
      );
      const fills = types.includes('FILL') ? fillsAfter(book.activities, after) : [];
      return { status: 200, body: page<{ id: string }>([...fills, ...fees], url) };
    }
    return { status: 404, body: { code: 40410000, message: 'endpoint not found' } };
  });
  return Object.defineProperties(fake, {
    keyId: { value: state.keyId },
    secretKey: { value: state.secretKey },
    activities: { value: state.paper.activities },
    fees: { value: state.paper.fees },
    live: { value: state.live },
    revoked: {
      get: () => state.revoked,
      set: (value: boolean) => {
        state.revoked = value;
      },
    },
  }) as unknown as FakeAlpaca;
}

// ---------------------------------------------------------------- Dhan

export type DhanTrade = {
  dhanClientId: string;
  orderId: string;
  exchangeOrderId: string;
  exchangeTradeId: string;
  transactionType: 'BUY' | 'SELL';
  exchangeSegment: string;
  productType: string;
  orderType: string;
  tradingSymbol: string;
  customSymbol: string;
  securityId: string;
  tradedQuantity: number;
  tradedPrice: number;
  isin: string;
  instrument: string;
  sebiTax: number;
  stt: number;
  brokerageCharges: number;
  serviceTax: number;
  exchangeTransactionCharges: number;
  stampDuty: number;
  createTime: string;
  updateTime: string;
  exchangeTime: string;
  drvExpiryDate: string;
  drvOptionType: string;
  drvStrikePrice: number;
};

let dhanSequence = 0;

/** A trade as Dhan's trade book sends it; times are IST without a zone. */
export function dhanTrade(
  clientId: string,
  time: Date,
  symbol: string,
  side: 'BUY' | 'SELL',
  quantity: number,
  price: number,
): DhanTrade {
  dhanSequence++;
  const ist = new Date(time.getTime() + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  const orderId = String(112_111_182_000 + dhanSequence);
  return {
    dhanClientId: clientId,
    orderId,
    exchangeOrderId: `1100000000${dhanSequence}`,
    exchangeTradeId: `${15_112_111 + dhanSequence}`,
    transactionType: side,
    exchangeSegment: 'NSE_EQ',
    productType: 'CNC',
    orderType: 'MARKET',
    tradingSymbol: symbol,
    customSymbol: `${symbol} Ltd`,
    securityId: '11536',
    tradedQuantity: quantity,
    tradedPrice: price,
    isin: 'INE467B01029',
    instrument: 'EQUITY',
    sebiTax: 0.01,
    stt: 1.2,
    brokerageCharges: 20,
    serviceTax: 3.6,
    exchangeTransactionCharges: 0.35,
    stampDuty: 0.3,
    createTime: ist,
    updateTime: ist,
    exchangeTime: ist,
    drvExpiryDate: 'NA',
    drvOptionType: 'NA',
    drvStrikePrice: 0,
  };
}

/** An instant as Dhan writes it: India's wall clock, in the given layout. */
export function istText(time: Date, layout: 'profile' | 'consent'): string {
  const ist = new Date(time.getTime() + 5.5 * 3600_000).toISOString();
  if (layout === 'consent') return ist.slice(0, 19);
  const [date, clock] = [ist.slice(0, 10), ist.slice(11, 16)];
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${clock}`;
}

export type FakeDhan = FakeServer & {
  clientId: string;
  accessToken: string;
  /** Trade history (all days but today); served 20 a page. */
  history: DhanTrade[];
  /** Today's trade book. */
  today: DhanTrade[];
  revoked: boolean;
  /** What /v2/profile says the token is valid until ("30/03/2025 15:37", IST). */
  tokenValidity: string;
  /** The API key & secret of the learner's Dhan app (auth.dhan.co's app_id and app_secret). */
  apiKey: string;
  apiSecret: string;
  /** Step 2, the learner signing in on Dhan's page: the tokenId Dhan puts on the redirect. */
  signIn(consentAppId: string, asClientId?: string): string;
  /** Access tokens handed out by consumeApp-consent (each works like the static one). */
  issuedTokens: string[];
};

export const DHAN_PAGE_SIZE = 20;

export async function startFakeDhan(): Promise<FakeDhan> {
  const state = {
    clientId: '1000000009',
    accessToken: 'eyJhbGciOiJIUzUxMiJ9.dhan-token-for-tests.signature',
    history: [] as DhanTrade[],
    today: [] as DhanTrade[],
    revoked: false,
    tokenValidity: istText(new Date(Date.now() + 20 * 3600_000), 'profile'),
    apiKey: 'dhan-app-key-0001',
    apiSecret: 'dhan-app-secret-9f8e7d6c5b4a',
    consents: new Map<string, string>(),
    tokenIds: new Map<string, string>(),
    issuedTokens: [] as string[],
  };
  const fake = await serve((request, url) => {
    // auth.dhan.co: the API key & secret sign-in.
    if (url.pathname.startsWith('/app/')) {
      if (request.headers.app_id !== state.apiKey || request.headers.app_secret !== state.apiSecret) {
        return {
          status: 401,
          body: { status: 'error', errorMessage: 'Invalid app_id or app_secret.' },
        };
      }
      if (url.pathname === '/app/generate-consent' && request.method === 'POST') {
        const clientId = url.searchParams.get('client_id');
        if (!clientId)
          return { status: 400, body: { status: 'error', errorMessage: 'client_id is required.' } };
        const consentAppId = randomUUID();
        state.consents.set(consentAppId, clientId);
        return { status: 200, body: { consentAppId, consentAppStatus: 'GENERATED', status: 'success' } };
      }
      if (url.pathname === '/app/consumeApp-consent' && request.method === 'GET') {
        const tokenId = url.searchParams.get('tokenId') ?? '';
        const clientId = state.tokenIds.get(tokenId);
        if (!clientId) {
          return { status: 400, body: { status: 'error', errorMessage: 'Invalid or expired tokenId.' } };
        }
        state.tokenIds.delete(tokenId);
        const accessToken = `eyJhbGciOiJIUzUxMiJ9.dhan-consent-${state.issuedTokens.length + 1}.signature`;
        state.issuedTokens.push(accessToken);
        return {
          status: 200,
          body: {
            dhanClientId: clientId,
            dhanClientName: 'JOHN DOE',
            dhanClientUcc: 'CEFE4265',
            givenPowerOfAttorney: true,
            accessToken,
            expiryTime: istText(new Date(Date.now() + 24 * 3600_000), 'consent'),
          },
        };
      }
      return { status: 404, body: { status: 'error', errorMessage: 'Not found.' } };
    }
    const token = request.headers['access-token'];
    const authorised =
      !state.revoked &&
      (token === state.accessToken || state.issuedTokens.includes(String(token))) &&
      request.headers['client-id'] === state.clientId;
    if (!authorised) {
      return {
        status: 401,
        body: {
          errorType: 'Invalid_Authentication',
          errorCode: 'DH-901',
          errorMessage: 'Client ID or user generated access token is invalid or expired.',
        },
      };
    }
    if (url.pathname === '/v2/profile') {
      return {
        status: 200,
        body: {
          dhanClientId: state.clientId,
          tokenValidity: state.tokenValidity,
          activeSegment: 'Equity, Derivative, Currency, Commodity',
          ddpi: 'Active',
          mtf: 'Active',
          dataPlan: 'Deactive',
          dataValidity: '',
        },
      };
    }
    if (url.pathname === '/v2/fundlimit') {
      return {
        status: 200,
        body: {
          dhanClientId: state.clientId,
          availabelBalance: 98440.0,
          sodLimit: 113642,
          collateralAmount: 0.0,
          receiveableAmount: 0.0,
          utilizedAmount: 15202.0,
          blockedPayoutAmount: 0.0,
          withdrawableBalance: 98310.0,
        },
      };
    }
    if (url.pathname === '/v2/trades') return { status: 200, body: state.today };
    const history = url.pathname.match(/^\/v2\/trades\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})\/(\d+)$/);
    if (history) {
      const [, from, to, page] = history;
      const inRange = state.history.filter((trade) => {
        const day = trade.exchangeTime.slice(0, 10);
        return day >= from && day <= to;
      });
      const start = Number(page) * DHAN_PAGE_SIZE;
      return { status: 200, body: inRange.slice(start, start + DHAN_PAGE_SIZE) };
    }
    return {
      status: 404,
      body: { errorType: 'Input_Exception', errorCode: 'DH-905', errorMessage: 'Missing required fields.' },
    };
  });
  fake.setThrottleBody({
    errorType: 'Rate_Limit',
    errorCode: 'DH-904',
    errorMessage:
      'Too many requests on server from single user breaching rate limits. Try throttling API calls.',
  });
  return Object.defineProperties(fake, {
    clientId: { value: state.clientId },
    accessToken: { value: state.accessToken },
    history: { value: state.history },
    today: { value: state.today },
    apiKey: { value: state.apiKey },
    apiSecret: { value: state.apiSecret },
    issuedTokens: { value: state.issuedTokens },
    signIn: {
      value: (consentAppId: string, asClientId?: string) => {
        const clientId = state.consents.get(consentAppId);
        if (!clientId) throw new Error(`no consent ${consentAppId} was generated`);
        state.consents.delete(consentAppId);
        const tokenId = randomUUID();
        state.tokenIds.set(tokenId, asClientId ?? clientId);
        return tokenId;
      },
    },
    tokenValidity: {
      get: () => state.tokenValidity,
      set: (value: string) => {
        state.tokenValidity = value;
      },
    },
    revoked: {
      get: () => state.revoked,
      set: (value: boolean) => {
        state.revoked = value;
      },
    },
  }) as unknown as FakeDhan;
}
