-- The visible subtotal of a partly visible invoice in USD too (money is shown in the original
-- currency and in USD; 0051).
create function app_public.invoices_visible_amount_usd_w_vat(invoice app_public.invoices) returns numeric
language sql stable set search_path = pg_catalog as $$
  select case when (select app_hidden.sees_whole_invoices()) then null
              when app_public.invoices_hidden_cost_count(invoice) = 0 then null
              else (select coalesce(sum(c.amount_usd_w_vat), 0) from app_public.costs c
                     where c.invoice_id = invoice.id and not c.is_deleted) end
$$;
comment on function app_public.invoices_visible_amount_usd_w_vat(app_public.invoices) is 'The sum with VAT in USD of the live costs of this invoice you see; null when you see them all.';
