-- Users, their private credentials, roles, accounts, suppliers (which may have a linked user),
-- and the permission functions every row-level-security policy uses.

create table app_public.users (
  id uuid primary key default gen_random_uuid(),
  username text not null constraint users_username_format check (username ~ '^[A-Za-z0-9_.@-]{2,64}$'),
  first_name text not null constraint users_first_name_required check (btrim(first_name) <> ''),
  last_name text not null constraint users_last_name_required check (btrim(last_name) <> ''),
  additional_name text,
  avatar_file_id uuid, -- references app_public.files, added with the files table (0006)
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_key on app_public.users (lower(username));
create index users_last_name_idx on app_public.users (last_name);
create index users_created_at_idx on app_public.users (created_at);
create trigger _100_timestamps before insert or update on app_public.users for each row execute function app_private.tg__timestamps();
comment on table app_public.users is E'@behavior -insert\nA person who signs in (created with the createUser mutation, which sets a password). An inactive user cannot sign in; their data stays.';
comment on column app_public.users.avatar_file_id is 'The stored file shown as the avatar.';

-- Password hashes never leave app_private; only the server's auth module reads them.
create table app_private.user_secrets (
  user_id uuid primary key references app_public.users (id) on delete cascade,
  password_hash text not null,
  password_changed_at timestamptz not null default now()
);

-- Refresh tokens: opaque, stored as sha256, rotated on every use. A family is one sign-in; reusing a
-- rotated token revokes the whole family. expires_at is the family's absolute end.
create table app_private.refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null,
  user_id uuid not null references app_public.users (id) on delete cascade,
  account_id uuid not null,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family_idx on app_private.refresh_tokens (family_id);
create index refresh_tokens_user_idx on app_private.refresh_tokens (user_id);

-- Fixed-window counters of failed sign-ins, per username and per client address.
create table app_private.login_attempts (
  key text primary key,
  window_start timestamptz not null,
  failures integer not null
);

create table app_public.suppliers (
  id uuid primary key default gen_random_uuid(),
  legal_name text not null constraint suppliers_legal_name_required check (btrim(legal_name) <> ''),
  short_name text,
  country text not null constraint suppliers_country_required check (btrim(country) <> ''),
  user_id uuid references app_public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table app_public.suppliers is 'A company that invoices the group. It may have a linked user (a supplier representative).';
create index suppliers_legal_name_idx on app_public.suppliers (lower(legal_name));
create index suppliers_user_id_idx on app_public.suppliers (user_id);
create index suppliers_created_at_idx on app_public.suppliers (created_at);
create trigger _100_timestamps before insert or update on app_public.suppliers for each row execute function app_private.tg__timestamps();

create table app_public.roles (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint roles_name_required check (btrim(name) <> ''),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint roles_name_unique unique (name)
);
create trigger _100_timestamps before insert or update on app_public.roles for each row execute function app_private.tg__timestamps();
comment on table app_public.roles is 'A named set of scopes; every account has one.';

create table app_public.role_scopes (
  id uuid primary key default gen_random_uuid(),
  role_id uuid not null references app_public.roles (id) on delete cascade,
  scope text not null references app_public.scopes (name) on update cascade on delete cascade,
  constraint role_scopes_unique unique (role_id, scope)
);
create index role_scopes_scope_idx on app_public.role_scopes (scope);
comment on table app_public.role_scopes is 'A scope granted by a role.';

create table app_public.accounts (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint accounts_name_required check (btrim(name) <> ''),
  user_id uuid not null references app_public.users (id) on delete cascade,
  role_id uuid not null references app_public.roles (id) on delete restrict,
  access_pattern_projects text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint accounts_id_user_unique unique (id, user_id)
);
create index accounts_user_id_idx on app_public.accounts (user_id);
create index accounts_role_id_idx on app_public.accounts (role_id);
create trigger _100_timestamps before insert or update on app_public.accounts for each row execute function app_private.tg__timestamps();
comment on table app_public.accounts is 'One way a user works: a role, additional scopes, and optional limits to subsidiaries and projects.';
comment on column app_public.accounts.access_pattern_projects is 'Project access pattern: include and !exclude access keys with * wildcards (docs/permissions.md). Null: no pattern.';

create table app_public.accounts_scopes (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  scope text not null references app_public.scopes (name) on update cascade on delete cascade,
  constraint accounts_scopes_unique unique (account_id, scope)
);
create index accounts_scopes_scope_idx on app_public.accounts_scopes (scope);
comment on table app_public.accounts_scopes is 'A scope an account holds in addition to its role''s.';

create table app_public.accounts_subsidiaries (
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  subsidiary_id uuid not null references app_public.subsidiaries (id) on delete restrict,
  primary key (account_id, subsidiary_id)
);
create index accounts_subsidiaries_subsidiary_idx on app_public.accounts_subsidiaries (subsidiary_id);
comment on table app_public.accounts_subsidiaries is 'Limits an account to these subsidiaries. None: all subsidiaries.';

create table app_public.accounts_projects (
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  project_id uuid not null references app_public.projects (id) on delete restrict,
  primary key (account_id, project_id)
);
create index accounts_projects_project_idx on app_public.accounts_projects (project_id);
comment on table app_public.accounts_projects is 'Limits an account to these projects. None: all projects (unless an access pattern limits them).';

create table app_public.default_accounts (
  user_id uuid primary key references app_public.users (id) on delete cascade,
  account_id uuid not null,
  constraint default_accounts_account_of_user foreign key (account_id, user_id)
    references app_public.accounts (id, user_id) on delete cascade
);
create index default_accounts_account_idx on app_public.default_accounts (account_id, user_id);
comment on table app_public.default_accounts is 'The main account of a user: the one a sign-in starts in.';

--------------------------------------------------------------------------------------------------
-- Permission functions.

-- The one place scope implications are written (docs/permissions.md explains them).
create function app_hidden.scope_closure(granted text[]) returns text[]
language sql immutable parallel safe set search_path = pg_catalog as $$
  with recursive implication(scope, implies) as (
    values
      ('admin', 'admin:user'), ('admin', 'admin:role'), ('admin', 'admin:invoice'),
      ('admin', 'admin:invoice:write'), ('admin', 'admin:bill'), ('admin', 'admin:documents'),
      ('admin', 'admin:cost'), ('admin', 'admin:cost:write'), ('admin', 'admin:payment'),
      ('admin', 'admin:project'), ('admin', 'admin:company'), ('admin', 'admin:cost_type'),
      ('admin', 'admin:service'), ('admin', 'create_report'),
      ('admin:user', 'admin:role'),
      ('admin:invoice:write', 'admin:invoice'),
      ('admin:invoice', 'invoice:write'), ('admin:invoice', 'validate_invoice'), ('admin:invoice', 'close_invoice'),
      ('admin:cost:write', 'admin:cost'),
      ('admin:cost', 'cost:write'), ('admin:cost', 'approve_cost'),
      ('admin:bill', 'bill:write'),
      ('admin:documents', 'documents:write'),
      ('admin:payment', 'payment:write'),
      ('admin:project', 'project:write'),
      ('admin:company', 'company:write'),
      ('admin:cost_type', 'cost_type:write'),
      ('admin:service', 'service:write'),
      ('company:write', 'company:write_client'), ('company:write', 'company:write_supplier'),
      ('company:write', 'company:write_subsidiary'),
      ('company:write_client', 'company:read'), ('company:write_supplier', 'company:read'),
      ('company:write_subsidiary', 'company:read'),
      ('invoice:write', 'invoice:read'), ('bill:write', 'bill:read'), ('cost:write', 'cost:read'),
      ('documents:write', 'documents:read'), ('payment:write', 'payment:read'),
      ('project:write', 'project:read'), ('cost_type:write', 'cost_type:read'),
      ('service:write', 'service:read'),
      -- Whoever reads finance records reads the reference data they name.
      ('invoice:read', 'company:read'), ('invoice:read', 'project:read'),
      ('invoice:read', 'cost_type:read'), ('invoice:read', 'service:read'),
      ('bill:read', 'company:read'), ('bill:read', 'project:read'),
      ('bill:read', 'cost_type:read'), ('bill:read', 'service:read'),
      ('cost:read', 'company:read'), ('cost:read', 'project:read'),
      ('cost:read', 'cost_type:read'), ('cost:read', 'service:read'),
      ('documents:read', 'company:read'), ('documents:read', 'service:read'),
      ('create_report', 'project:read')
  ),
  closure(scope) as (
    select unnest(granted)
    union
    select i.implies from closure c join implication i on i.scope = c.scope
  )
  select coalesce(array_agg(scope order by scope), '{}') from closure where scope is not null
$$;
comment on function app_hidden.scope_closure(text[]) is 'Every scope the given scopes grant, directly or by implication.';

-- Scopes of an account: its role's plus its own, closed under implication. Empty for an account of
-- an inactive user.
create function app_hidden.account_scopes(account_id uuid) returns text[]
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.scope_closure(array(
    select rs.scope
      from app_public.accounts a
      join app_public.users u on u.id = a.user_id and u.is_active
      join app_public.role_scopes rs on rs.role_id = a.role_id
     where a.id = account_scopes.account_id
    union
    select s.scope
      from app_public.accounts a
      join app_public.users u on u.id = a.user_id and u.is_active
      join app_public.accounts_scopes s on s.account_id = a.id
     where a.id = account_scopes.account_id
  ))
$$;

-- The effective scopes of the signed-in account (empty when signed out, or when the account in the
-- token does not belong to the user in the token).
create function app_hidden.current_scopes() returns text[]
language sql stable security definer set search_path = pg_catalog as $$
  select coalesce((
    select app_hidden.account_scopes(a.id)
      from app_public.accounts a
     where a.id = app_hidden.current_account_id()
       and a.user_id = app_hidden.current_user_id()
  ), '{}')
$$;

create function app_hidden.has_scope(scope text) returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select has_scope.scope = any(app_hidden.current_scopes())
$$;
comment on function app_hidden.has_scope(text) is 'Whether the signed-in account holds the scope. Call it in policies as (select app_hidden.has_scope(''x'')) so it runs once per statement.';

-- Subsidiaries the signed-in account is limited to; null means all.
create function app_hidden.allowed_subsidiary_ids() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select case when count(*) = 0 then null else array_agg(s.subsidiary_id) end
    from app_public.accounts_subsidiaries s
   where s.account_id = app_hidden.current_account_id()
$$;

-- Project access patterns (docs/permissions.md): tokens separated by spaces or commas; a token is an
-- access key with * wildcards, and a leading ! makes it an exclusion.
create function app_public.access_pattern_tokens(pattern text) returns text[]
language sql immutable parallel safe set search_path = pg_catalog as $$
  select coalesce(array_remove(regexp_split_to_array(btrim(pattern), '[\s,]+'), ''), '{}')
$$;
comment on function app_public.access_pattern_tokens(text) is E'@omit\nThe tokens of a project access pattern.';

create function app_public.is_valid_access_pattern(pattern text) returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  select cardinality(app_public.access_pattern_tokens(pattern)) > 0
     and not exists (
       select from unnest(app_public.access_pattern_tokens(pattern)) t
        where t !~ '^!?[A-Za-z0-9_.*]+$'
     )
$$;
comment on function app_public.is_valid_access_pattern(text) is 'Whether a project access pattern is well formed: include and !exclude tokens of Latin letters, digits, underscore, dot and * wildcards.';

create function app_public.access_pattern_matches(pattern text, access_key text) returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  with token as (
    select t like '!%' as exclude,
           '^' || replace(replace(ltrim(t, '!'), '.', '\.'), '*', '.*') || '$' as regex
      from unnest(app_public.access_pattern_tokens(pattern)) t
  )
  select (not exists (select from token where not exclude)
          or exists (select from token where not exclude and access_key ~ regex))
     and not exists (select from token where exclude and access_key ~ regex)
$$;
comment on function app_public.access_pattern_matches(text, text) is 'Whether a project access key is matched by an access pattern.';

alter table app_public.accounts add constraint accounts_access_pattern_valid
  check (access_pattern_projects is null or app_public.is_valid_access_pattern(access_pattern_projects));

-- Projects the signed-in account may see; null means all. The account's project list and its access
-- pattern both limit, when present.
create function app_hidden.allowed_project_ids() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  with account as (
    select a.id, a.access_pattern_projects as pattern,
           exists (select from app_public.accounts_projects ap where ap.account_id = a.id) as listed
      from app_public.accounts a
     where a.id = app_hidden.current_account_id()
  )
  select case
           when account.id is null then '{}'::uuid[]
           when not account.listed and account.pattern is null then null
           else array(
             select p.id from app_public.projects p
              where (not account.listed or exists (
                       select from app_public.accounts_projects ap
                        where ap.account_id = account.id and ap.project_id = p.id))
                and (account.pattern is null
                     or app_public.access_pattern_matches(account.pattern, p.access_key)))
         end
    from (select 1) one left join account on true
$$;

-- The role name of the signed-in account, recorded in the audit trail.
create function app_hidden.current_role_name() returns text
language sql stable security definer set search_path = pg_catalog as $$
  select r.name from app_public.accounts a join app_public.roles r on r.id = a.role_id
   where a.id = app_hidden.current_account_id()
$$;

grant execute on all functions in schema app_hidden to ledgerline_visitor;
grant execute on function app_public.is_valid_access_pattern(text), app_public.access_pattern_matches(text, text),
  app_public.access_pattern_tokens(text) to ledgerline_visitor;
