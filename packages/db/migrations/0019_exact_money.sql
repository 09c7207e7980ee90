-- Exact money (docs/decisions/022-exact-money.md): stored values put on the one rounding rule.
-- Equity, peak equity and the day's opening equity are whole minor units from now on; PostgreSQL's
-- round(numeric, 2) rounds half away from zero, which is the rule. Balances and realised P&L were
-- already written as whole cents and stay as booked (the ADR says why).
UPDATE "trading_accounts" SET "equity" = round("equity", 2), "peak_equity" = round("peak_equity", 2),
  "day_start_equity" = round("day_start_equity", 2)
  WHERE "equity" <> round("equity", 2) OR "peak_equity" <> round("peak_equity", 2)
    OR "day_start_equity" <> round("day_start_equity", 2);--> statement-breakpoint
-- Average prices: 10 decimals, fewer where the price would pass 15 significant digits (what a
-- number carries exactly).
UPDATE "positions" SET "average_price" = round("average_price", least(10, 14 - floor(log(abs("average_price")))::int))
  WHERE "average_price" <> 0
    AND "average_price" <> round("average_price", least(10, 14 - floor(log(abs("average_price")))::int));
