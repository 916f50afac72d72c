-- Deleting a payment left the payment row behind. delete_payment, delete_bill and delete_invoice
-- removed the link (bills_payments, invoices_payments) first and then the payment; but the
-- payments' row-level security shows and deletes a payment only through its link, so the second
-- delete matched nothing and the payment stayed, invisible (a force-deleted bill "removed its
-- payments" and kept them). Now the payment goes first, while the link still shows it; the link
-- follows by its foreign key (on delete cascade).

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
  -- The payment while its link still shows it to the caller; its link goes with it (on delete
  -- cascade), and the triggers of the link recompute what the record has been paid.
  delete from app_public.payments p where p.id = payment.id;
  if found is false then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  return payment;
end;
$$;

create or replace function app_public.delete_bill(bill_id integer, force boolean default false) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  payment_ids uuid[];
  previous text;
begin
  if not force and exists (select from app_public.bills_payments bp where bp.bill_id = bill.id) then
    perform app_hidden.fail('BillHasPayments', 'The bill has payments: delete them first, or force delete.');
  end if;
  perform app_hidden.require_transition('bill', case when force then 'force_delete' else 'delete' end,
                                        bill.status::text, bill.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = true where b.id = bill.id;
  perform app_hidden.set_workflow_mode('force');
  select array_agg(bp.payment_id) into payment_ids from app_public.bills_payments bp where bp.bill_id = bill.id;
  -- The payments first, while their links still show them to the caller (the payments' policies
  -- need a link); deleting a payment removes its link (on delete cascade).
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.bills_payments bp where bp.bill_id = bill.id;
  if force then
    delete from app_public.costs c where c.bill_id = bill.id;
  else
    update app_public.costs c set bill_id = null where c.bill_id = bill.id;
  end if;
  delete from app_public.bills b where b.id = bill.id;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

create or replace function app_public.delete_invoice(invoice_id integer, force boolean default false) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  payment_ids uuid[];
  previous text;
begin
  if not force then
    if invoice.status in ('validated', 'paid') then
      perform app_hidden.fail('CannotDeleteClosedInvoice', 'A validated or paid invoice can only be force deleted.');
    end if;
    if exists (select from app_public.invoices_payments ip where ip.invoice_id = invoice.id) then
      perform app_hidden.fail('InvoiceHasPayments', 'The invoice has payments: delete them first, or force delete.');
    end if;
  end if;
  perform app_hidden.require_transition('invoice', case when force then 'force_delete' else 'delete' end,
                                        invoice.status::text, invoice.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set is_deleted = true where i.id = invoice.id;
  update app_public.costs c set is_deleted = true where c.invoice_id = invoice.id;
  perform app_hidden.set_workflow_mode('purge');
  select array_agg(ip.payment_id) into payment_ids from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  -- As for bills: the payments while their links still show them, then any link left.
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.costs c where c.invoice_id = invoice.id;
  delete from app_public.invoices i where i.id = invoice.id;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

-- The bill wizard (SPEC §2, §4: upload attachments, upload act, create bill, update costs) makes a
-- bill in one transaction: the bill, its costs and its attachments (already uploaded files) are
-- written together or not at all, so a failure leaves no half-made bill. file_ids are checked as
-- addBillFiles checks them (your own unattached uploads, or files of records you may write).
drop function app_public.create_bill_with_costs(text, uuid, uuid, date, integer, integer, text, numeric, numeric,
  integer[], uuid, uuid, text, text, date, uuid);
create function app_public.create_bill_with_costs(name text, client_id uuid, subsidiary_id uuid, invoice_date date,
  period integer, year integer, currency text, vat numeric, amount numeric, cost_ids integer[] default '{}',
  project_id uuid default null, service_id uuid default null, description text default null,
  invoice_ref text default null, due_date date default null, act_id uuid default null,
  file_ids uuid[] default '{}') returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
  attached integer;
begin
  perform app_hidden.require_scope('bill:write');
  insert into app_public.bills (name, client_id, subsidiary_id, invoice_date, period, year, currency, vat, amount,
                                project_id, service_id, description, invoice_ref, due_date, act_id)
  values (name, client_id, subsidiary_id, invoice_date, period, year, currency, vat, amount,
          project_id, service_id, description, invoice_ref, due_date, act_id)
  returning * into bill;
  if cardinality(coalesce(cost_ids, '{}')) > 0 then
    update app_public.costs c set bill_id = bill.id, to_bill = true
     where c.id = any(cost_ids) and c.status = 'approved' and not c.is_deleted and c.bill_id is null
       and c.subsidiary_id = bill.subsidiary_id;
    get diagnostics attached = row_count;
    if attached <> cardinality(array(select distinct unnest(cost_ids))) then
      perform app_hidden.fail('CostsNotBillable', 'Only approved, unbilled costs of the bill''s subsidiary can be billed.');
    end if;
  end if;
  if cardinality(coalesce(file_ids, '{}')) > 0 then
    perform app_public.add_bill_files(bill.id, file_ids);
  end if;
  select * into bill from app_public.bills b where b.id = bill.id;
  return bill;
end;
$$;
comment on function app_public.create_bill_with_costs(text, uuid, uuid, date, integer, integer, text, numeric, numeric,
  integer[], uuid, uuid, text, text, date, uuid, uuid[]) is
  'Creates a bill, attaches the selected approved, unbilled costs of its subsidiary and the given uploaded files, in one call (bill:write): all or nothing.';

-- A payment's amount in USD (SPEC §3 Payment.amount_usd) was never filled in: it is now computed
-- as other USD amounts are (DESIGN §4), at the rate of the payment's currency on its date (the
-- latest on or before it), and kept when the amount, currency or date change. Without a rate for
-- that date it stays empty rather than refusing the payment: the money received is a fact, its
-- USD figure a report.
create function app_private.tg__payment_amount_usd() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  new.amount_usd := round(new.amount * (
    select case when new.currency = 'USD' then 1 else r.usd_per_unit end
      from (select 1) one
      left join lateral (select e.usd_per_unit from app_public.exchange_rates e
                          where e.currency = new.currency and e.rate_date <= new.payment_date::date
                          order by e.rate_date desc limit 1) r on true), 2);
  return new;
end;
$$;
create trigger _300_amount_usd before insert or update of amount, currency, payment_date
  on app_public.payments for each row execute function app_private.tg__payment_amount_usd();
update app_public.payments p set amount_usd = round(p.amount * (
    select case when p.currency = 'USD' then 1 else r.usd_per_unit end
      from (select 1) one
      left join lateral (select e.usd_per_unit from app_public.exchange_rates e
                          where e.currency = p.currency and e.rate_date <= p.payment_date::date
                          order by e.rate_date desc limit 1) r on true), 2)
 where p.amount_usd is null;
