-- Who sees people, roles and scopes (docs/permissions.md "People"). Until now any signed-in
-- account, even one with only service:read, listed every user, every role and every scope.
--   users:       the list needs admin:user; others see themselves and the people named on records
--                they can see (created, validated, closed, approved, paid, changed, uploaded by…)
--   roles and their scopes: admin:role, or the roles of one's own accounts
--   scopes:      admin:role, or the scopes one holds

-- Whether a user is named on a record the caller can see. Runs as the caller, so each table's
-- row-level security decides; every column read here is indexed (a foreign key). Files are not
-- consulted (their policy reads users, which would recurse); document files name their uploader.
create function app_hidden.user_named_on_visible_record(user_id uuid) returns boolean
language sql stable set search_path = pg_catalog as $$
  select exists (select from app_public.invoices r where r.created_by = $1)
      or exists (select from app_public.invoices r where r.validated_by = $1)
      or exists (select from app_public.invoices r where r.closed_by = $1)
      or exists (select from app_public.costs r where r.created_by = $1)
      or exists (select from app_public.costs r where r.approved_by = $1)
      or exists (select from app_public.bills r where r.created_by = $1)
      or exists (select from app_public.bills r where r.closed_by = $1)
      or exists (select from app_public.payments r where r.created_by = $1)
      or exists (select from app_public.documents r where r.created_by = $1)
      or exists (select from app_public.documents r where r.deleted_by = $1)
      or exists (select from app_public.documents_files r where r.uploaded_by = $1)
      or exists (select from app_public.document_readers r where r.user_id = $1)
      or exists (select from app_public.document_editors r where r.user_id = $1)
      or exists (select from app_public.suppliers r where r.user_id = $1)
      or exists (select from app_public.audit_trail r where r.user_id = $1)
$$;
comment on function app_hidden.user_named_on_visible_record(uuid) is 'Whether the user created, validated, closed, approved, paid, changed or uploaded something the signed-in account can see, or is named on it.';
grant execute on function app_hidden.user_named_on_visible_record(uuid) to ledgerline_visitor;

drop policy select_signed_in on app_public.users;
create policy select_visible on app_public.users for select using (
  id = (select app_hidden.current_user_id())
  or (select app_hidden.has_scope('admin:user'))
  or ((select app_hidden.current_user_id()) is not null and app_hidden.user_named_on_visible_record(id))
);

drop policy select_signed_in on app_public.roles;
create policy select_visible on app_public.roles for select using (
  (select app_hidden.has_scope('admin:role'))
  or id in (select a.role_id from app_public.accounts a where a.user_id = (select app_hidden.current_user_id()))
);

drop policy select_signed_in on app_public.role_scopes;
create policy select_visible on app_public.role_scopes for select using (
  (select app_hidden.has_scope('admin:role'))
  or role_id in (select a.role_id from app_public.accounts a where a.user_id = (select app_hidden.current_user_id()))
);

drop policy select_signed_in on app_public.scopes;
create policy select_visible on app_public.scopes for select using (
  (select app_hidden.has_scope('admin:role'))
  or name = any ((select app_hidden.current_scopes())::text[])
);

-- The user's own details (username, active flag, timestamps) are theirs and admin:user's; others
-- who see the user (above) see its names and avatar. Read by the API for those columns.
create function app_hidden.user_details_visible(user_id uuid) returns boolean
language sql stable set search_path = pg_catalog as $$
  select user_id = app_hidden.current_user_id() or app_hidden.has_scope('admin:user')
$$;
comment on function app_hidden.user_details_visible(uuid) is 'Whether the signed-in account may read this user''s username, active flag and timestamps.';
grant execute on function app_hidden.user_details_visible(uuid) to ledgerline_visitor;
