-- Row-level security and grants for the reference and identity tables. Every policy calls the
-- permission helpers as (select ...) so they run once per statement, not once per row.

-- Currencies, scopes and document types: readable by anyone signed in; changed only by migrations
-- (currencies also by admins).
alter table app_public.currencies enable row level security;
create policy select_signed_in on app_public.currencies for select using ((select app_hidden.current_user_id()) is not null);
create policy insert_admin on app_public.currencies for insert with check ((select app_hidden.has_scope('admin')));
create policy update_admin on app_public.currencies for update using ((select app_hidden.has_scope('admin')));
create policy delete_admin on app_public.currencies for delete using ((select app_hidden.has_scope('admin')));
grant select, insert, update, delete on app_public.currencies to ledgerline_visitor;

alter table app_public.scopes enable row level security;
create policy select_signed_in on app_public.scopes for select using ((select app_hidden.current_user_id()) is not null);
grant select on app_public.scopes to ledgerline_visitor;

alter table app_public.document_types enable row level security;
create policy select_all on app_public.document_types for select using (true);
grant select on app_public.document_types to ledgerline_visitor;
-- PostGraphile reads enum tables while building the schema, before it switches to the visitor.
grant usage on schema app_public to ledgerline_authenticator;
grant select on app_public.document_types to ledgerline_authenticator;

alter table app_public.exchange_rates enable row level security;
create policy select_signed_in on app_public.exchange_rates for select using ((select app_hidden.current_user_id()) is not null);
create policy insert_admin on app_public.exchange_rates for insert with check ((select app_hidden.has_scope('admin')));
create policy update_admin on app_public.exchange_rates for update using ((select app_hidden.has_scope('admin')));
create policy delete_admin on app_public.exchange_rates for delete using ((select app_hidden.has_scope('admin')));
grant select, delete on app_public.exchange_rates to ledgerline_visitor;
grant insert (currency, rate_date, usd_per_unit), update (usd_per_unit) on app_public.exchange_rates to ledgerline_visitor;

-- Subsidiaries: company:read within the account's subsidiaries; written with company:write_subsidiary.
alter table app_public.subsidiaries enable row level security;
create policy select_allowed on app_public.subsidiaries for select using (
  (select app_hidden.has_scope('company:read'))
  and ((select app_hidden.allowed_subsidiary_ids()) is null or id = any ((select app_hidden.allowed_subsidiary_ids())::uuid[]))
);
create policy insert_writer on app_public.subsidiaries for insert with check ((select app_hidden.has_scope('company:write_subsidiary')));
create policy update_writer on app_public.subsidiaries for update using (
  (select app_hidden.has_scope('company:write_subsidiary'))
  and ((select app_hidden.allowed_subsidiary_ids()) is null or id = any ((select app_hidden.allowed_subsidiary_ids())::uuid[]))
);
create policy delete_writer on app_public.subsidiaries for delete using (
  (select app_hidden.has_scope('company:write_subsidiary'))
  and ((select app_hidden.allowed_subsidiary_ids()) is null or id = any ((select app_hidden.allowed_subsidiary_ids())::uuid[]))
);
grant select, delete on app_public.subsidiaries to ledgerline_visitor;
grant insert (legal_name, short_name, country), update (legal_name, short_name, country) on app_public.subsidiaries to ledgerline_visitor;

alter table app_public.clients enable row level security;
create policy select_reader on app_public.clients for select using ((select app_hidden.has_scope('company:read')));
create policy insert_writer on app_public.clients for insert with check ((select app_hidden.has_scope('company:write_client')));
create policy update_writer on app_public.clients for update using ((select app_hidden.has_scope('company:write_client')));
create policy delete_writer on app_public.clients for delete using ((select app_hidden.has_scope('company:write_client')));
grant select, delete on app_public.clients to ledgerline_visitor;
grant insert (legal_name, short_name, country, tax_id, registration_number, legal_form, tax_reason_code,
              registered_address, primary_activity_code, org_status, ceo_full_name, ceo_position),
      update (legal_name, short_name, country, tax_id, registration_number, legal_form, tax_reason_code,
              registered_address, primary_activity_code, org_status, ceo_full_name, ceo_position)
  on app_public.clients to ledgerline_visitor;

alter table app_public.suppliers enable row level security;
create policy select_reader on app_public.suppliers for select using ((select app_hidden.has_scope('company:read')));
create policy insert_writer on app_public.suppliers for insert with check ((select app_hidden.has_scope('company:write_supplier')));
create policy update_writer on app_public.suppliers for update using ((select app_hidden.has_scope('company:write_supplier')));
create policy delete_writer on app_public.suppliers for delete using ((select app_hidden.has_scope('company:write_supplier')));
grant select, delete on app_public.suppliers to ledgerline_visitor;
grant insert (legal_name, short_name, country, user_id), update (legal_name, short_name, country, user_id)
  on app_public.suppliers to ledgerline_visitor;

alter table app_public.services enable row level security;
create policy select_reader on app_public.services for select using ((select app_hidden.has_scope('service:read')));
create policy insert_writer on app_public.services for insert with check ((select app_hidden.has_scope('service:write')));
create policy update_writer on app_public.services for update using ((select app_hidden.has_scope('service:write')));
create policy delete_writer on app_public.services for delete using ((select app_hidden.has_scope('service:write')));
grant select, delete on app_public.services to ledgerline_visitor;
grant insert (name), update (name) on app_public.services to ledgerline_visitor;

alter table app_public.cost_types enable row level security;
create policy select_reader on app_public.cost_types for select using ((select app_hidden.has_scope('cost_type:read')));
create policy insert_writer on app_public.cost_types for insert with check ((select app_hidden.has_scope('cost_type:write')));
create policy update_writer on app_public.cost_types for update using ((select app_hidden.has_scope('cost_type:write')));
create policy delete_writer on app_public.cost_types for delete using ((select app_hidden.has_scope('cost_type:write')));
grant select, delete on app_public.cost_types to ledgerline_visitor;
grant insert (name), update (name) on app_public.cost_types to ledgerline_visitor;

-- Projects: project:read within the account's projects (list and access pattern).
alter table app_public.projects enable row level security;
create policy select_allowed on app_public.projects for select using (
  (select app_hidden.has_scope('project:read'))
  and ((select app_hidden.allowed_project_ids()) is null or id = any ((select app_hidden.allowed_project_ids())::uuid[]))
);
create policy insert_writer on app_public.projects for insert with check ((select app_hidden.has_scope('project:write')));
create policy update_writer on app_public.projects for update using ((select app_hidden.has_scope('project:write')));
create policy delete_writer on app_public.projects for delete using ((select app_hidden.has_scope('project:write')));
grant select, delete on app_public.projects to ledgerline_visitor;
grant insert (name, access_key), update (name, access_key) on app_public.projects to ledgerline_visitor;

-- Users: names are shown everywhere, so anyone signed in reads them; admin:user changes them.
-- (A user changes their own profile through the updateProfile mutation.)
alter table app_public.users enable row level security;
create policy select_signed_in on app_public.users for select using ((select app_hidden.current_user_id()) is not null);
create policy insert_admin on app_public.users for insert with check ((select app_hidden.has_scope('admin:user')));
create policy update_admin on app_public.users for update using ((select app_hidden.has_scope('admin:user')));
create policy delete_admin on app_public.users for delete using ((select app_hidden.has_scope('admin:user')));
grant select, delete on app_public.users to ledgerline_visitor;
grant insert (username, first_name, last_name, additional_name, avatar_file_id),
      update (username, first_name, last_name, additional_name, avatar_file_id)
  on app_public.users to ledgerline_visitor;

-- Roles: readable by anyone signed in (account settings show them); managed with admin:role.
alter table app_public.roles enable row level security;
create policy select_signed_in on app_public.roles for select using ((select app_hidden.current_user_id()) is not null);
create policy insert_admin on app_public.roles for insert with check ((select app_hidden.has_scope('admin:role')));
create policy update_admin on app_public.roles for update using ((select app_hidden.has_scope('admin:role')));
create policy delete_admin on app_public.roles for delete using ((select app_hidden.has_scope('admin:role')));
grant select, delete on app_public.roles to ledgerline_visitor;
grant insert (name), update (name) on app_public.roles to ledgerline_visitor;

alter table app_public.role_scopes enable row level security;
create policy select_signed_in on app_public.role_scopes for select using ((select app_hidden.current_user_id()) is not null);
create policy insert_admin on app_public.role_scopes for insert with check ((select app_hidden.has_scope('admin:role')));
create policy update_admin on app_public.role_scopes for update using ((select app_hidden.has_scope('admin:role')));
create policy delete_admin on app_public.role_scopes for delete using ((select app_hidden.has_scope('admin:role')));
grant select, delete on app_public.role_scopes to ledgerline_visitor;
grant insert (role_id, scope), update (scope) on app_public.role_scopes to ledgerline_visitor;

-- Accounts and their limits: a user sees their own; admin:user sees and manages all.
alter table app_public.accounts enable row level security;
create policy select_own_or_admin on app_public.accounts for select using (
  user_id = (select app_hidden.current_user_id()) or (select app_hidden.has_scope('admin:user'))
);
create policy insert_admin on app_public.accounts for insert with check ((select app_hidden.has_scope('admin:user')));
create policy update_admin on app_public.accounts for update using ((select app_hidden.has_scope('admin:user')));
create policy delete_admin on app_public.accounts for delete using ((select app_hidden.has_scope('admin:user')));
grant select, delete on app_public.accounts to ledgerline_visitor;
grant insert (name, user_id, role_id, access_pattern_projects), update (name, role_id, access_pattern_projects)
  on app_public.accounts to ledgerline_visitor;

create function app_hidden.is_own_account(account_id uuid) returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select exists (select from app_public.accounts a
                  where a.id = is_own_account.account_id and a.user_id = app_hidden.current_user_id())
$$;
grant execute on function app_hidden.is_own_account(uuid) to ledgerline_visitor;

alter table app_public.accounts_scopes enable row level security;
create policy select_own_or_admin on app_public.accounts_scopes for select using (
  (select app_hidden.has_scope('admin:user')) or app_hidden.is_own_account(account_id)
);
create policy insert_admin on app_public.accounts_scopes for insert with check ((select app_hidden.has_scope('admin:user')));
create policy update_admin on app_public.accounts_scopes for update using ((select app_hidden.has_scope('admin:user')));
create policy delete_admin on app_public.accounts_scopes for delete using ((select app_hidden.has_scope('admin:user')));
grant select, delete on app_public.accounts_scopes to ledgerline_visitor;
grant insert (account_id, scope), update (scope) on app_public.accounts_scopes to ledgerline_visitor;

alter table app_public.accounts_subsidiaries enable row level security;
create policy select_own_or_admin on app_public.accounts_subsidiaries for select using (
  (select app_hidden.has_scope('admin:user')) or app_hidden.is_own_account(account_id)
);
create policy insert_admin on app_public.accounts_subsidiaries for insert with check ((select app_hidden.has_scope('admin:user')));
create policy delete_admin on app_public.accounts_subsidiaries for delete using ((select app_hidden.has_scope('admin:user')));
grant select, insert, delete on app_public.accounts_subsidiaries to ledgerline_visitor;

alter table app_public.accounts_projects enable row level security;
create policy select_own_or_admin on app_public.accounts_projects for select using (
  (select app_hidden.has_scope('admin:user')) or app_hidden.is_own_account(account_id)
);
create policy insert_admin on app_public.accounts_projects for insert with check ((select app_hidden.has_scope('admin:user')));
create policy delete_admin on app_public.accounts_projects for delete using ((select app_hidden.has_scope('admin:user')));
grant select, insert, delete on app_public.accounts_projects to ledgerline_visitor;

-- The main account: a user picks their own; admin:user may set anyone's.
alter table app_public.default_accounts enable row level security;
create policy select_own_or_admin on app_public.default_accounts for select using (
  user_id = (select app_hidden.current_user_id()) or (select app_hidden.has_scope('admin:user'))
);
create policy insert_own_or_admin on app_public.default_accounts for insert with check (
  user_id = (select app_hidden.current_user_id()) or (select app_hidden.has_scope('admin:user'))
);
create policy update_own_or_admin on app_public.default_accounts for update using (
  user_id = (select app_hidden.current_user_id()) or (select app_hidden.has_scope('admin:user'))
);
create policy delete_admin on app_public.default_accounts for delete using ((select app_hidden.has_scope('admin:user')));
grant select, delete on app_public.default_accounts to ledgerline_visitor;
grant insert (user_id, account_id), update (account_id) on app_public.default_accounts to ledgerline_visitor;
