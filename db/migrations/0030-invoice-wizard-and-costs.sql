-- The invoice wizard and the costs table (issue 12, docs/invoices.md).
--
-- create_invoice_with_costs: the wizard's one write. The invoice, its costs and the attachment of
-- the files uploaded before it happen in one transaction, as the caller (security invoker), so
-- row-level security, the column grants, the derived-amount triggers, the period rule and the
-- reference checks all apply exactly as for createInvoice/createCost/addInvoiceFiles; a refused
-- cost or file leaves no invoice behind.
create function app_public.create_invoice_with_costs(
  invoice_type app_public.invoice_type,
  invoice_ref text,
  invoice_date date,
  currency text,
  subsidiary_id uuid,
  supplier_id uuid,
  costs jsonb,
  due_date date default null,
  default_cost_type_id uuid default null,
  file_ids uuid[] default '{}'
) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('invoice:write');
  perform app_hidden.require_scope('cost:write');
  if costs is null or jsonb_typeof(costs) <> 'array' or jsonb_array_length(costs) = 0 then
    perform app_hidden.fail('CostsRequired', 'An invoice needs at least one cost.');
  end if;
  insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, subsidiary_id,
                                   supplier_id, default_cost_type_id)
  values (coalesce(invoice_type, 'regular'), invoice_ref, invoice_date, due_date, currency, subsidiary_id,
          supplier_id, default_cost_type_id)
  returning * into invoice;
  insert into app_public.costs (name, description, amount, vat, invoice_id, to_bill, cost_type_id, project_id,
                                period, year)
  select c.name, nullif(btrim(c.description), ''), c.amount, c.vat, invoice.id, coalesce(c.to_bill, false),
         coalesce(c.cost_type_id, create_invoice_with_costs.default_cost_type_id), c.project_id, c.period, c.year
    from jsonb_array_elements(costs) with ordinality as e(item, position),
         jsonb_to_record(e.item) as c(name text, description text, amount numeric, vat numeric, to_bill boolean,
                                      cost_type_id uuid, project_id uuid, period smallint, year smallint)
   order by e.position;
  if cardinality(coalesce(file_ids, '{}')) > 0 then
    perform app_public.add_invoice_files(invoice.id, file_ids);
  end if;
  select * into invoice from app_public.invoices i where i.id = invoice.id;
  return invoice;
end;
$$;
comment on function app_public.create_invoice_with_costs(app_public.invoice_type, text, date, text, uuid, uuid, jsonb, date, uuid, uuid[]) is
  E'Creates an invoice with its costs (a JSON array of {name, description, amount, vat, toBill as to_bill, cost_type_id, project_id, period, year}) and attaches already uploaded files, all or nothing (invoice:write, cost:write).';

-- The likely duplicates of an invoice about to be created, among the invoices the caller can see:
-- the same supplier and number (ignoring case and surrounding spaces), or the same supplier,
-- amount with VAT and invoice date.
create function app_public.likely_duplicate_invoices(supplier_id uuid, invoice_ref text, invoice_date date,
  amount_w_vat numeric) returns setof app_public.invoices
language sql stable set search_path = pg_catalog as $$
  select i.* from app_public.invoices i
   where i.supplier_id = likely_duplicate_invoices.supplier_id
     and (lower(btrim(i.invoice_ref)) = lower(btrim(likely_duplicate_invoices.invoice_ref))
          or (i.invoice_date = likely_duplicate_invoices.invoice_date
              and i.amount_w_vat = likely_duplicate_invoices.amount_w_vat))
   order by i.id desc
   limit 20
$$;
comment on function app_public.likely_duplicate_invoices(uuid, text, date, numeric) is
  'Visible invoices of the supplier with the same number, or with the same amount with VAT and invoice date.';

-- USD per unit of a currency on a date, by the rule the cost amounts use (the latest rate on or
-- before it; MissingExchangeRate when there is none), so the wizard shows the same USD figures.
create function app_public.usd_rate(currency text, on_date date) returns numeric
language sql stable set search_path = pg_catalog as $$
  select app_hidden.usd_rate(currency, on_date)
$$;
comment on function app_public.usd_rate(text, date) is 'USD per unit of the currency on the date (the latest rate on or before it), as cost amounts in USD use.';

-- Bulk approve and reject of the costs table: each cost through the single action, all or nothing.
create function app_public.approve_costs(ids integer[]) returns setof app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array array(select distinct unnest(ids) order by 1) loop
    return next app_public.approve_cost(item);
  end loop;
end;
$$;
comment on function app_public.approve_costs(integer[]) is 'Approves each cost (approve_cost), all or nothing.';

create function app_public.reject_costs(ids integer[], reason text) returns setof app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array array(select distinct unnest(ids) order by 1) loop
    return next app_public.reject_cost(item, reason);
  end loop;
end;
$$;
comment on function app_public.reject_costs(integer[], text) is 'Rejects each cost with the reason (approve_cost), all or nothing.';

-- The costs table filters by "to bill" (PostGraphile offers filters on indexed columns only).
create index costs_to_bill_idx on app_public.costs (to_bill);
