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
create index subsidiaries_legal_name_sort_idx on app_public.subsidiaries (legal_name);
create index subsidiaries_short_name_idx on app_public.subsidiaries (short_name);
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
