-- Attaching stored files to bills, invoices, costs and documents, removing them, duplicate look-up
-- by content hash, and the clean-up of uploads nobody attached.

-- A file still referenced by something: a link row, a bill's act, a user's avatar.
create function app_hidden.file_is_referenced(file_id uuid) returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select exists (select from app_public.bills_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.invoices_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.costs_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.documents_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.bills b where b.act_id = file_is_referenced.file_id)
      or exists (select from app_public.users u where u.avatar_file_id = file_is_referenced.file_id)
$$;

-- Whether the signed-in user may replace or delete a file: its uploader, or a writer of a record it
-- is attached to. Runs as the caller, so "a record it is attached to" means one they can see.
create function app_hidden.can_write_file(file_id uuid) returns boolean
language sql stable set search_path = pg_catalog as $$
  select exists (select from app_public.files f where f.id = can_write_file.file_id and f.uploaded_by = app_hidden.current_user_id())
      or (app_hidden.has_scope('bill:write') and (
            exists (select from app_public.bills_files l join app_public.bills b on b.id = l.bill_id where l.file_id = can_write_file.file_id)
            or exists (select from app_public.bills b where b.act_id = can_write_file.file_id)))
      or (app_hidden.has_scope('invoice:write') and exists (
            select from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id where l.file_id = can_write_file.file_id))
      or (app_hidden.has_scope('cost:write') and exists (
            select from app_public.costs_files l join app_public.costs c on c.id = l.cost_id where l.file_id = can_write_file.file_id))
      or exists (select from app_public.documents_files l join app_public.documents d on d.id = l.document_id
                  where l.file_id = can_write_file.file_id
                    and (app_hidden.has_scope('documents:write') or d.id = any (app_hidden.document_ids_shared_with_me(true))))
$$;

-- Deletes the given files that nothing references any more (their bytes are swept later).
create function app_hidden.delete_unreferenced_files(file_ids uuid[]) returns integer
language plpgsql security definer set search_path = pg_catalog as $$
declare
  removed integer;
begin
  delete from app_public.files f where f.id = any(file_ids) and not app_hidden.file_is_referenced(f.id);
  get diagnostics removed = row_count;
  return removed;
end;
$$;

-- Uploads not attached within their grace period are removed (called by the server's sweeper).
create function app_private.delete_expired_files() returns integer
language sql security definer set search_path = pg_catalog as $$
  with expired as (
    delete from app_public.files f
     where f.expires_at < now() and not app_hidden.file_is_referenced(f.id)
    returning 1)
  select count(*)::integer from expired
$$;

-- Once attached, a file no longer expires.
create function app_private.tg_file_links__keep_file() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  update app_public.files set expires_at = null where id = new.file_id and expires_at is not null;
  return null;
end;
$$;
create trigger _500_keep_file after insert on app_public.bills_files for each row execute function app_private.tg_file_links__keep_file();
create trigger _500_keep_file after insert on app_public.invoices_files for each row execute function app_private.tg_file_links__keep_file();
create trigger _500_keep_file after insert on app_public.costs_files for each row execute function app_private.tg_file_links__keep_file();
create trigger _500_keep_file after insert on app_public.documents_files for each row execute function app_private.tg_file_links__keep_file();

create function app_private.tg_bills__keep_act() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  update app_public.files set expires_at = null where id = new.act_id and expires_at is not null;
  return null;
end;
$$;
create trigger _500_keep_act after insert or update of act_id on app_public.bills
  for each row when (new.act_id is not null) execute function app_private.tg_bills__keep_act();

create function app_private.tg_users__keep_avatar() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  update app_public.files set expires_at = null where id = new.avatar_file_id and expires_at is not null;
  return null;
end;
$$;
create trigger _500_keep_avatar after insert or update of avatar_file_id on app_public.users
  for each row when (new.avatar_file_id is not null) execute function app_private.tg_users__keep_avatar();

-- The files to attach must be ones the caller can see (typically their own uploads).
create function app_hidden.require_visible_files(file_ids uuid[]) returns void
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_ids(file_ids);
  if (select count(*) from app_public.files f where f.id = any(file_ids)) <> cardinality(array(select distinct unnest(file_ids))) then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
end;
$$;

create function app_public.add_bill_files(bill_id integer, file_ids uuid[]) returns setof app_public.bills_files
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('bill:write');
  perform app_hidden.require_visible_files(file_ids);
  if not exists (select from app_public.bills b where b.id = add_bill_files.bill_id) then
    perform app_hidden.fail('BillNotFound', 'The bill not found');
  end if;
  return query insert into app_public.bills_files (bill_id, file_id)
    select add_bill_files.bill_id, f from unnest(file_ids) f group by f
    on conflict on constraint bills_files_unique do nothing returning *;
end;
$$;

create function app_public.add_invoice_files(invoice_id integer, file_ids uuid[]) returns setof app_public.invoices_files
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('invoice:write');
  perform app_hidden.require_visible_files(file_ids);
  if not exists (select from app_public.invoices i where i.id = add_invoice_files.invoice_id) then
    perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
  end if;
  return query insert into app_public.invoices_files (invoice_id, file_id)
    select add_invoice_files.invoice_id, f from unnest(file_ids) f group by f
    on conflict on constraint invoices_files_unique do nothing returning *;
end;
$$;

create function app_public.add_cost_files(cost_id integer, file_ids uuid[]) returns setof app_public.costs_files
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('cost:write');
  perform app_hidden.require_visible_files(file_ids);
  if not exists (select from app_public.costs c where c.id = add_cost_files.cost_id) then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  return query insert into app_public.costs_files (cost_id, file_id)
    select add_cost_files.cost_id, f from unnest(file_ids) f group by f
    on conflict on constraint costs_files_unique do nothing returning *;
end;
$$;

create function app_public.add_document_files(document_id uuid, file_ids uuid[]) returns setof app_public.documents_files
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_visible_files(file_ids);
  if not exists (select from app_public.documents d where d.id = add_document_files.document_id) then
    perform app_hidden.fail('DocumentNotFound', 'Document not found');
  end if;
  return query insert into app_public.documents_files (document_id, file_id)
    select add_document_files.document_id, f from unnest(file_ids) f group by f
    on conflict on constraint documents_files_unique do nothing returning *;
end;
$$;

-- Removing files: the link rows go, then each file that nothing else references.
create function app_public.remove_bill_files(bill_id integer, file_ids uuid[]) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_scope('bill:write');
  perform app_hidden.require_ids(file_ids);
  with gone as (delete from app_public.bills_files l where l.bill_id = remove_bill_files.bill_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;

create function app_public.remove_invoice_files(invoice_id integer, file_ids uuid[]) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_scope('invoice:write');
  perform app_hidden.require_ids(file_ids);
  with gone as (delete from app_public.invoices_files l where l.invoice_id = remove_invoice_files.invoice_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;

create function app_public.remove_cost_files(cost_id integer, file_ids uuid[]) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_scope('cost:write');
  perform app_hidden.require_ids(file_ids);
  with gone as (delete from app_public.costs_files l where l.cost_id = remove_cost_files.cost_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;

-- SPEC: removing a document's files removes all of them.
create function app_public.remove_document_files(document_id uuid) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  with gone as (delete from app_public.documents_files l where l.document_id = remove_document_files.document_id returning l.file_id)
  select coalesce(array_agg(file_id), '{}') into unlinked from gone;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;

-- Duplicate detection: which of these contents are already stored (among the files you can see),
-- and where they are attached.
create function app_public.find_files_by_hashes(hashes text[]) returns setof app_public.files
language sql stable set search_path = pg_catalog as $$
  select f.* from app_public.files f where f.sha256 = any(hashes) order by f.uploaded_at
$$;

create type app_public.file_attachment as (kind text, record_id text);
comment on type app_public.file_attachment is 'A record a file is attached to: kind bill, invoice, cost, document, act or avatar, and its id.';

create function app_public.files_attached_to(file app_public.files) returns setof app_public.file_attachment
language sql stable set search_path = pg_catalog as $$
  select 'bill', l.bill_id::text from app_public.bills_files l join app_public.bills b on b.id = l.bill_id where l.file_id = file.id
  union all select 'invoice', l.invoice_id::text from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id where l.file_id = file.id
  union all select 'cost', l.cost_id::text from app_public.costs_files l join app_public.costs c on c.id = l.cost_id where l.file_id = file.id
  union all select 'document', l.document_id::text from app_public.documents_files l join app_public.documents d on d.id = l.document_id where l.file_id = file.id
  union all select 'act', b.id::text from app_public.bills b where b.act_id = file.id
$$;
comment on function app_public.files_attached_to(app_public.files) is 'The records (visible to you) this file is attached to.';

comment on table app_public.files is E'@behavior -insert -update -delete\nMetadata of a stored file; the bytes live in the blob store under their sha256. Upload, replace and delete through /api/storage.';
comment on table app_public.bills_files is E'@behavior -update\nA file attached to a bill.';
comment on table app_public.invoices_files is E'@behavior -update\nA file attached to an invoice.';
comment on table app_public.costs_files is E'@behavior -update\nA file attached to a cost.';
comment on table app_public.documents_files is E'@behavior -update\nA file attached to a document.';

grant execute on all functions in schema app_hidden to ledgerline_visitor;
grant execute on all functions in schema app_public to ledgerline_visitor;
grant usage on type app_public.file_attachment to ledgerline_visitor;
