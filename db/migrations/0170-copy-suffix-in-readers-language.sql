-- Issue 28 item 7: the reference of a duplicated invoice ends with "(копия)" or "(copy)" in the
-- language of the person who made the copy. The server passes the interface's language as the
-- setting `app.language` (from the request's Accept-Language, which the web sets to its own
-- language); without it, English as before. Same body as 0040 otherwise.
create or replace function app_public.duplicate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  source app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  copy app_public.invoices;
  suffix text := case when coalesce(current_setting('app.language', true), '') = 'ru' then ' (копия)'
                      else ' (copy)' end;
begin
  perform app_hidden.require_transition('invoice', 'duplicate', source.id);
  insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, period_start, period_end, currency,
                                   subsidiary_id, supplier_id, default_cost_type_id)
  values (source.type, source.invoice_ref || suffix, source.invoice_date, source.due_date, source.period_start,
          source.period_end, source.currency, source.subsidiary_id, source.supplier_id, source.default_cost_type_id)
  returning * into copy;
  insert into app_public.costs (name, description, amount, vat, invoice_id, to_bill, cost_type_id, project_id, period, year)
  select c.name, c.description, c.amount, c.vat, copy.id, c.to_bill, c.cost_type_id, c.project_id, c.period, c.year
    from app_public.costs c where c.invoice_id = source.id and not c.is_deleted order by c.id;
  select * into copy from app_public.invoices i where i.id = copy.id;
  return copy;
end;
$$;
comment on function app_public.duplicate_invoice(integer) is
  'A new draft copy of the invoice, reference "… (copy)" or "… (копия)" in the caller''s language (app.language), with copies of its live costs to approve again.';
