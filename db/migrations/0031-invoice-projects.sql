-- Project-limited accounts see an invoice when one of its costs is in an allowed project
-- (docs/permissions.md). The policy asked that of the costs for every invoice it looked at, so a
-- manager's invoice list read the costs of every invoice of its subsidiaries (368 ms p95 against
-- 7.6 for the accountant, bench/results). The invoice now keeps the set of its costs' projects,
-- in step with its costs (refresh_invoice_totals, under the same lock as its amounts), and the
-- policy tests that set: an overlap a GIN index serves. Same rows visible as before (rls.test.ts).

alter table app_public.invoices add column project_ids uuid[] not null default '{}';
comment on column app_public.invoices.project_ids is E'@behavior -*\nThe projects of the invoice''s costs (all of them, archived too), kept by the database for the visibility rule.';

update app_public.invoices i
   set project_ids = p.ids
  from (select c.invoice_id, array_agg(distinct c.project_id order by c.project_id) ids
          from app_public.costs c where c.project_id is not null group by c.invoice_id) p
 where p.invoice_id = i.id;

create index invoices_project_ids_idx on app_public.invoices using gin (project_ids);

create or replace function app_private.refresh_invoice_totals(invoice_id integer) returns void
language sql security definer set search_path = pg_catalog as $$
  update app_public.invoices i
     set amount = t.amount, amount_w_vat = t.amount_w_vat, amount_usd = t.amount_usd,
         amount_usd_w_vat = t.amount_usd_w_vat, costs_status = t.costs_status,
         project_ids = t.project_ids
    from (select coalesce(sum(c.amount) filter (where c.counts), 0) amount,
                 coalesce(sum(c.amount_w_vat) filter (where c.counts), 0) amount_w_vat,
                 coalesce(sum(c.amount_usd) filter (where c.counts), 0) amount_usd,
                 coalesce(sum(c.amount_usd_w_vat) filter (where c.counts), 0) amount_usd_w_vat,
                 app_hidden.costs_status_of(coalesce(array_agg(c.status) filter (where c.counts), '{}')) costs_status,
                 -- Every cost's project, archived or not: the visibility rule has always looked at all.
                 coalesce(array_agg(distinct c.project_id order by c.project_id)
                            filter (where c.project_id is not null), '{}') project_ids
            from app_public.invoices parent
            left join lateral (
              select x.*, (not x.is_deleted or parent.is_deleted) counts
                from app_public.costs x where x.invoice_id = parent.id) c on true
           where parent.id = refresh_invoice_totals.invoice_id) t
   where i.id = refresh_invoice_totals.invoice_id
     and (i.amount, i.amount_w_vat, i.amount_usd, i.amount_usd_w_vat, i.costs_status, i.project_ids)
         is distinct from (t.amount, t.amount_w_vat, t.amount_usd, t.amount_usd_w_vat, t.costs_status, t.project_ids)
$$;

drop policy select_allowed on app_public.invoices;
create policy select_allowed on app_public.invoices for select using (
  (select app_hidden.has_scope('invoice:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and ((select app_hidden.allowed_project_ids()) is null
       or project_ids && (select app_hidden.allowed_project_ids()))
);
