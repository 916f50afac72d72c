-- Audit trail: a cost's rows follow the cost's own visibility while the cost exists (issue 27).
-- Until now a row showed to whoever saw any record it shows on, so a project-limited account that
-- sees an invoice also saw the history of its costs of projects it may not see. A cost that no
-- longer exists (deleted) still shows on its invoice or bill, as before.

-- Whether the caller sees one record an audit row shows on (kind:id); runs as the caller, so
-- each table's row-level security decides.
create function app_hidden.audit_ref_visible(ref text) returns boolean
language sql stable set search_path = pg_catalog as $$
  select case split_part(ref, ':', 1)
    when 'invoices' then exists (select from app_public.invoices i where i.id = split_part(ref, ':', 2)::integer)
    when 'bills' then exists (select from app_public.bills b where b.id = split_part(ref, ':', 2)::integer)
    when 'costs' then exists (select from app_public.costs c where c.id = split_part(ref, ':', 2)::integer)
    when 'documents' then exists (select from app_public.documents d where d.id = split_part(ref, ':', 2)::uuid)
    else false
  end
$$;
comment on function app_hidden.audit_ref_visible(text) is 'Whether the caller sees the record kind:id.';
grant execute on function app_hidden.audit_ref_visible(text) to ledgerline_visitor;

-- Whether a cost exists at all, whoever may see it (not what it holds).
create function app_hidden.audit_cost_exists(cost_id integer) returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select exists (select from app_public.costs c where c.id = cost_id)
$$;
comment on function app_hidden.audit_cost_exists(integer) is 'Whether the cost exists (for the audit trail''s visibility rule).';
grant execute on function app_hidden.audit_cost_exists(integer) to ledgerline_visitor;

create or replace function app_hidden.audit_row_visible(table_name text, refs text[]) returns boolean
language sql stable set search_path = pg_catalog as $$
  select (table_name not in ('invoices_payments', 'bills_payments', 'payments') or app_hidden.has_scope('payment:read'))
     and case
           when c.cost_ref is not null and app_hidden.audit_cost_exists(split_part(c.cost_ref, ':', 2)::integer)
             then app_hidden.audit_ref_visible(c.cost_ref)
           else exists (select from unnest(refs) k where app_hidden.audit_ref_visible(k))
         end
    from (select (select k from unnest(refs) k where k like 'costs:%' limit 1) as cost_ref) c
$$;
