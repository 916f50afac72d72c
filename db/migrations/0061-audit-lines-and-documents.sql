-- Audit trail: line-level events on the parent record, documents, histories (issue 27).
--
-- Audited now besides costs, invoices and bills: files attached to invoices, bills, costs and
-- documents (added, removed), payments linked to invoices and bills (added, removed) and edits of
-- a payment, and documents (created, edited, connected to or disconnected from a contract,
-- archived). Each row lists in refs the records whose history shows it (0060).

-- The audit trigger for any table with an id column (integer or uuid).
create or replace function app_private.tg__audit() returns trigger
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
  insert into app_public.audit_trail (table_name, record_id, action, changes, row_data, user_id, user_role)
  values (tg_table_name, coalesce(new_row, old_row) ->> 'id', tg_op, diff, coalesce(new_row, old_row),
          app_hidden.current_user_id(), app_hidden.current_role_name());
  return null;
end;
$$;

alter table app_public.audit_trail drop constraint audit_trail_table_name;
alter table app_public.audit_trail add constraint audit_trail_table_name check (table_name ~ '^[a-z][a-z0-9_]*$');
comment on table app_public.audit_trail is E'@behavior -insert -update -delete\nWho changed which record, when, and how: costs, invoices, bills, documents, the files and payments attached to them. changes holds {column: {old, new}} for updates; row_data the row after the change (before it, for a delete). Append-only; each row is chained by hash to the previous row of its record.';

create trigger _900_audit after insert or delete on app_public.invoices_files for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or delete on app_public.bills_files for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or delete on app_public.costs_files for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or delete on app_public.documents_files for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or delete on app_public.invoices_payments for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or delete on app_public.bills_payments for each row execute function app_private.tg__audit();
create trigger _900_audit after update on app_public.payments for each row execute function app_private.tg__audit();
create trigger _900_audit after insert or update or delete on app_public.documents for each row execute function app_private.tg__audit();

-- Who sees an audit row: admins all of them; others a row that shows on a record they can see
-- (each table's own policy decides, this runs as the caller); payment rows need payment:read.
create function app_hidden.audit_row_visible(table_name text, refs text[]) returns boolean
language sql stable set search_path = pg_catalog as $$
  select (table_name not in ('invoices_payments', 'bills_payments', 'payments') or app_hidden.has_scope('payment:read'))
     and exists (
       select from unnest(refs) k
        where case split_part(k, ':', 1)
                when 'invoices' then exists (select from app_public.invoices i where i.id = split_part(k, ':', 2)::integer)
                when 'bills' then exists (select from app_public.bills b where b.id = split_part(k, ':', 2)::integer)
                when 'costs' then exists (select from app_public.costs c where c.id = split_part(k, ':', 2)::integer)
                when 'documents' then exists (select from app_public.documents d where d.id = split_part(k, ':', 2)::uuid)
                else false
              end)
$$;
comment on function app_hidden.audit_row_visible(text, text[]) is 'Whether the caller sees a record an audit row shows on.';
grant execute on function app_hidden.audit_row_visible(text, text[]) to ledgerline_visitor;

drop policy select_visible on app_public.audit_trail;
create policy select_visible on app_public.audit_trail for select using (
  (select app_hidden.has_scope('admin'))
  or app_hidden.audit_row_visible(table_name, refs)
);

-- Columns the database derives (totals, statuses summarised from lines, visibility helpers): a
-- change of only these is a recalculation, which a record's history leaves out (the change of the
-- line that caused it is there).
create function app_hidden.audit_derived_columns(table_name text) returns text[]
language sql immutable set search_path = pg_catalog as $$
  select case table_name
    when 'invoices' then array['amount', 'amount_w_vat', 'amount_usd', 'amount_usd_w_vat', 'costs_status', 'payment_status',
                               'paid_amount', 'last_payment_date', 'project_ids', 'is_paid']
    when 'bills' then array['amount', 'amount_w_vat', 'amount_usd', 'amount_usd_w_vat', 'costs_status', 'payment_status',
                            'paid_amount', 'last_payment_date', 'is_paid']
    when 'costs' then array['amount_w_vat', 'amount_usd', 'amount_usd_w_vat', 'subsidiary_id']
    when 'payments' then array['amount_usd', 'subsidiary_id']
    else array[]::text[]
  end
$$;
grant execute on function app_hidden.audit_derived_columns(text) to ledgerline_visitor;

-- What an audit row means, in one word the screens translate: created, edited, deleted,
-- approved, rejected, returned (to approval), status (a status change), archived, restored,
-- connected, disconnected, file_added, file_removed, payment_added, payment_removed,
-- payment_edited, and recalculated (only derived columns changed).
create function app_public.audit_trail_event(a app_public.audit_trail) returns text
language sql stable set search_path = pg_catalog as $$
  select case
    when a.table_name like '%\_files' then case a.action when 'INSERT' then 'file_added' when 'DELETE' then 'file_removed' else 'edited' end
    when a.table_name like '%\_payments' then case a.action when 'INSERT' then 'payment_added' when 'DELETE' then 'payment_removed' else 'edited' end
    when a.action = 'INSERT' then 'created'
    when a.action = 'DELETE' then 'deleted'
    when a.action = 'UPDATE' and not exists (
           select from jsonb_object_keys(a.changes) k where k <> all (app_hidden.audit_derived_columns(a.table_name)))
      then 'recalculated'
    when a.changes ? 'is_deleted' then
      case when (a.changes -> 'is_deleted' ->> 'new')::boolean
           then case when a.table_name = 'documents' then 'archived' else 'deleted' end
           else 'restored' end
    when a.table_name = 'costs' and a.changes ? 'status' then
      case a.changes -> 'status' ->> 'new' when 'approved' then 'approved' when 'rejected' then 'rejected' else 'returned' end
    when a.changes ? 'status' then 'status'
    when a.table_name = 'documents' and a.changes ? 'contract_reference' then
      case when a.changes -> 'contract_reference' ->> 'new' is null then 'disconnected' else 'connected' end
    when a.table_name = 'payments' then 'payment_edited'
    else 'edited'
  end
$$;
comment on function app_public.audit_trail_event(app_public.audit_trail) is 'The kind of event: created, edited, deleted, approved, rejected, returned, status, archived, restored, connected, disconnected, file_added, file_removed, payment_added, payment_removed, payment_edited, recalculated.';
grant execute on function app_public.audit_trail_event(app_public.audit_trail) to ledgerline_visitor;

create function app_public.audit_trail_user_name(a app_public.audit_trail) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.user_display_name(a.user_id)
$$;
comment on function app_public.audit_trail_user_name(app_public.audit_trail) is 'The display name of who made the change.';
grant execute on function app_public.audit_trail_user_name(app_public.audit_trail) to ledgerline_visitor;

-- The display names of the users an audit row names (a column ending in _by, or user_id, in its
-- changes or its row), keyed by id, so a screen never shows a user's id.
create function app_public.audit_trail_user_names(a app_public.audit_trail) returns jsonb
language sql stable security definer set search_path = pg_catalog as $$
  with ids as (
    select r.value as id
      from jsonb_each_text(coalesce(a.row_data, '{}')) r
     where r.key like '%\_by' or r.key = 'user_id'
    union
    select v.value
      from jsonb_each(coalesce(a.changes, '{}')) c
      cross join lateral (values (c.value ->> 'old'), (c.value ->> 'new')) v(value)
     where c.key like '%\_by' or c.key = 'user_id'
  )
  select coalesce(jsonb_object_agg(u.id, app_public.users_display_name(u)), '{}')
    from app_public.users u
   where u.id::text in (select ids.id from ids where ids.id ~ '^[0-9a-f-]{36}$')
$$;
comment on function app_public.audit_trail_user_names(app_public.audit_trail) is 'Display names of the users the row names, keyed by user id.';
grant execute on function app_public.audit_trail_user_names(app_public.audit_trail) to ledgerline_visitor;

-- The subsidiary's name, for the audit screen.
create function app_public.audit_trail_subsidiary_name(a app_public.audit_trail) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select coalesce(s.short_name, s.legal_name) from app_public.subsidiaries s where s.id = a.subsidiary_id
$$;
comment on function app_public.audit_trail_subsidiary_name(app_public.audit_trail) is 'The short name of the subsidiary of the changed record.';
grant execute on function app_public.audit_trail_subsidiary_name(app_public.audit_trail) to ledgerline_visitor;

-- Histories: the record's own rows and those of its lines (costs, payments, files, connected
-- documents), newest first.
create function app_public.invoices_history(invoice app_public.invoices) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.refs @> array['invoices:' || invoice.id]
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;
comment on function app_public.invoices_history(app_public.invoices) is 'What happened to the invoice, its costs, payments and files, newest first.';
grant execute on function app_public.invoices_history(app_public.invoices) to ledgerline_visitor;

create function app_public.bills_history(bill app_public.bills) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.refs @> array['bills:' || bill.id]
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;
comment on function app_public.bills_history(app_public.bills) is 'What happened to the bill, its costs, payments and files, newest first.';
grant execute on function app_public.bills_history(app_public.bills) to ledgerline_visitor;

create function app_public.costs_history(cost app_public.costs) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.refs @> array['costs:' || cost.id]
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;
comment on function app_public.costs_history(app_public.costs) is 'What happened to the cost and its files, newest first.';
grant execute on function app_public.costs_history(app_public.costs) to ledgerline_visitor;

create function app_public.documents_history(document app_public.documents) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.refs @> array['documents:' || document.id]
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;
comment on function app_public.documents_history(app_public.documents) is 'What happened to the document, its files and the documents connected to it, newest first.';
grant execute on function app_public.documents_history(app_public.documents) to ledgerline_visitor;
