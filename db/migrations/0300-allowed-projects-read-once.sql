-- A project-limited account's allowed projects are read once per statement, not once per row.
--
-- Every policy calls `(select app_hidden.allowed_project_ids())`: the planner runs it once and
-- hands each row the value it returned. That value was the stored array itself, and an array of
-- more than about 120 projects (2 kB) is kept out of line (TOAST): the value handed on was then a
-- pointer to that storage, and every row's test (`project_ids && ...`, `= any (...)`) read it
-- back again. The manager of the scale-10 benchmark data has 502 projects (8 kB, four pieces):
-- its count of validated invoices read 6,422 buffers where 1,346 do at scale 1 (52 projects,
-- kept in the row), the invoices page 14,877, the payments count 5,485.
--
-- The function now returns the array as a value in memory (`|| '{}'` concatenates nothing, which
-- reads the array whole once). The answer is the same: no account (none), no limit (null), or
-- the account's list.

create or replace function app_hidden.allowed_project_ids() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select case when aa.account_id is null then '{}'::uuid[]
              when aa.allowed_project_ids is null then null
              else aa.allowed_project_ids || '{}'::uuid[] end
    from (select 1) one
    left join app_private.account_access aa on aa.account_id = app_hidden.current_account_id()
$$;
