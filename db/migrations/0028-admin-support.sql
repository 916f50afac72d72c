-- Administration in the browser (issue 15).
--
-- 1. What depends on a record: a delete refused with "Other entities depend on it." names what
--    holds it ("used by 12 bills"). The counts are of every referring row, also those the caller
--    cannot read (an admin:company account without bill:read still learns why a client cannot go);
--    only the count is told, and only about a record the caller can see.
-- 2. Indexes for the admin tables' sort and search.

create type app_public.record_dependent as (
  table_name text,
  count integer
);
comment on type app_public.record_dependent is 'How many rows of a table refer to a record.';

-- Counts the rows of every table whose foreign key to `tbl` refuses a delete (restrict or no
-- action), by table. Runs as the owner: the caller's visibility is checked by the public wrapper.
create function app_hidden.record_dependents(tbl regclass, record_id uuid)
returns setof app_public.record_dependent
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  fk record;
  n integer;
  counts jsonb := '{}';
begin
  for fk in
    select c.conrelid::regclass as child, cl.relname::text as child_name, a.attname::text as col
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = tbl and array_length(c.conkey, 1) = 1
       and c.confdeltype in ('r', 'a')
  loop
    execute format('select count(*)::int from %s where %I = $1', fk.child, fk.col)
      into n using record_id;
    if n > 0 then
      counts := jsonb_set(counts, array[fk.child_name],
        to_jsonb(coalesce((counts ->> fk.child_name)::int, 0) + n));
    end if;
  end loop;
  return query select key, value::int from jsonb_each_text(counts) order by key;
end;
$$;

create function app_public.record_dependents(table_name text, id uuid)
returns setof app_public.record_dependent
language plpgsql stable set search_path = pg_catalog as $$
declare
  visible boolean;
begin
  if table_name not in ('clients', 'suppliers', 'subsidiaries', 'services', 'projects',
                        'cost_types', 'roles') then
    perform app_hidden.fail('InvalidInput', 'The value is not allowed.');
  end if;
  -- As the caller: row-level security decides whether the record is there at all.
  execute format('select exists (select 1 from app_public.%I where id = $1)', table_name)
    into visible using id;
  if not visible then
    return;
  end if;
  return query select * from app_hidden.record_dependents(('app_public.' || table_name)::regclass, id);
end;
$$;
comment on function app_public.record_dependents(text, uuid) is
  'What refers to a record (clients, suppliers, subsidiaries, services, projects, cost_types, roles) and so keeps it from being deleted: rows per table.';
grant execute on function app_hidden.record_dependents(regclass, uuid) to ledgerline_visitor;

-- The admin tables sort and search by what they show (PostGraphile offers orderBy and filter on
-- indexed columns only): subsidiaries by name, services and roles by when they were created (the
-- reference tables' default order).
create index if not exists subsidiaries_legal_name_sort_idx on app_public.subsidiaries (legal_name);
create index if not exists subsidiaries_short_name_idx on app_public.subsidiaries (short_name);
create index services_created_at_idx on app_public.services (created_at);
create index roles_created_at_idx on app_public.roles (created_at);
create index users_first_name_idx on app_public.users (first_name);

-- What a scope grants besides itself (SPEC §6 implications), for the roles and accounts editors:
-- computed from the one closure function, so the screens never keep a copy of the rules.
create function app_public.scopes_implies(s app_public.scopes) returns text[]
language sql stable set search_path = pg_catalog as $$
  select array(select x from unnest(app_hidden.scope_closure(array[s.name])) x where x <> s.name order by x)
$$;
comment on function app_public.scopes_implies(app_public.scopes) is 'The other scopes this scope grants by implication.';

-- Exchange rates imported from CSV (issue 15): every row is checked first and the preview shows
-- each row's problems; the import writes all rows or, if any has a problem, none.
create type app_public.exchange_rate_problem as (
  line integer,
  code text,
  message text
);
comment on type app_public.exchange_rate_problem is 'A problem of one row of an exchange-rate import (line = the row''s number, from 1).';

-- rows: a JSON array of {"currency": "EUR", "rateDate": "2026-01-31", "usdPerUnit": "1.0834"}.
create function app_public.check_exchange_rates(rows jsonb)
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

create function app_public.import_exchange_rates(rows jsonb) returns integer
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
create function app_private.tg_accounts__not_current() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if old.id = app_hidden.current_account_id() then
    perform app_hidden.fail('CannotDeleteCurrentAccount',
      'You are signed in with this account: switch to another one first.');
  end if;
  return old;
end;
$$;
create trigger _050_not_current before delete on app_public.accounts
  for each row execute function app_private.tg_accounts__not_current();
