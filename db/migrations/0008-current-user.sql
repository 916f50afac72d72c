-- What the signed-in user sees of themselves: currentUser { displayName currentAccount accounts
-- effectiveScopes defaultAccount }.

create function app_public."current_user"() returns app_public.users
language sql stable set search_path = pg_catalog as $$
  select u.* from app_public.users u where u.id = app_hidden.current_user_id()
$$;
comment on function app_public."current_user"() is 'The signed-in user, or null.';

create function app_public.current_account() returns app_public.accounts
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.accounts a
   where a.id = app_hidden.current_account_id() and a.user_id = app_hidden.current_user_id()
$$;
comment on function app_public.current_account() is 'The account the signed-in user is working in, or null.';

create function app_public.users_display_name(u app_public.users) returns text
language sql stable set search_path = pg_catalog as $$
  select btrim(concat_ws(' ', u.first_name,
    nullif(concat(left(btrim(u.last_name), 1) || '.', left(nullif(btrim(u.additional_name), ''), 1) || '.'), '')))
$$;
comment on function app_public.users_display_name(app_public.users) is 'First name plus the initials of the last name and additional name, e.g. "Anna K.P.".';

create function app_public.users_current_account(u app_public.users) returns app_public.accounts
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.accounts a
   where u.id = app_hidden.current_user_id() and a.user_id = u.id and a.id = app_hidden.current_account_id()
$$;
comment on function app_public.users_current_account(app_public.users) is 'For the signed-in user: the account they are working in.';

create function app_public.users_effective_scopes(u app_public.users) returns text[]
language sql stable set search_path = pg_catalog as $$
  select case when u.id = app_hidden.current_user_id() then app_hidden.current_scopes() end
$$;
comment on function app_public.users_effective_scopes(app_public.users) is 'For the signed-in user: every scope the current account grants (role, additional scopes and implications).';

create function app_public.accounts_effective_scopes(a app_public.accounts) returns text[]
language sql stable set search_path = pg_catalog as $$
  select app_hidden.account_scopes(a.id)
$$;
comment on function app_public.accounts_effective_scopes(app_public.accounts) is 'Every scope the account grants: its role''s, its own, and what they imply.';

create function app_public.accounts_is_default(a app_public.accounts) returns boolean
language sql stable set search_path = pg_catalog as $$
  select exists (select from app_public.default_accounts d where d.account_id = a.id and d.user_id = a.user_id)
$$;
comment on function app_public.accounts_is_default(app_public.accounts) is 'Whether this is the user''s main account.';

create function app_public.projects_matching_access_pattern(pattern text) returns setof app_public.projects
language sql stable set search_path = pg_catalog as $$
  select p.* from app_public.projects p
   where app_public.is_valid_access_pattern(pattern) and app_public.access_pattern_matches(pattern, p.access_key)
   order by p.name
$$;
comment on function app_public.projects_matching_access_pattern(text) is 'Preview: the projects (visible to you) an access pattern would allow.';

grant execute on function app_public."current_user"(), app_public.current_account(),
  app_public.users_display_name(app_public.users), app_public.users_current_account(app_public.users),
  app_public.users_effective_scopes(app_public.users), app_public.accounts_effective_scopes(app_public.accounts),
  app_public.accounts_is_default(app_public.accounts), app_public.projects_matching_access_pattern(text)
  to ledgerline_visitor;
