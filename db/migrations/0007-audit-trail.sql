-- Audit trail (SPEC §3): every insert, update and delete of costs, invoices and bills, with the user
-- and the role of the account that made it. Rows are written only by the trigger.

create table app_public.audit_trail (
  id bigint primary key generated always as identity,
  event_id uuid not null default gen_random_uuid(),
  table_name text not null constraint audit_trail_table_name check (table_name in ('costs', 'invoices', 'bills')),
  row_id bigint not null,
  action text not null constraint audit_trail_action check (action in ('INSERT', 'UPDATE', 'DELETE')),
  changes jsonb,
  row_data jsonb not null,
  user_id uuid references app_public.users (id) on delete set null,
  user_role text,
  created_at timestamptz not null default clock_timestamp()
);
comment on table app_public.audit_trail is E'@behavior -insert -update -delete\nWho changed which cost, invoice or bill, when, and how. changes holds {column: {old, new}} for updates; row_data the row after the change (before it, for a delete).';
create index audit_trail_row_idx on app_public.audit_trail (table_name, row_id, created_at desc);
create index audit_trail_user_id_idx on app_public.audit_trail (user_id);
create index audit_trail_created_at_idx on app_public.audit_trail (created_at desc);

create function app_private.tg__audit() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  diff jsonb;
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_object('old', old_row -> n.key, 'new', n.value))
      into diff
      from jsonb_each(new_row) n
     where n.key <> 'updated_at' and (old_row -> n.key) is distinct from n.value;
    if diff is null then
      return null; -- nothing but the timestamp changed
    end if;
  end if;
  insert into app_public.audit_trail (table_name, row_id, action, changes, row_data, user_id, user_role)
  values (tg_table_name, (coalesce(new_row, old_row) ->> 'id')::bigint, tg_op, diff, coalesce(new_row, old_row),
          app_hidden.current_user_id(), app_hidden.current_role_name());
  return null;
end;
$$;
create trigger _900_audit after insert or update or delete on app_public.costs for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or update or delete on app_public.invoices for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or update or delete on app_public.bills for each row execute function app_private.tg__audit();

-- An audit row is visible to whoever can see the record it describes; rows of deleted records only
-- to admins.
alter table app_public.audit_trail enable row level security;
create policy select_visible on app_public.audit_trail for select using (
  (table_name = 'invoices' and exists (select from app_public.invoices i where i.id = row_id))
  or (table_name = 'bills' and exists (select from app_public.bills b where b.id = row_id))
  or (table_name = 'costs' and exists (select from app_public.costs c where c.id = row_id))
  or (select app_hidden.has_scope('admin'))
);
grant select on app_public.audit_trail to ledgerline_visitor;
