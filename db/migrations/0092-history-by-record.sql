-- A record's history reads the audit rows that name the record through the index on refs, and
-- only then asks the row-level policy about each of them. Asked directly (refs @> array[…]) under
-- the policy, the array test is not leakproof, so PostgreSQL may not use it before the policy:
-- the policy ran on every audit row (5,000,000 at benchmark scale 1), an invoice's page took
-- seconds for an admin and passed the statement timeout for a subsidiary-limited account.
create function app_hidden.audit_row_ids(ref text) returns setof bigint
language sql stable security definer set search_path = pg_catalog as $$
  select a.id from app_public.audit_trail a where a.refs @> array[ref]
$$;
comment on function app_hidden.audit_row_ids(text) is 'The ids of the audit rows that name a record (kind:id), found through the index on refs; the caller''s policy still decides which of them it reads.';
grant execute on function app_hidden.audit_row_ids(text) to ledgerline_visitor;

create or replace function app_public.invoices_history(invoice app_public.invoices) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('invoices:' || invoice.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;

create or replace function app_public.bills_history(bill app_public.bills) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('bills:' || bill.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;

create or replace function app_public.costs_history(cost app_public.costs) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('costs:' || cost.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;

create or replace function app_public.documents_history(document app_public.documents) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('documents:' || document.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$$;
