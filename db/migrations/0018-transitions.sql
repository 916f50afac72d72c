-- Transitions as data (docs/workflows.md, whose graphs are generated from this table): for
-- invoices, costs and bills, each action, the states it leaves from, the state it reaches and the
-- scopes it needs. The workflow functions check it (app_hidden.begin_transition), the
-- availableActions field of each record reads it, and nothing else re-states it.

create table app_private.transitions (
  entity text not null constraint transitions_entity check (entity in ('invoice', 'cost', 'bill')),
  action text not null,
  from_state text not null,
  -- null: the action changes no status (edit, archive, delete, …).
  to_state text,
  -- Every one of these is needed (e.g. resetting a paid invoice: validate_invoice and close_invoice).
  scopes text[] not null constraint transitions_scopes check (cardinality(scopes) > 0),
  -- Allowed on an archived record (restoring and deleting it); every other action is not.
  on_archived boolean not null default false,
  primary key (entity, action, from_state)
);
comment on table app_private.transitions is 'Which action moves an invoice, cost or bill from which state to which, and with which scopes.';

insert into app_private.transitions (entity, action, from_state, to_state, scopes, on_archived) values
  -- Invoices: draft → open → validated → paid, with rejection and resets (SPEC §4).
  ('invoice', 'open', 'draft', 'open', '{invoice:write}', false),
  ('invoice', 'validate', 'open', 'validated', '{validate_invoice}', false),
  ('invoice', 'reject', 'open', 'rejected', '{validate_invoice}', false),
  ('invoice', 'reject', 'validated', 'rejected', '{validate_invoice}', false),
  ('invoice', 'reopen', 'rejected', 'open', '{invoice:write}', false),
  ('invoice', 'reset_to_open', 'validated', 'open', '{validate_invoice}', false),
  ('invoice', 'reset_to_open', 'rejected', 'open', '{validate_invoice}', false),
  ('invoice', 'reset_to_open', 'paid', 'open', '{validate_invoice,close_invoice}', false),
  ('invoice', 'close_as_paid', 'validated', 'paid', '{close_invoice}', false),
  ('invoice', 'edit', 'draft', null, '{invoice:write}', false),
  ('invoice', 'edit', 'open', null, '{invoice:write}', false),
  ('invoice', 'edit', 'rejected', null, '{invoice:write}', false),
  ('invoice', 'edit', 'static', null, '{invoice:write}', false),
  ('invoice', 'delete', 'draft', null, '{invoice:write}', true),
  ('invoice', 'delete', 'open', null, '{invoice:write}', true),
  ('invoice', 'delete', 'rejected', null, '{invoice:write}', true),
  ('invoice', 'delete', 'static', null, '{invoice:write}', true),
  ('invoice', 'duplicate', 'draft', null, '{invoice:write}', false),
  ('invoice', 'duplicate', 'open', null, '{invoice:write}', false),
  ('invoice', 'duplicate', 'rejected', null, '{invoice:write}', false),
  ('invoice', 'duplicate', 'validated', null, '{invoice:write}', false),
  ('invoice', 'duplicate', 'paid', null, '{invoice:write}', false),
  ('invoice', 'duplicate', 'static', null, '{invoice:write}', false),
  -- Costs: to approve → approved, or rejected; back to approval (SPEC §4).
  ('cost', 'approve', 'to_approve', 'approved', '{approve_cost}', false),
  ('cost', 'reject', 'to_approve', 'rejected', '{approve_cost}', false),
  ('cost', 'reject', 'approved', 'rejected', '{approve_cost}', false),
  ('cost', 'return_to_approval', 'rejected', 'to_approve', '{cost:write}', false),
  ('cost', 'return_to_approval', 'approved', 'to_approve', '{cost:write,approve_cost}', false),
  ('cost', 'edit', 'to_approve', null, '{cost:write}', false),
  ('cost', 'edit', 'rejected', null, '{cost:write}', false),
  ('cost', 'delete', 'to_approve', null, '{cost:write}', true),
  ('cost', 'delete', 'rejected', null, '{cost:write}', true),
  ('cost', 'force_delete', 'approved', null, '{cost:write,admin:cost:write}', true),
  -- Bills: open → validated → paid (SPEC §4).
  ('bill', 'validate', 'open', 'validated', '{bill:write}', false),
  ('bill', 'close_as_paid', 'validated', 'paid', '{bill:write}', false),
  ('bill', 'edit', 'open', null, '{bill:write}', false),
  ('bill', 'edit', 'validated', null, '{bill:write}', false);

-- Every state: archiving, restoring and force deleting (invoices and bills).
insert into app_private.transitions (entity, action, from_state, to_state, scopes, on_archived)
select 'invoice', action, state, null, scopes, on_archived
  from unnest(enum_range(null::app_public.invoice_status)::text[]) state,
       (values ('archive', '{invoice:write}'::text[], false), ('unarchive', '{invoice:write}', true),
               ('force_delete', '{invoice:write,admin:invoice:write}', true)) a(action, scopes, on_archived)
union all
select 'bill', action, state, null, scopes, on_archived
  from unnest(enum_range(null::app_public.bill_status)::text[]) state,
       (values ('archive', '{bill:write}'::text[], false), ('unarchive', '{bill:write}', true),
               ('delete', '{bill:write}', true), ('force_delete', '{bill:write,admin:bill}', true)) a(action, scopes, on_archived);

-- The workflow mode can nest: setting it returns the mode it replaced, and the caller puts that
-- back (a transition inside another one, e.g. deleting an invoice archives it first).
drop function app_hidden.set_workflow_mode(text);
create function app_hidden.set_workflow_mode(mode text) returns text
language plpgsql volatile set search_path = pg_catalog as $$
declare
  previous text := app_hidden.workflow_mode();
begin
  perform set_config('ledgerline.workflow', mode, true);
  return previous;
end;
$$;
comment on function app_hidden.set_workflow_mode(text) is 'Sets the workflow mode for the rest of the transaction and returns the previous one, to be restored.';

-- The transition of an action from a record's state: refused (CannotChangeStatus) when the table
-- has none, or the record is archived and the action is not one for archived records; then each
-- of its scopes is required (Forbidden). Returns the state it reaches (null: unchanged).
create function app_hidden.require_transition(entity text, action text, from_state text, is_deleted boolean)
returns text
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  step app_private.transitions;
  scope text;
begin
  select * into step from app_private.transitions t
   where t.entity = require_transition.entity and t.action = require_transition.action
     and t.from_state = require_transition.from_state;
  if step.entity is null or (is_deleted and not step.on_archived) then
    perform app_hidden.cannot_change_status();
  end if;
  foreach scope in array step.scopes loop
    perform app_hidden.require_scope(scope);
  end loop;
  return step.to_state;
end;
$$;
comment on function app_hidden.require_transition(text, text, text, boolean) is 'Checks an action against app_private.transitions for a record in a state; returns the state it reaches.';

-- The actions the signed-in account may take on a record in this state (the detail screens show
-- these buttons and no others; the functions still check everything, including the data).
create function app_hidden.available_actions(entity text, state text, is_deleted boolean) returns text[]
language sql stable security definer set search_path = pg_catalog as $$
  select coalesce(array_agg(t.action order by t.action), '{}')
    from app_private.transitions t
   where t.entity = available_actions.entity and t.from_state = available_actions.state
     and (t.on_archived or not is_deleted)
     and not (t.action = 'archive' and is_deleted)
     and not (t.action = 'unarchive' and not is_deleted)
     and t.scopes <@ app_hidden.current_scopes()
$$;

create function app_public.invoices_available_actions(invoice app_public.invoices) returns text[]
language sql stable set search_path = pg_catalog as $$
  select app_hidden.available_actions('invoice', invoice.status::text, invoice.is_deleted)
$$;
comment on function app_public.invoices_available_actions(app_public.invoices) is 'The workflow actions you may take on this invoice now (open, validate, reject, reopen, reset_to_open, close_as_paid, edit, archive, unarchive, delete, force_delete, duplicate).';

create function app_public.costs_available_actions(cost app_public.costs) returns text[]
language sql stable set search_path = pg_catalog as $$
  select app_hidden.available_actions('cost', cost.status::text, cost.is_deleted)
$$;
comment on function app_public.costs_available_actions(app_public.costs) is 'The workflow actions you may take on this cost now (approve, reject, return_to_approval, edit, delete, force_delete).';

create function app_public.bills_available_actions(bill app_public.bills) returns text[]
language sql stable set search_path = pg_catalog as $$
  select app_hidden.available_actions('bill', bill.status::text, bill.is_deleted)
$$;
comment on function app_public.bills_available_actions(app_public.bills) is 'The workflow actions you may take on this bill now (validate, close_as_paid, edit, archive, unarchive, delete, force_delete).';

--------------------------------------------------------------------------------------------------
-- The workflow functions, on the table. Each: the record as the caller may change it, the
-- transition (state and scopes), the rules about its data, the change in workflow mode.

create or replace function app_public.approve_cost(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  perform app_hidden.require_transition('cost', 'approve', cost.status::text, cost.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'approved', approved_by = app_hidden.require_user(), reject_reason = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;

create or replace function app_public.reject_cost(cost_id integer, reason text) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  perform app_hidden.require_transition('cost', 'reject', cost.status::text, cost.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', approved_by = app_hidden.require_user(), reject_reason = reason
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;

create or replace function app_public.return_cost_to_approval(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  perform app_hidden.require_transition('cost', 'return_to_approval', cost.status::text, cost.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'to_approve', reject_reason = null, approved_by = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;

-- Deletes a cost; an approved one only with force (admin:cost:write).
create or replace function app_public.delete_cost(cost_id integer, force boolean default false) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  if cost.status = 'approved' and not force then
    perform app_hidden.fail('CannotDeleteApprovedCost', 'Cannot delete an approved cost.');
  end if;
  perform app_hidden.require_transition('cost', case when force and cost.status = 'approved' then 'force_delete' else 'delete' end,
                                        cost.status::text, cost.is_deleted);
  previous := app_hidden.set_workflow_mode(case when cost.status = 'approved' then 'force' else app_hidden.workflow_mode() end);
  delete from app_public.costs c where c.id = cost_id;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;

create or replace function app_public.open_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'open', invoice.status::text, invoice.is_deleted);
  perform app_hidden.require_costs_approved(invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open' where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.validate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'validate', invoice.status::text, invoice.is_deleted);
  perform app_hidden.require_costs_approved(invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'validated', validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

-- Its live costs are rejected with reason invoice_rejected.
create or replace function app_public.reject_invoice(invoice_id integer, reason text) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  perform app_hidden.require_transition('invoice', 'reject', invoice.status::text, invoice.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', reject_reason = 'invoice_rejected', approved_by = app_hidden.current_user_id()
   where c.invoice_id = invoice.id and not c.is_deleted;
  update app_public.invoices i set status = 'rejected', reject_reason = reason, validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

-- Once the reason is fixed: every live cost approved again.
create or replace function app_public.reopen_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'reopen', invoice.status::text, invoice.is_deleted);
  if exists (select from app_public.costs c where c.invoice_id = invoice.id and not c.is_deleted and c.status <> 'approved') then
    perform app_hidden.fail('CostsNotApproved', 'All costs of the invoice must be approved first.');
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open' where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

-- Clears validated_by, reject_reason and closed_by.
create or replace function app_public.reset_invoice_to_open(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'reset_to_open', invoice.status::text, invoice.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open', validated_by = null, reject_reason = null, closed_by = null
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.close_invoice_as_paid(invoice_id integer,
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  remaining numeric;
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'close_as_paid', invoice.status::text, invoice.is_deleted);
  perform app_hidden.require_user();
  perform app_hidden.require_costs_approved(invoice.id);
  remaining := app_public.invoices_remaining_amount(invoice);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('InvoiceNotFullyPaid',
        format('The invoice is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, invoice.currency));
    end if;
    perform app_public.create_invoice_payment(invoice.id, remaining, invoice.currency, final_payment_date, final_payment_method);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'paid', closed_by = app_hidden.current_user_id()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

-- Archive (true) or restore (false) an invoice with all its costs: the invoice first, so that the
-- totals never see a half-archived invoice.
create or replace function app_public.set_invoice_deleted(invoice_id integer, is_deleted boolean) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  -- Archiving and restoring are allowed from every state, and again (they change no money).
  perform app_hidden.require_transition('invoice', case when set_invoice_deleted.is_deleted then 'archive' else 'unarchive' end,
                                        invoice.status::text, false);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set is_deleted = set_invoice_deleted.is_deleted where i.id = invoice.id;
  update app_public.costs c set is_deleted = set_invoice_deleted.is_deleted where c.invoice_id = invoice.id;
  perform app_hidden.set_workflow_mode(previous);
  select * into invoice from app_public.invoices i where i.id = invoice.id;
  return invoice;
end;
$$;

-- Permanent delete: marks the invoice and its costs deleted, then removes them, in one
-- transaction. Refused for validated or paid invoices and while payments exist, unless forced
-- (admin:invoice:write), which also removes its payments.
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
  delete from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.costs c where c.invoice_id = invoice.id;
  delete from app_public.invoices i where i.id = invoice.id;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.duplicate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  source app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  copy app_public.invoices;
begin
  perform app_hidden.require_transition('invoice', 'duplicate', source.status::text, source.is_deleted);
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

create or replace function app_public.validate_bill(bill_id integer) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  previous text;
begin
  perform app_hidden.require_transition('bill', 'validate', bill.status::text, bill.is_deleted);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'validated' where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

-- When not fully paid, a final payment of the remaining amount is recorded first if a method and
-- date are given; otherwise closing is refused.
create or replace function app_public.close_bill_as_paid(bill_id integer,
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  remaining numeric;
  previous text;
begin
  perform app_hidden.require_transition('bill', 'close_as_paid', bill.status::text, bill.is_deleted);
  perform app_hidden.require_user();
  remaining := app_public.bills_remaining_amount(bill);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('BillNotFullyPaid',
        format('The bill is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, bill.currency));
    end if;
    perform app_public.create_bill_payment(bill.id, remaining, bill.currency, final_payment_date, final_payment_method);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'paid', closed_by = app_hidden.current_user_id()
   where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

create or replace function app_public.set_bill_deleted(bill_id integer, is_deleted boolean) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  previous text;
begin
  -- Archiving and restoring are allowed from every state, and again.
  perform app_hidden.require_transition('bill', case when set_bill_deleted.is_deleted then 'archive' else 'unarchive' end,
                                        bill.status::text, false);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = set_bill_deleted.is_deleted where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

-- Permanent delete: marks, then removes the bill; its costs are detached. Refused while payments
-- exist unless forced (admin:bill), which removes its payments and its costs too (SPEC).
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
  delete from app_public.bills_payments bp where bp.bill_id = bill.id;
  delete from app_public.payments p where p.id = any(payment_ids);
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

grant execute on function app_hidden.set_workflow_mode(text), app_hidden.require_transition(text, text, text, boolean),
  app_hidden.available_actions(text, text, boolean) to ledgerline_visitor;
grant execute on function app_public.invoices_available_actions(app_public.invoices),
  app_public.costs_available_actions(app_public.costs), app_public.bills_available_actions(app_public.bills)
  to ledgerline_visitor;
