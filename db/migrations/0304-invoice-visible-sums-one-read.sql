-- A partly visible invoice's visible sums read its costs once.
--
-- The invoices list shows, for an account limited to some projects, how many of an invoice's costs
-- are outside them (hiddenCostCount) and the sum of those it sees (visibleAmountWVat; null when
-- it sees them all). Each visible sum asked invoices_hidden_cost_count first (the costs it sees,
-- counted under row-level security) and then read the same costs again for the sum: with the
-- hidden count itself, a page of 50 invoices ran 150 statements under the costs' policies, each
-- with the account's allowed projects read and hashed again. The manager's invoices page (50 rows)
-- spent about 10 ms in them at scale 1 and 16 ms at scale 10 (502 allowed projects), most of the
-- screen's time and why it grew with the data.
--
-- Each sum now counts and sums the costs it sees in one statement and compares the count with the
-- invoice's live costs: the same answer (null when nothing is hidden, else the visible sum), one
-- statement under the policies instead of two.

create or replace function app_public.invoices_visible_amount(invoice app_public.invoices)
returns numeric language sql stable set search_path = pg_catalog as $$
  select case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice.id) then null
                                else coalesce(sum(c.amount), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice.id and not c.is_deleted) end
$$;

create or replace function app_public.invoices_visible_amount_w_vat(invoice app_public.invoices)
returns numeric language sql stable set search_path = pg_catalog as $$
  select case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice.id) then null
                                else coalesce(sum(c.amount_w_vat), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice.id and not c.is_deleted) end
$$;

create or replace function app_public.invoices_visible_amount_usd_w_vat(invoice app_public.invoices)
returns numeric language sql stable set search_path = pg_catalog as $$
  select case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice.id) then null
                                else coalesce(sum(c.amount_usd_w_vat), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice.id and not c.is_deleted) end
$$;
