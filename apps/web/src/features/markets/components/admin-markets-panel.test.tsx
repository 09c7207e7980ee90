import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import type { MarketInstrument } from '../api/get-market-instruments';

const now = Date.now();

const instruments = (): MarketInstrument[] => [
  {
    symbol: 'BTCUSD',
    name: 'Bitcoin / US Dollar',
    assetClass: 'crypto',
    currency: 'USD',
    provider: 'binance',
    providerSymbol: 'btcusdt',
    session: 'crypto',
    quote: { bid: 97_000.5, ask: 97_001, time: now - 12_000, stale: true },
  },
  {
    symbol: 'EURUSD',
    name: 'Euro / US Dollar',
    assetClass: 'forex',
    currency: 'USD',
    provider: 'simulated',
    providerSymbol: null,
    session: 'forex',
    quote: { bid: 1.08421, ask: 1.08433, time: now - 1000, stale: false },
  },
  {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    assetClass: 'stock',
    currency: 'USD',
    provider: 'simulated',
    providerSymbol: null,
    session: 'always',
    quote: null,
  },
];

const MISSING_SYMBOL = 'Name the instrument at the provider (for example btcusdt, AAPL or NSE_EQ:2885).';
const UNKNOWN_SYMBOL = 'Binance has no market called btcusdx. Check the symbol (for example btcusdt).';

const BAD_BARS = 'The file has 2 lines that are not bars. Correct them and upload it again.';
const HIGH_LOW = 'The high must be the highest price of the bar and the low the lowest.';

/** A file as the admin's picker gives it. */
const csvFile = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

/**
 * A small stateful admin API: a saved source changes the list; the test endpoint answers per symbol;
 * an upload of good bars adds a row to the stored bars, one with a bad line is refused line by line.
 */
function mockMarketsApi() {
  let list = instruments();
  let stored = [
    {
      symbol: 'BTCUSD',
      bars: 1440,
      first: '2023-03-10T00:00:00.000Z',
      last: '2023-03-10T23:59:00.000Z',
      days: ['2023-03-10'],
    },
  ];
  return mockApi({
    'GET /admin/market/replay-bars': () => ({ body: { success: true, data: stored } }),
    'POST /admin/market/replay-bars/EURUSD': ({ body }: ApiCall) => {
      if ((body as { csv: string }).csv.includes('1.2,1.1')) {
        return validationFailed(
          { 'line 3': HIGH_LOW, 'line 4': 'Bars must be in time order, one per minute.' },
          BAD_BARS,
        );
      }
      const day = { symbol: 'EURUSD', first: '2023-03-10T14:30:00.000Z', last: '2023-03-10T21:00:00.000Z' };
      stored = [...stored, { ...day, bars: 391, days: ['2023-03-10'] }];
      return { status: 201, body: { success: true, data: { ...day, stored: 391 } } };
    },
    'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    'GET /admin/market/instruments': () => ({ body: { success: true, data: list } }),
    'GET /admin/market/providers': {
      body: {
        success: true,
        data: {
          role: 'leader',
          providers: [
            { name: 'binance', connected: true, subscribed: 1, lastQuoteAt: now - 12_000, lastError: null },
            {
              name: 'alpaca',
              connected: false,
              subscribed: 0,
              lastQuoteAt: null,
              lastError: 'Alpaca refused the keys (401): check ALPACA_KEY_ID and ALPACA_SECRET_KEY.',
            },
          ],
        },
      },
    },
    'PUT /admin/market/instruments/AAPL': ({ body }: ApiCall) => {
      const source = body as Pick<MarketInstrument, 'provider' | 'providerSymbol' | 'session'>;
      if (source.provider !== 'simulated' && !source.providerSymbol) {
        return validationFailed({ providerSymbol: MISSING_SYMBOL }, MISSING_SYMBOL);
      }
      list = list.map((item) => (item.symbol === 'AAPL' ? { ...item, ...source } : item));
      return {
        body: {
          success: true,
          message: `AAPL now takes its quotes from ${source.provider}.`,
          data: { symbol: 'AAPL', ...source },
        },
      };
    },
    'POST /admin/market/providers/binance/test': ({ body }: ApiCall) =>
      (body as { providerSymbol: string }).providerSymbol === 'btcusdt'
        ? { body: { success: true, data: { bid: 97_010.25, ask: 97_011, time: now } } }
        : { status: 502, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: UNKNOWN_SYMBOL } },
  });
}

async function openPanel() {
  const view = renderApp('/admin?tab=markets', { auth: makeSession({ role: 'admin' }) });
  const panel = await screen.findByRole('region', { name: 'Markets' });
  return { ...view, panel };
}

/** An instrument's row, by the symbol in its first cell (a provider symbol may read the same). */
const instrumentRow = async (symbol: string) =>
  (await screen.findByText(symbol, { selector: '.cw-admin-markets__symbol' })).closest('tr')!;

describe('the admin Markets panel', { timeout: 60_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('lists each instrument’s provider, hours and last quote, stale ones in the danger colour, and the providers’ state', async () => {
    mockMarketsApi();
    const { panel } = await openPanel();

    const bitcoin = await instrumentRow('BTCUSD');
    expect(within(bitcoin).getByText('Binance')).toBeInTheDocument();
    expect(within(bitcoin).getByText('btcusdt')).toBeInTheDocument();
    expect(within(bitcoin).getByText('Crypto (24/7)')).toBeInTheDocument();
    expect(within(bitcoin).getByText('97,000.5 / 97,001 USD')).toBeInTheDocument();
    expect(within(bitcoin).getByText('stale').closest('.ant-typography')).toHaveClass(
      'ant-typography-danger',
    );

    const euro = await instrumentRow('EURUSD');
    expect(within(euro).getByText('Simulated')).toBeInTheDocument();
    expect(within(euro).getByText('—')).toBeInTheDocument();
    expect(within(euro).getByText('Forex (Sun 17:00 – Fri 17:00 New York)')).toBeInTheDocument();
    expect(within(euro).getByText('1.08421 / 1.08433 USD')).toBeInTheDocument();
    expect(within(euro).queryByText('stale')).not.toBeInTheDocument();
    expect(within(await instrumentRow('AAPL')).getByText('No quote yet')).toBeInTheDocument();
    expect(within(await instrumentRow('AAPL')).getByText('Always open (practice)')).toBeInTheDocument();

    const providers = within(panel).getByRole('list', { name: 'Providers' });
    const [binance, alpaca] = within(providers).getAllByRole('listitem');
    expect(binance).toHaveTextContent('Binance');
    expect(within(binance).getByText('Connected')).toBeInTheDocument();
    expect(within(binance).getByText('Subscriptions').nextElementSibling).toHaveTextContent('1');
    expect(alpaca).toHaveTextContent('Alpaca');
    expect(within(alpaca).getByText('Not connected')).toBeInTheDocument();
    expect(within(alpaca).getByText('Last quote').nextElementSibling).toHaveTextContent('None yet');
    expect(
      within(alpaca).getByText(
        'Last error: Alpaca refused the keys (401): check ALPACA_KEY_ID and ALPACA_SECRET_KEY.',
      ),
    ).toBeInTheDocument();
  });

  it('moves an instrument onto a live provider: the symbol is asked for, the server’s refusal shown under it, then saved', async () => {
    const api = mockMarketsApi();
    const { user } = await openPanel();
    await user.click(within(await instrumentRow('AAPL')).getByRole('button', { name: 'Edit AAPL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit AAPL' });
    // The simulated market needs no provider symbol, and has nothing to test.
    expect(within(dialog).queryByLabelText('Provider symbol')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Test connection/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Provider'));
    await user.click(await screen.findByTitle('Alpaca'));
    await user.click(within(dialog).getByLabelText('Market hours'));
    await user.click(await screen.findByTitle('US (09:30–16:00 New York)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save instrument' }));

    const symbolItem = within(dialog)
      .getByLabelText('Provider symbol')
      .closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(symbolItem).getByText(MISSING_SYMBOL)).toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Edit AAPL' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Provider symbol'), 'AAPL');
    await user.click(within(dialog).getByRole('button', { name: 'Save instrument' }));
    expect(await screen.findByText('AAPL now takes its quotes from alpaca.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/market/instruments/AAPL').map((call) => call.body)).toEqual([
      { provider: 'alpaca', providerSymbol: null, session: 'us' },
      { provider: 'alpaca', providerSymbol: 'AAPL', session: 'us' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit AAPL' })).not.toBeInTheDocument());
    const apple = await instrumentRow('AAPL');
    await waitFor(() => expect(within(apple).getByText('Alpaca')).toBeInTheDocument());
    expect(within(apple).getByText('US (09:30–16:00 New York)')).toBeInTheDocument();
  });

  it('tests the connection: the provider’s quote, or its sentence when it fails', async () => {
    const api = mockMarketsApi();
    const { user } = await openPanel();
    await user.click(within(await instrumentRow('BTCUSD')).getByRole('button', { name: 'Edit BTCUSD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit BTCUSD' });
    expect(within(dialog).getByLabelText('Provider symbol')).toHaveValue('btcusdt');

    await user.click(within(dialog).getByRole('button', { name: /Test connection/ }));
    expect(await within(dialog).findByText('Bid 97,010.25 · Ask 97,011')).toBeInTheDocument();

    const symbol = within(dialog).getByLabelText('Provider symbol');
    await user.clear(symbol);
    await user.type(symbol, 'btcusdx');
    // The quote belonged to the old symbol.
    expect(within(dialog).queryByText('Bid 97,010.25 · Ask 97,011')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Test connection/ }));
    expect(await within(dialog).findByText(UNKNOWN_SYMBOL)).toBeInTheDocument();

    expect(api.callsTo('POST', '/admin/market/providers/binance/test').map((call) => call.body)).toEqual([
      { providerSymbol: 'btcusdt' },
      { providerSymbol: 'btcusdx' },
    ]);
    // Testing saves nothing.
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('lists the stored replay bars and uploads a day: what was stored, or the server’s line errors', async () => {
    const api = mockMarketsApi();
    const { user } = await openPanel();
    const card = (await screen.findByText('Replay bars')).closest('.ant-card') as HTMLElement;
    const bitcoin = (await within(card).findByText('BTCUSD')).closest('tr')!;
    expect(within(bitcoin).getByText('1,440')).toBeInTheDocument();
    expect(within(bitcoin).getByText('10 Mar 2023 00:00 – 23:59 UTC')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Upload bars' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload bars' });
    const fileInput = within(dialog).getByLabelText('CSV file');
    // Too large to send: said at once, nothing leaves the browser.
    await user.upload(
      fileInput,
      new File([new Uint8Array(5 * 1024 * 1024)], 'year.csv', { type: 'text/csv' }),
    );
    expect(
      await within(dialog).findByText(
        'That file is 5.0 MB; the limit is 4 MB. Split it into several files, a few days each.',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Instrument'));
    await user.click(await screen.findByTitle('EURUSD · Euro / US Dollar'));
    const badDay =
      'time,open,high,low,close\n2023-03-10T14:30:00Z,1.08,1.09,1.07,1.085\n2023-03-10T14:31:00Z,1.08,1.2,1.1,1.09\n';
    await user.upload(fileInput, csvFile('eurusd-bad.csv', badDay));
    expect(within(dialog).getByText('eurusd-bad.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload bars' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent(BAD_BARS);
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([`Line 3: ${HIGH_LOW}`, 'Line 4: Bars must be in time order, one per minute.']);
    expect(api.callsTo('POST', '/admin/market/replay-bars/EURUSD')[0].body).toEqual({ csv: badDay });

    await user.upload(
      fileInput,
      csvFile('eurusd.csv', 'time,open,high,low,close\n2023-03-10T14:30:00Z,1.08,1.09,1.07,1.085\n'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload bars' }));
    expect(
      await screen.findByText('Stored 391 bars for EURUSD (10 Mar 2023 14:30 – 21:00 UTC)'),
    ).toBeInTheDocument();
    const euro = (await within(card).findByText('EURUSD')).closest('tr')!;
    expect(within(euro).getByText('391')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/market/replay-bars/EURUSD')).toHaveLength(2);
  });
});
