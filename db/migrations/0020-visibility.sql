-- One visibility rule, written once (docs/permissions.md "What each table requires"). The
-- subsidiary and project conditions of invoices, costs, bills and documents, read and write, were
-- pasted into each policy in two styles (0005 and 0013). Now every policy says them with two
-- helpers, in the style an index can serve (0013):
--   app_hidden.subsidiary_visible(column, (select app_hidden.visible_subsidiary_ids()))
--   app_hidden.project_visible(column, (select app_hidden.allowed_project_ids()))
-- They are plain SQL expressions that PostgreSQL inlines into each policy (no SET clause, not
-- security definer), so the plans stay index conditions; the sets they test are computed once per
-- statement by the (select …) around the set-returning helpers. The rows each account sees are
-- unchanged (the RLS suite checks them for every demo account).

create function app_hidden.subsidiary_visible(subsidiary_id uuid, visible uuid[]) returns boolean
language sql immutable parallel safe as $$
  select subsidiary_id = any(visible)
$$;
comment on function app_hidden.subsidiary_visible(uuid, uuid[]) is 'Whether a subsidiary is one of the visible ones; call as subsidiary_visible(col, (select app_hidden.visible_subsidiary_ids())).';

-- A row without a project is visible only to accounts without a project limit.
create function app_hidden.project_visible(project_id uuid, allowed uuid[]) returns boolean
language sql immutable parallel safe as $$
  select coalesce(project_id = any(allowed), allowed is null)
$$;
comment on function app_hidden.project_visible(uuid, uuid[]) is 'Whether a project passes the account''s project limit (none: every project, and rows without one); call as project_visible(col, (select app_hidden.allowed_project_ids())).';

grant execute on function app_hidden.subsidiary_visible(uuid, uuid[]), app_hidden.project_visible(uuid, uuid[])
  to ledgerline_visitor;

-- Invoices: a project-limited account sees an invoice when one of its costs is in an allowed project.
drop policy select_allowed on app_public.invoices;
drop policy insert_writer on app_public.invoices;
drop policy update_writer on app_public.invoices;
drop policy delete_writer on app_public.invoices;
create policy select_allowed on app_public.invoices for select using (
  (select app_hidden.has_scope('invoice:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and ((select app_hidden.allowed_project_ids()) is null or exists (
        select from app_public.costs c
         where c.invoice_id = invoices.id
           and app_hidden.project_visible(c.project_id, (select app_hidden.allowed_project_ids()))))
);
create policy insert_writer on app_public.invoices for insert with check (
  (select app_hidden.has_scope('invoice:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
);
create policy update_writer on app_public.invoices for update using (
  (select app_hidden.has_scope('invoice:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
);
create policy delete_writer on app_public.invoices for delete using (
  (select app_hidden.has_scope('invoice:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
);

drop policy select_allowed on app_public.costs;
drop policy insert_writer on app_public.costs;
drop policy update_writer on app_public.costs;
drop policy delete_writer on app_public.costs;
create policy select_allowed on app_public.costs for select using (
  (select app_hidden.has_scope('cost:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);
create policy insert_writer on app_public.costs for insert with check (
  (select app_hidden.has_scope('cost:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);
create policy update_writer on app_public.costs for update using (
  (select app_hidden.has_scope('cost:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);
create policy delete_writer on app_public.costs for delete using (
  (select app_hidden.has_scope('cost:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);

drop policy select_allowed on app_public.bills;
drop policy insert_writer on app_public.bills;
drop policy update_writer on app_public.bills;
drop policy delete_writer on app_public.bills;
create policy select_allowed on app_public.bills for select using (
  (select app_hidden.has_scope('bill:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);
create policy insert_writer on app_public.bills for insert with check (
  (select app_hidden.has_scope('bill:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);
create policy update_writer on app_public.bills for update using (
  (select app_hidden.has_scope('bill:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);
create policy delete_writer on app_public.bills for delete using (
  (select app_hidden.has_scope('bill:write'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.project_visible(project_id, (select app_hidden.allowed_project_ids()))
);

-- Documents: a principal (subsidiary) is optional; readers and editors see theirs beyond scopes.
drop policy select_allowed on app_public.documents;
drop policy insert_writer on app_public.documents;
drop policy update_writer on app_public.documents;
drop policy delete_writer on app_public.documents;
create policy select_allowed on app_public.documents for select using (
  ((select app_hidden.has_scope('documents:read'))
   and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true))
  or id = any ((select app_hidden.document_ids_shared_with_me(false))::uuid[])
);
create policy insert_writer on app_public.documents for insert with check (
  (select app_hidden.has_scope('documents:write'))
  and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true)
);
create policy update_writer on app_public.documents for update using (
  ((select app_hidden.has_scope('documents:write'))
   and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true))
  or id = any ((select app_hidden.document_ids_shared_with_me(true))::uuid[])
);
create policy delete_writer on app_public.documents for delete using (
  (select app_hidden.has_scope('documents:write'))
  and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true)
);

-- Payments and their links follow the invoice or bill they settle (whose policies above apply
-- inside these sub-queries), so they need no subsidiary or project condition of their own.
