-- The screens that show an amount in USD say which rate it used (issue "Administration": exchange
-- rates). An invoice's and a bill's USD amounts use the latest rate of their currency on or before
-- their invoice date (docs/workflows.md); these give that rate's date.

create function app_public.invoices_usd_rate_date(invoice app_public.invoices) returns date
language sql stable set search_path = pg_catalog as $$
  select case when invoice.currency <> 'USD' then
    (select max(r.rate_date) from app_public.exchange_rates r
      where r.currency = invoice.currency and r.rate_date <= invoice.invoice_date) end
$$;
comment on function app_public.invoices_usd_rate_date(app_public.invoices) is 'The date of the exchange rate the USD amounts use (the latest on or before the invoice date); null for USD.';

create function app_public.bills_usd_rate_date(bill app_public.bills) returns date
language sql stable set search_path = pg_catalog as $$
  select case when bill.currency <> 'USD' then
    (select max(r.rate_date) from app_public.exchange_rates r
      where r.currency = bill.currency and r.rate_date <= bill.invoice_date) end
$$;
comment on function app_public.bills_usd_rate_date(app_public.bills) is 'The date of the exchange rate the USD amounts use (the latest on or before the invoice date); null for USD.';
