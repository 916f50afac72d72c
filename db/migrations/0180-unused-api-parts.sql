-- Parts of the API nothing uses (issue 26, "Dead parts"):
-- - invoicesSummary, costsSummary, billsSummary and their selection_summary type (0011): the lists
--   sum the selected rows in the browser, exactly, from the amounts they already show
--   (components/DataTable/selection-summary.ts).
-- - projectCostAnalytics, projectBillAnalytics and their analytics_row type (0011): the analytics
--   screen reads reportMonths, reportCostTypes, reportSuppliers and reportProjectsSummary (0029),
--   which apply the same rules over any set of projects.
-- - invoices.is_paid and bills.is_paid (0005): the same fact as payment_status = 'paid'.
-- - The generated create, update and delete mutations of the account and role link tables: their
--   rows are changed by updateAccountScopes, updateAccountSubsidiaries, updateAccountProjects and
--   updateRoleScopes, which check the admin scope and keep a role's last scope.

drop function app_public.invoices_summary(integer[]);
drop function app_public.costs_summary(integer[]);
drop function app_public.bills_summary(integer[]);
drop type app_public.selection_summary;

drop function app_public.project_cost_analytics(uuid, integer, integer, integer, integer);
drop function app_public.project_bill_analytics(uuid, integer, integer, integer, integer);
drop type app_public.analytics_row;

create or replace function app_private.refresh_invoice_payments(invoice_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.invoices i
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= i.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         paid_amount = p.total,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.invoices_payments ip join app_public.payments pm on pm.id = ip.payment_id
           where ip.invoice_id = refresh_invoice_payments.invoice_id) p
   where i.id = refresh_invoice_payments.invoice_id
$$;

create or replace function app_private.refresh_bill_payments(bill_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.bills b
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= b.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         paid_amount = p.total,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.bills_payments bp join app_public.payments pm on pm.id = bp.payment_id
           where bp.bill_id = refresh_bill_payments.bill_id) p
   where b.id = refresh_bill_payments.bill_id
$$;

alter table app_public.invoices drop column is_paid;
alter table app_public.bills drop column is_paid;

comment on table app_public.role_scopes is
  E'@behavior -insert -update -delete\nA scope granted by a role. Changed with updateRoleScopes.';
comment on table app_public.accounts_scopes is
  E'@behavior -insert -update -delete\nA scope an account holds in addition to its role''s. Changed with updateAccountScopes.';
comment on table app_public.accounts_subsidiaries is
  E'@behavior -insert -update -delete\nLimits an account to these subsidiaries. None: all subsidiaries. Changed with updateAccountSubsidiaries.';
comment on table app_public.accounts_projects is
  E'@behavior -insert -update -delete\nLimits an account to these projects. None: all projects (unless an access pattern limits them). Changed with updateAccountProjects.';
