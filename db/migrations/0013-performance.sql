-- Performance, from the benchmarks at realistic scale (bench/README.md, bench/results/latest.md).
--
-- 1. Under row-level security a filter from the query can narrow an index scan only when its
--    operator is leakproof. Enum comparisons (status = ...) are not, so in the list screens the
--    only narrowing conditions are booleans, dates, numbers, uuids: is_deleted, and the account's
--    subsidiaries from the policy. The read policies wrote the subsidiary limit as
--      (allowed is null or subsidiary_id = any(allowed))
--    which no index can serve (an OR with a parameter), so every list and every totalCount of a
--    subsidiary-limited account scanned the rows of all subsidiaries. The read policies of
--    invoices, costs and bills now say the same thing as one indexable condition,
--      subsidiary_id = any(visible subsidiaries)
--    where the visible subsidiaries are the allowed ones, or all of them when none are listed.
--    (subsidiary_id is not null and references subsidiaries, so the two forms admit the same rows.)
--    The write policies are unchanged.
--
-- 2. The project limit of costs and bills, (allowed is null or project_id = any(allowed)), is
--    written as coalesce(project_id = any(allowed), allowed is null): the same rows (a null
--    project_id passes only when there is no limit), but the planner estimates an OR with
--    "parameter is null" at a few percent of the rows and the coalesce at half. With the old
--    estimate a page of bills (tens of rows expected) was planned as a full sort of every
--    matching bill joined row by row to each reference table (50 ms at 2,000 bills); with the new
--    one it reads the date index newest first and stops after the page.
--
-- 3. Indexes for the lists: per subsidiary, live (is_deleted) rows newest first, carrying the
--    columns the policies and the usual filters read, so that a page is an index range and a
--    totalCount an index-only scan. They add no orderable or filterable column to the API (every
--    column in them is indexed already). Not partial: PostGraphile sends is_deleted as a
--    parameter, and a generic plan cannot use a partial index.

create function app_hidden.visible_subsidiary_ids() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select coalesce(app_hidden.allowed_subsidiary_ids(), array(select s.id from app_public.subsidiaries s))
$$;
comment on function app_hidden.visible_subsidiary_ids() is 'Subsidiaries the signed-in account may see: its allowed ones, or all when it has no limit. Call it in policies as (select app_hidden.visible_subsidiary_ids()).';
grant execute on function app_hidden.visible_subsidiary_ids() to ledgerline_visitor;

drop policy select_allowed on app_public.invoices;
create policy select_allowed on app_public.invoices for select using (
  (select app_hidden.has_scope('invoice:read'))
  and subsidiary_id = any ((select app_hidden.visible_subsidiary_ids())::uuid[])
  and ((select app_hidden.allowed_project_ids()) is null or exists (
        select from app_public.costs c
         where c.invoice_id = invoices.id and c.project_id = any ((select app_hidden.allowed_project_ids())::uuid[])))
);

drop policy select_allowed on app_public.costs;
create policy select_allowed on app_public.costs for select using (
  (select app_hidden.has_scope('cost:read'))
  and subsidiary_id = any ((select app_hidden.visible_subsidiary_ids())::uuid[])
  and coalesce(project_id = any ((select app_hidden.allowed_project_ids())::uuid[]), (select app_hidden.allowed_project_ids()) is null)
);

drop policy select_allowed on app_public.bills;
create policy select_allowed on app_public.bills for select using (
  (select app_hidden.has_scope('bill:read'))
  and subsidiary_id = any ((select app_hidden.visible_subsidiary_ids())::uuid[])
  and coalesce(project_id = any ((select app_hidden.allowed_project_ids())::uuid[]), (select app_hidden.allowed_project_ids()) is null)
);

create index invoices_subsidiary_list_idx on app_public.invoices (subsidiary_id, is_deleted, invoice_date desc, id) include (status);
create index costs_subsidiary_list_idx on app_public.costs (subsidiary_id, is_deleted, created_at desc, id) include (status, project_id);
create index bills_subsidiary_list_idx on app_public.bills (subsidiary_id, is_deleted, invoice_date desc, id) include (year, project_id);
