import { LEVERAGE } from '@candlewise/shared';
import type { PhaseFacts } from '@candlewise/shared/challenges/objectives';
import {
  type AccountDecision,
  type AccountState,
  type ChallengeDecision,
  cloneAccount,
  closeOut,
  decisionChangesAccount,
  type GroupState,
  type Market,
  markToMarket,
} from '../account-book.ts';
import type { AccountWrite } from '../account-ledger.ts';
import { marketTime, wallTime } from '../challenge-rules.ts';
import { computeStandings } from '../compute-standings.ts';
import { decideAccount, needsDecision } from '../decide-account.ts';
import type { EngineEvent, EngineNotification } from '../engine-contract.ts';

// The tick's first stage: pure functions of accounts, quotes (as markets) and the time. No I/O,
// no clock, no mutation of their inputs except the copies they make: what persist-tick.ts saves
// is exactly what these decided, and a test can check every rule with plain objects.

/** What this second asks of the database, decided on the leader's memory (cheap). */
export type TickWork = {
  /** Accounts whose in-memory copy says something happens (decided again under the lock). */
  touched: string[];
  /** Competitions that started and were not yet announced. */
  starting: GroupState[];
  /** Competitions whose end has come: closed out and ranked. */
  ending: GroupState[];
  /** Competitions running this second (their standings change with the quotes). */
  running: GroupState[];
};

export type MarketOf = (group: GroupState) => Market;

export function planTickWork(groups: Iterable<GroupState>, marketOf: MarketOf, now: number): TickWork {
  const work: TickWork = { touched: [], starting: [], ending: [], running: [] };
  for (const group of groups) {
    if (group.finalized || now < group.startMs) continue;
    if (!group.startAnnounced) work.starting.push(group);
    if (now >= group.endMs) {
      work.ending.push(group);
      continue;
    }
    const market = marketOf(group);
    for (const account of group.accounts.values()) {
      // A replay's accounts are decided by the bar walk (walk-replay.ts) at the replayed bars'
      // moments, never at the tick's own (it depends on when the tick runs): here only marked.
      if (group.replay) {
        if (!account.removed && account.finalRank === null) markToMarket(account, market);
      } else if (needsDecision(account, group, market, now)) work.touched.push(account.id);
    }
    work.running.push(group);
  }
  return work;
}

const leaderboardOf = (group: GroupState) => `/group/${group.id}/leaderboard`;

/** A competition this tick claimed the start of: the event, and "it started" for each member. */
export function planStart(
  group: GroupState,
  now: number,
): { events: EngineEvent[]; notifications: EngineNotification[] } {
  const events: EngineEvent[] = [{ type: 'start', groupId: group.id }];
  if (now >= group.endMs) return { events, notifications: [] }; // nobody wants "it started" for a finished competition
  const notifications: EngineNotification[] = [];
  for (const account of group.accounts.values()) {
    if (account.removed) continue;
    notifications.push({
      userId: account.userId,
      kind: 'competition_started',
      title: `${group.name} has started`,
      message: 'Orders are open. Trade carefully: the freeze rule is watching your drawdown.',
      link: leaderboardOf(group),
    });
  }
  return { events, notifications };
}

export type AccountPlan =
  | { write: AccountWrite; events: EngineEvent[]; notifications: EngineNotification[] }
  | { write: null; reload: boolean };

/**
 * One account's second, decided on its stored (locked) copy `before`; `memory` is the leader's
 * copy, whose running peak it keeps. Nothing to write: `reload` says memory is older than the store.
 */
export function planAccount(
  before: AccountState,
  memory: AccountState | undefined,
  group: GroupState,
  market: Market,
  now: number,
  facts: PhaseFacts | null = null,
): AccountPlan {
  const after = cloneAccount(before);
  carryMemory(after, memory);
  const decision = decideAccount(after, group, market, now, facts);
  if (!decisionChangesAccount(decision))
    return { write: null, reload: Boolean(memory && memory.version < before.version) };
  const write: AccountWrite = {
    before,
    after,
    fills: decision.fills,
    filledOrders: decision.filledOrders,
    canceledOrders: decision.canceledOrders,
    challenge: decision.challenge
      ? {
          ...decision.challenge,
          ruleSet: group.ruleSet.ref,
          // The breach's day (the pass's phase) on the wall clock: the fills since then are its evidence.
          fillsSince:
            decision.challenge.kind === 'passed'
              ? (before.phaseStartedAt ?? group.startMs)
              : wallTime(group, before.dayStartedAt ?? marketTime(group, group.startMs)),
        }
      : undefined,
  };
  return { write, ...describeDecision(group, after, decision) };
}

/**
 * What only the leader's memory knows, carried onto the stored copy decided on: the running peak,
 * the equity high and largest drawdown since the last save, and the recent equity samples.
 */
function carryMemory(after: AccountState, memory: AccountState | undefined): void {
  if (!memory) return;
  after.peakEquity = Math.max(after.peakEquity, memory.peakEquity);
  if (memory.phase !== after.phase) return;
  if (memory.equityHigh !== null) after.equityHigh = Math.max(after.equityHigh ?? 0, memory.equityHigh);
  after.maxDrawdownPercent = Math.max(after.maxDrawdownPercent, memory.maxDrawdownPercent);
  after.equitySamples = memory.equitySamples ? [...memory.equitySamples] : [];
}

/** A competition's end: every account closed out at the market, ranked, and told its rank. */
export function planFinalize(
  group: GroupState,
  accounts: AccountState[],
  market: Market,
): { writes: AccountWrite[]; events: EngineEvent[]; notifications: EngineNotification[] } {
  const writes: AccountWrite[] = [];
  for (const before of accounts) {
    const after = cloneAccount(before);
    carryMemory(after, group.accounts.get(before.id));
    const decision = before.removed
      ? { fills: [], canceledOrders: [] }
      : closeOut(after, market, 'competition_end');
    writes.push({ before, after, fills: decision.fills, canceledOrders: decision.canceledOrders });
  }
  const ranks = computeStandings(
    writes.map((write) => write.after),
    group.ranking,
  );
  const byUser = new Map(writes.map((write) => [write.after.userId, write.after]));
  for (const row of ranks) byUser.get(row.userId)!.finalRank = row.rank;
  const events: EngineEvent[] = [
    {
      type: 'finalize',
      groupId: group.id,
      ranks: ranks.map((row) => ({ accountId: byUser.get(row.userId)!.id, rank: row.rank })),
    },
  ];
  const notifications: EngineNotification[] = ranks.map((row) => ({
    userId: row.userId,
    kind: 'competition_final_rank',
    title: `${group.name}: final standings`,
    message: `You finished #${row.rank} of ${ranks.length}.`,
    link: leaderboardOf(group),
  }));
  return { writes, events, notifications };
}

/** How each drawdown basis measures the loss, in the freeze and release messages. */
const DRAWDOWN_BASIS_TEXT = {
  peak: 'from your highest equity since the last release',
  balance: 'from your balance (closed trades)',
  start: 'from your starting balance',
} as const;

/** Events and notifications for one account's decision. */
export function describeDecision(
  group: GroupState,
  account: AccountState,
  decision: AccountDecision,
): { events: EngineEvent[]; notifications: EngineNotification[] } {
  const events: EngineEvent[] = [];
  const notifications: EngineNotification[] = [];
  const link = leaderboardOf(group);
  if (decision.released) {
    events.push({ type: 'release', accountId: account.id });
    notifications.push({
      userId: account.userId,
      kind: 'account_released',
      title: 'Trading resumed',
      message:
        decision.releasedFrom === 'daily_loss'
          ? `Your account in ${group.name} is active again: a new trading day began, and the daily loss limit of ${group.dailyLossLimit}% is measured from your equity at its start.`
          : `Your account in ${group.name} is active again after the drawdown freeze. Your drawdown limit of ${group.freezeThreshold}% is measured ${DRAWDOWN_BASIS_TEXT[group.drawdownBasis]}.`,
      link,
    });
  }
  const frozenFills = decision.fills.filter((fill) => fill.reason === 'freeze');
  const otherFills = decision.fills.filter((fill) => fill.reason !== 'freeze');
  if (otherFills.length) events.push({ type: 'fills', accountId: account.id, fills: otherFills });
  for (const canceled of decision.canceledOrders) {
    if (canceled.reason !== 'buying_power') continue;
    const { order } = canceled;
    events.push({ type: 'order_canceled', accountId: account.id, orderId: order.id, reason: 'buying_power' });
    notifications.push({
      userId: account.userId,
      kind: 'order_canceled',
      title: 'Order canceled',
      message: `Your ${order.side} ${order.type} order for ${order.quantity} ${order.symbol} in ${group.name} was canceled: filling it would have taken your exposure past ${LEVERAGE}× your equity.`,
      link,
    });
  }
  if (decision.challenge) notifications.push(challengeNotification(group, account, decision.challenge, link));
  if (decision.frozeUntil !== null && !decision.challenge) {
    events.push({
      type: 'freeze',
      accountId: account.id,
      until: decision.frozeUntil,
      reason: decision.frozeFor ?? 'drawdown',
      fills: frozenFills,
      canceledOrderIds: decision.canceledOrders
        .filter((order) => order.reason === 'freeze')
        .map((order) => order.id),
    });
    notifications.push({
      userId: account.userId,
      kind: 'account_frozen',
      title: 'Account frozen',
      message:
        decision.frozeFor === 'daily_loss'
          ? `Your loss today in ${group.name} reached the daily loss limit of ${group.dailyLossLimit}% of the day’s starting equity. Positions were closed and trading pauses until the next trading day begins, ${new Date(decision.frozeUntil).toISOString()}.`
          : `Your drawdown in ${group.name} reached the limit of ${group.freezeThreshold}%, measured ${DRAWDOWN_BASIS_TEXT[group.drawdownBasis]}. Positions were closed and trading pauses until ${new Date(decision.frozeUntil).toISOString()}.`,
      link,
    });
  }
  return { events, notifications };
}

const PHASE_RULE_TEXT: Record<string, string> = {
  daily_loss: 'the maximum daily loss',
  max_loss: 'the maximum loss',
  time_limit: 'the time limit',
};

/** The bell's sentence for a challenge decision. */
function challengeNotification(
  group: GroupState,
  account: AccountState,
  challenge: ChallengeDecision,
  link: string,
): EngineNotification {
  const phase = group.ruleSet.phases[challenge.phase - 1];
  const phaseName = `phase ${challenge.phase} (${phase?.name ?? 'the phase'})`;
  if (challenge.kind === 'passed') {
    const next = group.ruleSet.phases[challenge.phase];
    return {
      userId: account.userId,
      kind: 'challenge_passed',
      title: next ? `Phase ${challenge.phase} passed` : 'Challenge passed',
      message: next
        ? `You met every objective of ${phaseName} in ${group.name}. Open positions were closed; phase ${next.index} (${next.name}) starts now on a new account at the starting balance.`
        : `You met every objective of ${phaseName} in ${group.name} and passed the ${group.ruleSet.name} challenge. Open positions were closed.`,
      link,
    };
  }
  if (challenge.kind === 'day-ended')
    return {
      userId: account.userId,
      kind: 'challenge_day_ended',
      title: 'Trading day ended',
      message: `Your equity in ${group.name} fell below the daily loss limit of ${group.ruleSet.name}. Positions were closed and trading resumes when the next trading day begins, ${new Date(account.frozenUntil ?? challenge.at).toISOString()}. The challenge goes on.`,
      link,
    };
  return {
    userId: account.userId,
    kind: 'challenge_failed',
    title: 'Challenge failed',
    message: `Your ${phaseName} of ${group.ruleSet.name} in ${group.name} failed on ${PHASE_RULE_TEXT[challenge.rule] ?? challenge.rule}. Positions were closed; open the desk to see the equity and fills that crossed it.`,
    link,
  };
}
