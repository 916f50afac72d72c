-- The period lock in availableActions: an invoice or a bill whose costs are booked to a closed
-- month is in the closed period too (archiving, deleting or restoring it changes those costs, which
-- the lock trigger refuses), so nothing is offered that the trigger would refuse.

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
                       from app_public.invoices i where r.entity = 'cost' and i.id = r.invoice_id),
                    -- An invoice's or bill's costs booked to a closed month lock it too.
                    (select app_hidden.period_lock_refusal(c.subsidiary_id, app_hidden.period_date(c.year, c.period),
                                                           app_hidden.record_label('cost', c.id, c.name))
                       from app_public.costs c
                      where (r.entity = 'invoice' and c.invoice_id = r.id) or (r.entity = 'bill' and c.bill_id = r.id)
                      order by c.year, c.period limit 1));
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
