-- The actions offered on a record check less: only what they could offer, each by its own lookup.
--
-- A list of costs, invoices or bills computes each row's available actions (0041): the
-- transitions from its state whose scopes the account holds and whose preconditions hold. On the
-- benchmark data at scale 1 that was most of a list's statement for an account that may act (the
-- statement's execution in the server's log, 50 rows, six runs each): the costs to approve as the
-- accountant 11 ms against 4.8 for the viewer, the validated bills 15.5 against 5.0.
--
-- 1. The failing preconditions were a join of the preconditions with the transitions the account
--    may take; PostgreSQL may test every precondition before the join (seven of them: the
--    invoice's costs approved, the amount remaining, the period lock, …), so a row was checked
--    for actions nobody offers on it. Now the transitions the account may take from the record's
--    state (its scopes, archived or not) are read first; with none there is nothing to check, and
--    each precondition they name is checked once. The answer is the same: a precondition only
--    ever removed the transitions that name it, and those are among the ones read.
-- 2. The period lock's check of an invoice's or bill's costs named both kinds in one condition
--    (`(invoice and c.invoice_id = id) or (bill and c.bill_id = id)`), which a cached plan reads
--    through both indexes: a bill's check also read the costs of the invoice with the bill's
--    number. The amount remaining likewise named both tables in one condition. Each kind of
--    record now has its own statement. Same answers, the costs still taken earliest month first.
--
-- Measured the same way afterwards: the costs as the accountant 11 → 5.9 ms, the bills 15.5 →
-- 9.1, the viewer's 4.8 → 3.7 and 5.0 → 3.9; the actions of 50 validated invoices alone, as the
-- accountant, 12.6 → 9.1 ms (3.6 for the viewer). What remains is a few statements per row.

create or replace function app_hidden.available_actions(entity text, record_id integer) returns text[]
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  r app_hidden.workflow_record := app_hidden.workflow_record(entity, record_id);
  held text[] := app_hidden.current_scopes();
  actions text[];
  needed text[];
  failing text[] := '{}';
  precondition text;
begin
  if r.id is null then
    return '{}';
  end if;
  select coalesce(array_agg(t.action order by t.action), '{}') into actions
    from app_private.transitions t
   where t.entity = r.entity and t.from_state = r.state
     and (t.on_archived or not r.is_deleted)
     and not (t.action = 'archive' and r.is_deleted)
     and not (t.action = 'unarchive' and not r.is_deleted)
     and t.scopes <@ held;
  if cardinality(actions) = 0 then
    return actions;
  end if;
  select coalesce(array_agg(distinct p.name), '{}') into needed
    from app_private.transitions t, unnest(t.preconditions) as p(name)
   where t.entity = r.entity and t.from_state = r.state and t.action = any (actions);
  foreach precondition in array needed loop
    if app_hidden.precondition_refusal(r, precondition) is not null then
      failing := failing || precondition;
    end if;
  end loop;
  if cardinality(failing) = 0 then
    return actions;
  end if;
  return (select coalesce(array_agg(t.action order by t.action), '{}')
            from app_private.transitions t
           where t.entity = r.entity and t.from_state = r.state and t.action = any (actions)
             and not (t.preconditions && failing));
end;
$$;

create or replace function app_hidden.precondition_refusal(r app_hidden.workflow_record, precondition text) returns jsonb
language plpgsql stable set search_path = pg_catalog as $$
declare
  pending integer;
  live integer;
  refusal jsonb;
  remaining numeric;
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
    refusal := app_hidden.period_lock_refusal(r.subsidiary_id, r.dated, r.label);
    if refusal is null and r.entity = 'cost' then
      select app_hidden.period_lock_refusal(i.subsidiary_id, i.invoice_date, app_hidden.record_label('invoice', i.id, i.invoice_ref))
        into refusal from app_public.invoices i where i.id = r.invoice_id;
    -- An invoice's or bill's costs booked to a closed month lock it too.
    elsif refusal is null and r.entity = 'invoice' then
      select app_hidden.period_lock_refusal(c.subsidiary_id, app_hidden.period_date(c.year, c.period),
                                            app_hidden.record_label('cost', c.id, c.name))
        into refusal from app_public.costs c where c.invoice_id = r.id order by c.year, c.period limit 1;
    elsif refusal is null and r.entity = 'bill' then
      select app_hidden.period_lock_refusal(c.subsidiary_id, app_hidden.period_date(c.year, c.period),
                                            app_hidden.record_label('cost', c.id, c.name))
        into refusal from app_public.costs c where c.bill_id = r.id order by c.year, c.period limit 1;
    end if;
    return refusal;
  when 'amount_remaining' then
    if r.entity = 'invoice' then
      select app_public.invoices_remaining_amount(i) into remaining from app_public.invoices i where i.id = r.id;
    elsif r.entity = 'bill' then
      select app_public.bills_remaining_amount(b) into remaining from app_public.bills b where b.id = r.id;
    end if;
    if remaining <= 0 then
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
