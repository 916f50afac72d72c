-- Follow-ups of 0040: the transition check reads the table as its owner (the caller has no right to
-- app_private); deleting without force needs no payments, as a precondition in the table (it was a
-- check in the functions only, so "delete" was offered and then refused); archiving an archived
-- record, or restoring a live one, is refused like every other action not in the table; restoring
-- an invoice with payments works (its costs come back first).

alter function app_hidden.require_transition(text, text, integer) security definer;

insert into app_private.preconditions (name, code, description) values
  ('no_payments', 'InvoiceHasPayments', 'the record has no payments (`BillHasPayments` for a bill); a force delete removes them');
update app_private.transitions set preconditions = array_prepend('no_payments', preconditions)
 where entity in ('invoice', 'bill') and action = 'delete';

create or replace function app_hidden.precondition_refusal(r app_hidden.workflow_record, precondition text) returns jsonb
language plpgsql stable set search_path = pg_catalog as $$
declare
  pending integer;
  live integer;
begin
  case precondition
  when 'costs_approved' then
    select count(*), count(*) filter (where c.status <> 'approved') into live, pending
      from app_public.costs c where c.invoice_id = r.id and not c.is_deleted;
    if live = 0 then
      return jsonb_build_object('code', 'InvoiceHasNoCosts', 'message', format('%s has no costs.', r.label),
                                'details', jsonb_build_object('record', r.label));
    elsif pending > 0 then
      return jsonb_build_object('code', 'CostsNotApproved',
        'message', format('%s: %s of its %s costs are not approved; all costs of the invoice must be approved first.', r.label, pending, live),
        'details', jsonb_build_object('record', r.label, 'pending', pending, 'costs', live));
    end if;
  when 'not_own_record' then
    if r.created_by = app_hidden.current_user_id() and not app_hidden.has_scope('admin') then
      return jsonb_build_object('code', 'SegregationOfDuties',
        'message', format('You created %s: another user must %s it.', r.label, case when r.entity = 'cost' then 'approve' else 'validate' end),
        'details', jsonb_build_object('record', r.label));
    end if;
  when 'second_approver' then
    if r.first_approved_by is not null and app_hidden.cost_needs_two_approvals(r.subsidiary_id, r.amount_usd_w_vat)
       and (r.first_approved_by = app_hidden.current_user_id() or not app_hidden.has_scope('approve_cost_high')) then
      return jsonb_build_object('code', 'SecondApprovalRequired',
        'message', format('%s is above the approval limit of its subsidiary and has its first approval: the second must come from another user with approve_cost_high.', r.label),
        'details', jsonb_build_object('record', r.label));
    end if;
  when 'period_open' then
    return coalesce(app_hidden.period_lock_refusal(r.subsidiary_id, r.dated, r.label),
                    (select app_hidden.period_lock_refusal(i.subsidiary_id, i.invoice_date, app_hidden.record_label('invoice', i.id, i.invoice_ref))
                       from app_public.invoices i where r.entity = 'cost' and i.id = r.invoice_id));
  when 'amount_remaining' then
    if (r.entity = 'invoice' and (select app_public.invoices_remaining_amount(i) from app_public.invoices i where i.id = r.id) <= 0)
       or (r.entity = 'bill' and (select app_public.bills_remaining_amount(b) from app_public.bills b where b.id = r.id) <= 0) then
      return jsonb_build_object('code', 'PaymentExceedsRemaining', 'message', format('%s is fully paid: nothing remains to pay.', r.label),
                                'details', jsonb_build_object('record', r.label));
    end if;
  when 'has_payments' then
    if not exists (select from app_public.invoices_payments ip where r.entity = 'invoice' and ip.invoice_id = r.id)
       and not exists (select from app_public.bills_payments bp where r.entity = 'bill' and bp.bill_id = r.id) then
      return jsonb_build_object('code', 'PaymentNotFound', 'message', format('%s has no payments.', r.label),
                                'details', jsonb_build_object('record', r.label));
    end if;
  when 'no_payments' then
    if (r.entity = 'invoice' and exists (select from app_public.invoices_payments ip where ip.invoice_id = r.id)) then
      return jsonb_build_object('code', 'InvoiceHasPayments',
        'message', format('%s has payments: delete them first, or force delete.', r.label), 'details', jsonb_build_object('record', r.label));
    elsif (r.entity = 'bill' and exists (select from app_public.bills_payments bp where bp.bill_id = r.id)) then
      return jsonb_build_object('code', 'BillHasPayments',
        'message', format('%s has payments: delete them first, or force delete.', r.label), 'details', jsonb_build_object('record', r.label));
    end if;
  end case;
  return null;
end;
$$;

create or replace function app_public.set_invoice_deleted(invoice_id integer, is_deleted boolean) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', case when set_invoice_deleted.is_deleted then 'archive' else 'unarchive' end, invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  -- An archived invoice sums all its costs, a live one its live costs: archiving changes the
  -- invoice first and restoring its costs first, so that its totals never drop in between (a
  -- restored invoice with payments was refused: its payments were above the amount of no costs).
  if set_invoice_deleted.is_deleted then
    update app_public.invoices i set is_deleted = true where i.id = invoice.id;
    update app_public.costs c set is_deleted = true where c.invoice_id = invoice.id;
  else
    update app_public.costs c set is_deleted = false where c.invoice_id = invoice.id;
    update app_public.invoices i set is_deleted = false where i.id = invoice.id;
  end if;
  perform app_hidden.set_workflow_mode(previous);
  select * into invoice from app_public.invoices i where i.id = invoice.id;
  return invoice;
end;
$$;

create or replace function app_public.set_bill_deleted(bill_id integer, is_deleted boolean) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  previous text;
begin
  perform app_hidden.require_transition('bill', case when set_bill_deleted.is_deleted then 'archive' else 'unarchive' end, bill.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = set_bill_deleted.is_deleted where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

-- (its variable had the name of the table's column)
create or replace function app_hidden.available_actions(entity text, record_id integer) returns text[]
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  r app_hidden.workflow_record := app_hidden.workflow_record(entity, record_id);
  held text[] := app_hidden.current_scopes();
  failing text[];
begin
  if r.id is null then
    return '{}';
  end if;
  select coalesce(array_agg(p.name), '{}') into failing
    from app_private.preconditions p
   where p.name in (select unnest(t.preconditions) from app_private.transitions t
                     where t.entity = r.entity and t.from_state = r.state and t.scopes <@ held)
     and app_hidden.precondition_refusal(r, p.name) is not null;
  return (select coalesce(array_agg(t.action order by t.action), '{}')
            from app_private.transitions t
           where t.entity = r.entity and t.from_state = r.state
             and (t.on_archived or not r.is_deleted)
             and not (t.action = 'archive' and r.is_deleted)
             and not (t.action = 'unarchive' and not r.is_deleted)
             and t.scopes <@ held
             and not (t.preconditions && failing));
end;
$$;

-- Deleting a payment is offered only when the record has one.
insert into app_private.preconditions (name, code, description) values
  ('has_payments', 'PaymentNotFound', 'the record has a payment');
update app_private.transitions set preconditions = array_prepend('has_payments', preconditions)
 where action = 'delete_payment';
