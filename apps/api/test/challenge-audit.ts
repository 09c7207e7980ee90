import { challengeEvents, type Database, fills, groups, tradingAccounts } from '@candlewise/db';
import { findRuleSet } from '@candlewise/shared/challenges/rule-sets';
import { asc, eq, inArray } from 'drizzle-orm';

/**
 * An independent recomputation of every challenge decision of a competition from its ledger (the
 * fills, the accounts, the recorded decisions), written apart from the engine's code on purpose:
 * plain cents, wall-clock day labels from Intl, its own position walk. Returns the differences
 * found, one sentence each; none means every pass and fail is what the ledger says it should be.
 */
export async function auditChallenges(db: Database, groupId: string): Promise<string[]> {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  const ruleSet = findRuleSet(group.ruleSet);
  if (!ruleSet || ruleSet.kind !== 'challenge')
    return [`${groupId}: not a challenge group (${group.ruleSet})`];
  const day = ruleSet.day ?? { resetHour: group.dailyResetHour, timeZone: group.timeZone };
  const accounts = await db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.groupId, groupId))
    .orderBy(asc(tradingAccounts.id));
  const ids = accounts.map((account) => account.id);
  const allFills = ids.length
    ? await db
        .select()
        .from(fills)
        .where(inArray(fills.accountId, ids))
        .orderBy(asc(fills.createdAt), asc(fills.id))
    : [];
  const allEvents = ids.length
    ? await db
        .select()
        .from(challengeEvents)
        .where(inArray(challengeEvents.accountId, ids))
        .orderBy(asc(challengeEvents.at), asc(challengeEvents.id))
    : [];
  const problems: string[] = [];
  const cents = (amount: number) => Math.round(amount * 100);
  const pctOf = (amountCents: number, percent: number) => Math.round((amountCents * percent) / 100);

  const label = (ms: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: day.timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(new Date(ms))
        .map((part) => [part.type, part.value]),
    );
    const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute);
    return new Date(wall - day.resetHour * 3_600_000).toISOString().slice(0, 10);
  };

  for (const account of accounts) {
    const who = `account ${account.id}`;
    const initial = cents(account.startingBalance);
    const mine = allFills.filter((fill) => fill.accountId === account.id);
    const events = allEvents.filter((event) => event.accountId === account.id);
    const outcomes = events.filter((event) => event.kind !== 'day-ended');
    // Phases are left only by passes, in order; the account's phase follows them.
    const passes = outcomes.filter((event) => event.kind === 'passed');
    passes.forEach((event, index) => {
      if (event.phase !== index + 1)
        problems.push(`${who}: pass #${index + 1} recorded for phase ${event.phase}`);
    });
    const expectedPhase = Math.min(passes.length + 1, ruleSet.phases.length);
    if (account.phase !== expectedPhase)
      problems.push(`${who}: in phase ${account.phase}, its passes say ${expectedPhase}`);
    const lastOutcome = outcomes[outcomes.length - 1];
    const expectedStatus = !lastOutcome
      ? 'in-progress'
      : lastOutcome.kind === 'failed'
        ? 'failed'
        : passes.length === ruleSet.phases.length
          ? 'passed'
          : 'in-progress';
    if (account.challengeStatus !== expectedStatus)
      problems.push(`${who}: status ${account.challengeStatus}, its decisions say ${expectedStatus}`);

    for (let phaseIndex = 1; phaseIndex <= account.phase; phaseIndex += 1) {
      const phase = ruleSet.phases[phaseIndex - 1];
      const phaseFills = mine.filter((fill) => fill.phase === phaseIndex);
      const decision = outcomes.find((event) => event.phase === phaseIndex);
      // Walk the phase: the balance in cents, positions, trading days and day results by label.
      let balance = initial;
      const held = new Map<string, number>();
      const tradingDays = new Set<string>();
      const dayResult = new Map<string, number>();
      const dayStart = new Map<string, number>(); // balance at the first moment of each day seen
      let closedAfterDecision = 0;
      for (const fill of phaseFills) {
        const at = fill.createdAt.getTime();
        const dayLabel = label(at);
        if (!dayStart.has(dayLabel)) dayStart.set(dayLabel, balance);
        const before = held.get(fill.symbol) ?? 0;
        const delta = fill.side === 'buy' ? fill.quantity : -fill.quantity;
        const after = Math.round((before + delta) * 1e8) / 1e8;
        if (before === 0 || Math.sign(delta) === Math.sign(before) || Math.sign(after) === -Math.sign(before))
          tradingDays.add(dayLabel);
        held.set(fill.symbol, after);
        const net = cents(fill.realizedPnl) - cents(fill.fee);
        balance += net;
        dayResult.set(dayLabel, (dayResult.get(dayLabel) ?? 0) + net);
        if (decision && at > decision.at.getTime() + 5_000) closedAfterDecision += 1;
        // Flat: equity is the balance, so a floor crossed here must have been decided.
        const flat = [...held.values()].every((quantity) => quantity === 0);
        if (flat && !decision && phase.limits.maxLoss?.mode === 'static') {
          const floor = initial - pctOf(initial, phase.limits.maxLoss.percent);
          if (balance < floor)
            problems.push(`${who}: phase ${phaseIndex} balance ${balance} under ${floor}, no decision`);
        }
      }
      if (closedAfterDecision && decision)
        problems.push(
          `${who}: ${closedAfterDecision} fill(s) in phase ${phaseIndex} after its ${decision.kind}`,
        );
      if (phaseIndex < account.phase && !decision)
        problems.push(`${who}: left phase ${phaseIndex} without a pass`);
      if (
        phaseIndex === account.phase &&
        account.challengeStatus === 'in-progress' &&
        cents(account.balance) !== balance
      )
        problems.push(
          `${who}: balance ${cents(account.balance)} ≠ ${balance} from phase ${phaseIndex}'s fills`,
        );
      if (!decision) continue;
      const recordedBalance = cents(decision.balance);
      if (recordedBalance !== balance)
        problems.push(
          `${who}: phase ${phaseIndex} ${decision.kind} recorded balance ${recordedBalance}, fills say ${balance}`,
        );
      const recorded = new Set(decision.fillIds);
      for (const id of recorded)
        if (!phaseFills.some((fill) => fill.id === id))
          problems.push(`${who}: evidence fill ${id} is not in phase ${phaseIndex}`);
      const equity = cents(decision.equity);
      if (decision.kind === 'passed') {
        const target = initial + pctOf(initial, phase.objectives.profitTargetPercent ?? 0);
        if (equity < target)
          problems.push(`${who}: passed phase ${phaseIndex} at ${equity}, under the target ${target}`);
        if (cents(decision.threshold ?? 0) !== target)
          problems.push(`${who}: pass threshold ${cents(decision.threshold ?? 0)} ≠ target ${target}`);
        const daysBefore = [...tradingDays].filter((d) => d <= label(decision.at.getTime())).length;
        if (daysBefore < phase.objectives.minTradingDays)
          problems.push(`${who}: passed phase ${phaseIndex} with ${daysBefore} trading day(s)`);
        if (phase.objectives.consistencyPercent !== null) {
          const total = balance - initial;
          const best = Math.max(0, ...dayResult.values());
          if (!(total > 0 && best * 100 < phase.objectives.consistencyPercent * total))
            problems.push(`${who}: passed phase ${phaseIndex} with best day ${best} of ${total}`);
        }
        if ([...held.values()].some((quantity) => quantity !== 0))
          problems.push(`${who}: phase ${phaseIndex} passed with a position left open`);
      } else if (decision.rule === 'max_loss' && phase.limits.maxLoss?.mode === 'static') {
        const floor = initial - pctOf(initial, phase.limits.maxLoss.percent);
        if (cents(decision.threshold ?? 0) !== floor)
          problems.push(
            `${who}: max-loss floor recorded ${cents(decision.threshold ?? 0)}, rule gives ${floor}`,
          );
        if (!(equity < floor)) problems.push(`${who}: failed on max loss at ${equity}, not under ${floor}`);
      } else if (decision.rule === 'daily_loss') {
        const decidedDay = label(decision.at.getTime());
        const startOfDay = dayStart.get(decidedDay) ?? (phaseFills.length ? balance : initial);
        const floor = startOfDay - pctOf(initial, phase.limits.dailyLoss!.percent);
        if (cents(decision.threshold ?? 0) !== floor)
          problems.push(
            `${who}: daily-loss floor recorded ${cents(decision.threshold ?? 0)}, the day's start gives ${floor}`,
          );
        if (!(equity < floor)) problems.push(`${who}: failed on daily loss at ${equity}, not under ${floor}`);
      }
    }
  }
  return problems;
}
