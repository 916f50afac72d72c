-- Documents (contracts and their amendments, offers and orders), stored files and their links to
-- bills, invoices, costs and documents, and notifications.

create table app_public.files (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint files_name_required check (btrim(name) <> ''),
  content_type text not null,
  size bigint not null constraint files_size_range check (size >= 0),
  sha256 text not null constraint files_sha256_format check (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by uuid references app_public.users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  -- An upload not yet attached to anything is removed after this moment (null once attached).
  expires_at timestamptz
);
comment on table app_public.files is 'Metadata of a stored file; the bytes live in the blob store under their sha256.';
create index files_sha256_idx on app_public.files (sha256);
create index files_uploaded_by_idx on app_public.files (uploaded_by);
create index files_uploaded_at_idx on app_public.files (uploaded_at);
create index files_expires_at_idx on app_public.files (expires_at) where expires_at is not null;

alter table app_public.users add constraint users_avatar_file_fk
  foreign key (avatar_file_id) references app_public.files (id) on delete set null;
create index users_avatar_file_id_idx on app_public.users (avatar_file_id);
alter table app_public.bills add constraint bills_act_fk
  foreign key (act_id) references app_public.files (id) on delete set null;

create table app_public.documents (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint documents_name_required check (btrim(name) <> ''),
  type text not null references app_public.document_types (value) on update cascade on delete restrict,
  description text,
  comments text,
  email text,
  amount numeric(18, 2),
  currency char(3) references app_public.currencies (value) on update cascade on delete restrict,
  signing_date date,
  expiration_date date,
  expiration_conditions text,
  expiration_extends_contract boolean not null default false,
  contract_reference uuid references app_public.documents (id) on delete set null,
  contractor_id uuid references app_public.suppliers (id) on delete restrict,
  principal_id uuid references app_public.subsidiaries (id) on delete restrict,
  client_id uuid references app_public.clients (id) on delete restrict,
  service_id uuid references app_public.services (id) on delete restrict,
  is_deleted boolean not null default false,
  created_by uuid references app_public.users (id) on delete set null,
  deleted_by uuid references app_public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint documents_expiration_not_before_signing check (expiration_date is null or signing_date is null or expiration_date >= signing_date),
  constraint documents_not_own_parent check (contract_reference is distinct from id)
);
comment on table app_public.documents is 'A contract-style document between a principal (a subsidiary) and a contractor (a supplier) or client; may belong to a parent contract.';
comment on column app_public.documents.contract_reference is E'@fieldName contractReference\nThe parent document (usually the contract this one amends or serves).';
comment on constraint documents_contract_reference_fkey on app_public.documents is E'@fieldName parent\n@foreignFieldName children';
create index documents_type_idx on app_public.documents (type);
create index documents_currency_idx on app_public.documents (currency);
create index documents_contract_reference_idx on app_public.documents (contract_reference);
create index documents_contractor_id_idx on app_public.documents (contractor_id);
create index documents_principal_id_idx on app_public.documents (principal_id);
create index documents_client_id_idx on app_public.documents (client_id);
create index documents_service_id_idx on app_public.documents (service_id);
create index documents_created_by_idx on app_public.documents (created_by);
create index documents_deleted_by_idx on app_public.documents (deleted_by);
create index documents_signing_date_idx on app_public.documents (signing_date);
create index documents_expiration_date_idx on app_public.documents (expiration_date);
create index documents_created_at_idx on app_public.documents (created_at);
create index documents_name_idx on app_public.documents (name);
create trigger _100_timestamps before insert or update on app_public.documents for each row execute function app_private.tg__timestamps();
create trigger _200_created_by before insert on app_public.documents for each row execute function app_private.tg__created_by();

-- Users (typically supplier representatives) who may read a document beyond their scopes, and
-- users who may change it.
create table app_public.document_readers (
  document_id uuid not null references app_public.documents (id) on delete cascade,
  user_id uuid not null references app_public.users (id) on delete cascade,
  primary key (document_id, user_id)
);
create index document_readers_user_id_idx on app_public.document_readers (user_id);
comment on table app_public.document_readers is 'A user who may read the document whatever their scopes.';

create table app_public.document_editors (
  document_id uuid not null references app_public.documents (id) on delete cascade,
  user_id uuid not null references app_public.users (id) on delete cascade,
  primary key (document_id, user_id)
);
create index document_editors_user_id_idx on app_public.document_editors (user_id);
comment on table app_public.document_editors is 'A user who may read and change the document whatever their scopes.';

create function app_hidden.document_ids_shared_with_me(editors_only boolean) returns uuid[]
language sql stable security definer set search_path = pg_catalog as $$
  select array(
    select document_id from app_public.document_editors where user_id = app_hidden.current_user_id()
    union
    select document_id from app_public.document_readers
     where user_id = app_hidden.current_user_id() and not editors_only)
$$;
grant execute on function app_hidden.document_ids_shared_with_me(boolean) to ledgerline_visitor;

create table app_public.bills_files (
  id uuid primary key default gen_random_uuid(),
  bill_id integer not null references app_public.bills (id) on delete cascade,
  file_id uuid not null references app_public.files (id) on delete cascade,
  constraint bills_files_unique unique (bill_id, file_id)
);
create index bills_files_file_id_idx on app_public.bills_files (file_id);

create table app_public.invoices_files (
  id uuid primary key default gen_random_uuid(),
  invoice_id integer not null references app_public.invoices (id) on delete cascade,
  file_id uuid not null references app_public.files (id) on delete cascade,
  constraint invoices_files_unique unique (invoice_id, file_id)
);
create index invoices_files_file_id_idx on app_public.invoices_files (file_id);

create table app_public.costs_files (
  id uuid primary key default gen_random_uuid(),
  cost_id integer not null references app_public.costs (id) on delete cascade,
  file_id uuid not null references app_public.files (id) on delete cascade,
  constraint costs_files_unique unique (cost_id, file_id)
);
create index costs_files_file_id_idx on app_public.costs_files (file_id);

create table app_public.documents_files (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references app_public.documents (id) on delete cascade,
  file_id uuid not null references app_public.files (id) on delete cascade,
  uploaded_by uuid default app_hidden.current_user_id() references app_public.users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  constraint documents_files_unique unique (document_id, file_id)
);
create index documents_files_file_id_idx on app_public.documents_files (file_id);
create index documents_files_uploaded_by_idx on app_public.documents_files (uploaded_by);

create table app_public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users (id) on delete cascade,
  title text not null,
  body text,
  type text not null,
  ref_id text,
  is_read boolean not null default false,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notifications_read_at_when_read check (is_read = (read_at is not null))
);
comment on table app_public.notifications is 'Something that happened to a user''s work; newest first.';
create index notifications_user_created_idx on app_public.notifications (user_id, created_at desc);
create index notifications_unread_idx on app_public.notifications (user_id) where not is_read;

--------------------------------------------------------------------------------------------------
-- Row-level security.

alter table app_public.documents enable row level security;
create policy select_allowed on app_public.documents for select using (
  ((select app_hidden.has_scope('documents:read'))
   and (principal_id is null or (select app_hidden.allowed_subsidiary_ids()) is null
        or principal_id = any ((select app_hidden.allowed_subsidiary_ids())::uuid[])))
  or id = any ((select app_hidden.document_ids_shared_with_me(false))::uuid[])
);
create policy insert_writer on app_public.documents for insert with check (
  (select app_hidden.has_scope('documents:write'))
  and (principal_id is null or (select app_hidden.allowed_subsidiary_ids()) is null
       or principal_id = any ((select app_hidden.allowed_subsidiary_ids())::uuid[]))
);
create policy update_writer on app_public.documents for update using (
  ((select app_hidden.has_scope('documents:write'))
   and (principal_id is null or (select app_hidden.allowed_subsidiary_ids()) is null
        or principal_id = any ((select app_hidden.allowed_subsidiary_ids())::uuid[])))
  or id = any ((select app_hidden.document_ids_shared_with_me(true))::uuid[])
);
create policy delete_writer on app_public.documents for delete using (
  (select app_hidden.has_scope('documents:write'))
  and (principal_id is null or (select app_hidden.allowed_subsidiary_ids()) is null
       or principal_id = any ((select app_hidden.allowed_subsidiary_ids())::uuid[]))
);
grant select, delete on app_public.documents to ledgerline_visitor;
grant insert (name, type, description, comments, email, amount, currency, signing_date, expiration_date,
              expiration_conditions, expiration_extends_contract, contract_reference, contractor_id,
              principal_id, client_id, service_id),
      update (name, type, description, comments, email, amount, currency, signing_date, expiration_date,
              expiration_conditions, expiration_extends_contract, contract_reference, contractor_id,
              principal_id, client_id, service_id)
  on app_public.documents to ledgerline_visitor;

alter table app_public.document_readers enable row level security;
create policy select_visible on app_public.document_readers for select using (
  user_id = (select app_hidden.current_user_id())
  or exists (select from app_public.documents d where d.id = document_id)
);
create policy insert_writer on app_public.document_readers for insert with check ((select app_hidden.has_scope('documents:write')));
create policy delete_writer on app_public.document_readers for delete using ((select app_hidden.has_scope('documents:write')));
grant select, insert, delete on app_public.document_readers to ledgerline_visitor;

alter table app_public.document_editors enable row level security;
create policy select_visible on app_public.document_editors for select using (
  user_id = (select app_hidden.current_user_id())
  or exists (select from app_public.documents d where d.id = document_id)
);
create policy insert_writer on app_public.document_editors for insert with check ((select app_hidden.has_scope('documents:write')));
create policy delete_writer on app_public.document_editors for delete using ((select app_hidden.has_scope('documents:write')));
grant select, insert, delete on app_public.document_editors to ledgerline_visitor;

-- A file is readable by its uploader, by whoever may read a record it is attached to, and by
-- anyone signed in when it is a user's avatar.
alter table app_public.files enable row level security;
create policy select_visible on app_public.files for select using (
  uploaded_by = (select app_hidden.current_user_id())
  or exists (select from app_public.bills_files l join app_public.bills b on b.id = l.bill_id where l.file_id = files.id)
  or exists (select from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id where l.file_id = files.id)
  or exists (select from app_public.costs_files l join app_public.costs c on c.id = l.cost_id where l.file_id = files.id)
  or exists (select from app_public.documents_files l join app_public.documents d on d.id = l.document_id where l.file_id = files.id)
  or exists (select from app_public.bills b where b.act_id = files.id)
  or ((select app_hidden.current_user_id()) is not null
      and exists (select from app_public.users u where u.avatar_file_id = files.id))
);
create policy insert_signed_in on app_public.files for insert with check (
  (select app_hidden.current_user_id()) is not null and uploaded_by = (select app_hidden.current_user_id())
);
create policy update_uploader on app_public.files for update using (uploaded_by = (select app_hidden.current_user_id()));
create policy delete_uploader on app_public.files for delete using (uploaded_by = (select app_hidden.current_user_id()));
grant select, delete on app_public.files to ledgerline_visitor;
grant insert (id, name, content_type, size, sha256, uploaded_by, expires_at), update (name, content_type, size, sha256)
  on app_public.files to ledgerline_visitor;

-- Attaching a file: the record must be writable by the account (write scope and visible).
alter table app_public.bills_files enable row level security;
create policy select_visible on app_public.bills_files for select using (exists (select from app_public.bills b where b.id = bill_id));
create policy insert_writer on app_public.bills_files for insert with check (
  (select app_hidden.has_scope('bill:write')) and exists (select from app_public.bills b where b.id = bill_id));
create policy delete_writer on app_public.bills_files for delete using (
  (select app_hidden.has_scope('bill:write')) and exists (select from app_public.bills b where b.id = bill_id));
grant select, delete on app_public.bills_files to ledgerline_visitor;
grant insert (bill_id, file_id) on app_public.bills_files to ledgerline_visitor;

alter table app_public.invoices_files enable row level security;
create policy select_visible on app_public.invoices_files for select using (exists (select from app_public.invoices i where i.id = invoice_id));
create policy insert_writer on app_public.invoices_files for insert with check (
  (select app_hidden.has_scope('invoice:write')) and exists (select from app_public.invoices i where i.id = invoice_id));
create policy delete_writer on app_public.invoices_files for delete using (
  (select app_hidden.has_scope('invoice:write')) and exists (select from app_public.invoices i where i.id = invoice_id));
grant select, delete on app_public.invoices_files to ledgerline_visitor;
grant insert (invoice_id, file_id) on app_public.invoices_files to ledgerline_visitor;

alter table app_public.costs_files enable row level security;
create policy select_visible on app_public.costs_files for select using (exists (select from app_public.costs c where c.id = cost_id));
create policy insert_writer on app_public.costs_files for insert with check (
  (select app_hidden.has_scope('cost:write')) and exists (select from app_public.costs c where c.id = cost_id));
create policy delete_writer on app_public.costs_files for delete using (
  (select app_hidden.has_scope('cost:write')) and exists (select from app_public.costs c where c.id = cost_id));
grant select, delete on app_public.costs_files to ledgerline_visitor;
grant insert (cost_id, file_id) on app_public.costs_files to ledgerline_visitor;

alter table app_public.documents_files enable row level security;
create policy select_visible on app_public.documents_files for select using (exists (select from app_public.documents d where d.id = document_id));
create policy insert_writer on app_public.documents_files for insert with check (
  ((select app_hidden.has_scope('documents:write')) or document_id = any ((select app_hidden.document_ids_shared_with_me(true))::uuid[]))
  and exists (select from app_public.documents d where d.id = document_id));
create policy delete_writer on app_public.documents_files for delete using (
  ((select app_hidden.has_scope('documents:write')) or document_id = any ((select app_hidden.document_ids_shared_with_me(true))::uuid[]))
  and exists (select from app_public.documents d where d.id = document_id));
grant select, delete on app_public.documents_files to ledgerline_visitor;
grant insert (document_id, file_id) on app_public.documents_files to ledgerline_visitor;

-- Notifications: each user sees and marks only their own; the database creates them.
alter table app_public.notifications enable row level security;
create policy select_own on app_public.notifications for select using (user_id = (select app_hidden.current_user_id()));
create policy update_own on app_public.notifications for update using (user_id = (select app_hidden.current_user_id()));
create policy delete_own on app_public.notifications for delete using (user_id = (select app_hidden.current_user_id()));
grant select, delete on app_public.notifications to ledgerline_visitor;
grant update (is_read, read_at) on app_public.notifications to ledgerline_visitor;
