import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '@/testing/match-media';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { rememberedMapping } from './column-mapping-form';

const COLUMNS = ['When', 'Ticker', 'Way', 'Qty', 'Px', 'Commission'];
const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};
const emptyCounts = {
  newFills: 0,
  knownFills: 0,
  completeTrades: 0,
  openPositions: 0,
  needsOpeningHoldings: [],
  newTrades: 0,
  duplicates: 0,
  trades: [],
};

describe('the import’s column mapper', () => {
  it('asks which column holds each field of an unrecognised file, by keyboard, at 375 px, and remembers it', async () => {
    setViewportWidth(375);
    const api = mockApi({
      ...noNotifications,
      'GET /journal/import/presets': { body: { success: true, data: [] } },
      'POST /journal/import/preview': ({ url }) =>
        url.searchParams.get('preset') === 'column-mapping'
          ? {
              body: {
                success: true,
                data: {
                  ...emptyCounts,
                  layout: 'column-mapping',
                  rows: 2,
                  format: 'fills',
                  errors: [],
                  skipped: {},
                  newFills: 2,
                  completeTrades: 1,
                },
              },
            }
          : {
              body: {
                success: true,
                data: {
                  ...emptyCounts,
                  layout: null,
                  columns: COLUMNS,
                  rows: 0,
                  format: 'fills',
                  errors: [{ line: 1, message: 'Candlewise does not recognise this file’s columns.' }],
                  skipped: {},
                },
              },
            },
    });
    const { user } = renderApp('/journal?tab=import', { auth: makeSession() });
    await user.upload(
      await screen.findByTestId('import-file-input'),
      new File(['When,Ticker,Way,Qty,Px,Commission\n'], 'broker.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('heading', { name: 'Map the columns' })).toBeInTheDocument();
    // The columns whose names say what they hold are chosen already; the others are asked for.
    await user.click(screen.getByRole('button', { name: 'Read the file with these columns' }));
    // Ant Design shows each field's message as that field's check settles: wait for each.
    expect(await screen.findByText('Choose the column that holds the time.')).toBeInTheDocument();
    expect(
      await screen.findByText('Choose the column that holds the side (buy or sell).'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Choose the column that holds the price.')).toBeInTheDocument();
    expect(screen.queryByText('Choose the column that holds the symbol.')).not.toBeInTheDocument();

    // Each choice by keyboard alone: Tab into the field, type to filter, Enter to pick.
    for (const [label, column] of [
      ['Time', 'When'],
      ['Side (buy or sell)', 'Way'],
      ['Price', 'Px'],
    ]) {
      const box = screen.getByRole('combobox', { name: label });
      while (document.activeElement !== box) await user.tab();
      await user.keyboard(column);
      // rc-select reads Enter's keyCode, which user-event leaves out (a browser sends it).
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
      await waitFor(() =>
        expect(
          screen.queryByText(`Choose the column that holds the ${label.toLowerCase()}.`),
        ).not.toBeInTheDocument(),
      );
    }
    await user.click(screen.getByRole('button', { name: 'Read the file with these columns' }));
    expect(await screen.findByText('Read with the columns you chose.')).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 rows read: 2 new fills, 0 already in your journal, 1 trade complete, 0 positions open.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 fills' })).toBeEnabled();

    const mapped = api.callsTo('POST', '/journal/import/preview').at(-1)!;
    expect(JSON.parse(mapped.url.searchParams.get('mapping')!)).toEqual({
      columns: {
        time: 'When',
        symbol: 'Ticker',
        side: 'Way',
        quantity: 'Qty',
        price: 'Px',
        fees: 'Commission',
      },
    });
    await waitFor(() =>
      expect(rememberedMapping(COLUMNS)?.columns).toMatchObject({ time: 'When', side: 'Way', price: 'Px' }),
    );
    // Several keyboard walks through antd's form: slow under jsdom on a busy machine.
  }, 60_000);
});
