-- Archive, not delete (issue 29): a client, supplier, project, service or cost type that records
-- refer to is archived instead — hidden from pickers, still named on its records, restorable.
-- The flag itself was added by 0070. A refused delete names what depends on it.

grant update (is_archived) on app_public.clients, app_public.suppliers, app_public.projects,
  app_public.services, app_public.cost_types to ledgerline_visitor;
comment on column app_public.clients.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
comment on column app_public.suppliers.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
comment on column app_public.projects.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
comment on column app_public.services.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
comment on column app_public.cost_types.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
-- PostGraphile filters on indexed columns only: the pickers and tables filter on the flag.
create index clients_is_archived_idx on app_public.clients (is_archived);
create index suppliers_is_archived_idx on app_public.suppliers (is_archived);
create index projects_is_archived_idx on app_public.projects (is_archived);
create index services_is_archived_idx on app_public.services (is_archived);
create index cost_types_is_archived_idx on app_public.cost_types (is_archived);

-- A record that refers to something, as the caller sees it: its table, id and a name to show.
create type app_public.record_dependent_row as (
  table_name text,
  id text,
  label text
);
comment on type app_public.record_dependent_row is 'A record that refers to another one (its table, id and name), for a refused delete.';

-- Up to `per_table` records of each table whose foreign key keeps the record from being deleted,
-- that the caller can see (row-level security applies: this runs as the caller), newest first.
create function app_public.record_dependent_rows(table_name text, id uuid, per_table integer default 5)
returns setof app_public.record_dependent_row
language plpgsql stable set search_path = pg_catalog as $$
declare
  fk record;
begin
  if table_name not in ('clients', 'suppliers', 'subsidiaries', 'services', 'projects', 'cost_types', 'roles') then
    perform app_hidden.fail('InvalidInput', 'The value is not allowed.');
  end if;
  for fk in
    select c.conrelid::regclass as child, cl.relname::text as child_name, a.attname::text as col
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = ('app_public.' || table_name)::regclass
       and array_length(c.conkey, 1) = 1 and c.confdeltype in ('r', 'a')
     order by cl.relname, a.attname
  loop
    return query execute format(
      'select %L::text, r.id::text,
              coalesce(to_jsonb(r) ->> ''name'', to_jsonb(r) ->> ''invoice_ref'', to_jsonb(r) ->> ''legal_name'', r.id::text)
         from %s r where r.%I = $1 order by r.id desc limit $2',
      fk.child_name, fk.child, fk.col)
      using id, least(greatest(coalesce(per_table, 5), 1), 20);
  end loop;
end;
$$;
comment on function app_public.record_dependent_rows(text, uuid, integer) is 'The records you can see that refer to this one and keep it from being deleted: up to perTable (5) per table.';
