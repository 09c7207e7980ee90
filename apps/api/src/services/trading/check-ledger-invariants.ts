import type { DbExecutor } from '@candlewise/db';
import { type SQL, sql } from 'drizzle-orm';

export type InvariantResult = {
  name: string;
  /** What the rule says, for the report. */
  rule: string;
  violations: number;
  /** Up to five offending rows, as the database returned them. */
  examples: Array<Record<string, unknown>>;
};

export type LedgerReport = { violations: number; checks: InvariantResult[] };

/**
 * The ledger's invariants (docs/architecture.md §Competitions), checked in SQL with exact numeric arithmetic (sums and
 * comparisons of numeric values, never a binary float; the examples come back as numeric text). Each query
 * returns the rows that break its rule; zero rows everywhere means the books balance. Used after the
 * concurrent load tests and by `npm run cli -- ledger:check` against a live database.
 */
const CHECKS: Array<{ name: string; rule: string; query: SQL }> = [
  {
    name: 'one fill per order',
    rule: 'an order has at most one fill',
    query: sql`select order_id, count(*)::int as fills from fills
      where order_id is not null group by order_id having count(*) > 1`,
  },
  {
    name: 'filled orders have their fill',
    rule: 'a filled order has exactly one fill; an open or canceled order has none',
    query: sql`select o.id as order_id, o.type, o.status, count(f.id)::int as fills from orders o
      left join fills f on f.order_id = o.id group by o.id, o.type, o.status
      having (o.status = 'filled' and count(f.id) <> 1) or (o.status <> 'filled' and count(f.id) > 0)`,
  },
  {
    name: 'balance',
    rule: 'balance = starting balance + Σ realised P&L − Σ fees of the current challenge phase',
    query: sql`select a.id as account_id, a.balance::text as balance,
        (a.starting_balance + coalesce(sum(f.realized_pnl), 0) - coalesce(sum(f.fee), 0))::text as expected
      from trading_accounts a left join fills f on f.account_id = a.id and f.phase = a.phase
      group by a.id, a.balance, a.starting_balance
      having a.balance <> a.starting_balance + coalesce(sum(f.realized_pnl), 0) - coalesce(sum(f.fee), 0)`,
  },
  {
    name: 'whole minor units',
    rule: 'balances, starting balances, realised P&L and fees are whole cents (the rounding rule, docs/decisions/022)',
    query: sql`select 'account' as kind, id, balance::text as amount from trading_accounts
        where balance <> round(balance, 2) or starting_balance <> round(starting_balance, 2)
      union all select 'fill', id, realized_pnl::text from fills
        where realized_pnl <> round(realized_pnl, 2) or fee <> round(fee, 2)`,
  },
  {
    name: 'positions',
    rule: 'each position = the net quantity of its fills (and no net quantity without a position)',
    query: sql`with net as (
        select account_id, symbol,
          sum(case when side = 'buy' then quantity else -quantity end) as quantity
        from fills group by account_id, symbol
      )
      select coalesce(p.account_id, n.account_id) as account_id, coalesce(p.symbol, n.symbol) as symbol,
        p.quantity::text as position, coalesce(n.quantity, 0)::text as net_of_fills
      from positions p
      full outer join (select * from net where quantity <> 0) n
        on n.account_id = p.account_id and n.symbol = p.symbol
      where p.quantity is distinct from n.quantity`,
  },
  {
    name: 'trades count',
    rule: 'Trades on the leaderboard = the number of fills (every execution counts)',
    query: sql`select a.id as account_id, a.trades_count, count(f.id)::int as fills
      from trading_accounts a left join fills f on f.account_id = a.id
      group by a.id, a.trades_count having a.trades_count <> count(f.id)`,
  },
  {
    name: 'challenge decisions',
    rule: 'a challenge phase is left only by a recorded pass, and a passed or failed status has its decision',
    query: sql`select a.id as account_id, a.phase, a.challenge_status,
        (select count(*)::int from challenge_events e where e.account_id = a.id and e.kind = 'passed' and e.phase < a.phase) as passes,
        (select count(*)::int from challenge_events e where e.account_id = a.id and e.phase = a.phase
          and e.kind = case a.challenge_status when 'failed' then 'failed' else 'passed' end) as outcome
      from trading_accounts a
      where (select count(*) from challenge_events e where e.account_id = a.id and e.kind = 'passed' and e.phase < a.phase) <> a.phase - 1
        or (a.challenge_status <> 'in-progress' and not exists (select 1 from challenge_events e where e.account_id = a.id
          and e.phase = a.phase and e.kind = case a.challenge_status when 'failed' then 'failed' else 'passed' end))`,
  },
  {
    name: 'positive quantities',
    rule: 'every order and fill has a quantity above zero, every position a non-zero one',
    query: sql`select 'fill' as kind, id from fills where quantity <= 0
      union all select 'order', id from orders where quantity <= 0
      union all select 'position', account_id || '/' || symbol from positions where quantity = 0`,
  },
];

export async function checkLedgerInvariants(db: DbExecutor): Promise<LedgerReport> {
  const checks: InvariantResult[] = [];
  for (const check of CHECKS) {
    const result = await db.execute(check.query);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
      Record<string, unknown>
    >;
    checks.push({ name: check.name, rule: check.rule, violations: rows.length, examples: rows.slice(0, 5) });
  }
  return { violations: checks.reduce((sum, check) => sum + check.violations, 0), checks };
}

/** A readable report: one line per rule, with examples where it failed. */
export function formatLedgerReport(report: LedgerReport): string {
  return report.checks
    .map(
      (check) =>
        `${check.violations === 0 ? 'ok  ' : 'FAIL'} ${check.name}: ${check.violations} violation(s) — ${check.rule}` +
        (check.violations
          ? `\n     e.g. ${check.examples.map((row) => JSON.stringify(row)).join('\n          ')}`
          : ''),
    )
    .join('\n');
}
