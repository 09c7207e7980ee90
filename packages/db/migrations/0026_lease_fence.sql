-- The database's own fence for the engine's leases (engine_leases): an engine write carries the
-- lease epoch of its competition, and a write whose epoch is no longer the competition's current one
-- (a former holder that has not noticed it lost the lease) is refused here, whatever the process does.
-- A member's own orders write no epoch (null) and are serialised by the account's row lock instead.
create or replace function refuse_stale_lease_epoch() returns trigger language plpgsql as $$
declare
  competition text;
  current_epoch bigint;
begin
  if tg_table_name = 'fills' then
    select group_id into competition from trading_accounts where id = new.account_id;
  else
    competition := new.group_id;
  end if;
  select epoch into current_epoch from engine_leases where scope = competition;
  if current_epoch is distinct from new.lease_epoch then
    raise exception 'stale lease epoch % for competition % (current %)', new.lease_epoch, competition, current_epoch
      using errcode = 'P0001', hint = 'candlewise:stale-lease';
  end if;
  return new;
end
$$;
--> statement-breakpoint
create trigger trading_accounts_lease_fence before update of lease_epoch on trading_accounts
  for each row when (new.lease_epoch is not null) execute function refuse_stale_lease_epoch();
--> statement-breakpoint
create trigger fills_lease_fence before insert on fills
  for each row when (new.lease_epoch is not null) execute function refuse_stale_lease_epoch();
