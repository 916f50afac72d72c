-- What a limited account sees adds up (issue 32, item 6; docs/invoices.md "Lines outside your
-- access"). An account limited to some projects sees an invoice when one of its costs is in an
-- allowed project, and only those costs: the manager (projects ops.*) saw a total of 13,274.53 GBP
-- beside one visible line of 4,691.01 GBP and nothing saying lines were hidden. Two computed
-- columns say it, worked out in SQL under the caller's row-level security:
--   hiddenCostCount: how many live costs of the invoice the caller does not see (no amounts);
--   visibleAmount / visibleAmountWVat: the sum of the live costs it does see, null when it sees
--     them all (the invoice's own amounts are then the sum).
-- An account that sees every cost of every invoice it sees (no project limit, cost:read) answers
-- from one cached look-up per statement, without reading the costs: the lists stay as cheap.

-- Whether the caller sees every cost of the invoices it sees.
create function app_hidden.sees_whole_invoices() returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.allowed_project_ids() is null and app_hidden.has_scope('cost:read')
$$;
comment on function app_hidden.sees_whole_invoices() is 'Whether the signed-in account sees every cost of the invoices it sees (no project limit and cost:read).';
revoke all on function app_hidden.sees_whole_invoices() from public;
grant execute on function app_hidden.sees_whole_invoices() to ledgerline_visitor;

-- Every live cost of an invoice, whoever may see it (a count only).
create function app_hidden.live_cost_count(invoice_id integer) returns integer
language sql stable security definer set search_path = pg_catalog as $$
  select count(*)::integer from app_public.costs c
   where c.invoice_id = live_cost_count.invoice_id and not c.is_deleted
$$;
revoke all on function app_hidden.live_cost_count(integer) from public;
grant execute on function app_hidden.live_cost_count(integer) to ledgerline_visitor;

create function app_public.invoices_hidden_cost_count(invoice app_public.invoices) returns integer
language sql stable set search_path = pg_catalog as $$
  select case when (select app_hidden.sees_whole_invoices()) then 0
              else app_hidden.live_cost_count(invoice.id)
                   - (select count(*)::integer from app_public.costs c
                       where c.invoice_id = invoice.id and not c.is_deleted) end
$$;
comment on function app_public.invoices_hidden_cost_count(app_public.invoices) is 'How many live costs of this invoice are outside your access (0 when you see them all).';

create function app_public.invoices_visible_amount(invoice app_public.invoices) returns numeric
language sql stable set search_path = pg_catalog as $$
  select case when (select app_hidden.sees_whole_invoices()) then null
              when app_public.invoices_hidden_cost_count(invoice) = 0 then null
              else (select coalesce(sum(c.amount), 0) from app_public.costs c
                     where c.invoice_id = invoice.id and not c.is_deleted) end
$$;
comment on function app_public.invoices_visible_amount(app_public.invoices) is 'The sum without VAT of the live costs of this invoice you see; null when you see them all.';

create function app_public.invoices_visible_amount_w_vat(invoice app_public.invoices) returns numeric
language sql stable set search_path = pg_catalog as $$
  select case when (select app_hidden.sees_whole_invoices()) then null
              when app_public.invoices_hidden_cost_count(invoice) = 0 then null
              else (select coalesce(sum(c.amount_w_vat), 0) from app_public.costs c
                     where c.invoice_id = invoice.id and not c.is_deleted) end
$$;
comment on function app_public.invoices_visible_amount_w_vat(app_public.invoices) is 'The sum with VAT of the live costs of this invoice you see; null when you see them all.';
