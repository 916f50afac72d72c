-- Integrity of money and references (docs/workflows.md "Derived figures" and "Closed records",
-- docs/permissions.md "References"):
--   1. derived figures are recomputed under a lock of the parent, so concurrent writers cannot
--      lose each other's changes;
--   2. every reference a user sets points at a row they may see, and, where the write changes
--      that row, at one they may write;
--   3. a file id is not a key: attaching needs a file the caller may attach, replacing or deleting
--      one needs write access to every record it is attached to;
--   4. a closed (validated or paid) invoice's money does not change underneath it, closing an
--      invoice settles it in full, and paid amounts never exceed amounts.

--------------------------------------------------------------------------------------------------
-- 1. Derived figures under concurrency.
--
-- Under READ COMMITTED a recompute that reads sibling rows sees only what was committed when its
-- statement began: two writers adding costs to one invoice each summed without the other's cost,
-- and the later update won. Every writer of a figure's inputs now first locks the parent row
-- (FOR NO KEY UPDATE: it does not block foreign-key checks), then recomputes in a new statement,
-- which sees every change committed before the lock was granted.

create function app_hidden.lock_invoice(invoice_id integer) returns void
language sql volatile security definer set search_path = pg_catalog as $$
  select from app_public.invoices i where i.id = lock_invoice.invoice_id for no key update
$$;
comment on function app_hidden.lock_invoice(integer) is 'Serialises the writers of an invoice''s derived figures (costs, payments).';

create function app_hidden.lock_bill(bill_id integer) returns void
language sql volatile security definer set search_path = pg_catalog as $$
  select from app_public.bills b where b.id = lock_bill.bill_id for no key update
$$;
comment on function app_hidden.lock_bill(integer) is 'Serialises the writers of a bill''s derived figures (costs status, payments).';

-- What has been paid is kept on the record, so that a check can say it never exceeds the amount.
alter table app_public.invoices add column paid_amount numeric(18, 2) not null default 0;
alter table app_public.bills add column paid_amount numeric(18, 2) not null default 0;
comment on column app_public.invoices.paid_amount is E'@behavior -insert -update\nThe sum of the payments on the invoice.';
comment on column app_public.bills.paid_amount is E'@behavior -insert -update\nThe sum of the payments on the bill.';
update app_public.invoices i set paid_amount = p.total
  from (select ip.invoice_id, sum(pm.amount) total from app_public.invoices_payments ip
          join app_public.payments pm on pm.id = ip.payment_id group by ip.invoice_id) p
 where p.invoice_id = i.id;
update app_public.bills b set paid_amount = p.total
  from (select bp.bill_id, sum(pm.amount) total from app_public.bills_payments bp
          join app_public.payments pm on pm.id = bp.payment_id group by bp.bill_id) p
 where p.bill_id = b.id;
alter table app_public.invoices add constraint invoices_paid_not_above_amount check (paid_amount <= amount_w_vat);
alter table app_public.bills add constraint bills_paid_not_above_amount check (paid_amount <= amount_w_vat);

-- The computed paid amounts become the stored column (same GraphQL field, paidAmount).
drop function app_public.invoices_remaining_amount(app_public.invoices);
drop function app_public.bills_remaining_amount(app_public.bills);
drop function app_public.invoices_paid_amount(app_public.invoices);
drop function app_public.bills_paid_amount(app_public.bills);

create function app_public.invoices_remaining_amount(invoice app_public.invoices) returns numeric
language sql stable set search_path = pg_catalog as $$
  select invoice.amount_w_vat - invoice.paid_amount
$$;
comment on function app_public.invoices_remaining_amount(app_public.invoices) is 'Amount with VAT minus the payments (SPEC §5); never negative.';

create function app_public.bills_remaining_amount(bill app_public.bills) returns numeric
language sql stable set search_path = pg_catalog as $$
  select bill.amount_w_vat - bill.paid_amount
$$;
comment on function app_public.bills_remaining_amount(app_public.bills) is 'Amount with VAT minus the payments (SPEC §5); never negative.';

-- An invoice's figures are the sums of its live costs. Archiving an invoice archives its costs
-- with it (SPEC §4) and keeps its figures: the costs of an archived invoice all count.
create or replace function app_private.refresh_invoice_totals(invoice_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.invoices i
     set amount = t.amount, amount_w_vat = t.amount_w_vat, amount_usd = t.amount_usd,
         amount_usd_w_vat = t.amount_usd_w_vat, costs_status = t.costs_status
    from (select coalesce(sum(c.amount), 0) amount, coalesce(sum(c.amount_w_vat), 0) amount_w_vat,
                 coalesce(sum(c.amount_usd), 0) amount_usd, coalesce(sum(c.amount_usd_w_vat), 0) amount_usd_w_vat,
                 app_hidden.costs_status_of(coalesce(array_agg(c.status) filter (where c.id is not null), '{}')) costs_status
            from app_public.invoices parent
            left join app_public.costs c on c.invoice_id = parent.id and (not c.is_deleted or parent.is_deleted)
           where parent.id = refresh_invoice_totals.invoice_id) t
   where i.id = refresh_invoice_totals.invoice_id
     and (i.amount, i.amount_w_vat, i.amount_usd, i.amount_usd_w_vat, i.costs_status)
         is distinct from (t.amount, t.amount_w_vat, t.amount_usd, t.amount_usd_w_vat, t.costs_status)
$$;

create or replace function app_private.refresh_invoice_payments(invoice_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.invoices i
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= i.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         is_paid = p.total > 0 and p.total >= i.amount_w_vat,
         paid_amount = p.total,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.invoices_payments ip join app_public.payments pm on pm.id = ip.payment_id
           where ip.invoice_id = refresh_invoice_payments.invoice_id) p
   where i.id = refresh_invoice_payments.invoice_id
$$;

create or replace function app_private.refresh_bill_payments(bill_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.bills b
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= b.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         is_paid = p.total > 0 and p.total >= b.amount_w_vat,
         paid_amount = p.total,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.bills_payments bp join app_public.payments pm on pm.id = bp.payment_id
           where bp.bill_id = refresh_bill_payments.bill_id) p
   where b.id = refresh_bill_payments.bill_id
$$;

-- A cost's write locks its invoice (and bill) before anything else reads them: the invoice's
-- subsidiary, currency and date are then current, and the totals recomputed after the write see
-- every committed cost. A closed invoice's money does not change: no cost is added to or removed
-- from a validated or paid invoice and none of its costs' amounts change, unless the invoice
-- itself is being deleted ('purge').
create or replace function app_private.tg_costs__from_invoice() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  invoice_ids integer[];
  bill_ids integer[];
  item integer;
  closed record;
begin
  invoice_ids := array(select distinct x from unnest(array[
    case when tg_op <> 'DELETE' then new.invoice_id end,
    case when tg_op <> 'INSERT' then old.invoice_id end]) x where x is not null order by x);
  bill_ids := array(select distinct x from unnest(array[
    case when tg_op <> 'DELETE' then new.bill_id end,
    case when tg_op <> 'INSERT' then old.bill_id end]) x where x is not null order by x);
  foreach item in array invoice_ids loop perform app_hidden.lock_invoice(item); end loop;
  foreach item in array bill_ids loop perform app_hidden.lock_bill(item); end loop;

  if app_hidden.current_user_id() is not null and app_hidden.workflow_mode() <> 'purge'
     and (tg_op <> 'UPDATE' or (new.amount, new.vat, new.invoice_id) is distinct from (old.amount, old.vat, old.invoice_id)) then
    select i.id into closed from app_public.invoices i
     where i.id = any(invoice_ids) and i.status in ('validated', 'paid') order by i.id limit 1;
    if closed.id is not null then
      perform app_hidden.fail('InvoiceClosed',
        format('Invoice #%s is validated or paid, so its costs cannot change. Reset it to open first.', closed.id));
    end if;
  end if;

  if tg_op = 'DELETE' then
    return old;
  end if;
  select i.subsidiary_id, i.currency into new.subsidiary_id, new.currency
    from app_public.invoices i where i.id = new.invoice_id;
  return new;
end;
$$;
drop trigger _300_from_invoice on app_public.costs;
create trigger _300_from_invoice before insert or update or delete on app_public.costs
  for each row execute function app_private.tg_costs__from_invoice();

-- Archiving or restoring an invoice keeps its figures (see refresh_invoice_totals).
create function app_private.tg_invoices__archive_totals() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_invoice_totals(new.id);
  return null;
end;
$$;
create trigger _600_archive_totals after update of is_deleted on app_public.invoices
  for each row when (old.is_deleted is distinct from new.is_deleted)
  execute function app_private.tg_invoices__archive_totals();

-- Payment links lock what they pay before its summary is recomputed.
create or replace function app_private.tg_invoices_payments__refresh() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  item integer;
begin
  for item in select distinct x from unnest(array[
      case when tg_op <> 'DELETE' then new.invoice_id end,
      case when tg_op <> 'INSERT' then old.invoice_id end]) x where x is not null order by x loop
    perform app_hidden.lock_invoice(item);
    perform app_private.refresh_invoice_payments(item);
  end loop;
  return null;
end;
$$;

create or replace function app_private.tg_bills_payments__refresh() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  item integer;
begin
  for item in select distinct x from unnest(array[
      case when tg_op <> 'DELETE' then new.bill_id end,
      case when tg_op <> 'INSERT' then old.bill_id end]) x where x is not null order by x loop
    perform app_hidden.lock_bill(item);
    perform app_private.refresh_bill_payments(item);
  end loop;
  return null;
end;
$$;

create or replace function app_private.tg_payments__refresh() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  item integer;
begin
  for item in select ip.invoice_id from app_public.invoices_payments ip where ip.payment_id = new.id loop
    perform app_hidden.lock_invoice(item);
    perform app_private.refresh_invoice_payments(item);
  end loop;
  for item in select bp.bill_id from app_public.bills_payments bp where bp.payment_id = new.id loop
    perform app_hidden.lock_bill(item);
    perform app_private.refresh_bill_payments(item);
  end loop;
  return null;
end;
$$;

-- The record to pay, as the caller sees it (a payer needs no right to change it), then locked so
-- that payments and cost changes on it are serialised.
create or replace function app_hidden.invoice_for_payment(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  if not exists (select from app_public.invoices i where i.id = invoice_id) then
    perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
  end if;
  perform app_hidden.lock_invoice(invoice_id);
  select * into invoice from app_public.invoices i where i.id = invoice_id;
  return invoice;
end;
$$;

create or replace function app_hidden.bill_for_payment(bill_id integer) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
begin
  if not exists (select from app_public.bills b where b.id = bill_id) then
    perform app_hidden.fail('BillNotFound', 'The bill not found');
  end if;
  perform app_hidden.lock_bill(bill_id);
  select * into bill from app_public.bills b where b.id = bill_id;
  return bill;
end;
$$;

-- Archiving: the invoice first, then its costs, so that the totals never see a half-archived
-- invoice.
create or replace function app_public.set_invoice_deleted(invoice_id integer, is_deleted boolean) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('invoice:write');
  invoice := app_hidden.invoice_for_update(invoice_id);
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set is_deleted = set_invoice_deleted.is_deleted
   where i.id = invoice.id;
  update app_public.costs c set is_deleted = set_invoice_deleted.is_deleted where c.invoice_id = invoice.id;
  perform app_hidden.set_workflow_mode('off');
  select * into invoice from app_public.invoices i where i.id = invoice.id;
  return invoice;
end;
$$;

--------------------------------------------------------------------------------------------------
-- 4. Workflow holes.

-- SPEC §4 "Open: all costs are approved": validating and closing need it as much as opening.
create function app_hidden.require_costs_approved(invoice_id integer) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  if not exists (select from app_public.costs c where c.invoice_id = require_costs_approved.invoice_id and not c.is_deleted) then
    perform app_hidden.fail('InvoiceHasNoCosts', 'The invoice has no costs.');
  end if;
  if exists (select from app_public.costs c
              where c.invoice_id = require_costs_approved.invoice_id and not c.is_deleted and c.status <> 'approved') then
    perform app_hidden.fail('CostsNotApproved', 'All costs of the invoice must be approved first.');
  end if;
end;
$$;

create or replace function app_public.validate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('validate_invoice');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if invoice.status <> 'open' or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.require_costs_approved(invoice.id);
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'validated', validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

-- Validated → paid, settled in full: when money remains, a final payment of the remaining amount
-- is recorded in the same transaction (method and date given), otherwise closing is refused.
drop function app_public.close_invoices_as_paid(integer[]);
drop function app_public.close_invoice_as_paid(integer);
create function app_public.close_invoice_as_paid(invoice_id integer,
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
  remaining numeric;
begin
  perform app_hidden.require_scope('close_invoice');
  invoice := app_hidden.invoice_for_update(invoice_id);
  perform app_hidden.require_user();
  if invoice.status <> 'validated' or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.require_costs_approved(invoice.id);
  remaining := app_public.invoices_remaining_amount(invoice);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('InvoiceNotFullyPaid',
        format('The invoice is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, invoice.currency));
    end if;
    perform app_public.create_invoice_payment(invoice.id, remaining, invoice.currency, final_payment_date, final_payment_method);
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'paid', closed_by = app_hidden.current_user_id()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;
comment on function app_public.close_invoice_as_paid(integer, app_public.payment_method, timestamptz) is 'Validated → paid. When money remains, give the method and date of a final payment of the remaining amount, recorded in the same call; without them closing is refused (InvoiceNotFullyPaid).';

create function app_public.close_invoices_as_paid(ids integer[],
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop
    return next app_public.close_invoice_as_paid(item, final_payment_method, final_payment_date);
  end loop;
end;
$$;
comment on function app_public.close_invoices_as_paid(integer[], app_public.payment_method, timestamptz) is 'Closes each invoice as paid (all or nothing); the final payment method and date settle whatever remains on each.';

-- Deleting an invoice removes its costs even when it was closed ('purge').
create or replace function app_public.delete_invoice(invoice_id integer, force boolean default false) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
  payment_ids uuid[];
begin
  perform app_hidden.require_scope('invoice:write');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if force then
    perform app_hidden.require_scope('admin:invoice:write');
  else
    if invoice.status in ('validated', 'paid') then
      perform app_hidden.fail('CannotDeleteClosedInvoice', 'A validated or paid invoice can only be force deleted.');
    end if;
    if exists (select from app_public.invoices_payments ip where ip.invoice_id = invoice.id) then
      perform app_hidden.fail('InvoiceHasPayments', 'The invoice has payments: delete them first, or force delete.');
    end if;
  end if;
  perform app_public.set_invoice_deleted(invoice.id, true);
  perform app_hidden.set_workflow_mode('purge');
  select array_agg(ip.payment_id) into payment_ids from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.costs c where c.invoice_id = invoice.id;
  delete from app_public.invoices i where i.id = invoice.id;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

create or replace function app_private.tg_costs__guard() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if tg_op = 'DELETE' then
    if old.status = 'approved' and app_hidden.workflow_mode() not in ('force', 'purge') then
      perform app_hidden.fail('CannotDeleteApprovedCost', 'Cannot delete an approved cost.');
    end if;
    return old;
  end if;
  if tg_op = 'INSERT' then
    if app_hidden.workflow_mode() = 'off' and (new.status <> 'to_approve' or new.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    return new;
  end if;
  if app_hidden.workflow_mode() = 'off' then
    if (new.status, new.approved_by, new.reject_reason, new.is_deleted)
       is distinct from (old.status, old.approved_by, old.reject_reason, old.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    if old.status = 'approved' and
       (new.name, new.description, new.amount, new.vat, new.invoice_id, new.cost_type_id, new.project_id,
        new.period, new.year)
       is distinct from
       (old.name, old.description, old.amount, old.vat, old.invoice_id, old.cost_type_id, old.project_id,
        old.period, old.year) then
      perform app_hidden.fail('CannotEditApprovedCost', 'Cannot edit an approved cost.');
    end if;
  end if;
  return new;
end;
$$;

-- The payments of a paid invoice or bill are part of what was closed.
create or replace function app_public.delete_payment(payment_id uuid) returns app_public.payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  payment app_public.payments;
begin
  perform app_hidden.require_scope('payment:write');
  select * into payment from app_public.payments p where p.id = payment_id for update;
  if payment.id is null then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  if exists (select from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
              where ip.payment_id = payment.id and i.status = 'paid')
     or exists (select from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id
                 where bp.payment_id = payment.id and b.status = 'paid') then
    perform app_hidden.fail('PaymentOfClosedRecord',
      'The payment belongs to an invoice or bill closed as paid and cannot be deleted. Reset the invoice to open first.');
  end if;
  delete from app_public.invoices_payments ip where ip.payment_id = payment.id;
  delete from app_public.bills_payments bp where bp.payment_id = payment.id;
  delete from app_public.payments p where p.id = payment.id;
  return payment;
end;
$$;

--------------------------------------------------------------------------------------------------
-- 3. Files: who may attach, replace and delete them.

-- How many records a file is attached to (all of them, whoever can see them).
create function app_hidden.file_attachment_count(file_id uuid) returns integer
language sql stable security definer set search_path = pg_catalog as $$
  select ((select count(*) from app_public.bills_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.invoices_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.costs_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.documents_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.bills b where b.act_id = file_attachment_count.file_id)
        + (select count(*) from app_public.users u where u.avatar_file_id = file_attachment_count.file_id))::integer
$$;

-- How many of those records the caller may write (runs as the caller, so row-level security
-- hides the others).
create function app_hidden.file_writable_attachment_count(file_id uuid) returns integer
language sql stable set search_path = pg_catalog as $$
  select ((select count(*) from app_public.bills_files l join app_public.bills b on b.id = l.bill_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('bill:write'))
        + (select count(*) from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('invoice:write'))
        + (select count(*) from app_public.costs_files l join app_public.costs c on c.id = l.cost_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('cost:write'))
        + (select count(*) from app_public.documents_files l join app_public.documents d on d.id = l.document_id
            where l.file_id = file_writable_attachment_count.file_id
              and (app_hidden.has_scope('documents:write') or d.id = any (app_hidden.document_ids_shared_with_me(true))))
        + (select count(*) from app_public.bills b
            where b.act_id = file_writable_attachment_count.file_id and app_hidden.has_scope('bill:write'))
        + (select count(*) from app_public.users u
            where u.avatar_file_id = file_writable_attachment_count.file_id
              and (u.id = app_hidden.current_user_id() or app_hidden.has_scope('admin:user'))))::integer
$$;

-- Attaching: a file the caller uploaded and nothing references yet, or one already attached to a
-- record the caller may write. Knowing a file's id is not enough.
create function app_hidden.can_attach_file(file_id uuid) returns boolean
language sql stable set search_path = pg_catalog as $$
  select case when app_hidden.file_attachment_count(can_attach_file.file_id) = 0
              then exists (select from app_public.files f
                            where f.id = can_attach_file.file_id and f.uploaded_by = app_hidden.current_user_id())
              else app_hidden.file_writable_attachment_count(can_attach_file.file_id) > 0 end
$$;
comment on function app_hidden.can_attach_file(uuid) is 'Whether the signed-in user may attach this file to a record: their own unattached upload, or a file attached to a record they may write.';

-- Replacing or deleting: the uploader while nothing references it; afterwards, only someone who
-- may write every record it is attached to.
create or replace function app_hidden.can_write_file(file_id uuid) returns boolean
language sql stable set search_path = pg_catalog as $$
  select case when app_hidden.file_attachment_count(can_write_file.file_id) = 0
              then exists (select from app_public.files f
                            where f.id = can_write_file.file_id and f.uploaded_by = app_hidden.current_user_id())
              else app_hidden.file_writable_attachment_count(can_write_file.file_id)
                   = app_hidden.file_attachment_count(can_write_file.file_id) end
$$;
comment on function app_hidden.can_write_file(uuid) is 'Whether the signed-in user may replace or delete this file: its uploader while it is unattached, otherwise a writer of every record it is attached to.';

-- Attaching goes through addBillFiles, addInvoiceFiles, addCostFiles and addDocumentFiles (and
-- removing through their remove… counterparts); the generated link mutations are gone.
comment on table app_public.bills_files is E'@behavior -insert -update -delete\nA file attached to a bill.';
comment on table app_public.invoices_files is E'@behavior -insert -update -delete\nA file attached to an invoice.';
comment on table app_public.costs_files is E'@behavior -insert -update -delete\nA file attached to a cost.';
comment on table app_public.documents_files is E'@behavior -insert -update -delete\nA file attached to a document.';

--------------------------------------------------------------------------------------------------
-- 2. References a user sets.
--
-- One trigger on every table with a foreign key the API's role may set. For each foreign key
-- whose value an insert sets or an update changes, the referenced row must be visible to the
-- caller (the check runs as the caller, so row-level security decides); for the columns named in
-- the trigger's arguments as "column:write", the referenced row must also be writable (it is
-- locked FOR NO KEY UPDATE, which row-level security allows only under the table's update
-- policy), because the write changes it (a cost changes its invoice's totals and its bill's costs
-- status; an attachment or a reader changes its record). "column:own" marks a reference to a row
-- the same call has just created (a payment and its link). A file id is checked with
-- can_attach_file. References to users are not checked: who may be named (a document's reader,
-- a supplier's user) is the writer's decision under the table's own write rule.

create function app_hidden.reference_not_found(target text, id text) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  case target
    when 'invoices' then perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
    when 'bills' then perform app_hidden.fail('BillNotFound', 'The bill not found');
    when 'costs' then perform app_hidden.fail('CostNotFound', 'Cost not found');
    when 'documents' then perform app_hidden.fail('DocumentNotFound', 'Document not found');
    when 'files' then perform app_hidden.fail('FileNotFound', 'File not found');
    when 'payments' then perform app_hidden.fail('PaymentNotFound', 'Payment not found');
    when 'accounts' then perform app_hidden.fail('AccountNotFound', format('Account ''%s'' doesn''t exist', id));
    else perform app_hidden.fail('ReferenceNotFound', 'A record this refers to does not exist.');
  end case;
end;
$$;

create function app_private.tg__check_references() returns trigger
language plpgsql set search_path = pg_catalog as $$
declare
  fk record;
  new_row jsonb := to_jsonb(new);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  rule text;
  key jsonb;
  matched integer;
begin
  for fk in
    select t.relname::text as target, c.confrelid::regclass::text as target_table,
           array_agg(a.attname::text order by k.ord) as columns,
           array_agg(fa.attname::text order by k.ord) as target_columns
      from pg_constraint c
      cross join lateral unnest(c.conkey, c.confkey) with ordinality as k(col, fcol, ord)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
      join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = k.fcol
      join pg_class t on t.oid = c.confrelid
     where c.conrelid = tg_relid and c.contype = 'f' and t.relname <> 'users'
     group by c.oid, t.relname, c.confrelid
  loop
    -- Nothing to check when the reference is empty or unchanged.
    continue when exists (select from unnest(fk.columns) col where new_row -> col = 'null'::jsonb);
    continue when tg_op = 'UPDATE'
      and not exists (select from unnest(fk.columns) col where new_row -> col is distinct from old_row -> col);
    rule := (select split_part(arg, ':', 2) from unnest(tg_argv) arg where split_part(arg, ':', 1) = fk.columns[1]);
    continue when rule = 'own';
    if fk.target = 'files' then
      if not app_hidden.can_attach_file((new_row ->> fk.columns[1])::uuid) then
        perform app_hidden.reference_not_found('files', new_row ->> fk.columns[1]);
      end if;
      continue;
    end if;
    key := (select jsonb_object_agg(fk.target_columns[i], new_row -> fk.columns[i])
              from generate_subscripts(fk.columns, 1) i);
    execute format('select count(*)::integer from %s r where (%s) = (select %s from jsonb_populate_record(null::%s, $1) p)',
                   fk.target_table,
                   (select string_agg('r.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                   (select string_agg('p.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                   fk.target_table)
      into matched using key;
    if matched = 0 then
      perform app_hidden.reference_not_found(fk.target, new_row ->> fk.columns[1]);
    end if;
    if rule = 'write' then
      execute format('select count(*)::integer from (select from %s r where (%s) = (select %s from jsonb_populate_record(null::%s, $1) p) for no key update of r) x',
                     fk.target_table,
                     (select string_agg('r.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                     (select string_agg('p.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                     fk.target_table)
        into matched using key;
      if matched = 0 then
        perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
      end if;
    end if;
  end loop;
  return new;
end;
$$;
comment on function app_private.tg__check_references() is 'Refuses a reference to a row the caller cannot see (or, for column:write arguments, cannot write). See 0015-integrity.sql.';

-- Installed on every table with a foreign key column the API's role may insert or update, with
-- the rules above; schema tests fail when a table is missing it.
do $$
declare
  item record;
  rules constant jsonb := '{
    "costs": ["invoice_id:write", "bill_id:write"],
    "invoices_payments": ["invoice_id:visible", "payment_id:own"],
    "bills_payments": ["bill_id:visible", "payment_id:own"],
    "bills_files": ["bill_id:write"],
    "invoices_files": ["invoice_id:write"],
    "costs_files": ["cost_id:write"],
    "documents_files": ["document_id:write"],
    "document_readers": ["document_id:write"],
    "document_editors": ["document_id:write"]
  }';
begin
  for item in
    select distinct c.conrelid::regclass as tbl, cl.relname::text as name
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
     where c.contype = 'f' and c.connamespace = 'app_public'::regnamespace
       and (has_column_privilege('ledgerline_visitor', c.conrelid, a.attnum, 'INSERT')
            or has_column_privilege('ledgerline_visitor', c.conrelid, a.attnum, 'UPDATE'))
  loop
    execute format(
      'create trigger _010_references before insert or update on %s for each row
         when (app_hidden.current_user_id() is not null)
         execute function app_private.tg__check_references(%s)',
      item.tbl,
      coalesce((select string_agg(quote_literal(r), ', ') from jsonb_array_elements_text(rules -> item.name) r), ''));
  end loop;
end;
$$;

grant execute on function app_hidden.lock_invoice(integer), app_hidden.lock_bill(integer), app_hidden.require_costs_approved(integer), app_hidden.file_attachment_count(uuid),
  app_hidden.file_writable_attachment_count(uuid), app_hidden.can_attach_file(uuid),
  app_hidden.reference_not_found(text, text) to ledgerline_visitor;
grant execute on function app_public.invoices_remaining_amount(app_public.invoices),
  app_public.bills_remaining_amount(app_public.bills),
  app_public.close_invoice_as_paid(integer, app_public.payment_method, timestamptz),
  app_public.close_invoices_as_paid(integer[], app_public.payment_method, timestamptz) to ledgerline_visitor;

--------------------------------------------------------------------------------------------------
-- 6. Every refusal says what it is: a record the caller can see but may not change is Forbidden,
-- not "not found" (the lock below applies the table's update policy).

create or replace function app_hidden.invoice_for_update(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  if not exists (select from app_public.invoices i where i.id = invoice_id) then
    perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
  end if;
  select * into invoice from app_public.invoices i where i.id = invoice_id for update;
  if invoice.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return invoice;
end;
$$;

create or replace function app_hidden.bill_for_update(bill_id integer) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
begin
  if not exists (select from app_public.bills b where b.id = bill_id) then
    perform app_hidden.fail('BillNotFound', 'The bill not found');
  end if;
  select * into bill from app_public.bills b where b.id = bill_id for update;
  if bill.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return bill;
end;
$$;

-- A cost is changed under its invoice's lock, taken first, in the same order as the invoice
-- workflows (invoice, then costs), so that the two cannot wait on each other.
create or replace function app_hidden.cost_for_update(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs;
begin
  select * into cost from app_public.costs c where c.id = cost_id;
  if cost.id is null then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  perform app_hidden.lock_invoice(cost.invoice_id);
  select * into cost from app_public.costs c where c.id = cost_id for update;
  if cost.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return cost;
end;
$$;

create or replace function app_hidden.document_for_update(document_id uuid) returns app_public.documents
language plpgsql volatile set search_path = pg_catalog as $$
declare
  document app_public.documents;
begin
  if not exists (select from app_public.documents d where d.id = document_id) then
    perform app_hidden.fail('DocumentNotFound', 'Document not found');
  end if;
  select * into document from app_public.documents d where d.id = document_id for update;
  if document.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return document;
end;
$$;

-- Removing a document's files changes the document: only its writers may.
create or replace function app_public.remove_document_files(document_id uuid) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  perform app_hidden.document_for_update(document_id);
  with gone as (delete from app_public.documents_files l where l.document_id = remove_document_files.document_id returning l.file_id)
  select coalesce(array_agg(file_id), '{}') into unlinked from gone;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;
