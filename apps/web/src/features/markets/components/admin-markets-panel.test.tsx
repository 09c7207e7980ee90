import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, mockApi } from '@/testing/mock-api';
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

/** A small stateful admin API: a saved source changes the list; the test endpoint answers per symbol. */
function mockMarketsApi() {
  let list = instruments();
  return mockApi({
    'GET /notification/all': { body: { success: true, data: [] } },
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
        return {
          status: 400,
          body: {
            success: false,
            code: 'VALIDATION_FAILED',
            message: MISSING_SYMBOL,
            details: [{ path: 'providerSymbol', message: MISSING_SYMBOL }],
          },
        };
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
});
