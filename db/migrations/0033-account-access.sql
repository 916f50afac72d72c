-- What each account may see, kept ready instead of worked out in every statement (issue 17,
-- bench/README.md "Findings").
--
-- Every policy asks three questions of the signed-in account: its scopes (role's and own, closed
-- under implication, none for an inactive user), the subsidiaries it sees, and the projects it is
-- limited to (its list and its access pattern, matched against every project's access key). Each
-- was answered per statement by queries over the account tables, the recursive implication closure
-- and a regular expression per project: 0.6 ms for the scopes and 2.7 ms for the projects of a
-- pattern-limited account at 300 projects, paid once per statement and table. The answers now live
-- in app_private.account_access, one row per account, kept in step by triggers on every table they
-- come from; the helpers read that row (a primary-key lookup). Same answers as before: the RLS suite
-- checks the rows each demo account sees, and "what each account may see is kept in step" checks
-- that after a change to any source the stored rows equal what the sources say.
--
-- The invoice read policy is also written so that a project-limited account's visibility is an
-- index condition. It said "no project limit, or the invoice's projects overlap the allowed ones";
-- an OR with a parameter test that no index serves, so a manager's totalCount tested the overlap on
-- every invoice of its subsidiaries (100,000 at scale 1: 112 ms). Now the two cases are two
-- policies (below), each an index condition: the subsidiary index for an account without a project
-- limit, the GIN index on project_ids for a project-limited one.

create table app_private.account_access (
  account_id uuid primary key references app_public.accounts (id) on delete cascade,
  user_id uuid not null,
  scopes text[] not null,
  visible_subsidiary_ids uuid[] not null,
  allowed_project_ids uuid[]
);
comment on table app_private.account_access is 'Per account, what the policies ask: effective scopes (empty for an inactive user), visible subsidiaries (the allowed ones, or all), allowed projects (null: no limit). Kept by triggers; read by the app_hidden helpers.';

-- What each account may see, worked out from the source tables (what the table must hold).
create view app_private.account_access_now as
select a.id as account_id, a.user_id, app_hidden.account_scopes(a.id) as scopes,
       coalesce((select array_agg(s.subsidiary_id order by s.subsidiary_id)
                   from app_public.accounts_subsidiaries s where s.account_id = a.id),
                array(select s.id from app_public.subsidiaries s order by s.id)) as visible_subsidiary_ids,
       case
         when not l.listed and a.access_pattern_projects is null then null
         else array(
           select p.id from app_public.projects p
            where (not l.listed or exists (
                     select from app_public.accounts_projects ap
                      where ap.account_id = a.id and ap.project_id = p.id))
              and (a.access_pattern_projects is null
                   or app_public.access_pattern_matches(a.access_pattern_projects, p.access_key))
            order by p.id)
       end as allowed_project_ids
  from app_public.accounts a
 cross join lateral (select exists (select from app_public.accounts_projects ap
                                     where ap.account_id = a.id) as listed) l;
comment on view app_private.account_access_now is 'What app_private.account_access must hold, worked out from the account tables.';

-- Stores the access of the given accounts (those that no longer exist are dropped by the foreign
-- key's cascade).
create function app_private.refresh_account_access(account_ids uuid[]) returns void
language sql security definer set search_path = pg_catalog as $$
  insert into app_private.account_access as aa
         (account_id, user_id, scopes, visible_subsidiary_ids, allowed_project_ids)
  select n.account_id, n.user_id, n.scopes, n.visible_subsidiary_ids, n.allowed_project_ids
    from app_private.account_access_now n
   where n.account_id = any(refresh_account_access.account_ids)
  on conflict (account_id) do update
     set user_id = excluded.user_id, scopes = excluded.scopes,
         visible_subsidiary_ids = excluded.visible_subsidiary_ids,
         allowed_project_ids = excluded.allowed_project_ids
   where (aa.user_id, aa.scopes, aa.visible_subsidiary_ids, aa.allowed_project_ids)
         is distinct from (excluded.user_id, excluded.scopes, excluded.visible_subsidiary_ids,
                           excluded.allowed_project_ids)
$$;
comment on function app_private.refresh_account_access(uuid[]) is 'Recomputes app_private.account_access for these accounts.';

-- The triggers: which accounts a change of each source concerns. Statement-level, reading the
-- changed rows from transition tables, so that a bulk change recomputes each account once.
create function app_private.tg_account_access__accounts() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_op = 'DELETE' then return null; end if; -- the cascade removes the row
  perform app_private.refresh_account_access(array(select id from new_rows));
  return null;
end;
$$;
create trigger _900_account_access after insert on app_public.accounts
  referencing new table as new_rows for each statement
  execute function app_private.tg_account_access__accounts();
create trigger _900_account_access_update after update on app_public.accounts
  referencing new table as new_rows for each statement
  execute function app_private.tg_account_access__accounts();

-- accounts_scopes, accounts_subsidiaries, accounts_projects: the accounts named by the rows.
create function app_private.tg_account_access__account_rows() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_account_access(array(select account_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform app_private.refresh_account_access(array(select account_id from old_rows));
  else
    perform app_private.refresh_account_access(
      array(select account_id from new_rows union select account_id from old_rows));
  end if;
  return null;
end;
$$;
do $$
declare
  source text;
begin
  foreach source in array array['accounts_scopes', 'accounts_subsidiaries', 'accounts_projects'] loop
    execute format($t$
      create trigger _900_account_access_insert after insert on app_public.%1$I
        referencing new table as new_rows for each statement
        execute function app_private.tg_account_access__account_rows();
      create trigger _900_account_access_update after update on app_public.%1$I
        referencing new table as new_rows old table as old_rows for each statement
        execute function app_private.tg_account_access__account_rows();
      create trigger _900_account_access_delete after delete on app_public.%1$I
        referencing old table as old_rows for each statement
        execute function app_private.tg_account_access__account_rows();
    $t$, source);
  end loop;
end;
$$;

-- role_scopes: every account of the role.
create function app_private.tg_account_access__role_scopes() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
     where a.role_id in (select role_id from changed_rows)));
  return null;
end;
$$;
create trigger _900_account_access_insert after insert on app_public.role_scopes
  referencing new table as changed_rows for each statement
  execute function app_private.tg_account_access__role_scopes();
create trigger _900_account_access_update after update on app_public.role_scopes
  referencing new table as changed_rows for each statement
  execute function app_private.tg_account_access__role_scopes();
create trigger _900_account_access_delete after delete on app_public.role_scopes
  referencing old table as changed_rows for each statement
  execute function app_private.tg_account_access__role_scopes();

-- users: an inactive user's accounts hold no scopes.
create function app_private.tg_account_access__users() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
      join new_rows n on n.id = a.user_id
      join old_rows o on o.id = n.id
     where n.is_active is distinct from o.is_active));
  return null;
end;
$$;
create trigger _900_account_access after update on app_public.users
  referencing new table as new_rows old table as old_rows for each statement
  execute function app_private.tg_account_access__users();

-- subsidiaries: accounts without a subsidiary limit see every one.
create function app_private.tg_account_access__subsidiaries() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
     where not exists (select from app_public.accounts_subsidiaries s where s.account_id = a.id)));
  return null;
end;
$$;
create trigger _900_account_access after insert or delete on app_public.subsidiaries
  for each statement execute function app_private.tg_account_access__subsidiaries();

-- projects: accounts with a project limit (a list or a pattern; a pattern matches access keys).
create function app_private.tg_account_access__projects() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
     where a.access_pattern_projects is not null
        or exists (select from app_public.accounts_projects ap where ap.account_id = a.id)));
  return null;
end;
$$;
create trigger _900_account_access after insert or delete or update of access_key on app_public.projects
  for each statement execute function app_private.tg_account_access__projects();

select app_private.refresh_account_access(array(select id from app_public.accounts));

-- The helpers read the stored row. Same results as before for every input: no account (or a token
-- whose user does not own the account) has no scopes; no stored row sees all subsidiaries
-- (as an account without a subsidiary limit) and no projects.
create or replace function app_hidden.current_scopes() returns text[]
language sql stable security definer set search_path = pg_catalog as $$
  select coalesce((
    select aa.scopes from app_private.account_access aa
     where aa.account_id = app_hidden.current_account_id()
       and aa.user_id = app_hidden.current_user_id()
  ), '{}')
$$;

create or replace function app_hidden.visible_subsidiary_ids() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select coalesce(
    (select aa.visible_subsidiary_ids from app_private.account_access aa
      where aa.account_id = app_hidden.current_account_id()),
    array(select s.id from app_public.subsidiaries s))
$$;

create or replace function app_hidden.allowed_project_ids() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select case when aa.account_id is null then '{}'::uuid[] else aa.allowed_project_ids end
    from (select 1) one
    left join app_private.account_access aa on aa.account_id = app_hidden.current_account_id()
$$;

-- The subsidiaries an account without a project limit sees, and none for a project-limited one:
-- the first arm of the invoice policy below.
create function app_hidden.subsidiaries_seen_whole() returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select case when app_hidden.allowed_project_ids() is null
              then app_hidden.visible_subsidiary_ids() else '{}'::uuid[] end
$$;
comment on function app_hidden.subsidiaries_seen_whole() is 'The visible subsidiaries when the account has no project limit, else none; call as (select app_hidden.subsidiaries_seen_whole()).';
grant execute on function app_hidden.subsidiaries_seen_whole() to ledgerline_visitor;

-- Invoices for a project-limited account: its own role. An invoice is visible with invoice:read
-- in a visible subsidiary, and then either the account has no project limit or the invoice's
-- projects overlap the allowed ones. Said as one policy, every plan reads project_ids, also for
-- the accounts without a limit, which keeps their counts from being index-only scans (project_ids
-- is too long for an index row): the accountant's count of one subsidiary's invoices became a
-- heap scan of every page of the table. So the rule is two permissive policies (either admits):
--   select_allowed (everyone): the subsidiaries an account without a project limit sees, none
--     for a project-limited one (subsidiaries_seen_whole);
--   select_project_limited (ledgerline_project_limited only): the invoices of its subsidiaries
--     whose projects overlap the allowed ones (an index condition: the GIN index).
-- The API runs the requests of a project-limited account as ledgerline_project_limited (a member
-- of ledgerline_visitor, no rights of its own), all others as ledgerline_visitor; the access token
-- says which (it is issued with the account's limit). The role changes no answer of an account
-- without a limit (the second policy admits nothing when there is none) and only ever hides rows:
-- an account given a project limit after its token was issued sees no invoices until the token is
-- renewed (at most the access token's lifetime), never more than it may.
do $$
begin
  if not exists (select from pg_roles where rolname = 'ledgerline_project_limited') then
    create role ledgerline_project_limited nologin;
  end if;
end
$$;
grant ledgerline_visitor to ledgerline_project_limited;
grant ledgerline_project_limited to ledgerline_authenticator;

drop policy select_allowed on app_public.invoices;
create policy select_allowed on app_public.invoices for select using (
  (select app_hidden.has_scope('invoice:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.subsidiaries_seen_whole()))
);
create policy select_project_limited on app_public.invoices for select to ledgerline_project_limited using (
  (select app_hidden.has_scope('invoice:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and project_ids && (select app_hidden.allowed_project_ids())
);

-- project_visible names the allowed projects once in its body. A SQL function is inlined into the
-- policy (and so planned as a plain expression) only when an argument that is a sub-select is
-- used at most once; the old body used it twice, so every cost and bill row paid a function call
-- (about 1.5 µs; 0.3 s for a count over the costs of one subsidiary at scale 1). Same rows: with
-- no limit (null) every row, a row without a project too; with a limit, the rows whose project
-- is allowed (the nil uuid is no project's id).
create or replace function app_hidden.project_visible(project_id uuid, allowed uuid[]) returns boolean
language sql immutable parallel safe as $$
  select coalesce(project_id, '00000000-0000-0000-0000-000000000000'::uuid)
         = any(coalesce(allowed, array[coalesce(project_id, '00000000-0000-0000-0000-000000000000'::uuid)]))
$$;

-- The people named on an invoice or a bill, by name, for the lists. A list joined each row to
-- users (created, validated, closed by), and the users policy asks, per person, whether they are
-- named on any record the caller sees: up to fifteen searches under row-level security, about
-- 0.3 ms per person, most of an invoice page's database time. A person named on a record the
-- caller sees may be named to the caller (docs/permissions.md "People"), so the name comes with
-- the record: these computed columns read the user row directly. PostGraphile calls them only on
-- rows the caller's policies returned.
create function app_hidden.user_display_name(user_id uuid) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select app_public.users_display_name(u) from app_public.users u where u.id = user_id
$$;
comment on function app_hidden.user_display_name(uuid) is 'The display name of a user, for the names on a record the caller sees; not granted to the visitor.';
revoke execute on function app_hidden.user_display_name(uuid) from ledgerline_visitor;

create function app_public.invoices_created_by_name(invoice app_public.invoices) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.user_display_name(invoice.created_by)
$$;
comment on function app_public.invoices_created_by_name(app_public.invoices) is 'The display name of who created the invoice.';
create function app_public.invoices_validated_by_name(invoice app_public.invoices) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.user_display_name(invoice.validated_by)
$$;
comment on function app_public.invoices_validated_by_name(app_public.invoices) is 'The display name of who validated the invoice.';
create function app_public.invoices_closed_by_name(invoice app_public.invoices) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.user_display_name(invoice.closed_by)
$$;
comment on function app_public.invoices_closed_by_name(app_public.invoices) is 'The display name of who closed the invoice as paid.';
create function app_public.bills_created_by_name(bill app_public.bills) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.user_display_name(bill.created_by)
$$;
comment on function app_public.bills_created_by_name(app_public.bills) is 'The display name of who created the bill.';
create function app_public.bills_closed_by_name(bill app_public.bills) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select app_hidden.user_display_name(bill.closed_by)
$$;
comment on function app_public.bills_closed_by_name(app_public.bills) is 'The display name of who closed the bill as paid.';
