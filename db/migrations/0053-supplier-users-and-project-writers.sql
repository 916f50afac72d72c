-- Who sees what, by the rules users expect (issue 32, item 8; docs/permissions.md "Suppliers'
-- users and project-limited writers").
--
-- 1. A supplier's user (a user some supplier names as its user, suppliers.user_id) sees only that
--    supplier's invoices, their costs and payments (and the documents shared with it, 0027),
--    whatever role its account has: no other supplier's invoices, no bills, and so no receivables
--    aging (which adds up the bills one sees). The supplier limit covered documents only.
-- 2. An account limited by projects with invoice:write could fill the whole invoice wizard and was
--    then refused: the new invoice has no costs yet, so no projects, and the read rule (a cost in an
--    allowed project) hid it from its own creator — the wizard's insert … returning and the costs'
--    reference check both need to see it. Such an account now sees the invoices without costs that
--    it created itself, so it can create invoices whose costs are in its projects (the costs are
--    still checked against its projects).
--
-- A supplier's user is limited like a project-limited account: its requests run as
-- ledgerline_project_limited (the token says so, server/src/db/database.ts isLimited), the plain
-- visitor's read policies of invoices, costs and bills admit nothing for it (subsidiaries_seen_whole),
-- and the limited role's policies below say what it sees. The plans of every unlimited account are
-- unchanged.

-- The suppliers whose user the signed-in user is; null when none.
create function app_hidden.supplier_ids() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select array_agg(s.id order by s.id) from app_public.suppliers s where s.user_id = app_hidden.current_user_id()
$$;
comment on function app_hidden.supplier_ids() is 'The suppliers whose user the signed-in user is (null: none); call as (select app_hidden.supplier_ids()).';
revoke all on function app_hidden.supplier_ids() from public;
grant execute on function app_hidden.supplier_ids() to ledgerline_visitor;

-- The suppliers whose invoices a supplier's user without a project limit sees whole (none for
-- others): the invoice arm of the limited role's policy, an index condition.
create function app_hidden.supplier_ids_seen_whole() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select case when app_hidden.allowed_project_ids() is null then coalesce(app_hidden.supplier_ids(), '{}')
              else '{}'::uuid[] end
$$;
revoke all on function app_hidden.supplier_ids_seen_whole() from public;
grant execute on function app_hidden.supplier_ids_seen_whole() to ledgerline_visitor;

-- The plain visitor's arm: the subsidiaries of an account with neither a project limit nor a
-- supplier, none otherwise.
create or replace function app_hidden.subsidiaries_seen_whole() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select case when app_hidden.allowed_project_ids() is null and app_hidden.supplier_ids() is null
              then app_hidden.visible_subsidiary_ids() else '{}'::uuid[] end
$$;
comment on function app_hidden.subsidiaries_seen_whole() is 'The visible subsidiaries when the account has no project limit and is no supplier''s user, else none; call as (select app_hidden.subsidiaries_seen_whole()).';

-- Invoices -----------------------------------------------------------------------------------------

-- A supplier's user without a project limit: its supplier's invoices.
create policy select_supplier on app_public.invoices for select to ledgerline_project_limited using (
  (select app_hidden.has_scope('invoice:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and supplier_id = any((select app_hidden.supplier_ids_seen_whole())::uuid[])
);
-- A project-limited account: the invoices without costs it created (the wizard's new invoice).
create policy select_own_without_costs on app_public.invoices for select to ledgerline_project_limited using (
  (select app_hidden.has_scope('invoice:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and project_ids = '{}'::uuid[] and created_by = (select app_hidden.current_user_id())
);
create index invoices_without_costs_by_creator_idx on app_public.invoices (created_by)
  where project_ids = '{}'::uuid[];
-- Whatever else admits it: a supplier's user, only its supplier's.
create policy select_supplier_only on app_public.invoices as restrictive for select to ledgerline_project_limited using (
  (select app_hidden.supplier_ids()) is null or supplier_id = any((select app_hidden.supplier_ids())::uuid[])
);
create policy write_supplier_only on app_public.invoices as restrictive for insert with check (
  (select app_hidden.supplier_ids()) is null or supplier_id = any((select app_hidden.supplier_ids())::uuid[])
);
create policy update_supplier_only on app_public.invoices as restrictive for update using (
  (select app_hidden.supplier_ids()) is null or supplier_id = any((select app_hidden.supplier_ids())::uuid[])
);

-- Costs --------------------------------------------------------------------------------------------

create policy select_supplier on app_public.costs for select to ledgerline_project_limited using (
  (select app_hidden.has_scope('cost:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and cardinality((select app_hidden.supplier_ids_seen_whole())) > 0
);
create policy select_supplier_only on app_public.costs as restrictive for select to ledgerline_project_limited using (
  (select app_hidden.supplier_ids()) is null
  or exists (select from app_public.invoices i
              where i.id = costs.invoice_id and i.supplier_id = any((select app_hidden.supplier_ids())::uuid[]))
);

-- Bills: none for a supplier's user.
create policy select_not_supplier on app_public.bills as restrictive for select to ledgerline_project_limited using (
  (select app_hidden.supplier_ids()) is null
);
