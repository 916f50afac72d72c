-- Audit trail: the names of the records an audit row refers to (issue 27), so a history shows
-- "Northwind NL", "ops.platform" or "Master agreement" instead of an id. Keyed by id; covers the
-- reference columns of the audited tables (subsidiary, supplier, client, project, cost type,
-- service, parent document, file), in the row and in the changes.
create function app_public.audit_trail_reference_names(a app_public.audit_trail) returns jsonb
language sql stable security definer set search_path = pg_catalog as $$
  with named as (
    select r.key, r.value from jsonb_each_text(coalesce(a.row_data, '{}')) r
    union
    select c.key, v.value
      from jsonb_each(coalesce(a.changes, '{}')) c
      cross join lateral (values (c.value ->> 'old'), (c.value ->> 'new')) v(value)
  ), ids as (
    select n.key, n.value::uuid as id from named n
     where n.value ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  )
  select coalesce(jsonb_object_agg(x.id, x.name), '{}') from (
    select s.id, coalesce(s.short_name, s.legal_name) as name from app_public.subsidiaries s
     where s.id in (select ids.id from ids where ids.key in ('subsidiary_id', 'principal_id'))
    union all
    select s.id, coalesce(s.short_name, s.legal_name) from app_public.suppliers s
     where s.id in (select ids.id from ids where ids.key in ('supplier_id', 'contractor_id'))
    union all
    select c.id, coalesce(c.short_name, c.legal_name) from app_public.clients c
     where c.id in (select ids.id from ids where ids.key = 'client_id')
    union all
    select p.id, p.name from app_public.projects p
     where p.id in (select ids.id from ids where ids.key = 'project_id')
    union all
    select t.id, t.name from app_public.cost_types t
     where t.id in (select ids.id from ids where ids.key in ('cost_type_id', 'default_cost_type_id'))
    union all
    select s.id, s.name from app_public.services s
     where s.id in (select ids.id from ids where ids.key = 'service_id')
    union all
    select d.id, d.name from app_public.documents d
     where d.id in (select ids.id from ids where ids.key in ('contract_reference', 'document_id'))
    union all
    select f.id, f.name from app_public.files f
     where f.id in (select ids.id from ids where ids.key in ('act_id', 'file_id'))
  ) x
$$;
comment on function app_public.audit_trail_reference_names(app_public.audit_trail) is 'Names of the subsidiaries, suppliers, clients, projects, cost types, services, documents and files the row refers to, keyed by id.';
grant execute on function app_public.audit_trail_reference_names(app_public.audit_trail) to ledgerline_visitor;
