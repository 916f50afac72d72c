-- A list filtered by status (the work queues: costs to approve, invoices to validate, bills to be
-- paid) counted its rows by reading every live row the account may see and testing the status
-- afterwards: under row-level security a comparison of an enum is not leakproof, so the planner
-- tests it only after the policy and never as an index condition (0013). An admin's count of
-- validated invoices read 62,000 rows to find 10,000 (32 ms at scale 1), a manager's count of
-- costs to approve 918,000 (270 ms).
--
-- One partial index per status of the live rows: the status is then the index's predicate, which
-- the planner may prove from the query's condition whatever its leakproofness, and such a count
-- reads the matching rows only (costs and bills: index-only, the policy's columns are in the
-- index; an invoice's project set can be too long for an index row, so it is read from the row). Each row
-- is in exactly one of them, so together they cost about one index more per table. (PostGraphile
-- sends the status as a parameter; PostgreSQL plans each execution with its value, and keeps
-- doing so because the generic plan, which cannot use these indexes, costs more: checked in
-- bench/README.md "Findings".)
do $$
declare
  status text;
begin
  foreach status in array enum_range(null::app_public.invoice_status)::text[] loop
    execute format(
      'create index %I on app_public.invoices (subsidiary_id) where status = %L and not is_deleted',
      'invoices_live_' || status || '_idx', status);
  end loop;
  foreach status in array enum_range(null::app_public.cost_status)::text[] loop
    execute format(
      'create index %I on app_public.costs (subsidiary_id) include (project_id) where status = %L and not is_deleted',
      'costs_live_' || status || '_idx', status);
  end loop;
  foreach status in array enum_range(null::app_public.bill_status)::text[] loop
    execute format(
      'create index %I on app_public.bills (subsidiary_id) include (project_id) where status = %L and not is_deleted',
      'bills_live_' || status || '_idx', status);
  end loop;
  -- The unpaid bills view: live bills not paid in full, the most overdue first. Its page read the
  -- due-date index from the oldest bill, past every paid one, to find the first unpaid; this
  -- index holds only the unpaid ones, in that order, with what the policy and the count read.
  create index bills_live_unpaid_idx on app_public.bills (due_date, id) include (subsidiary_id, project_id)
    where payment_status <> 'paid' and not is_deleted;
end;
$$;

-- Whether an invoice or a bill has payments, from what the row already says (last_payment_date is
-- kept by the payment triggers, 0009): the lists show it on every row, and asking the payment
-- links took each link's policy, which checks the invoice or bill again. Who sees the row sees
-- its payment status, paid amount and last payment date already, so this tells them nothing new.
create or replace function app_public.invoices_has_payments(invoice app_public.invoices) returns boolean
language sql stable set search_path = pg_catalog as $$
  select invoice.last_payment_date is not null
$$;
create or replace function app_public.bills_has_payments(bill app_public.bills) returns boolean
language sql stable set search_path = pg_catalog as $$
  select bill.last_payment_date is not null
$$;

-- Payments carry the subsidiary of the invoice or bill they settle, as costs do, so that the
-- payments policy starts from an index on the account's subsidiaries instead of testing the link
-- and its invoice or bill for every payment of the group (an accountant's payments list read all
-- 200,000 at scale 1). The link remains the rule: a payment is visible when the invoice or bill
-- it settles is. The column is kept by triggers: set when the link is made, and moved with the
-- invoice or bill if that changes subsidiary.
alter table app_public.payments
  add column subsidiary_id uuid references app_public.subsidiaries (id) on delete restrict;
comment on column app_public.payments.subsidiary_id is E'@behavior -*\nThe subsidiary of the invoice or bill the payment settles (kept by the database for the visibility rule).';
create index payments_subsidiary_list_idx on app_public.payments (subsidiary_id, payment_date desc, id);

update app_public.payments p set subsidiary_id = i.subsidiary_id
  from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
 where ip.payment_id = p.id;
update app_public.payments p set subsidiary_id = b.subsidiary_id
  from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id
 where bp.payment_id = p.id;

create function app_private.tg_payment_links__subsidiary() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_table_name = 'invoices_payments' then
    update app_public.payments p set subsidiary_id = i.subsidiary_id
      from app_public.invoices i where i.id = new.invoice_id and p.id = new.payment_id;
  else
    update app_public.payments p set subsidiary_id = b.subsidiary_id
      from app_public.bills b where b.id = new.bill_id and p.id = new.payment_id;
  end if;
  return null;
end;
$$;
create trigger _400_payment_subsidiary after insert or update on app_public.invoices_payments
  for each row execute function app_private.tg_payment_links__subsidiary();
create trigger _400_payment_subsidiary after insert or update on app_public.bills_payments
  for each row execute function app_private.tg_payment_links__subsidiary();

create function app_private.tg_payment_owner__subsidiary() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_table_name = 'invoices' then
    update app_public.payments p set subsidiary_id = new.subsidiary_id
      from app_public.invoices_payments ip where ip.invoice_id = new.id and p.id = ip.payment_id;
  else
    update app_public.payments p set subsidiary_id = new.subsidiary_id
      from app_public.bills_payments bp where bp.bill_id = new.id and p.id = bp.payment_id;
  end if;
  return null;
end;
$$;
create trigger _400_payment_subsidiary after update of subsidiary_id on app_public.invoices
  for each row when (old.subsidiary_id is distinct from new.subsidiary_id)
  execute function app_private.tg_payment_owner__subsidiary();
create trigger _400_payment_subsidiary after update of subsidiary_id on app_public.bills
  for each row when (old.subsidiary_id is distinct from new.subsidiary_id)
  execute function app_private.tg_payment_owner__subsidiary();

drop policy select_allowed on app_public.payments;
create policy select_allowed on app_public.payments for select using (
  (select app_hidden.has_scope('payment:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and (exists (select from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
                where ip.payment_id = payments.id)
       or exists (select from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id
                   where bp.payment_id = payments.id))
);

-- Costs and bills for a project-limited account: its own policy, as for invoices (0033). The
-- project limit was a test of the row's project against the allowed set, a linear search of the
-- set for every row a list or count reads; it grows with the allowed projects (a pattern matching
-- 150 projects made the manager's lists three times the accountant's at scale 3). Now the plain
-- visitor's policy has no project condition at all (the subsidiaries of an account without a
-- project limit, none for a limited one: subsidiaries_seen_whole), and the project-limited role's
-- policy looks the project up in the allowed set as a hashed set. Same rows for every account;
-- a limited account run as the plain visitor sees none (never more).
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
