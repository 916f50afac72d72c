-- "Outstanding" and "overdue" defined once (issue 26 §3): computed columns on invoices and bills,
-- filterable and sortable, used by the aging report, the lists' filters and the record pages.
-- Written without `set search_path` (every name qualified) so that PostgreSQL inlines them into
-- the lists' queries: a filter on them reads the row's own columns, nothing more.

-- What is still owed on a supplier invoice: its amount with VAT less what was paid, while it is
-- live and owed (draft, open or validated); 0 otherwise.
create function app_public.invoices_outstanding(i app_public.invoices) returns numeric
language sql stable as $$
  select case when not i.is_deleted and i.status in ('draft', 'open', 'validated')
              then greatest(i.amount_w_vat - i.paid_amount, 0) else 0 end::numeric(18,2)
$$;
comment on function app_public.invoices_outstanding(app_public.invoices) is E'@behavior +filterBy +orderBy\nWhat is still owed on the invoice, in its currency: the amount with VAT less the payments while it is live and draft, open or validated; 0 otherwise.';

create function app_public.invoices_outstanding_usd(i app_public.invoices) returns numeric
language sql stable as $$
  select case when i.amount_w_vat = 0 then 0
              else round(i.amount_usd_w_vat * app_public.invoices_outstanding(i) / i.amount_w_vat, 2) end::numeric(18,2)
$$;
comment on function app_public.invoices_outstanding_usd(app_public.invoices) is E'@behavior +filterBy +orderBy\nThe outstanding amount in USD, at the invoice''s own rate.';

create function app_public.invoices_is_overdue(i app_public.invoices) returns boolean
language sql stable as $$
  select i.due_date < current_date and app_public.invoices_outstanding(i) > 0
$$;
comment on function app_public.invoices_is_overdue(app_public.invoices) is E'@behavior +filterBy\nOutstanding and its due date has passed (before today).';

-- The same for a bill to a client: owed while live and open or validated.
create function app_public.bills_outstanding(b app_public.bills) returns numeric
language sql stable as $$
  select case when not b.is_deleted and b.status in ('open', 'validated')
              then greatest(b.amount_w_vat - b.paid_amount, 0) else 0 end::numeric(18,2)
$$;
comment on function app_public.bills_outstanding(app_public.bills) is E'@behavior +filterBy +orderBy\nWhat the client still owes on the bill, in its currency: the amount with VAT less the payments while it is live and open or validated; 0 otherwise.';

create function app_public.bills_outstanding_usd(b app_public.bills) returns numeric
language sql stable as $$
  select case when b.amount_w_vat = 0 then 0
              else round(b.amount_usd_w_vat * app_public.bills_outstanding(b) / b.amount_w_vat, 2) end::numeric(18,2)
$$;
comment on function app_public.bills_outstanding_usd(app_public.bills) is E'@behavior +filterBy +orderBy\nThe outstanding amount in USD, at the bill''s own rate.';

create function app_public.bills_is_overdue(b app_public.bills) returns boolean
language sql stable as $$
  select b.due_date < current_date and app_public.bills_outstanding(b) > 0
$$;
comment on function app_public.bills_is_overdue(app_public.bills) is E'@behavior +filterBy\nOutstanding and its due date has passed (before today).';

grant execute on function app_public.invoices_outstanding(app_public.invoices) to ledgerline_visitor;
grant execute on function app_public.invoices_outstanding_usd(app_public.invoices) to ledgerline_visitor;
grant execute on function app_public.invoices_is_overdue(app_public.invoices) to ledgerline_visitor;
grant execute on function app_public.bills_outstanding(app_public.bills) to ledgerline_visitor;
grant execute on function app_public.bills_outstanding_usd(app_public.bills) to ledgerline_visitor;
grant execute on function app_public.bills_is_overdue(app_public.bills) to ledgerline_visitor;

-- The aging report reads the same definition (0029 wrote it out a second time).
create or replace function app_hidden.aging_rows(kind text, as_of date)
returns table (subsidiary_id uuid, days_past_due integer, outstanding_usd numeric)
language sql stable set search_path = pg_catalog as $$
  select i.subsidiary_id, coalesce(as_of - i.due_date, 0), app_public.invoices_outstanding_usd(i)
    from app_public.invoices i
   where kind = 'payable' and app_public.invoices_outstanding(i) > 0
  union all
  select b.subsidiary_id, coalesce(as_of - b.due_date, 0), app_public.bills_outstanding_usd(b)
    from app_public.bills b
   where kind = 'receivable' and app_public.bills_outstanding(b) > 0
$$;

-- The costs table's text search (issue 28 §2): name, description, invoice number and supplier.
comment on column app_public.costs.name is E'@behavior +filterBy\nWhat the cost is for (the costs table searches it).';
comment on column app_public.costs.description is E'@behavior +filterBy\nMore about the cost (the costs table searches it).';
