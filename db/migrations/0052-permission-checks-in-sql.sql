-- Permissions checked in SQL everywhere (issue 32, item 7; docs/permissions.md "Checked in the
-- database"). Creating and activating users and replacing and deleting files checked the permission
-- in TypeScript and then wrote as the owner. Each is now one function that runs as the caller,
-- under row-level security, checking and writing in one transaction; only the password hash is
-- made in Node. The rules also hold for any other path: the users table refuses deactivating
-- oneself and ends a deactivated user's sign-ins itself, and the files table lets a visitor change
-- or delete only a file it may write (app_hidden.can_write_file).

-- Users ---------------------------------------------------------------------------------------------

-- A user may not deactivate themselves; a deactivated user's sign-ins end (their refresh tokens are
-- revoked) in the same transaction, whoever deactivates them.
create function app_private.tg_users__active() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if old.is_active and not new.is_active then
    if new.id = app_hidden.current_user_id() then
      perform app_hidden.fail('CannotDeactivateSelf', 'You cannot deactivate your own user.');
    end if;
    perform from app_private.refresh_tokens t where t.user_id = new.id for update;
    update app_private.refresh_tokens t set revoked_at = coalesce(t.revoked_at, now()) where t.user_id = new.id;
  end if;
  return new;
end;
$$;
create trigger _500_active before update of is_active on app_public.users
  for each row when (old.is_active is distinct from new.is_active)
  execute function app_private.tg_users__active();

grant update (is_active) on app_public.users to ledgerline_visitor;
comment on column app_public.users.is_active is E'@behavior -attribute:update\nAn inactive user cannot sign in. Changed with setUserActive.';

-- The first password of a user just created by the caller: only with admin:user, and only for a
-- user without a password yet (a password is changed through the auth module, never here).
create function app_hidden.set_new_user_password(user_id uuid, password_hash text) returns void
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('admin:user');
  if password_hash is null or password_hash !~ '^\$argon2id\$' then
    perform app_hidden.fail('InvalidInput', 'The password hash is not an argon2id hash.');
  end if;
  insert into app_private.user_secrets (user_id, password_hash)
  values (set_new_user_password.user_id, set_new_user_password.password_hash)
  on conflict do nothing;
  if not found then
    perform app_hidden.fail('Forbidden', 'This user already has a password.');
  end if;
end;
$$;
revoke all on function app_hidden.set_new_user_password(uuid, text) from public;
grant execute on function app_hidden.set_new_user_password(uuid, text) to ledgerline_visitor;

-- createUser: the user, its password, one account of the role made its main account, all or
-- nothing, as the caller (admin:user; the users, accounts and default_accounts policies decide).
create function app_hidden.create_user(username text, first_name text, last_name text,
  additional_name text, role_id uuid, account_name text, password_hash text) returns uuid
language plpgsql volatile set search_path = pg_catalog as $$
declare
  role_name text;
  new_user_id uuid;
  new_account_id uuid;
begin
  perform app_hidden.require_scope('admin:user');
  select r.name into role_name from app_public.roles r where r.id = create_user.role_id;
  if role_name is null then
    perform app_hidden.fail('RoleNotFound', 'The role not found');
  end if;
  if exists (select from app_public.users u where lower(u.username) = lower(create_user.username)) then
    perform app_hidden.fail('UsernameTaken', 'This username is already taken.');
  end if;
  insert into app_public.users (username, first_name, last_name, additional_name)
  values (create_user.username, create_user.first_name, create_user.last_name, create_user.additional_name)
  returning id into new_user_id;
  perform app_hidden.set_new_user_password(new_user_id, password_hash);
  insert into app_public.accounts (name, user_id, role_id)
  values (coalesce(nullif(btrim(account_name), ''), role_name), new_user_id, create_user.role_id)
  returning id into new_account_id;
  insert into app_public.default_accounts (user_id, account_id) values (new_user_id, new_account_id);
  return new_user_id;
end;
$$;
comment on function app_hidden.create_user(text, text, text, text, uuid, text, text) is 'Creates a user with its first password and one account of the role, made its main account, as the caller (admin:user).';
revoke all on function app_hidden.create_user(text, text, text, text, uuid, text, text) from public;
grant execute on function app_hidden.create_user(text, text, text, text, uuid, text, text) to ledgerline_visitor;

-- setUserActive, as the caller (admin:user; the users policy decides, the trigger above keeps the
-- rest).
create function app_hidden.set_user_active(user_id uuid, is_active boolean) returns void
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('admin:user');
  update app_public.users u set is_active = set_user_active.is_active where u.id = set_user_active.user_id;
  if not found then
    perform app_hidden.fail('UserNotFound', 'User not found');
  end if;
end;
$$;
comment on function app_hidden.set_user_active(uuid, boolean) is 'Activates or deactivates a user, as the caller (admin:user); a deactivated user''s sign-ins end.';
revoke all on function app_hidden.set_user_active(uuid, boolean) from public;
grant execute on function app_hidden.set_user_active(uuid, boolean) to ledgerline_visitor;

-- Files ---------------------------------------------------------------------------------------------

-- A visitor changes or deletes only a file it may write: its own upload while nothing references
-- it, otherwise a file attached only to records it may write (was: any file it uploaded).
drop policy update_uploader on app_public.files;
drop policy delete_uploader on app_public.files;
create policy update_writable on app_public.files for update using (app_hidden.can_write_file(id));
create policy delete_writable on app_public.files for delete using (app_hidden.can_write_file(id));
grant update (uploaded_at) on app_public.files to ledgerline_visitor;

create function app_hidden.require_writable_file(file_id uuid) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  if not exists (select from app_public.files f where f.id = file_id) then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  if not app_hidden.can_write_file(file_id) then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission to change this file.');
  end if;
end;
$$;
revoke all on function app_hidden.require_writable_file(uuid) from public;
grant execute on function app_hidden.require_writable_file(uuid) to ledgerline_visitor;

-- Replace a file's content, as the caller.
create function app_hidden.replace_file(file_id uuid, name text, content_type text, size bigint, sha256 text)
returns app_public.files
language plpgsql volatile set search_path = pg_catalog as $$
declare
  file app_public.files;
begin
  perform app_hidden.require_writable_file(file_id);
  update app_public.files f
     set name = replace_file.name, content_type = replace_file.content_type, size = replace_file.size,
         sha256 = replace_file.sha256, uploaded_at = now()
   where f.id = replace_file.file_id
  returning * into file;
  if file.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission to change this file.');
  end if;
  return file;
end;
$$;
comment on function app_hidden.replace_file(uuid, text, text, bigint, text) is 'Replaces the content of a file the caller may write (FileNotFound, Forbidden).';
revoke all on function app_hidden.replace_file(uuid, text, text, bigint, text) from public;
grant execute on function app_hidden.replace_file(uuid, text, text, bigint, text) to ledgerline_visitor;

-- Delete a file, as the caller; says whether another file row still holds the same content (then
-- its bytes stay in the blob store).
create function app_hidden.delete_file(file_id uuid) returns boolean
language plpgsql volatile set search_path = pg_catalog as $$
declare
  content text;
begin
  perform app_hidden.require_writable_file(file_id);
  delete from app_public.files f where f.id = delete_file.file_id returning f.sha256 into content;
  if content is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission to change this file.');
  end if;
  return app_hidden.blob_in_use(content);
end;
$$;
comment on function app_hidden.delete_file(uuid) is 'Deletes a file the caller may write (FileNotFound, Forbidden); true when its content is still used by another file.';

create function app_hidden.blob_in_use(sha256 text) returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select exists (select from app_public.files f where f.sha256 = blob_in_use.sha256)
$$;
revoke all on function app_hidden.blob_in_use(text) from public;
grant execute on function app_hidden.blob_in_use(text) to ledgerline_visitor;
revoke all on function app_hidden.delete_file(uuid) from public;
grant execute on function app_hidden.delete_file(uuid) to ledgerline_visitor;
