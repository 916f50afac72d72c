-- Derived amounts, payment summaries, the guards that keep workflow columns in the hands of the
-- workflow functions (0010), the period rule, and notifications.

-- Raises a user-facing error: SQLSTATE class LL, the message for people, the stable code as HINT.
create function app_hidden.fail(code text, message text) returns void
language plpgsql set search_path = pg_catalog as $$
begin
  raise exception using errcode = 'LL001', message = message, hint = code;
end;
$$;

-- Workflow functions set this for their own transaction; guards let workflow columns change only
-- then. ('force' also allows what only force deletes may do.) No API can set it.
create function app_hidden.workflow_mode() returns text
language sql stable set search_path = pg_catalog as $$
  select coalesce(nullif(current_setting('ledgerline.workflow', true), ''), 'off')
$$;

create function app_hidden.set_workflow_mode(mode text) returns void
language sql volatile set search_path = pg_catalog as $$
  select set_config('ledgerline.workflow', mode, true)
$$;

-- USD per unit of a currency on a date: the latest rate on or before it. USD itself is 1.
create function app_hidden.usd_rate(currency text, on_date date) returns numeric
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  rate numeric;
begin
  if currency = 'USD' then
    return 1;
  end if;
  select r.usd_per_unit into rate from app_public.exchange_rates r
   where r.currency = usd_rate.currency and r.rate_date <= on_date
   order by r.rate_date desc limit 1;
  if rate is null then
    perform app_hidden.fail('MissingExchangeRate',
      format('No exchange rate for %s on or before %s.', currency, to_char(on_date, 'YYYY-MM-DD')));
  end if;
  return rate;
end;
$$;

-- SPEC §5: the period (month) of a cost or bill cannot be later than the current month.
create function app_hidden.check_period(year integer, period integer) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  if make_date(year, period, 1) > date_trunc('month', current_date)::date then
    perform app_hidden.fail('PeriodInFuture', 'The period cannot be later than the current month.');
  end if;
end;
$$;

--------------------------------------------------------------------------------------------------
-- Costs: amounts with VAT and in USD, computed exactly from amount, VAT and the invoice's rate.

create function app_private.tg_costs__amounts() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  invoice_date date;
  rate numeric;
begin
  if tg_op = 'INSERT' or new.period is distinct from old.period or new.year is distinct from old.year then
    perform app_hidden.check_period(new.year, new.period);
  end if;
  select i.invoice_date into invoice_date from app_public.invoices i where i.id = new.invoice_id;
  rate := app_hidden.usd_rate(new.currency, invoice_date);
  new.amount_w_vat := round(new.amount * (1 + new.vat / 100), 2);
  new.amount_usd := round(new.amount * rate, 2);
  new.amount_usd_w_vat := round(new.amount_w_vat * rate, 2);
  return new;
end;
$$;
create trigger _400_amounts before insert or update of amount, vat, currency, invoice_id, period, year
  on app_public.costs for each row execute function app_private.tg_costs__amounts();

-- An invoice's amounts are the sums of its live costs; its costs_status summarises them.
create function app_hidden.costs_status_of(statuses app_public.cost_status[]) returns app_public.costs_status
language sql immutable set search_path = pg_catalog as $$
  select case
    when cardinality(statuses) = 0 then 'none'
    when cardinality(array(select distinct unnest(statuses))) > 1 then 'mixed'
    else statuses[1]::text::app_public.costs_status
  end
$$;

create function app_private.refresh_invoice_totals(invoice_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.invoices i
     set amount = t.amount, amount_w_vat = t.amount_w_vat, amount_usd = t.amount_usd,
         amount_usd_w_vat = t.amount_usd_w_vat, costs_status = t.costs_status
    from (select coalesce(sum(c.amount), 0) amount, coalesce(sum(c.amount_w_vat), 0) amount_w_vat,
                 coalesce(sum(c.amount_usd), 0) amount_usd, coalesce(sum(c.amount_usd_w_vat), 0) amount_usd_w_vat,
                 app_hidden.costs_status_of(coalesce(array_agg(c.status) filter (where c.id is not null), '{}')) costs_status
            from app_public.costs c where c.invoice_id = refresh_invoice_totals.invoice_id and not c.is_deleted) t
   where i.id = refresh_invoice_totals.invoice_id
     and (i.amount, i.amount_w_vat, i.amount_usd, i.amount_usd_w_vat, i.costs_status)
         is distinct from (t.amount, t.amount_w_vat, t.amount_usd, t.amount_usd_w_vat, t.costs_status)
$$;

create function app_private.refresh_bill_costs_status(bill_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.bills b
     set costs_status = (select app_hidden.costs_status_of(coalesce(array_agg(c.status), '{}'))
                           from app_public.costs c where c.bill_id = refresh_bill_costs_status.bill_id and not c.is_deleted)
   where b.id = refresh_bill_costs_status.bill_id
$$;

create function app_private.tg_costs__totals() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform app_private.refresh_invoice_totals(new.invoice_id);
    if new.bill_id is not null then perform app_private.refresh_bill_costs_status(new.bill_id); end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    if tg_op = 'DELETE' or old.invoice_id is distinct from new.invoice_id then
      perform app_private.refresh_invoice_totals(old.invoice_id);
    end if;
    if old.bill_id is not null and (tg_op = 'DELETE' or old.bill_id is distinct from new.bill_id) then
      perform app_private.refresh_bill_costs_status(old.bill_id);
    end if;
  end if;
  return null;
end;
$$;
create trigger _600_totals after insert or update or delete on app_public.costs
  for each row execute function app_private.tg_costs__totals();

-- A change of invoice date or currency re-prices its costs in USD.
create function app_private.tg_invoices__reprice_costs() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  update app_public.costs set amount = amount where invoice_id = new.id;
  return null;
end;
$$;
create trigger _310_reprice_costs after update of invoice_date, currency on app_public.invoices
  for each row when (old.invoice_date is distinct from new.invoice_date or old.currency is distinct from new.currency)
  execute function app_private.tg_invoices__reprice_costs();

-- Bills carry their own amount and VAT; the rest is derived.
create function app_private.tg_bills__amounts() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  rate numeric;
begin
  if tg_op = 'INSERT' or new.period is distinct from old.period or new.year is distinct from old.year then
    perform app_hidden.check_period(new.year, new.period);
  end if;
  rate := app_hidden.usd_rate(new.currency, new.invoice_date);
  new.amount_w_vat := round(new.amount * (1 + new.vat / 100), 2);
  new.amount_usd := round(new.amount * rate, 2);
  new.amount_usd_w_vat := round(new.amount_w_vat * rate, 2);
  return new;
end;
$$;
create trigger _400_amounts before insert or update of amount, vat, currency, invoice_date, period, year
  on app_public.bills for each row execute function app_private.tg_bills__amounts();

--------------------------------------------------------------------------------------------------
-- Payment summaries: payment_status, is_paid and last_payment_date follow the payments.

create function app_private.refresh_invoice_payments(invoice_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.invoices i
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= i.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         is_paid = p.total > 0 and p.total >= i.amount_w_vat,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.invoices_payments ip join app_public.payments pm on pm.id = ip.payment_id
           where ip.invoice_id = refresh_invoice_payments.invoice_id) p
   where i.id = refresh_invoice_payments.invoice_id
$$;

create function app_private.refresh_bill_payments(bill_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.bills b
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= b.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         is_paid = p.total > 0 and p.total >= b.amount_w_vat,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.bills_payments bp join app_public.payments pm on pm.id = bp.payment_id
           where bp.bill_id = refresh_bill_payments.bill_id) p
   where b.id = refresh_bill_payments.bill_id
$$;

create function app_private.tg_invoices_payments__refresh() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_invoice_payments(coalesce(new.invoice_id, old.invoice_id));
  if tg_op = 'UPDATE' and old.invoice_id <> new.invoice_id then
    perform app_private.refresh_invoice_payments(old.invoice_id);
  end if;
  return null;
end;
$$;
create trigger _600_refresh after insert or update or delete on app_public.invoices_payments
  for each row execute function app_private.tg_invoices_payments__refresh();

create function app_private.tg_bills_payments__refresh() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_bill_payments(coalesce(new.bill_id, old.bill_id));
  if tg_op = 'UPDATE' and old.bill_id <> new.bill_id then
    perform app_private.refresh_bill_payments(old.bill_id);
  end if;
  return null;
end;
$$;
create trigger _600_refresh after insert or update or delete on app_public.bills_payments
  for each row execute function app_private.tg_bills_payments__refresh();

create function app_private.tg_payments__refresh() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_invoice_payments(ip.invoice_id)
     from app_public.invoices_payments ip where ip.payment_id = new.id;
  perform app_private.refresh_bill_payments(bp.bill_id)
     from app_public.bills_payments bp where bp.payment_id = new.id;
  return null;
end;
$$;
create trigger _600_refresh after update of amount, payment_date on app_public.payments
  for each row execute function app_private.tg_payments__refresh();

-- A change of an invoice's or bill's total changes how paid it is.
create function app_private.tg_invoices__payment_status() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_invoice_payments(new.id);
  return null;
end;
$$;
create trigger _610_payment_status after update of amount_w_vat on app_public.invoices
  for each row when (old.amount_w_vat is distinct from new.amount_w_vat)
  execute function app_private.tg_invoices__payment_status();

create function app_private.tg_bills__payment_status() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_bill_payments(new.id);
  return null;
end;
$$;
create trigger _610_payment_status after update of amount_w_vat on app_public.bills
  for each row when (old.amount_w_vat is distinct from new.amount_w_vat)
  execute function app_private.tg_bills__payment_status();

--------------------------------------------------------------------------------------------------
-- Guards: workflow columns change only inside workflow functions; approved costs and closed
-- invoices and bills keep their content.

create function app_private.tg_invoices__guard() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if app_hidden.workflow_mode() = 'off' then
    if (new.status, new.validated_by, new.closed_by, new.reject_reason, new.is_deleted)
       is distinct from (old.status, old.validated_by, old.closed_by, old.reject_reason, old.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    if old.status in ('validated', 'paid') and
       (new.type, new.invoice_ref, new.invoice_date, new.due_date, new.period_start, new.period_end,
        new.currency, new.subsidiary_id, new.supplier_id)
       is distinct from
       (old.type, old.invoice_ref, old.invoice_date, old.due_date, old.period_start, old.period_end,
        old.currency, old.subsidiary_id, old.supplier_id) then
      perform app_hidden.fail('CannotEditClosedInvoice', 'A validated or paid invoice cannot be edited. Reset it to Open first.');
    end if;
  end if;
  return new;
end;
$$;
create trigger _050_guard before update on app_public.invoices
  for each row when (app_hidden.current_user_id() is not null) execute function app_private.tg_invoices__guard();

create function app_private.tg_invoices__guard_insert() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if app_hidden.workflow_mode() = 'off' and (new.status <> 'draft' or new.is_deleted) then
    perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
  end if;
  return new;
end;
$$;
create trigger _050_guard_insert before insert on app_public.invoices
  for each row when (app_hidden.current_user_id() is not null)
  execute function app_private.tg_invoices__guard_insert();

create function app_private.tg_costs__guard() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if tg_op = 'DELETE' then
    if old.status = 'approved' and app_hidden.workflow_mode() <> 'force' then
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
create trigger _050_guard before insert or update or delete on app_public.costs
  for each row when (app_hidden.current_user_id() is not null)
  execute function app_private.tg_costs__guard();

create function app_private.tg_bills__guard() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if tg_op = 'INSERT' then
    if app_hidden.workflow_mode() = 'off' and (new.status <> 'open' or new.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    return new;
  end if;
  if app_hidden.workflow_mode() = 'off' then
    if (new.status, new.closed_by, new.is_deleted) is distinct from (old.status, old.closed_by, old.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    if old.status = 'paid' and
       (new.name, new.description, new.invoice_ref, new.invoice_date, new.due_date, new.period, new.year,
        new.currency, new.vat, new.amount, new.client_id, new.subsidiary_id, new.project_id, new.service_id)
       is distinct from
       (old.name, old.description, old.invoice_ref, old.invoice_date, old.due_date, old.period, old.year,
        old.currency, old.vat, old.amount, old.client_id, old.subsidiary_id, old.project_id, old.service_id) then
      perform app_hidden.fail('CannotEditPaidBill', 'A paid bill cannot be edited.');
    end if;
  end if;
  return new;
end;
$$;
create trigger _050_guard before insert or update on app_public.bills
  for each row when (app_hidden.current_user_id() is not null)
  execute function app_private.tg_bills__guard();

-- The workflow functions (security invoker, so RLS applies) update these columns; the guards above
-- keep anyone else from doing so.
grant update (status, validated_by, closed_by, reject_reason, is_deleted) on app_public.invoices to ledgerline_visitor;
grant update (status, approved_by, reject_reason, is_deleted) on app_public.costs to ledgerline_visitor;
grant insert (amount) , update (amount) on app_public.bills to ledgerline_visitor;
grant update (status, closed_by, is_deleted) on app_public.bills to ledgerline_visitor;
comment on column app_public.invoices.status is E'@behavior -insert -update\nDraft, open, rejected, validated, paid or static; changed by the workflow mutations.';
comment on column app_public.invoices.validated_by is E'@behavior -insert -update';
comment on column app_public.invoices.closed_by is E'@behavior -insert -update';
comment on column app_public.invoices.reject_reason is E'@behavior -insert -update';
comment on column app_public.invoices.is_deleted is E'@behavior -insert -update\nArchived; see setInvoiceDeleted.';
comment on column app_public.costs.status is E'@behavior -insert -update';
comment on column app_public.costs.approved_by is E'@behavior -insert -update';
comment on column app_public.costs.reject_reason is E'@behavior -insert -update';
comment on column app_public.costs.is_deleted is E'@behavior -insert -update';
comment on column app_public.bills.status is E'@behavior -insert -update';
comment on column app_public.bills.closed_by is E'@behavior -insert -update';
comment on column app_public.bills.is_deleted is E'@behavior -insert -update';

--------------------------------------------------------------------------------------------------
-- Notifications: the database tells people when something happens to their work.

create function app_private.notify(user_id uuid, type text, title text, body text, ref_id text) returns void
language sql security definer set search_path = pg_catalog as $$
  insert into app_public.notifications (user_id, type, title, body, ref_id)
  select notify.user_id, notify.type, notify.title, notify.body, notify.ref_id
   where notify.user_id is not null and notify.user_id is distinct from app_hidden.current_user_id()
$$;

create function app_private.tg_invoices__notify() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if new.status = 'rejected' then
    perform app_private.notify(new.created_by, 'invoice_rejected',
      format('Invoice %s was rejected', new.invoice_ref), new.reject_reason, new.id::text);
  elsif new.status = 'validated' then
    perform app_private.notify(new.created_by, 'invoice_validated',
      format('Invoice %s was validated', new.invoice_ref), null, new.id::text);
  elsif new.status = 'paid' then
    perform app_private.notify(new.created_by, 'invoice_paid',
      format('Invoice %s was closed as paid', new.invoice_ref), null, new.id::text);
  end if;
  return null;
end;
$$;
create trigger _800_notify after update of status on app_public.invoices
  for each row when (old.status is distinct from new.status)
  execute function app_private.tg_invoices__notify();

create function app_private.tg_costs__notify() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if new.status = 'approved' then
    perform app_private.notify(new.created_by, 'cost_approved', format('Cost "%s" was approved', new.name), null, new.id::text);
  elsif new.status = 'rejected' and new.reject_reason is distinct from 'invoice_rejected' then
    perform app_private.notify(new.created_by, 'cost_rejected', format('Cost "%s" was rejected', new.name), new.reject_reason, new.id::text);
  end if;
  return null;
end;
$$;
create trigger _800_notify after update of status on app_public.costs
  for each row when (old.status is distinct from new.status)
  execute function app_private.tg_costs__notify();

create function app_private.tg_bills__notify() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.notify(new.created_by, 'bill_paid', format('Bill "%s" was closed as paid', new.name), null, new.id::text);
  return null;
end;
$$;
create trigger _800_notify after update of status on app_public.bills
  for each row when (old.status is distinct from new.status and new.status = 'paid')
  execute function app_private.tg_bills__notify();

grant execute on all functions in schema app_hidden to ledgerline_visitor;
