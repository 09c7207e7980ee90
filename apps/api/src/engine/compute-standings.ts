import { changePercent } from '@candlewise/shared/money/money';
import type { AccountState, StandingRow } from './account-book.ts';

/** The standings of a competition's accounts: rank by P&L %, removed members left out. */
export function computeStandings(accounts: Iterable<AccountState>): StandingRow[] {
  // Sort indexes over plain number arrays, build the row objects once: this runs every second over
  // every member (10,000 in the engine bench), so no per-member sort objects.
  const list: AccountState[] = [];
  for (const account of accounts) if (!account.removed) list.push(account);
  const count = list.length;
  const pnls = new Float64Array(count);
  const equities = new Float64Array(count);
  const finalRanks = new Float64Array(count);
  const order: number[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const account = list[i];
    pnls[i] = changePercent(account.startingBalance, account.equity);
    equities[i] = account.equity;
    finalRanks[i] = account.finalRank ?? Number.NaN;
    order[i] = i;
  }
  order.sort((a, b) => {
    const ra = finalRanks[a];
    const rb = finalRanks[b];
    if (!Number.isNaN(ra) && !Number.isNaN(rb)) return ra - rb; // both ranked for good
    if (pnls[b] !== pnls[a]) return pnls[b] - pnls[a];
    if (equities[b] !== equities[a]) return equities[b] - equities[a];
    const na = list[a].name;
    const nb = list[b].name;
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
  const rows: StandingRow[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const account = list[order[i]];
    const pnl = pnls[order[i]];
    rows[i] = {
      rank: i + 1,
      userId: account.userId,
      name: account.name,
      pnlPercent: pnl,
      // Whole minor units already: the number JSON prints is the exact amount.
      balance: account.balance,
      equity: account.equity,
      trades: account.tradesCount,
      freezes: account.freezeCount,
      frozenUntil: account.frozenUntil ? new Date(account.frozenUntil).toISOString() : null,
      frozenReason: account.frozenUntil ? account.frozenReason : null,
    };
  }
  return rows;
}
