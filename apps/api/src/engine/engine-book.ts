import {
  applyFill,
  breachesFreezeThreshold,
  drawdownPercent,
  marketFillPrice,
  pendingOrderFill,
  pnlPercent,
  protectiveExit,
  type Side,
  unrealizedPnl,
} from '@candlewise/shared';
import type { MarketQuote } from './simulated-feed.ts';

export type PositionState = {
  symbol: string;
  quantity: number;
  averagePrice: number;
  stopLoss: number | null;
  takeProfit: number | null;
};

export type OrderState = {
  id: string;
  symbol: string;
  side: Side;
  type: 'limit' | 'stop';
  quantity: number;
  price: number;
  stopLoss: number | null;
  takeProfit: number | null;
};

export type AccountState = {
  id: string;
  groupId: string;
  userId: string;
  name: string;
  startingBalance: number;
  balance: number;
  equity: number;
  peakEquity: number;
  frozenUntil: number | null;
  freezeCount: number;
  tradesCount: number;
  finalRank: number | null;
  version: number;
  positions: Map<string, PositionState>;
  openOrders: OrderState[];
};

export type GroupState = {
  id: string;
  name: string;
  startMs: number;
  endMs: number;
  freezeThreshold: number;
  freezeDurationMs: number;
  accounts: Map<string, AccountState>;
  startAnnounced: boolean;
  finalized: boolean;
  standings: StandingRow[];
  /** An account changed since `standings` was sorted: sort again before anyone reads them. */
  standingsStale?: boolean;
};

export type StandingRow = {
  rank: number;
  userId: string;
  name: string;
  pnlPercent: number;
  balance: number;
  equity: number;
  trades: number;
  freezes: number;
  frozenUntil: string | null;
};

export type FillRecord = {
  orderId: string | null;
  symbol: string;
  side: Side;
  quantity: number;
  price: number;
  realizedPnl: number;
  reason: 'order' | 'stop_loss' | 'take_profit' | 'freeze' | 'competition_end' | 'close';
};

/** What a tick decided; the persistence layer writes each, the notifier tells the users. */
export type EngineEvent =
  | { type: 'fills'; accountId: string; fills: FillRecord[] }
  | { type: 'freeze'; accountId: string; until: number; fills: FillRecord[]; canceledOrderIds: string[] }
  | { type: 'release'; accountId: string }
  | { type: 'start'; groupId: string }
  | {
      type: 'finalize';
      groupId: string;
      closes: Array<{ accountId: string; fills: FillRecord[]; canceledOrderIds: string[] }>;
      ranks: Array<{ accountId: string; rank: number }>;
    };

export type ContractSizes = Map<string, number>;

/** Applies one execution to an account in memory (position netting and realised P&L into the balance). */
export function executeFill(
  account: AccountState,
  fill: Omit<FillRecord, 'realizedPnl'>,
  contractSize: number,
): FillRecord {
  const existing = account.positions.get(fill.symbol);
  const result = applyFill(
    { quantity: existing?.quantity ?? 0, averagePrice: existing?.averagePrice ?? 0 },
    { side: fill.side, quantity: fill.quantity, price: fill.price },
    contractSize,
  );
  if (result.position.quantity === 0) {
    account.positions.delete(fill.symbol);
  } else {
    account.positions.set(fill.symbol, {
      symbol: fill.symbol,
      quantity: result.position.quantity,
      averagePrice: result.position.averagePrice,
      stopLoss:
        existing && Math.sign(existing.quantity) === Math.sign(result.position.quantity)
          ? existing.stopLoss
          : null,
      takeProfit:
        existing && Math.sign(existing.quantity) === Math.sign(result.position.quantity)
          ? existing.takeProfit
          : null,
    });
  }
  account.balance += result.realizedPnl;
  account.tradesCount += 1;
  return { ...fill, realizedPnl: result.realizedPnl };
}

/** Closes every position at market (freeze, end of competition). */
function closeAll(
  account: AccountState,
  quotes: Map<string, MarketQuote>,
  sizes: ContractSizes,
  reason: FillRecord['reason'],
): FillRecord[] {
  const closes: FillRecord[] = [];
  for (const position of [...account.positions.values()]) {
    const quote = quotes.get(position.symbol);
    if (!quote) continue;
    const side: Side = position.quantity > 0 ? 'sell' : 'buy';
    closes.push(
      executeFill(
        account,
        {
          orderId: null,
          symbol: position.symbol,
          side,
          quantity: Math.abs(position.quantity),
          price: marketFillPrice(side, quote),
          reason,
        },
        sizes.get(position.symbol) ?? 1,
      ),
    );
  }
  return closes;
}

export function markToMarket(
  account: AccountState,
  quotes: Map<string, MarketQuote>,
  sizes: ContractSizes,
): number {
  let equity = account.balance;
  for (const position of account.positions.values()) {
    const quote = quotes.get(position.symbol);
    if (quote) equity += unrealizedPnl(position, quote, sizes.get(position.symbol) ?? 1);
  }
  account.equity = equity;
  return equity;
}

export function computeStandings(group: GroupState): StandingRow[] {
  // Sort plain numbers first, build the row objects once: this runs every second over every member.
  const entries: Array<{ account: AccountState; pnl: number }> = [];
  for (const account of group.accounts.values()) {
    entries.push({
      account,
      pnl: Math.round(pnlPercent(account.equity, account.startingBalance) * 100) / 100,
    });
  }
  entries.sort((a, b) => {
    const ra = a.account.finalRank;
    const rb = b.account.finalRank;
    if (ra !== null && rb !== null) return ra - rb;
    return (
      b.pnl - a.pnl ||
      b.account.equity - a.account.equity ||
      (a.account.name < b.account.name ? -1 : a.account.name > b.account.name ? 1 : 0)
    );
  });
  const rows: StandingRow[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i += 1) {
    const { account, pnl } = entries[i];
    rows[i] = {
      rank: i + 1,
      userId: account.userId,
      name: account.name,
      pnlPercent: pnl,
      balance: Math.round(account.balance * 100) / 100,
      equity: Math.round(account.equity * 100) / 100,
      trades: account.tradesCount,
      freezes: account.freezeCount,
      frozenUntil: account.frozenUntil ? new Date(account.frozenUntil).toISOString() : null,
    };
  }
  return rows;
}

/**
 * One engine step for every competition: pending orders and protective exits, mark-to-market,
 * the freeze rule (DESIGN §8) and releases, the start and the end. Mutates the in-memory state and
 * returns what happened; it never touches the database, so a tick over 10,000 accounts stays fast.
 */
export function runTick(
  groups: Iterable<GroupState>,
  quotes: Map<string, MarketQuote>,
  sizes: ContractSizes,
  now: number,
): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (const group of groups) {
    if (group.finalized) continue;
    if (now < group.startMs) continue;
    if (!group.startAnnounced) {
      group.startAnnounced = true;
      events.push({ type: 'start', groupId: group.id });
    }
    if (now >= group.endMs) {
      const closes = [];
      for (const account of group.accounts.values()) {
        const fills = closeAll(account, quotes, sizes, 'competition_end');
        const canceledOrderIds = account.openOrders.map((order) => order.id);
        account.openOrders = [];
        markToMarket(account, quotes, sizes);
        closes.push({ accountId: account.id, fills, canceledOrderIds });
      }
      const standings = computeStandings(group);
      const byUser = new Map([...group.accounts.values()].map((account) => [account.userId, account]));
      const ranks = standings.map((row) => {
        const account = byUser.get(row.userId)!;
        account.finalRank = row.rank;
        return { accountId: account.id, rank: row.rank };
      });
      group.finalized = true;
      group.standings = computeStandings(group);
      events.push({ type: 'finalize', groupId: group.id, closes, ranks });
      continue;
    }

    for (const account of group.accounts.values()) {
      if (account.frozenUntil !== null) {
        if (account.frozenUntil > now) {
          markToMarket(account, quotes, sizes);
          continue;
        }
        account.frozenUntil = null;
        markToMarket(account, quotes, sizes);
        account.peakEquity = account.equity; // the drawdown is measured from the release on
        events.push({ type: 'release', accountId: account.id });
      }

      const fills: FillRecord[] = [];
      if (account.openOrders.length) {
        const still: OrderState[] = [];
        for (const order of account.openOrders) {
          const quote = quotes.get(order.symbol);
          const price = quote ? pendingOrderFill(order, quote) : null;
          if (price === null) {
            still.push(order);
            continue;
          }
          fills.push(
            executeFill(
              account,
              {
                orderId: order.id,
                symbol: order.symbol,
                side: order.side,
                quantity: order.quantity,
                price,
                reason: 'order',
              },
              sizes.get(order.symbol) ?? 1,
            ),
          );
          const position = account.positions.get(order.symbol);
          if (position && (order.stopLoss !== null || order.takeProfit !== null)) {
            position.stopLoss = order.stopLoss ?? position.stopLoss;
            position.takeProfit = order.takeProfit ?? position.takeProfit;
          }
        }
        account.openOrders = still;
      }
      let exits: Array<{
        position: PositionState;
        price: number;
        reason: 'stop_loss' | 'take_profit';
      }> | null = null;
      for (const position of account.positions.values()) {
        if (position.stopLoss === null && position.takeProfit === null) continue;
        const quote = quotes.get(position.symbol);
        const exit = quote ? protectiveExit(position, quote) : null;
        if (!exit) continue;
        exits ??= [];
        exits.push({ position, ...exit });
      }
      for (const exit of exits ?? []) {
        const position = exit.position;
        const side: Side = position.quantity > 0 ? 'sell' : 'buy';
        fills.push(
          executeFill(
            account,
            {
              orderId: null,
              symbol: position.symbol,
              side,
              quantity: Math.abs(position.quantity),
              price: exit.price,
              reason: exit.reason,
            },
            sizes.get(position.symbol) ?? 1,
          ),
        );
      }
      if (fills.length) events.push({ type: 'fills', accountId: account.id, fills });

      const equity = markToMarket(account, quotes, sizes);
      if (equity > account.peakEquity) account.peakEquity = equity;
      if (breachesFreezeThreshold(drawdownPercent(account.peakEquity, equity), group.freezeThreshold)) {
        const closes = closeAll(account, quotes, sizes, 'freeze');
        const canceledOrderIds = account.openOrders.map((order) => order.id);
        account.openOrders = [];
        markToMarket(account, quotes, sizes);
        account.frozenUntil = now + group.freezeDurationMs;
        account.freezeCount += 1;
        events.push({
          type: 'freeze',
          accountId: account.id,
          until: account.frozenUntil,
          fills: closes,
          canceledOrderIds,
        });
      }
    }
    group.standings = computeStandings(group);
    group.standingsStale = false;
  }
  return events;
}
