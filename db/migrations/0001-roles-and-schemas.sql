-- Roles, schemas and the helpers every later migration uses.
--
-- ledgerline_authenticator: the login role the API connects as. NOINHERIT: it has no rights of
--   its own and must `set role ledgerline_visitor` (PostGraphile does this per request).
-- ledgerline_visitor: the role every GraphQL request runs as. All grants and RLS policies are
--   written for it; who the visitor is comes from the verified JWT claims (jwt.claims.*).
do $$
begin
  if not exists (select from pg_roles where rolname = 'ledgerline_visitor') then
    create role ledgerline_visitor nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'ledgerline_authenticator') then
    create role ledgerline_authenticator login noinherit;
  end if;
end
$$;
grant ledgerline_visitor to ledgerline_authenticator;

-- Functions are executable by PUBLIC by default; here nothing is, unless granted.
alter default privileges revoke all on functions from public;
revoke all on schema public from public;

create schema app_public;  -- exposed through GraphQL
create schema app_hidden;  -- helpers callable by the visitor, not exposed
create schema app_private; -- secrets and internals, never reachable by the visitor
grant usage on schema app_public, app_hidden to ledgerline_visitor;

-- Who is asking: set by the server from the verified access token, per transaction.
create function app_hidden.current_user_id() returns uuid
language sql stable parallel safe as $$
  select nullif(current_setting('jwt.claims.user_id', true), '')::uuid
$$;
comment on function app_hidden.current_user_id() is 'The signed-in user (from the verified access token), or null.';

create function app_hidden.current_account_id() returns uuid
language sql stable parallel safe as $$
  select nullif(current_setting('jwt.claims.account_id', true), '')::uuid
$$;
comment on function app_hidden.current_account_id() is 'The account the access token was issued for, or null.';

-- Keeps created_at / updated_at honest whatever the client sends.
create function app_private.tg__timestamps() returns trigger
language plpgsql set search_path = pg_catalog, public as $$
begin
  if tg_op = 'INSERT' then
    -- Requests cannot backdate a record; migrations and seeds (no signed-in user) may.
    new.created_at := case when app_hidden.current_user_id() is null then coalesce(new.created_at, now()) else now() end;
  else
    new.created_at := old.created_at;
  end if;
  new.updated_at := case when tg_op = 'UPDATE' and old.updated_at >= now() then old.updated_at + interval '1 millisecond' else now() end;
  return new;
end;
$$;
