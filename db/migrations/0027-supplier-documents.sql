-- Who sees which document (issue 14, "who sees what"): a supplier user — a user a supplier names
-- as its user (suppliers.user_id), i.e. the supplier's representative — sees only the documents
-- it is a reader or an editor of, whatever scopes its account holds; an editor may change those,
-- a reader only reads them. Staff (users no supplier names) keep the scope-based rules of 0020:
-- documents:read / documents:write within their allowed subsidiaries, plus what is shared with
-- them.

create function app_hidden.is_supplier_user() returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select exists (select from app_public.suppliers s where s.user_id = app_hidden.current_user_id())
$$;
comment on function app_hidden.is_supplier_user() is 'Whether the signed-in user is the user of a supplier: such a user reaches only the documents shared with it.';
grant execute on function app_hidden.is_supplier_user() to ledgerline_visitor;

drop policy select_allowed on app_public.documents;
drop policy insert_writer on app_public.documents;
drop policy update_writer on app_public.documents;
drop policy delete_writer on app_public.documents;
create policy select_allowed on app_public.documents for select using (
  ((select app_hidden.has_scope('documents:read')) and not (select app_hidden.is_supplier_user())
   and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true))
  or id = any ((select app_hidden.document_ids_shared_with_me(false))::uuid[])
);
create policy insert_writer on app_public.documents for insert with check (
  (select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user())
  and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true)
);
create policy update_writer on app_public.documents for update using (
  ((select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user())
   and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true))
  or id = any ((select app_hidden.document_ids_shared_with_me(true))::uuid[])
);
create policy delete_writer on app_public.documents for delete using (
  (select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user())
  and coalesce(app_hidden.subsidiary_visible(principal_id, (select app_hidden.visible_subsidiary_ids())), true)
);

-- Attaching to and removing from a document: the same writers as the document's update policy
-- (0006 let anyone with documents:write attach to any document they could merely read).
drop policy insert_writer on app_public.documents_files;
drop policy delete_writer on app_public.documents_files;
create policy insert_writer on app_public.documents_files for insert with check (
  exists (select from app_public.documents d where d.id = document_id
            and (((select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user())
                  and coalesce(app_hidden.subsidiary_visible(d.principal_id, (select app_hidden.visible_subsidiary_ids())), true))
                 or d.id = any ((select app_hidden.document_ids_shared_with_me(true))::uuid[]))));
create policy delete_writer on app_public.documents_files for delete using (
  exists (select from app_public.documents d where d.id = document_id
            and (((select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user())
                  and coalesce(app_hidden.subsidiary_visible(d.principal_id, (select app_hidden.visible_subsidiary_ids())), true))
                 or d.id = any ((select app_hidden.document_ids_shared_with_me(true))::uuid[]))));

-- Who reads and who edits a document is decided by its staff writers, not by a supplier user
-- (an editor changes the document, not who else may see it).
drop policy insert_writer on app_public.document_readers;
drop policy delete_writer on app_public.document_readers;
create policy insert_writer on app_public.document_readers for insert with check (
  (select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user()));
create policy delete_writer on app_public.document_readers for delete using (
  (select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user()));
drop policy insert_writer on app_public.document_editors;
drop policy delete_writer on app_public.document_editors;
create policy insert_writer on app_public.document_editors for insert with check (
  (select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user()));
create policy delete_writer on app_public.document_editors for delete using (
  (select app_hidden.has_scope('documents:write')) and not (select app_hidden.is_supplier_user()));

-- A file attached to a document counts as writable by the caller on the same terms.
create or replace function app_hidden.file_writable_attachment_count(file_id uuid) returns integer
language sql stable set search_path = pg_catalog as $$
  select ((select count(*) from app_public.bills_files l join app_public.bills b on b.id = l.bill_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('bill:write'))
        + (select count(*) from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('invoice:write'))
        + (select count(*) from app_public.costs_files l join app_public.costs c on c.id = l.cost_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('cost:write'))
        + (select count(*) from app_public.documents_files l join app_public.documents d on d.id = l.document_id
            where l.file_id = file_writable_attachment_count.file_id
              and ((app_hidden.has_scope('documents:write') and not app_hidden.is_supplier_user()
                    and coalesce(app_hidden.subsidiary_visible(d.principal_id, app_hidden.visible_subsidiary_ids()), true))
                   or d.id = any (app_hidden.document_ids_shared_with_me(true))))
        + (select count(*) from app_public.bills b
            where b.act_id = file_writable_attachment_count.file_id and app_hidden.has_scope('bill:write'))
        + (select count(*) from app_public.users u
            where u.avatar_file_id = file_writable_attachment_count.file_id
              and (u.id = app_hidden.current_user_id() or app_hidden.has_scope('admin:user'))))::integer
$$;

-- The documents table filters (SPEC §2: comments, uploaded date, uploaded by) and hides archived
-- documents: PostGraphile offers a filter on indexed columns only, so these say so.
create index documents_files_uploaded_at_idx on app_public.documents_files (uploaded_at);
create index documents_is_deleted_idx on app_public.documents (is_deleted);
comment on column app_public.documents.comments is E'@behavior +filterBy\nInternal remarks on the document.';

-- What the signed-in user may do to a document, from the same rules as the policies above, so
-- the screens show only the actions that will work (DESIGN §8).
create function app_public.documents_can_edit(document app_public.documents) returns boolean
language sql stable set search_path = pg_catalog as $$
  select (app_hidden.has_scope('documents:write') and not app_hidden.is_supplier_user()
          and coalesce(app_hidden.subsidiary_visible(document.principal_id, app_hidden.visible_subsidiary_ids()), true))
      or document.id = any (app_hidden.document_ids_shared_with_me(true))
$$;
comment on function app_public.documents_can_edit(app_public.documents) is 'Whether you may change this document, its files and its child documents (a writer of its subsidiary, or an editor of it).';
create function app_public.documents_can_delete(document app_public.documents) returns boolean
language sql stable set search_path = pg_catalog as $$
  select app_hidden.has_scope('documents:write') and not app_hidden.is_supplier_user()
     and coalesce(app_hidden.subsidiary_visible(document.principal_id, app_hidden.visible_subsidiary_ids()), true)
$$;
comment on function app_public.documents_can_delete(app_public.documents) is 'Whether you may archive or delete this document (a writer of its subsidiary; editors may not).';
grant execute on function app_public.documents_can_edit(app_public.documents), app_public.documents_can_delete(app_public.documents) to ledgerline_visitor;

-- Archiving is deleting: editors change a document but do not archive it.
create or replace function app_public.set_document_deleted(document_id uuid, is_deleted boolean) returns app_public.documents
language plpgsql volatile set search_path = pg_catalog as $$
declare
  document app_public.documents := app_hidden.document_for_update(document_id);
begin
  if not app_public.documents_can_delete(document) then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  update app_public.documents d
     set is_deleted = set_document_deleted.is_deleted,
         deleted_by = case when set_document_deleted.is_deleted then app_hidden.current_user_id() end
   where d.id = document.id returning * into document;
  return document;
end;
$$;

-- The documents table filters by the principal's name (a subsidiary), as it does by the
-- contractor's (0024 indexed suppliers' names).
create index if not exists subsidiaries_legal_name_sort_idx on app_public.subsidiaries (legal_name);
create index if not exists subsidiaries_short_name_idx on app_public.subsidiaries (short_name);

-- A subsidiary's linked document (SPEC §2: the subsidiary wizard's second step, shown "synced" on
-- its details page): the document that founds the subsidiary's place in the group, e.g. its
-- service agreement with the holding. Linking it makes the subsidiary the document's principal,
-- and the link follows the document: a document that stops naming the subsidiary as principal is
-- no longer its linked document. Linking changes the document, so the caller must be able to
-- write it (checked by _010_references, as for attachments).
alter table app_public.subsidiaries
  add column linked_document_id uuid references app_public.documents (id) on delete set null;
comment on column app_public.subsidiaries.linked_document_id is 'The subsidiary''s linked document; it names the subsidiary as its principal.';
create index subsidiaries_linked_document_id_idx on app_public.subsidiaries (linked_document_id);
grant insert (linked_document_id), update (linked_document_id) on app_public.subsidiaries to ledgerline_visitor;
create trigger _010_references before insert or update on app_public.subsidiaries for each row
  when (app_hidden.current_user_id() is not null)
  execute function app_private.tg__check_references('linked_document_id:write');

create function app_private.tg_subsidiaries__sync_linked_document() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if new.linked_document_id is not null then
    update app_public.documents d set principal_id = new.id
     where d.id = new.linked_document_id and d.principal_id is distinct from new.id;
  end if;
  return null;
end;
$$;
create trigger _500_sync_linked_document after insert or update of linked_document_id on app_public.subsidiaries
  for each row execute function app_private.tg_subsidiaries__sync_linked_document();

create function app_private.tg_documents__unlink_subsidiary() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  update app_public.subsidiaries s set linked_document_id = null
   where s.linked_document_id = new.id and s.id is distinct from new.principal_id;
  return null;
end;
$$;
create trigger _500_unlink_subsidiary after update of principal_id on app_public.documents
  for each row when (old.principal_id is distinct from new.principal_id)
  execute function app_private.tg_documents__unlink_subsidiary();
