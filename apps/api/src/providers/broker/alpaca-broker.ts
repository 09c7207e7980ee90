import { type BrokerAccountSummary, US_MARKET_ZONE, zonedTimeToInstant } from '@candlewise/shared';
import {
  type BrokerAdapter,
  type BrokerCredentials,
  type BrokerFill,
  type BrokerLog,
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

/** One trade activity (GET /v2/account/activities/FILL): numbers as strings, a time to the millisecond. */
export type AlpacaFillActivity = {
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

/**
 * A charge (GET /v2/account/activities?activity_types=FEE,CFEE): a non-trade activity, dated to the
 * day, not timed. FEE is in dollars (`net_amount`, negative); CFEE, the crypto fee, is often charged
 * in the coin received (`net_amount` "0", `qty` negative, `price` the coin's price). Alpaca
 * documents no order id on non-trade activities; one is used when present.
 */
export type AlpacaFeeActivity = {
  id: string;
  activity_type: 'FEE' | 'CFEE';
  activity_sub_type?: string;
  date: string;
  net_amount?: string;
  qty?: string;
  price?: string;
  symbol?: string;
  description?: string;
  status?: string;
  order_id?: string;
};

/**
 * An option event (GET /v2/account/activities?activity_types=OPEXP,OPASN,OPEXC,OPTRD), a non-trade
 * activity dated to the day (docs.alpaca.markets, "Non-Trade Activities for Option Events"): the
 * contracts that left the account on expiry (OPEXP), assignment (OPASN) or exercise (OPEXC) —
 * `qty` negative for long contracts removed, positive for short ones — and OPTRD, the underlying
 * shares bought or sold at the strike (`qty` signed, `price` per share). OPEXC and its OPTRD may
 * share one id.
 */
export type AlpacaOptionEventActivity = {
  id: string;
  activity_type: 'OPEXP' | 'OPASN' | 'OPEXC' | 'OPTRD';
  date: string;
  symbol: string;
  qty: string;
  price?: string;
  net_amount?: string;
  description?: string;
  status?: string;
};

export const ALPACA_OPTION_EVENT_TYPES = 'OPEXP,OPASN,OPEXC,OPTRD';

/**
 * The fills an option event stands for: the contracts leave the book at price 0 (the value of an
 * assignment or exercise is in the shares traded at the strike, OPTRD), at the close of its day
 * in New York; OPTRD is a fill of the underlying at its price.
 */
export function alpacaOptionEventFills(events: AlpacaOptionEventActivity[]): BrokerFill[] {
  const fills: BrokerFill[] = [];
  for (const event of events) {
    const qty = Number(event.qty);
    const day = String(event.date ?? '').match(/^(\d{4})-(\d{2})-(\d{2})/);
    if (!day || !Number.isFinite(qty) || qty === 0 || (event.status && event.status !== 'executed')) continue;
    const time = new Date(
      zonedTimeToInstant(
        { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 16, minute: 0, second: 0 },
        US_MARKET_ZONE,
      ),
    );
    const isShares = event.activity_type === 'OPTRD';
    const price = isShares ? Number(event.price) : 0;
    if (isShares && !(price > 0)) continue;
    fills.push({
      id: `${event.activity_type}:${event.id}`,
      symbol: event.symbol,
      side: qty > 0 ? 'buy' : 'sell',
      quantity: Math.abs(qty),
      price,
      fee: 0,
      time,
      currency: 'USD',
      ...alpacaInstrument(event.symbol),
      marketZone: US_MARKET_ZONE,
    });
  }
  return fills;
}

/** An OCC option symbol: root (up to 6), expiry yymmdd, C or P, strike × 1000 in 8 digits. */
const OCC_OPTION_SYMBOL = /^[A-Z][A-Z0-9]{0,5}\d{6}[CP]\d{8}$/;
/** Shares per US equity option contract: the price is per share, P&L per contract is ×100. */
const OPTION_MULTIPLIER = 100;

/** What an Alpaca symbol is: crypto pairs (BTC/USD), OCC option contracts (×100), else shares. */
export function alpacaInstrument(symbol: string): Pick<BrokerFill, 'assetClass' | 'multiplier'> {
  if (symbol.includes('/')) return { assetClass: 'crypto', multiplier: 1 };
  if (OCC_OPTION_SYMBOL.test(symbol)) return { assetClass: 'option', multiplier: OPTION_MULTIPLIER };
  return { assetClass: 'stock', multiplier: 1 };
}

const PAGE_SIZE = 100;
const MAX_PAGES = 1000;
/**
 * Charges are read from this many days before the sync window: Alpaca posts them at the end of the
 * day or later, dated to the trade's day. A charge dated before the window brings its day's fills
 * back (GET …/FILL?date=), so it reaches them even when they were synced long before.
 */
export const ALPACA_FEE_LOOKBACK_DAYS = 7;
const DAY_MS = 86_400_000;

/** The US market day of an instant (Alpaca's activity dates), YYYY-MM-DD. */
const marketDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const alpacaMarketDay = (time: Date) => marketDayFormat.format(time);

/** Fee activities name crypto pairs without the slash (ETHUSD for ETH/USD). */
const symbolKey = (symbol: string) => symbol.replace('/', '').trim().toUpperCase();

/** A charge in dollars: `net_amount`, or a coin-denominated one valued at the price Alpaca gives. */
export function alpacaFeeAmount(activity: AlpacaFeeActivity): number | null {
  const net = Number(activity.net_amount);
  if (Number.isFinite(net) && net !== 0) return Math.abs(net);
  const inCoin = Number(activity.qty) * Number(activity.price);
  if (Number.isFinite(inCoin) && inCoin !== 0) return Math.abs(inCoin);
  return null;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Shares a charge among the fills it belongs to, by their value (a single fill takes it all). */
function addFee(fills: BrokerFill[], amount: number) {
  const weights = fills.map((fill) => fill.price * fill.quantity * (fill.multiplier ?? 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = amount;
  fills.forEach((fill, index) => {
    const share =
      index === fills.length - 1
        ? left
        : round6(total > 0 ? (amount * weights[index]) / total : amount / fills.length);
    left -= share;
    fill.fee = round6(fill.fee + share);
  });
}

/**
 * Puts each charge on the fills it belongs to: the order's fills when the activity names an order,
 * else the same symbol's fills of that day (US market day, then the UTC day for crypto). A charge
 * that matches no fill is left out and logged.
 */
export function attachAlpacaFees(
  fills: Array<BrokerFill & { orderId?: string }>,
  fees: AlpacaFeeActivity[],
  log?: BrokerLog,
): void {
  const byOrder = new Map<string, BrokerFill[]>();
  const byDay = new Map<string, BrokerFill[]>();
  const push = (map: Map<string, BrokerFill[]>, key: string, fill: BrokerFill) => {
    const list = map.get(key);
    if (list) list.push(fill);
    else map.set(key, [fill]);
  };
  for (const fill of fills) {
    if (fill.orderId) push(byOrder, fill.orderId, fill);
    const key = symbolKey(fill.symbol);
    push(byDay, `${alpacaMarketDay(fill.time)}|${key}`, fill);
    const utcDay = fill.time.toISOString().slice(0, 10);
    if (utcDay !== alpacaMarketDay(fill.time)) push(byDay, `utc:${utcDay}|${key}`, fill);
  }
  for (const fee of fees) {
    const amount = alpacaFeeAmount(fee);
    if (amount === null) continue;
    const day = String(fee.date ?? '').slice(0, 10);
    const symbol = fee.symbol ? symbolKey(fee.symbol) : '';
    const targets =
      (fee.order_id ? byOrder.get(fee.order_id) : undefined) ??
      (symbol ? (byDay.get(`${day}|${symbol}`) ?? byDay.get(`utc:${day}|${symbol}`)) : undefined);
    if (!targets?.length) {
      log?.warn(
        {
          activityId: fee.id,
          activityType: fee.activity_type,
          symbol: fee.symbol ?? null,
          date: day,
          amount,
        },
        'Alpaca charge matches no fill; left out of the journal',
      );
      continue;
    }
    addFee(targets, amount);
  }
}

const AUTH_MESSAGE =
  'Alpaca did not accept this API key ID and secret key. Copy both from the same key pair, and choose the environment (paper or live) the key was made for.';

export type AlpacaOptions = BrokerHttpOptions & { paperUrl: string; liveUrl: string };

/**
 * Alpaca (US stocks, options and crypto): key ID and secret in headers; fills from account
 * activities, with the FEE and CFEE charges Alpaca posts later added to the fills they belong to.
 */
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
      description:
        'US stocks, options and crypto. Fills and their charges come from your Alpaca account activities.',
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
    async fillsSince(credentials, since, context) {
      const get = session(credentials);
      /** Every page of one activity listing, oldest first (the last id is the next page's token). */
      const collect = async <T extends { id: string }>(path: string, params: Record<string, string>) => {
        const collected: T[] = [];
        let pageToken: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const query = new URLSearchParams({ direction: 'asc', page_size: String(PAGE_SIZE), ...params });
          if (pageToken) query.set('page_token', pageToken);
          const activities = await get<T[]>(`${path}?${query}`);
          collected.push(...(activities ?? []));
          if (!activities || activities.length < PAGE_SIZE) break;
          pageToken = activities[activities.length - 1].id;
        }
        return collected;
      };

      const byId = new Map<string, AlpacaFillActivity>();
      const keep = (activities: AlpacaFillActivity[]) => {
        for (const activity of activities) byId.set(activity.id, activity);
      };
      keep(
        await collect<AlpacaFillActivity>(
          '/v2/account/activities/FILL',
          since ? { after: since.toISOString() } : {},
        ),
      );

      let fees: AlpacaFeeActivity[] = [];
      try {
        const feeParams: Record<string, string> = { activity_types: 'FEE,CFEE' };
        if (since)
          feeParams.after = alpacaMarketDay(new Date(since.getTime() - ALPACA_FEE_LOOKBACK_DAYS * DAY_MS));
        fees = await collect<AlpacaFeeActivity>('/v2/account/activities', feeParams);
      } catch (error) {
        // Charges are extra: an account that cannot list them still syncs its fills.
        if (!(error instanceof BrokerRequestError)) throw error;
        context.log?.warn(
          { reason: error.message },
          'Alpaca charges could not be read; fills synced without them',
        );
      }
      // A charge dated on or before the window's first day: that day's fills come again, whole.
      if (since) {
        const firstDay = alpacaMarketDay(since);
        const days = new Set(
          fees
            .filter((fee) => alpacaFeeAmount(fee) !== null)
            .map((fee) => String(fee.date ?? '').slice(0, 10))
            .filter((day) => day && day <= firstDay),
        );
        for (const day of [...days].sort()) {
          keep(await collect<AlpacaFillActivity>('/v2/account/activities/FILL', { date: day }));
        }
      }

      // Options that expired, were assigned or exercised: the contracts leave the book, the shares
      // of an assignment or exercise arrive. Extra, like charges: an account without them still syncs.
      let optionEvents: AlpacaOptionEventActivity[] = [];
      try {
        const params: Record<string, string> = { activity_types: ALPACA_OPTION_EVENT_TYPES };
        if (since) params.after = alpacaMarketDay(new Date(since.getTime() - DAY_MS));
        optionEvents = await collect<AlpacaOptionEventActivity>('/v2/account/activities', params);
      } catch (error) {
        if (!(error instanceof BrokerRequestError)) throw error;
        context.log?.warn(
          { reason: error.message },
          'Alpaca option events could not be read; fills synced without them',
        );
      }

      const fills = [...byId.values()].map((activity) => ({
        id: activity.id,
        orderId: activity.order_id,
        symbol: activity.symbol,
        side: activity.side === 'buy' ? ('buy' as const) : ('sell' as const),
        // Alpaca says when a sale opens a short; its stock and option days are New York's.
        shortSale: activity.side === 'sell_short',
        quantity: Math.abs(Number(activity.qty)),
        price: Number(activity.price),
        fee: 0,
        time: new Date(activity.transaction_time),
        // Alpaca trades US stocks, options and crypto (pairs such as BTC/USD), priced in dollars.
        currency: 'USD',
        ...alpacaInstrument(activity.symbol),
        marketZone: alpacaInstrument(activity.symbol).assetClass === 'crypto' ? null : US_MARKET_ZONE,
      }));
      attachAlpacaFees(fills, fees, context.log);
      return [
        ...fills.map(({ orderId: _orderId, ...fill }): BrokerFill => fill),
        ...alpacaOptionEventFills(optionEvents),
      ].sort((a, b) => a.time.getTime() - b.time.getTime() || (a.id < b.id ? -1 : 1));
    },
    // Alpaca keys are revoked in the Alpaca dashboard; forgetting them here is all we can do.
    disconnect: async () => undefined,
  };
}
