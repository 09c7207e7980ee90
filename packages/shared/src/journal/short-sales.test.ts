import { describe, expect, it } from 'vitest';
import type { ImportedExecution } from './executions.ts';
import { parseIbkrActivityTrades } from './importers/ibkr-activity-trades.ts';
import { rebuildPositions, toPairingExecution } from './round-trips.ts';

/** What the API does with a file's fills: pair them as a CSV account (history may be incomplete). */
function rebuild(executions: readonly ImportedExecution[], timeZone = 'Asia/Kolkata') {
  const fills = executions.map(toPairingExecution);
  return rebuildPositions(fills, { historyMayBeIncomplete: true, timeZone });
}

const HEADER =
  'ClientAccountID,CurrencyPrimary,AssetClass,Symbol,Multiplier,TradeID,DateTime,TradeDate,Buy/Sell,Quantity,TradePrice,IBCommission,IBCommissionCurrency,IBOrderID,Open/CloseIndicator,LevelOfDetail';

describe('short sales the broker marks, and the same-day rule in the exchange’s zone', () => {
  it('opens a short from an IBKR sale marked O and closes it when bought back the next day (+248)', () => {
    const file = [
      HEADER,
      'U1234567,USD,STK,TSLA,1,8001,20260302;100000,20260302,SELL,-50,250.00,-1,USD,9101,O,EXECUTION',
      'U1234567,USD,STK,TSLA,1,8002,20260303;110000,20260303,BUY,50,245.00,-1,USD,9102,C,EXECUTION',
    ].join('\n');
    const parsed = parseIbkrActivityTrades(file, { timeZone: 'Asia/Kolkata' });
    expect(parsed.errors).toEqual([]);
    const rebuilt = rebuild(parsed.executions);
    expect(rebuilt.salesWithoutOpening).toEqual([]);
    expect(rebuilt.open).toEqual([]);
    expect(rebuilt.trips.map((trip) => [trip.symbol, trip.side, trip.quantity, trip.pnl])).toEqual([
      ['TSLA', 'short', 50, 248],
    ]);
  });

  it('still reads an unmarked overnight stock sale as shares held before the history', () => {
    const file = [
      HEADER,
      'U1234567,USD,STK,TSLA,1,8001,20260302;100000,20260302,SELL,-50,250.00,-1,USD,9101,C,EXECUTION',
      'U1234567,USD,STK,TSLA,1,8002,20260303;110000,20260303,BUY,50,245.00,-1,USD,9102,O,EXECUTION',
    ].join('\n');
    const rebuilt = rebuild(parseIbkrActivityTrades(file, { timeZone: 'Asia/Kolkata' }).executions);
    expect(rebuilt.salesWithoutOpening.map((sale) => [sale.symbol, sale.quantity])).toEqual([['TSLA', 50]]);
    expect(rebuilt.open.map((position) => [position.symbol, position.side, position.quantity])).toEqual([
      ['TSLA', 'long', 50],
    ]);
  });

  it('keeps a US intraday short (09:35 → 15:30 New York) whole for a learner in Asia/Kolkata', () => {
    // Without the Open/Close column: the same New York day makes it a short, though the two fills
    // fall either side of Indian midnight (20:05 and 02:00 IST).
    const file = [
      'ClientAccountID,CurrencyPrimary,AssetClass,Symbol,Multiplier,TradeID,DateTime,TradeDate,Buy/Sell,Quantity,TradePrice,IBCommission,IBCommissionCurrency,IBOrderID,LevelOfDetail',
      'U1234567,USD,STK,MSFT,1,8101,20260302;093500,20260302,SELL,-20,400.00,-1,USD,9201,EXECUTION',
      'U1234567,USD,STK,MSFT,1,8102,20260302;153000,20260302,BUY,20,395.50,-1,USD,9202,EXECUTION',
    ].join('\n');
    const rebuilt = rebuild(parseIbkrActivityTrades(file, { timeZone: 'Asia/Kolkata' }).executions);
    expect(rebuilt.salesWithoutOpening).toEqual([]);
    expect(rebuilt.trips.map((trip) => [trip.symbol, trip.side, trip.pnl])).toEqual([['MSFT', 'short', 88]]);
  });
});

describe('options that expire', () => {
  const HEADER =
    'ClientAccountID,CurrencyPrimary,AssetClass,Symbol,Multiplier,TradeID,DateTime,TradeDate,Buy/Sell,Quantity,TradePrice,IBCommission,IBCommissionCurrency,IBOrderID,Notes/Codes,LevelOfDetail';

  it('closes a NIFTY put sold short at 0 on its expiry: the premium is the P&L', () => {
    const file = [
      HEADER,
      'U2223333,INR,OPT,NIFTY 27JUN24 22000 P,25,8201,20240603;101500,20240603,SELL,-2,120.5,-40,INR,9301,O,EXECUTION',
      'U2223333,INR,OPT,NIFTY 27JUN24 22000 P,25,8202,20240627;153000,20240627,BUY,2,0,0,INR,,C;Ep,EXECUTION',
    ].join('\n');
    const parsed = parseIbkrActivityTrades(file, { timeZone: 'Asia/Kolkata' });
    expect(parsed.errors).toEqual([]);
    const rebuilt = rebuild(parsed.executions);
    expect(rebuilt.open).toEqual([]);
    // 120.5 × 2 × 25 − 40 of commission.
    expect(rebuilt.trips.map((t) => [t.symbol, t.side, t.exitPrice, t.pnl])).toEqual([
      ['NIFTY 27JUN24 22000 P', 'short', 0, 5985],
    ]);
  });

  it('opens nothing from an expiry whose opening is not in the history', () => {
    const file = [
      HEADER,
      'U2223333,INR,OPT,NIFTY 27JUN24 22000 P,25,8202,20240627;153000,20240627,BUY,2,0,0,INR,,C;Ep,EXECUTION',
    ].join('\n');
    const rebuilt = rebuild(parseIbkrActivityTrades(file, { timeZone: 'Asia/Kolkata' }).executions);
    expect(rebuilt).toEqual({ trips: [], open: [], salesWithoutOpening: [], awaitingSettlement: [] });
  });
});
