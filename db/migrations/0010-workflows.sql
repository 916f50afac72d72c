-- Workflow mutations for invoices, costs, bills and payments (docs/workflows.md). They run as the
-- caller (security invoker), so row-level security decides which rows they may touch; the
-- transition rules and the scopes each step needs are checked here.

create function app_hidden.require_scope(scope text) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  if not app_hidden.has_scope(scope) then
    perform app_hidden.fail('Forbidden', format('You don''t have the permission for this action (%s).', scope));
  end if;
end;
$$;

create function app_hidden.require_user() returns uuid
language plpgsql stable set search_path = pg_catalog as $$
begin
  if app_hidden.current_user_id() is null then
    perform app_hidden.fail('UserIdUndefined', 'Cannot close bill! User ID is undefined.');
  end if;
  return app_hidden.current_user_id();
end;
$$;

create function app_hidden.require_ids(ids anyarray) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  if ids is null or cardinality(ids) = 0 then
    perform app_hidden.fail('IdsRequired', 'At least one id is required.');
  end if;
end;
$$;

-- The invoice as the caller sees it, locked for the change; 'The invoice not found' otherwise.
create function app_hidden.invoice_for_update(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  select * into invoice from app_public.invoices i where i.id = invoice_id for update;
  if invoice.id is null then
    perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
  end if;
  return invoice;
end;
$$;

create function app_hidden.cost_for_update(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs;
begin
  select * into cost from app_public.costs c where c.id = cost_id for update;
  if cost.id is null then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  return cost;
end;
$$;

-- The invoice or bill to pay, as the caller sees it (a payer needs no right to change it);
-- payments on one record are serialized so that two cannot both take the same remaining amount.
create function app_hidden.invoice_for_payment(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform pg_advisory_xact_lock(hashtext('invoice_payments'), invoice_id);
  select * into invoice from app_public.invoices i where i.id = invoice_id;
  if invoice.id is null then
    perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
  end if;
  return invoice;
end;
$$;

create function app_hidden.bill_for_payment(bill_id integer) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
begin
  perform pg_advisory_xact_lock(hashtext('bill_payments'), bill_id);
  select * into bill from app_public.bills b where b.id = bill_id;
  if bill.id is null then
    perform app_hidden.fail('BillNotFound', 'The bill not found');
  end if;
  return bill;
end;
$$;

create function app_hidden.bill_for_update(bill_id integer) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
begin
  select * into bill from app_public.bills b where b.id = bill_id for update;
  if bill.id is null then
    perform app_hidden.fail('BillNotFound', 'The bill not found');
  end if;
  return bill;
end;
$$;

create function app_hidden.cannot_change_status() returns void
language sql volatile set search_path = pg_catalog as $$
  select app_hidden.fail('CannotChangeStatus', 'Cannot change status.')
$$;

--------------------------------------------------------------------------------------------------
-- Costs

create function app_public.approve_cost(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs;
begin
  perform app_hidden.require_scope('approve_cost');
  cost := app_hidden.cost_for_update(cost_id);
  if cost.status <> 'to_approve' or cost.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'approved', approved_by = app_hidden.require_user(), reject_reason = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode('off');
  return cost;
end;
$$;
comment on function app_public.approve_cost(integer) is 'To approve → approved; records the approver (approve_cost).';

create function app_public.reject_cost(cost_id integer, reason text) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs;
begin
  perform app_hidden.require_scope('approve_cost');
  cost := app_hidden.cost_for_update(cost_id);
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  if cost.status = 'rejected' or cost.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', approved_by = app_hidden.require_user(), reject_reason = reason
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode('off');
  return cost;
end;
$$;
comment on function app_public.reject_cost(integer, text) is 'To approve or approved → rejected with a reason; records who rejected (approve_cost).';

create function app_public.return_cost_to_approval(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs;
begin
  perform app_hidden.require_scope('cost:write');
  cost := app_hidden.cost_for_update(cost_id);
  if cost.status = 'to_approve' or cost.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  if cost.status = 'approved' then
    perform app_hidden.require_scope('approve_cost');
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'to_approve', reject_reason = null, approved_by = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode('off');
  return cost;
end;
$$;
comment on function app_public.return_cost_to_approval(integer) is 'Rejected (or approved) → to approve; clears the reject reason.';

-- Deletes a cost; an approved one only with force, which needs admin:cost:write.
create function app_public.delete_cost(cost_id integer, force boolean default false) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs;
begin
  perform app_hidden.require_scope('cost:write');
  cost := app_hidden.cost_for_update(cost_id);
  if cost.status = 'approved' then
    if not force then
      perform app_hidden.fail('CannotDeleteApprovedCost', 'Cannot delete an approved cost.');
    end if;
    perform app_hidden.require_scope('admin:cost:write');
    perform app_hidden.set_workflow_mode('force');
  end if;
  delete from app_public.costs c where c.id = cost_id;
  perform app_hidden.set_workflow_mode('off');
  return cost;
end;
$$;
comment on function app_public.delete_cost(integer, boolean) is 'Deletes a cost. An approved cost needs force, which needs admin:cost:write and may leave its invoice inconsistent.';

-- Bulk update of the editable fields of several costs: only the keys present in patch change.
create function app_public.update_costs(ids integer[], patch jsonb) returns setof app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  allowed constant text[] := array['name', 'description', 'amount', 'vat', 'to_bill', 'cost_type_id', 'project_id', 'period', 'year'];
  key text;
begin
  perform app_hidden.require_ids(ids);
  for key in select jsonb_object_keys(coalesce(patch, '{}')) loop
    if not key = any(allowed) then
      perform app_hidden.fail('InvalidInput', format('The field %s cannot be changed here.', key));
    end if;
  end loop;
  if coalesce(patch, '{}') = '{}' then
    perform app_hidden.fail('NoChanges', 'No changes found. Do not update.');
  end if;
  if (select count(*) from app_public.costs c where c.id = any(ids)) <> cardinality(array(select distinct unnest(ids))) then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  return query
  update app_public.costs c
     set name = p.name, description = p.description, amount = p.amount, vat = p.vat, to_bill = p.to_bill,
         cost_type_id = p.cost_type_id, project_id = p.project_id, period = p.period, year = p.year
    from app_public.costs old
    cross join lateral jsonb_populate_record(old, patch) p
   where c.id = old.id and old.id = any(ids)
  returning c.*;
end;
$$;
comment on function app_public.update_costs(integer[], jsonb) is 'Sets the same fields on several costs: patch keys are column names (name, description, amount, vat, to_bill, cost_type_id, project_id, period, year).';

--------------------------------------------------------------------------------------------------
-- Invoices

-- Draft (or open) → open, once every live cost is approved.
create function app_public.open_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('invoice:write');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if invoice.status <> 'draft' or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  if not exists (select from app_public.costs c where c.invoice_id = invoice.id and not c.is_deleted) then
    perform app_hidden.fail('InvoiceHasNoCosts', 'The invoice has no costs.');
  end if;
  if exists (select from app_public.costs c where c.invoice_id = invoice.id and not c.is_deleted and c.status <> 'approved') then
    perform app_hidden.fail('CostsNotApproved', 'All costs of the invoice must be approved first.');
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open' where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

create function app_public.validate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('validate_invoice');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if invoice.status <> 'open' or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'validated', validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

-- Open or validated → rejected with a reason; its costs are rejected with reason invoice_rejected.
create function app_public.reject_invoice(invoice_id integer, reason text) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('validate_invoice');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  if invoice.status not in ('open', 'validated') or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', reject_reason = 'invoice_rejected', approved_by = app_hidden.current_user_id()
   where c.invoice_id = invoice.id and not c.is_deleted;
  update app_public.invoices i set status = 'rejected', reject_reason = reason, validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

-- Rejected → open, once the reason is fixed: every live cost approved again.
create function app_public.reopen_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('invoice:write');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if invoice.status <> 'rejected' or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  if exists (select from app_public.costs c where c.invoice_id = invoice.id and not c.is_deleted and c.status <> 'approved') then
    perform app_hidden.fail('CostsNotApproved', 'All costs of the invoice must be approved first.');
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open' where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

-- Validated or rejected (paid: with close_invoice) → open; clears validated_by and reject_reason.
create function app_public.reset_invoice_to_open(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('validate_invoice');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if invoice.status not in ('validated', 'rejected', 'paid') or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  if invoice.status = 'paid' then
    perform app_hidden.require_scope('close_invoice');
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open', validated_by = null, reject_reason = null, closed_by = null
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

create function app_public.close_invoice_as_paid(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('close_invoice');
  invoice := app_hidden.invoice_for_update(invoice_id);
  if invoice.status <> 'validated' or invoice.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'paid', closed_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

-- Archive (true) or restore (false) an invoice, with all its costs.
create function app_public.set_invoice_deleted(invoice_id integer, is_deleted boolean) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('invoice:write');
  invoice := app_hidden.invoice_for_update(invoice_id);
  perform app_hidden.set_workflow_mode('on');
  update app_public.costs c set is_deleted = set_invoice_deleted.is_deleted where c.invoice_id = invoice.id;
  update app_public.invoices i set is_deleted = set_invoice_deleted.is_deleted
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

-- Permanent delete: marks the invoice and its costs deleted, then removes them, in one
-- transaction. Refused while payments exist, and for validated or paid invoices, unless forced
-- (admin:invoice:write), which also removes its payments.
create function app_public.delete_invoice(invoice_id integer, force boolean default false) returns app_public.invoices
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
  perform app_hidden.set_workflow_mode('force');
  select array_agg(ip.payment_id) into payment_ids from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.costs c where c.invoice_id = invoice.id;
  delete from app_public.invoices i where i.id = invoice.id;
  perform app_hidden.set_workflow_mode('off');
  return invoice;
end;
$$;

-- Archive-and-delete by ids (SPEC: needs at least one id).
create function app_public.archive_and_delete_invoices(ids integer[]) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop
    return next app_public.delete_invoice(item, false);
  end loop;
end;
$$;

-- A new draft invoice with copies of the costs (to approve again).
create function app_public.duplicate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  source app_public.invoices;
  copy app_public.invoices;
begin
  perform app_hidden.require_scope('invoice:write');
  source := app_hidden.invoice_for_update(invoice_id);
  insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, period_start, period_end, currency,
                                   subsidiary_id, supplier_id, default_cost_type_id)
  values (source.type, source.invoice_ref || ' (copy)', source.invoice_date, source.due_date, source.period_start,
          source.period_end, source.currency, source.subsidiary_id, source.supplier_id, source.default_cost_type_id)
  returning * into copy;
  insert into app_public.costs (name, description, amount, vat, invoice_id, to_bill, cost_type_id, project_id, period, year)
  select c.name, c.description, c.amount, c.vat, copy.id, c.to_bill, c.cost_type_id, c.project_id, c.period, c.year
    from app_public.costs c where c.invoice_id = source.id and not c.is_deleted order by c.id;
  select * into copy from app_public.invoices i where i.id = copy.id;
  return copy;
end;
$$;

-- Bulk actions of the invoices table: each id goes through the single action, all or nothing.
create function app_public.approve_invoices(ids integer[]) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  item integer;
  cost integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop
    perform app_hidden.invoice_for_update(item);
    for cost in select c.id from app_public.costs c
                 where c.invoice_id = item and not c.is_deleted and c.status = 'to_approve' order by c.id loop
      perform app_public.approve_cost(cost);
    end loop;
    return query select * from app_public.invoices i where i.id = item;
  end loop;
end;
$$;
comment on function app_public.approve_invoices(integer[]) is 'Approves every cost still to approve on each invoice (approve_cost).';

create function app_public.reject_invoices(ids integer[], reason text) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.reject_invoice(item, reason); end loop;
end;
$$;

create function app_public.validate_invoices(ids integer[]) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.validate_invoice(item); end loop;
end;
$$;

create function app_public.close_invoices_as_paid(ids integer[]) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.close_invoice_as_paid(item); end loop;
end;
$$;

create function app_public.open_invoices(ids integer[]) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.open_invoice(item); end loop;
end;
$$;

create function app_public.reopen_invoices(ids integer[]) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.reopen_invoice(item); end loop;
end;
$$;

create function app_public.duplicate_invoices(ids integer[]) returns setof app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.duplicate_invoice(item); end loop;
end;
$$;

--------------------------------------------------------------------------------------------------
-- Payments

-- Checks a payment against SPEC §5 and the record it pays; returns nothing, raises on a problem.
create function app_hidden.check_payment(record_currency text, remaining numeric, amount numeric,
  currency text, payment_date timestamptz, payment_method app_public.payment_method) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('payment:write');
  if payment_method is null then
    perform app_hidden.fail('MissingPaymentMethod', 'Missing payment method');
  end if;
  if payment_date is null then
    perform app_hidden.fail('InvalidPaymentDate', 'Date is invalid');
  end if;
  if amount is null or amount <= 0 then
    perform app_hidden.fail('InvalidAmount', 'The amount must be above 0.');
  end if;
  if currency is null or not exists (select from app_public.currencies c where c.value = currency) then
    perform app_hidden.fail('UnknownCurrency', 'The currency must be from the currency list.');
  end if;
  if currency <> record_currency then
    perform app_hidden.fail('PaymentCurrencyMismatch', format('The payment must be in %s, the currency of the record it pays.', record_currency));
  end if;
  if amount > remaining then
    perform app_hidden.fail('PaymentExceedsRemaining', format('The payment is larger than the remaining amount (%s %s).', remaining, record_currency));
  end if;
end;
$$;

create function app_public.invoices_paid_amount(invoice app_public.invoices) returns numeric
language sql stable set search_path = pg_catalog as $$
  select coalesce(sum(p.amount), 0) from app_public.invoices_payments ip
    join app_public.payments p on p.id = ip.payment_id where ip.invoice_id = invoice.id
$$;
comment on function app_public.invoices_paid_amount(app_public.invoices) is 'The sum of the payments on the invoice.';

create function app_public.invoices_remaining_amount(invoice app_public.invoices) returns numeric
language sql stable set search_path = pg_catalog as $$
  select invoice.amount_w_vat - app_public.invoices_paid_amount(invoice)
$$;
comment on function app_public.invoices_remaining_amount(app_public.invoices) is 'Amount with VAT minus the payments (SPEC §5).';

create function app_public.invoices_has_payments(invoice app_public.invoices) returns boolean
language sql stable set search_path = pg_catalog as $$
  select exists (select from app_public.invoices_payments ip where ip.invoice_id = invoice.id)
$$;

create function app_public.bills_paid_amount(bill app_public.bills) returns numeric
language sql stable set search_path = pg_catalog as $$
  select coalesce(sum(p.amount), 0) from app_public.bills_payments bp
    join app_public.payments p on p.id = bp.payment_id where bp.bill_id = bill.id
$$;

create function app_public.bills_remaining_amount(bill app_public.bills) returns numeric
language sql stable set search_path = pg_catalog as $$
  select bill.amount_w_vat - app_public.bills_paid_amount(bill)
$$;

create function app_public.bills_has_payments(bill app_public.bills) returns boolean
language sql stable set search_path = pg_catalog as $$
  select exists (select from app_public.bills_payments bp where bp.bill_id = bill.id)
$$;

create type app_public.remaining_amount as (id integer, remaining numeric, currency text);
comment on type app_public.remaining_amount is 'What is left to pay on an invoice or bill.';

create function app_public.invoices_remaining(ids integer[]) returns setof app_public.remaining_amount
language sql stable set search_path = pg_catalog as $$
  select i.id, app_public.invoices_remaining_amount(i), i.currency::text
    from app_public.invoices i where i.id = any(ids) order by i.id
$$;
comment on function app_public.invoices_remaining(integer[]) is 'Remaining amount (amount with VAT minus payments) of each visible invoice.';

create function app_public.bills_remaining(ids integer[]) returns setof app_public.remaining_amount
language sql stable set search_path = pg_catalog as $$
  select b.id, app_public.bills_remaining_amount(b), b.currency::text
    from app_public.bills b where b.id = any(ids) order by b.id
$$;
comment on function app_public.bills_remaining(integer[]) is 'Remaining amount (amount with VAT minus payments) of each visible bill.';

create function app_public.create_invoice_payment(invoice_id integer, amount numeric, currency text,
  payment_date timestamptz, payment_method app_public.payment_method) returns app_public.invoices_payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
  payment_id uuid;
  link app_public.invoices_payments;
begin
  perform app_hidden.require_scope('payment:write');
  invoice := app_hidden.invoice_for_payment(invoice_id);
  perform app_hidden.check_payment(invoice.currency, app_public.invoices_remaining_amount(invoice), amount, currency,
                                   payment_date, payment_method);
  -- No RETURNING: the payment becomes visible to its creator only once it is linked.
  payment_id := gen_random_uuid();
  insert into app_public.payments (id, amount, currency, payment_date, payment_method)
  values (payment_id, amount, currency, payment_date, payment_method);
  insert into app_public.invoices_payments (invoice_id, payment_id) values (invoice.id, payment_id) returning * into link;
  return link;
end;
$$;
comment on function app_public.create_invoice_payment(integer, numeric, text, timestamptz, app_public.payment_method) is 'Records a payment on an invoice, in its currency, up to the remaining amount; returns the link with the payment.';

create function app_public.create_bill_payment(bill_id integer, amount numeric, currency text,
  payment_date timestamptz, payment_method app_public.payment_method) returns app_public.bills_payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
  payment_id uuid;
  link app_public.bills_payments;
begin
  perform app_hidden.require_scope('payment:write');
  bill := app_hidden.bill_for_payment(bill_id);
  perform app_hidden.check_payment(bill.currency, app_public.bills_remaining_amount(bill), amount, currency,
                                   payment_date, payment_method);
  -- No RETURNING: the payment becomes visible to its creator only once it is linked.
  payment_id := gen_random_uuid();
  insert into app_public.payments (id, amount, currency, payment_date, payment_method)
  values (payment_id, amount, currency, payment_date, payment_method);
  insert into app_public.bills_payments (bill_id, payment_id) values (bill.id, payment_id) returning * into link;
  return link;
end;
$$;

-- Bulk: one payment per invoice or bill, all or nothing.
create type app_public.payment_input as (
  invoice_id integer,
  bill_id integer,
  amount numeric,
  currency text,
  payment_date timestamptz,
  payment_method app_public.payment_method
);
comment on type app_public.payment_input is 'A payment for an invoice (invoice_id) or a bill (bill_id).';

create function app_public.create_payments(payments app_public.payment_input[]) returns setof app_public.payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  p app_public.payment_input;
  link_payment uuid;
begin
  perform app_hidden.require_ids(payments);
  foreach p in array payments loop
    if (p.invoice_id is null) = (p.bill_id is null) then
      perform app_hidden.fail('MissingPaymentTarget', 'A payment needs an invoice id or a bill id.');
    end if;
    if p.invoice_id is not null then
      select (app_public.create_invoice_payment(p.invoice_id, p.amount, p.currency, p.payment_date, p.payment_method)).payment_id into link_payment;
    else
      select (app_public.create_bill_payment(p.bill_id, p.amount, p.currency, p.payment_date, p.payment_method)).payment_id into link_payment;
    end if;
    return query select * from app_public.payments where id = link_payment;
  end loop;
end;
$$;

-- Deletes a payment: its link first, then the payment.
create function app_public.delete_payment(payment_id uuid) returns app_public.payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  payment app_public.payments;
begin
  perform app_hidden.require_scope('payment:write');
  select * into payment from app_public.payments p where p.id = payment_id for update;
  if payment.id is null then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  delete from app_public.invoices_payments ip where ip.payment_id = payment.id;
  delete from app_public.bills_payments bp where bp.payment_id = payment.id;
  delete from app_public.payments p where p.id = payment.id;
  return payment;
end;
$$;

--------------------------------------------------------------------------------------------------
-- Bills

-- Creates a bill and attaches the selected approved costs of its subsidiary, in one call.
create function app_public.create_bill_with_costs(name text, client_id uuid, subsidiary_id uuid, invoice_date date,
  period integer, year integer, currency text, vat numeric, amount numeric, cost_ids integer[] default '{}',
  project_id uuid default null, service_id uuid default null, description text default null,
  invoice_ref text default null, due_date date default null, act_id uuid default null) returns app_public.bills
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
  select * into bill from app_public.bills b where b.id = bill.id;
  return bill;
end;
$$;

create function app_public.validate_bill(bill_id integer) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
begin
  perform app_hidden.require_scope('bill:write');
  bill := app_hidden.bill_for_update(bill_id);
  if bill.status <> 'open' or bill.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'validated' where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode('off');
  return bill;
end;
$$;

-- Validated → paid. When not fully paid, a final payment of the remaining amount is recorded
-- first if a method and date are given; otherwise closing is refused.
create function app_public.close_bill_as_paid(bill_id integer,
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
  remaining numeric;
begin
  perform app_hidden.require_scope('bill:write');
  bill := app_hidden.bill_for_update(bill_id);
  perform app_hidden.require_user();
  if bill.status <> 'validated' or bill.is_deleted then
    perform app_hidden.cannot_change_status();
  end if;
  remaining := app_public.bills_remaining_amount(bill);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('BillNotFullyPaid',
        format('The bill is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, bill.currency));
    end if;
    perform app_public.create_bill_payment(bill.id, remaining, bill.currency, final_payment_date, final_payment_method);
  end if;
  perform app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'paid', closed_by = app_hidden.current_user_id()
   where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode('off');
  return bill;
end;
$$;

create function app_public.set_bill_deleted(bill_id integer, is_deleted boolean) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
begin
  perform app_hidden.require_scope('bill:write');
  bill := app_hidden.bill_for_update(bill_id);
  perform app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = set_bill_deleted.is_deleted where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode('off');
  return bill;
end;
$$;

-- Permanent delete: marks, then removes the bill; its costs are detached. Refused while payments
-- exist unless forced (admin:bill), which removes its payments and its costs too (SPEC).
create function app_public.delete_bill(bill_id integer, force boolean default false) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
  payment_ids uuid[];
begin
  perform app_hidden.require_scope('bill:write');
  bill := app_hidden.bill_for_update(bill_id);
  if force then
    perform app_hidden.require_scope('admin:bill');
  elsif exists (select from app_public.bills_payments bp where bp.bill_id = bill.id) then
    perform app_hidden.fail('BillHasPayments', 'The bill has payments: delete them first, or force delete.');
  end if;
  perform app_public.set_bill_deleted(bill.id, true);
  perform app_hidden.set_workflow_mode('force');
  select array_agg(bp.payment_id) into payment_ids from app_public.bills_payments bp where bp.bill_id = bill.id;
  delete from app_public.bills_payments bp where bp.bill_id = bill.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  if force then
    delete from app_public.costs c where c.bill_id = bill.id;
  else
    update app_public.costs c set bill_id = null where c.bill_id = bill.id;
  end if;
  delete from app_public.bills b where b.id = bill.id;
  perform app_hidden.set_workflow_mode('off');
  return bill;
end;
$$;

comment on table app_public.invoices is E'@behavior -delete\nAn invoice a supplier sent to a subsidiary; its amounts are the sums of its live costs. Deleted with deleteInvoice.';
comment on table app_public.bills is E'@behavior -delete\nA bill a subsidiary issues to a client for a project and service. Deleted with deleteBill.';
comment on table app_public.costs is E'@behavior -delete\nA cost line of a supplier invoice, booked to a project and cost type, and possibly billed to a client. Deleted with deleteCost.';
comment on table app_public.payments is E'@behavior -insert -update -delete\nMoney paid on an invoice or received on a bill. Created with createInvoicePayment, createBillPayment or createPayments; removed with deletePayment.';
comment on table app_public.invoices_payments is E'@behavior -insert -update -delete\nLinks a payment to the invoice it pays.';
comment on table app_public.bills_payments is E'@behavior -insert -update -delete\nLinks a payment to the bill it settles.';

grant execute on all functions in schema app_hidden to ledgerline_visitor;
grant execute on all functions in schema app_public to ledgerline_visitor;
grant usage on type app_public.remaining_amount, app_public.payment_input to ledgerline_visitor;
