-- Choosing one's main account failed for every user: in set_default_account, "on conflict
-- (user_id)" was ambiguous between the parameter and the column. Named by its constraint now.
create or replace function app_public.set_default_account(account_id uuid, user_id uuid) returns app_public.default_accounts
language plpgsql volatile set search_path = pg_catalog as $$
declare
  account app_public.accounts := app_hidden.account_exists(set_default_account.account_id);
  result app_public.default_accounts;
begin
  if account.user_id <> set_default_account.user_id then
    perform app_hidden.fail('AccountOwnerNotFound',
      format('Cannot get the account owner. Probably account ''%s'' doesn''t exist', set_default_account.account_id));
  end if;
  insert into app_public.default_accounts (user_id, account_id) values (account.user_id, account.id)
  on conflict on constraint default_accounts_pkey do update set account_id = excluded.account_id
  returning * into result;
  return result;
end;
$$;
