-- The contract hierarchy (issue 29): which type of document may sit under which, with the same
-- contractor and principal as its parent, never in a cycle; a document connected as a child while
-- it has another parent moves only when the caller says so; the parent picker's candidates; and
-- what the signed-in user may do to a document, as one list (issue 32 item 8 for documents).

-- The registry's own fields (0073 derives the status from them); here because editDocument
-- writes them.
alter table app_public.documents add column contract_number text
  constraint documents_contract_number_not_blank check (btrim(contract_number) <> '');
alter table app_public.documents add column terminated_on date;
comment on column app_public.documents.contract_number is 'The number the parties gave the contract (e.g. "2026/014-K").';
comment on column app_public.documents.terminated_on is 'The day the contract was ended early; from then on its status is terminated.';
create index documents_contract_number_idx on app_public.documents (contract_number);
grant insert (contract_number, terminated_on), update (contract_number, terminated_on) on app_public.documents to ledgerline_visitor;

create table app_public.document_type_parents (
  child_type text not null references app_public.document_types (value) on update cascade on delete cascade,
  parent_type text not null references app_public.document_types (value) on update cascade on delete cascade,
  primary key (child_type, parent_type)
);
comment on table app_public.document_type_parents is 'Which type of document may be under which: amendments and orders under a contract; contracts and offers have no parent.';
create index document_type_parents_parent_type_idx on app_public.document_type_parents (parent_type);
insert into app_public.document_type_parents (child_type, parent_type) values
  ('Amendment', 'Contract'),
  ('Order', 'Contract');
alter table app_public.document_type_parents enable row level security;
create policy select_signed_in on app_public.document_type_parents for select using ((select app_hidden.current_user_id()) is not null);
grant select on app_public.document_type_parents to ledgerline_visitor;

-- The rules, checked on the document (its parent) and on its children when the document is the
-- parent. Reads as the owner: a child the caller cannot see still keeps its parent's shape.
create function app_private.tg_documents__hierarchy() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  parent app_public.documents;
  ancestor uuid;
  depth integer := 0;
  differing text;
begin
  if new.contract_reference is not null
     and (tg_op = 'INSERT' or new.contract_reference is distinct from old.contract_reference
          or new.type is distinct from old.type or new.contractor_id is distinct from old.contractor_id
          or new.principal_id is distinct from old.principal_id) then
    select * into parent from app_public.documents d where d.id = new.contract_reference;
    if not exists (select from app_public.document_type_parents p
                    where p.child_type = new.type and p.parent_type = parent.type) then
      perform app_hidden.fail('DocumentParentType', format(
        'A document of type %s cannot be under a %s: amendments and orders belong to a contract; contracts and offers have no parent.',
        new.type, parent.type));
    end if;
    if parent.is_deleted and (tg_op = 'INSERT' or new.contract_reference is distinct from old.contract_reference) then
      perform app_hidden.fail('DocumentParentArchived', format('The document "%s" is archived: restore it before adding documents under it.', parent.name));
    end if;
    if new.contractor_id is distinct from parent.contractor_id then
      perform app_hidden.fail('DocumentParentContractor', format(
        'A document has the same contractor as its parent "%s".', parent.name));
    end if;
    if new.principal_id is distinct from parent.principal_id then
      perform app_hidden.fail('DocumentParentPrincipal', format(
        'A document has the same principal as its parent "%s".', parent.name));
    end if;
    ancestor := parent.id;
    while ancestor is not null loop
      if ancestor = new.id or depth > 100 then
        perform app_hidden.fail('DocumentCycle', 'A document cannot be under itself or under one of its own children.');
      end if;
      select d.contract_reference into ancestor from app_public.documents d where d.id = ancestor;
      depth := depth + 1;
    end loop;
  end if;
  if tg_op = 'UPDATE' and new.type is distinct from old.type then
    select string_agg(format('"%s"', c.name), ', ' order by c.name) into differing
      from app_public.documents c
     where c.contract_reference = new.id
       and not exists (select from app_public.document_type_parents p
                        where p.child_type = c.type and p.parent_type = new.type);
    if differing is not null then
      perform app_hidden.fail('DocumentChildrenDiffer', format(
        'Documents under this one could no longer be under it (their type): %s. Move them first.', differing));
    end if;
  end if;
  return new;
end;
$$;
create trigger _300_hierarchy before insert or update on app_public.documents
  for each row execute function app_private.tg_documents__hierarchy();

-- A parent's children follow it to a new contractor or principal (e.g. when a subsidiary links
-- the contract): the family keeps one pair of parties. After the update, so the children's own
-- check reads the parent as it now is.
create function app_private.tg_documents__children_follow_parties() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  update app_public.documents c
     set contractor_id = new.contractor_id, principal_id = new.principal_id
   where c.contract_reference = new.id
     and (c.contractor_id is distinct from new.contractor_id or c.principal_id is distinct from new.principal_id);
  return null;
end;
$$;
create trigger _310_children_follow_parties after update of contractor_id, principal_id on app_public.documents
  for each row when (old.contractor_id is distinct from new.contractor_id or old.principal_id is distinct from new.principal_id)
  execute function app_private.tg_documents__children_follow_parties();

--------------------------------------------------------------------------------------------------
-- Edit: connecting a document that is under another parent moves it only when it is named in
-- move_ids too (the screen asks first and names the old parent); otherwise DocumentHasParent.

drop function app_public.edit_document(uuid, jsonb, uuid[], uuid[]);
create function app_public.edit_document(document_id uuid, data jsonb default '{}',
  connect_ids uuid[] default '{}', disconnect_ids uuid[] default '{}', move_ids uuid[] default '{}')
returns app_public.documents
language plpgsql volatile set search_path = pg_catalog as $$
declare
  allowed constant text[] := array['name', 'type', 'description', 'comments', 'email', 'amount', 'currency',
    'signing_date', 'expiration_date', 'expiration_conditions', 'expiration_extends_contract',
    'contract_reference', 'contractor_id', 'principal_id', 'client_id', 'service_id',
    'contract_number', 'terminated_on'];
  document app_public.documents := app_hidden.document_for_update(document_id);
  key text;
  changed integer;
  elsewhere text;
begin
  for key in select jsonb_object_keys(coalesce(data, '{}')) loop
    if not key = any(allowed) then
      perform app_hidden.fail('InvalidInput', format('The field %s cannot be changed here.', key));
    end if;
  end loop;
  if coalesce(data, '{}') <> '{}' then
    update app_public.documents d
       set name = p.name, type = p.type, description = p.description, comments = p.comments, email = p.email,
           amount = p.amount, currency = p.currency, signing_date = p.signing_date,
           expiration_date = p.expiration_date, expiration_conditions = p.expiration_conditions,
           expiration_extends_contract = p.expiration_extends_contract, contract_reference = p.contract_reference,
           contractor_id = p.contractor_id, principal_id = p.principal_id, client_id = p.client_id,
           service_id = p.service_id, contract_number = p.contract_number, terminated_on = p.terminated_on
      from jsonb_populate_record(document, data) p
     where d.id = document.id;
  end if;
  if cardinality(coalesce(disconnect_ids, '{}')) > 0 then
    update app_public.documents d set contract_reference = null
     where d.id = any(disconnect_ids) and d.contract_reference = document.id;
  end if;
  if cardinality(coalesce(connect_ids, '{}')) > 0 then
    if document.id = any(connect_ids) then
      perform app_hidden.fail('DocumentCycle', 'A document cannot be under itself or under one of its own children.');
    end if;
    select string_agg(format('"%s" is under "%s"', c.name, coalesce(p.name, '?')), '; ') into elsewhere
      from app_public.documents c left join app_public.documents p on p.id = c.contract_reference
     where c.id = any(connect_ids) and c.contract_reference is not null and c.contract_reference <> document.id
       and not c.id = any(coalesce(move_ids, '{}'));
    if elsewhere is not null then
      perform app_hidden.fail('DocumentHasParent', format('%s. Confirm moving it.', elsewhere));
    end if;
    update app_public.documents d set contract_reference = document.id where d.id = any(connect_ids);
    get diagnostics changed = row_count;
    if changed <> cardinality(array(select distinct unnest(connect_ids))) then
      perform app_hidden.fail('DocumentNotFound', 'Document not found');
    end if;
  end if;
  select * into document from app_public.documents d where d.id = edit_document.document_id;
  return document;
end;
$$;
comment on function app_public.edit_document(uuid, jsonb, uuid[], uuid[], uuid[]) is 'Changes the given fields of a document (column names as keys) and, in the same transaction, disconnects and connects child documents. A child under another parent moves only when it is also in moveIds.';

--------------------------------------------------------------------------------------------------
-- The parent picker: live documents of a type the given type may be under, with the same
-- contractor and principal, whose name or contractor's name contains the search; never the
-- document itself or one under it.
create function app_public.document_parent_candidates(child_type text, contractor_id uuid default null,
  principal_id uuid default null, search text default null, document_id uuid default null)
returns setof app_public.documents
language sql stable set search_path = pg_catalog as $$
  with recursive below(id) as (
    select document_id where document_id is not null
    union select d.id from app_public.documents d join below b on d.contract_reference = b.id
  )
  select d.* from app_public.documents d
    left join app_public.suppliers s on s.id = d.contractor_id
   where not d.is_deleted
     and d.type in (select p.parent_type from app_public.document_type_parents p where p.child_type = document_parent_candidates.child_type)
     and d.contractor_id is not distinct from document_parent_candidates.contractor_id
     and d.principal_id is not distinct from document_parent_candidates.principal_id
     and (coalesce(btrim(search), '') = '' or d.name ilike '%' || btrim(search) || '%'
          or s.legal_name ilike '%' || btrim(search) || '%')
     and d.id not in (select id from below)
   order by d.name
   limit 25
$$;
comment on function app_public.document_parent_candidates(text, uuid, uuid, text, uuid) is 'Documents a document of childType may be under: live, of a parent type, with the same contractor and principal, matching the search (name or contractor); not the document itself or one under it.';

--------------------------------------------------------------------------------------------------
-- What you may do to this document, from the same rules as the policies (DESIGN §8): edit (its
-- fields, files, children), archive / restore, share (readers and editors), add_child (create a
-- document under it: a staff writer of its subsidiary, on a live document of a parent type).
create function app_public.documents_available_actions(document app_public.documents) returns text[]
language sql stable set search_path = pg_catalog as $$
  select array_remove(array[
    case when app_public.documents_can_edit(document) then 'edit' end,
    case when app_public.documents_can_delete(document) and not document.is_deleted then 'archive' end,
    case when app_public.documents_can_delete(document) and document.is_deleted then 'restore' end,
    case when app_public.documents_can_delete(document) then 'share' end,
    case when app_public.documents_can_delete(document) and not document.is_deleted
              and exists (select from app_public.document_type_parents p where p.parent_type = document.type)
         then 'add_child' end
  ], null)
$$;
comment on function app_public.documents_available_actions(app_public.documents) is 'What you may do to this document: edit, archive, restore, share, add_child.';
