-- A project-limited account's invoices and payments: a row's projects looked up by key.
--
-- The policy of a project-limited account (the manager) admits an invoice or a payment that shares
-- a project with the account's allowed projects. Since 0305 each row's test is a subplan: the row's
-- `project_ids` unnested, each looked up in a hash of the allowed projects. The subplan is started
-- again for every row the statement reads (a function scan that materialises the array, then the
-- lookups), and that start is most of its cost: the payments list's count as the manager reads
-- about twice the rows it admits (the rows of its subsidiaries it may not see), and at scale 10
-- spent about 3.4 µs a row on the test, 2.8 times the accountant's whole request.
--
-- Now the allowed projects are a jsonb object whose keys are their ids, built once per statement
-- (app_hidden.allowed_project_keys()), and a row's projects are kept as text beside their ids
-- (project_keys, generated from project_ids, so never out of step): `allowed ?| project_keys` is
-- one operator call per row, a binary search of the allowed keys for each of the row's projects,
-- no subplan. Measured on the benchmark data at scale 1 as the manager, the same statement and
-- plan before and after: this year's payments counted up to 1,001 6.3 → 3.1 ms, the test alone
-- 1.7 → 0.7 µs a row. The rows admitted are the same: a row whose projects share one with the
-- allowed list; none when the list is empty or null (`?|` on a null object is null), and none for a
-- row without projects.
--
-- project_keys is the database's own helper: hidden from the API like project_ids, and left out of
-- the audit trail's row and changes (it only repeats project_ids).

alter table app_public.invoices
  add column project_keys text[] generated always as (project_ids::text[]) stored;
comment on column app_public.invoices.project_keys is '@behavior -*
The projects of the invoice''s cost lines as text (project_ids), for the project-limited policy''s key lookup.';

alter table app_public.payments
  add column project_keys text[] generated always as (project_ids::text[]) stored;
comment on column app_public.payments.project_keys is '@behavior -*
The projects of the invoice or bill the payment settles as text (project_ids), for the project-limited policy''s key lookup.';

create function app_hidden.allowed_project_keys() returns jsonb
  language sql stable security definer
  set search_path to 'pg_catalog'
as $$
  select jsonb_object_agg(p::text, true) from unnest(app_hidden.allowed_project_ids()) p
$$;
comment on function app_hidden.allowed_project_keys() is 'The projects the signed-in account may see as the keys of a jsonb object (null when none are listed), for a row''s project_keys: `(select app_hidden.allowed_project_keys()) ?| project_keys`.';
grant execute on function app_hidden.allowed_project_keys() to ledgerline_visitor;

alter policy select_project_limited on app_public.invoices
  using ((select app_hidden.has_scope('invoice:read'))
         and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
         and coalesce((select app_hidden.allowed_project_keys()) ?| project_keys, false));

alter policy select_project_limited on app_public.payments
  using ((select app_hidden.has_scope('payment:read'))
         and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
         and ((invoice_id is not null and (select app_hidden.has_scope('invoice:read')))
              or (bill_id is not null and (select app_hidden.has_scope('bill:read'))))
         and coalesce((select app_hidden.allowed_project_keys()) ?| project_keys, false));

-- The audit trail keeps the row as before: without the generated keys.
create or replace function app_private.tg__audit() returns trigger
  language plpgsql security definer
  set search_path to 'pg_catalog'
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) - 'project_keys' end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) - 'project_keys' end;
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
  insert into app_public.audit_trail (table_name, record_id, action, changes, row_data, user_id, user_role)
  values (tg_table_name, coalesce(new_row, old_row) ->> 'id', tg_op, diff, coalesce(new_row, old_row),
          app_hidden.current_user_id(), app_hidden.current_role_name());
  return null;
end;
$$;
