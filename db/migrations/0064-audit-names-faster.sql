-- Audit trail: the names a row refers to, looked up one id at a time and only for what a screen
-- shows: the changed fields (and a document's contract) (issue 27). The set-based versions (0061,
-- 0062) looked up every id of the whole row for every row shown; the audit log's page of 50 rows
-- spent most of its time there. Display names of the users; names of the subsidiaries,
-- suppliers, clients, projects, cost types, services, documents and files.

create or replace function app_public.audit_trail_user_names(a app_public.audit_trail) returns jsonb
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  result jsonb := '{}';
  ref_id text;
  ref_name text;
begin
  for ref_id in
    select v.value
      from jsonb_each(coalesce(a.changes, '{}')) c
      cross join lateral (values (c.value ->> 'old'), (c.value ->> 'new')) v(value)
     where c.key like '%\_by' or c.key = 'user_id'
  loop
    continue when ref_id is null or ref_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    select app_public.users_display_name(u) into ref_name from app_public.users u where u.id = ref_id::uuid;
    if ref_name is not null then
      result := result || jsonb_build_object(ref_id, ref_name);
    end if;
  end loop;
  return result;
end;
$$;

create or replace function app_public.audit_trail_reference_names(a app_public.audit_trail) returns jsonb
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  kinds constant jsonb := '{"subsidiary_id": "subsidiary", "principal_id": "subsidiary", "supplier_id": "supplier",
    "contractor_id": "supplier", "client_id": "client", "project_id": "project", "cost_type_id": "cost_type",
    "default_cost_type_id": "cost_type", "service_id": "service", "contract_reference": "document",
    "document_id": "document", "act_id": "file", "file_id": "file"}';
  result jsonb := '{}';
  ref_field text;
  ref_id text;
  ref_name text;
begin
  for ref_field, ref_id in
    select 'contract_reference', a.row_data ->> 'contract_reference'
    union
    select c.key, v.value
      from jsonb_each(coalesce(a.changes, '{}')) c
      cross join lateral (values (c.value ->> 'old'), (c.value ->> 'new')) v(value)
     where kinds ? c.key
  loop
    continue when ref_id is null or result ? ref_id
      or ref_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    ref_name := case kinds ->> ref_field
      when 'subsidiary' then (select coalesce(s.short_name, s.legal_name) from app_public.subsidiaries s where s.id = ref_id::uuid)
      when 'supplier' then (select coalesce(s.short_name, s.legal_name) from app_public.suppliers s where s.id = ref_id::uuid)
      when 'client' then (select coalesce(c.short_name, c.legal_name) from app_public.clients c where c.id = ref_id::uuid)
      when 'project' then (select p.name from app_public.projects p where p.id = ref_id::uuid)
      when 'cost_type' then (select t.name from app_public.cost_types t where t.id = ref_id::uuid)
      when 'service' then (select s.name from app_public.services s where s.id = ref_id::uuid)
      when 'document' then (select d.name from app_public.documents d where d.id = ref_id::uuid)
      when 'file' then (select f.name from app_public.files f where f.id = ref_id::uuid)
    end;
    if ref_name is not null then
      result := result || jsonb_build_object(ref_id, ref_name);
    end if;
  end loop;
  return result;
end;
$$;

-- A file of a cost names the cost's invoice too, so the audit log links it to the invoice's page.
create or replace function app_private.audit_details(a app_public.audit_trail, previous jsonb) returns jsonb
language plpgsql stable set search_path = pg_catalog as $$
declare
  details jsonb;
begin
  if a.table_name in ('invoices_files', 'bills_files', 'costs_files', 'documents_files') then
    select jsonb_build_object('file', jsonb_build_object('id', f.id, 'name', f.name, 'size', f.size, 'content_type', f.content_type))
      into details from app_public.files f where f.id = (a.row_data ->> 'file_id')::uuid;
    if details is null and previous ? 'file' then
      details := jsonb_build_object('file', previous -> 'file');
    end if;
  elsif a.table_name in ('invoices_payments', 'bills_payments') then
    select jsonb_build_object('payment', jsonb_build_object('id', p.id, 'amount', p.amount, 'currency', p.currency,
                                                            'payment_date', p.payment_date, 'payment_method', p.payment_method))
      into details from app_public.payments p where p.id = (a.row_data ->> 'payment_id')::uuid;
    if details is null and previous ? 'payment' then
      details := jsonb_build_object('payment', previous -> 'payment');
    end if;
  end if;
  if a.table_name = 'costs_files' then
    select coalesce(details, '{}') || jsonb_build_object('cost', jsonb_build_object('id', c.id, 'name', c.name, 'invoice_id', c.invoice_id))
      into details from app_public.costs c where c.id = (a.row_data ->> 'cost_id')::integer;
    if details is null or not details ? 'cost' then
      details := coalesce(details, '{}') || coalesce(jsonb_build_object('cost', previous -> 'cost'), '{}');
    end if;
  end if;
  return coalesce(details, '{}');
end;
$$;
