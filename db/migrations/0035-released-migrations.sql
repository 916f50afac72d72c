-- Databases that applied an earlier text of a migration since edited on main come to the state the
-- current texts give (docs/operations.md "Migrations"; the earlier texts the runner accepts are in
-- db/migrations/lock.json "replaced", and server/test/migration-upgrade.test.ts builds a database
-- from every released migration set and compares it with a fresh one). Every statement here is a
-- no-op on a database built from the current texts: each checks what is there, or re-creates
-- what it finds with the same definition.

-- 0028-admin-support.sql: its earlier texts stopped before the admin tables' indexes, scopes'
-- implications, the exchange-rate import or the current-account guard. The same statements as its
-- current text, in a form that leaves what exists alone.
-- The admin tables sort and search by what they show (PostGraphile offers orderBy and filter on
-- indexed columns only): subsidiaries by name, services and roles by when they were created (the
-- reference tables' default order).
create index if not exists subsidiaries_legal_name_sort_idx on app_public.subsidiaries (legal_name);
create index if not exists subsidiaries_short_name_idx on app_public.subsidiaries (short_name);
create index if not exists services_created_at_idx on app_public.services (created_at);
create index if not exists roles_created_at_idx on app_public.roles (created_at);
create index if not exists users_first_name_idx on app_public.users (first_name);

-- What a scope grants besides itself (SPEC §6 implications), for the roles and accounts editors:
-- computed from the one closure function, so the screens never keep a copy of the rules.
create or replace function app_public.scopes_implies(s app_public.scopes) returns text[]
language sql stable set search_path = pg_catalog as $$
  select array(select x from unnest(app_hidden.scope_closure(array[s.name])) x where x <> s.name order by x)
$$;
comment on function app_public.scopes_implies(app_public.scopes) is 'The other scopes this scope grants by implication.';

-- Exchange rates imported from CSV (issue 15): every row is checked first and the preview shows
-- each row's problems; the import writes all rows or, if any has a problem, none.
do $$
begin
  if to_regtype('app_public.exchange_rate_problem') is null then
    create type app_public.exchange_rate_problem as (
      line integer,
      code text,
      message text
    );
  end if;
end;
$$;
comment on type app_public.exchange_rate_problem is 'A problem of one row of an exchange-rate import (line = the row''s number, from 1).';

-- rows: a JSON array of {"currency": "EUR", "rateDate": "2026-01-31", "usdPerUnit": "1.0834"}.
create or replace function app_public.check_exchange_rates(rows jsonb)
returns setof app_public.exchange_rate_problem
language sql stable set search_path = pg_catalog as $$
  with input as (
    select r.line::int, btrim(r.value ->> 'currency') as currency,
           btrim(r.value ->> 'rateDate') as rate_date, btrim(r.value ->> 'usdPerUnit') as rate
      from jsonb_array_elements(case when jsonb_typeof(rows) = 'array' then rows else '[]' end)
           with ordinality as r(value, line)
  ),
  problems as (
    select line, 'UnknownCurrency' as code, 'The currency must be from the currency list.' as message, 1 as k
      from input i
     where not exists (select from app_public.currencies c where c.value = upper(coalesce(i.currency, '')))
    union all
    select line, 'InvalidPaymentDate', 'Date is invalid', 2
      from input where not coalesce(case
        when rate_date !~ '^\d{4}-\d{2}-\d{2}$' then false
        when substr(rate_date, 6, 2)::int not between 1 and 12 or substr(rate_date, 1, 4)::int < 1 then false
        else substr(rate_date, 9, 2)::int between 1 and extract(day from
          make_date(substr(rate_date, 1, 4)::int, substr(rate_date, 6, 2)::int, 1) + interval '1 month - 1 day')::int
      end, false)
    union all
    select line, 'InvalidAmount', 'The rate must be a number above 0.', 3
      from input where not coalesce(case when rate ~ '^\d{1,10}(\.\d{1,8})?$' then rate::numeric > 0 else false end, false)
    union all
    select i.line, 'DuplicateRate', 'The file has this currency and date more than once.', 4
      from input i
     where exists (select from input o where o.line < i.line
                      and upper(o.currency) = upper(i.currency) and o.rate_date = i.rate_date)
  )
  select line, code, message from problems order by line, k
$$;
comment on function app_public.check_exchange_rates(jsonb) is 'The problems of each row of an exchange-rate import, before anything is written.';

create or replace function app_public.import_exchange_rates(rows jsonb) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  problems integer;
  written integer;
begin
  if not (select app_hidden.has_scope('admin')) then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  select count(distinct line) into problems from app_public.check_exchange_rates(rows);
  if problems > 0 then
    perform app_hidden.fail('ImportHasErrors', format('%s rows have errors; nothing was imported.', problems));
  end if;
  if coalesce(jsonb_array_length(rows), 0) = 0 then
    perform app_hidden.fail('NoRows', 'The file has no rows.');
  end if;
  insert into app_public.exchange_rates (currency, rate_date, usd_per_unit)
  select upper(btrim(r ->> 'currency')), (r ->> 'rateDate')::date, (btrim(r ->> 'usdPerUnit'))::numeric
    from jsonb_array_elements(rows) r
  on conflict (currency, rate_date) do update set usd_per_unit = excluded.usd_per_unit;
  get diagnostics written = row_count;
  return written;
end;
$$;
comment on function app_public.import_exchange_rates(jsonb) is 'Writes every row of an exchange-rate import (a rate for an existing currency and date replaces it), or none if any row has a problem (admin).';

-- An administrator editing accounts in the browser must not cut off the session in use: the
-- account one is signed in with cannot be deleted (another administrator can do it).
create or replace function app_private.tg_accounts__not_current() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if old.id = app_hidden.current_account_id() then
    perform app_hidden.fail('CannotDeleteCurrentAccount',
      'You are signed in with this account: switch to another one first.');
  end if;
  return old;
end;
$$;
create or replace trigger _050_not_current before delete on app_public.accounts
  for each row execute function app_private.tg_accounts__not_current();

-- 0034-list-queries.sql: its earlier texts had no unpaid bills index or one on (subsidiary_id)
-- only, and gave costs and bills no policy of their own for a project-limited account.
do $$
begin
  if coalesce(pg_get_indexdef(to_regclass('app_public.bills_live_unpaid_idx')), '') not like '%(due_date, id)%' then
    drop index if exists app_public.bills_live_unpaid_idx;
    create index bills_live_unpaid_idx on app_public.bills (due_date, id) include (subsidiary_id, project_id)
      where payment_status <> 'paid' and not is_deleted;
  end if;
  if not exists (select from pg_policies where schemaname = 'app_public' and tablename = 'costs'
                                          and policyname = 'select_project_limited') then
    drop policy select_allowed on app_public.costs;
    create policy select_allowed on app_public.costs for select using (
      (select app_hidden.has_scope('cost:read'))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.subsidiaries_seen_whole()))
    );
    create policy select_project_limited on app_public.costs for select to ledgerline_project_limited using (
      (select app_hidden.has_scope('cost:read'))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
      and project_id in (select unnest((select app_hidden.allowed_project_ids())))
    );
  end if;
  if not exists (select from pg_policies where schemaname = 'app_public' and tablename = 'bills'
                                          and policyname = 'select_project_limited') then
    drop policy select_allowed on app_public.bills;
    create policy select_allowed on app_public.bills for select using (
      (select app_hidden.has_scope('bill:read'))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.subsidiaries_seen_whole()))
    );
    create policy select_project_limited on app_public.bills for select to ledgerline_project_limited using (
      (select app_hidden.has_scope('bill:read'))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
      and project_id in (select unnest((select app_hidden.allowed_project_ids())))
    );
  end if;
end;
$$;
