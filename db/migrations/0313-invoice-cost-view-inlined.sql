-- A partly visible invoice's figures read inside the list's own statement.
--
-- The invoices list shows, for each invoice, how many of its live costs are outside the account's
-- access and the sums of those it sees (hiddenCostCount, visibleAmount, visibleAmountWVat,
-- visibleAmountUsdWVat). Each figure was a function called once per row, and a function's
-- statement runs on its own: for every row it asked again whether the account sees whole invoices
-- and, under the costs' policies, for the account's scopes, subsidiaries and allowed projects.
-- On the benchmark data at scale 1 a page of 50 spent about 4.5 ms in its two figures as the
-- accountant (who sees every cost, so each figure only asked that question) and 9 ms as the
-- manager, where the rest of the page's statement took 3 ms.
--
-- The figures are now one table function, app_hidden.invoice_cost_view, that PostgreSQL inlines
-- into the statement that calls it: written in SQL, security invoker, stable, with no settings of
-- its own (a function with `set search_path` is never inlined; everything it names is qualified,
-- and it runs with the caller's rights). Inlined, its questions that do not depend on the row
-- (`(select ...)`: the account's checks, and those of the costs' policies) are asked once per
-- statement; only the costs of each invoice are read per row. The API's list and record select
-- the figures from it in their own statement (server/src/graphql/plugins/invoice-cost-view.ts);
-- the four app_public functions, which define the API's fields and serve any other caller, read
-- the same function, so the answers are the same by construction. The same page at scale 1,
-- medians of 60: the accountant 7.3 -> 3.7 ms, the manager 11.7 -> 6.1.

create function app_hidden.invoice_cost_view(invoice_id integer)
returns table (hidden_cost_count integer, visible_amount numeric, visible_amount_w_vat numeric,
               visible_amount_usd_w_vat numeric)
language sql stable
as $$
  select case when (select app_hidden.sees_whole_invoices()) then 0
              else app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                   - (select count(*)::integer from app_public.costs c
                       where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end,
         case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                                then null else coalesce(sum(c.amount), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end,
         case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                                then null else coalesce(sum(c.amount_w_vat), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end,
         case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                                then null else coalesce(sum(c.amount_usd_w_vat), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end
$$;
comment on function app_hidden.invoice_cost_view(integer) is 'Of one invoice, as the signed-in account sees it: how many live costs are outside its access (0 when it sees them all) and the sums without VAT, with VAT and with VAT in USD of the live costs it sees (null when it sees them all). Inlined by PostgreSQL into the calling statement (no settings of its own: keep it so), so the account''s checks run once per statement; select one column: `(select v.hidden_cost_count from app_hidden.invoice_cost_view(i.id) v)`.';
grant execute on function app_hidden.invoice_cost_view(integer) to ledgerline_visitor;

create or replace function app_public.invoices_hidden_cost_count(invoice app_public.invoices)
returns integer language sql stable set search_path = pg_catalog as $$
  select v.hidden_cost_count from app_hidden.invoice_cost_view(invoice.id) v
$$;

create or replace function app_public.invoices_visible_amount(invoice app_public.invoices)
returns numeric language sql stable set search_path = pg_catalog as $$
  select v.visible_amount from app_hidden.invoice_cost_view(invoice.id) v
$$;

create or replace function app_public.invoices_visible_amount_w_vat(invoice app_public.invoices)
returns numeric language sql stable set search_path = pg_catalog as $$
  select v.visible_amount_w_vat from app_hidden.invoice_cost_view(invoice.id) v
$$;

create or replace function app_public.invoices_visible_amount_usd_w_vat(invoice app_public.invoices)
returns numeric language sql stable set search_path = pg_catalog as $$
  select v.visible_amount_usd_w_vat from app_hidden.invoice_cost_view(invoice.id) v
$$;
