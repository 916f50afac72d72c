-- Analytics and the home page (issue 16): sums a finance lead opens first, computed here in exact
-- numeric so that the browser never adds money. Every function runs as the caller, so row-level
-- security decides which invoices, costs and bills it adds up: each account sees the sums of the
-- rows it may see and no others. Names of the things it groups by (projects, cost types, suppliers,
-- subsidiaries) come from one security-definer helper, and only for ids of rows the caller may see,
-- since an account may report on costs without the right to list, say, the suppliers table.

--------------------------------------------------------------------------------------------------
-- Names of referenced records, for ids the caller already holds from rows it may see.

create function app_hidden.reference_names(kind text, ids uuid[])
returns table (id uuid, name text)
language sql stable security definer set search_path = pg_catalog as $$
  select p.id, p.name from app_public.projects p where kind = 'project' and p.id = any(ids)
  union all
  select t.id, t.name from app_public.cost_types t where kind = 'cost_type' and t.id = any(ids)
  union all
  select s.id, coalesce(nullif(btrim(s.short_name), ''), s.legal_name) from app_public.suppliers s
   where kind = 'supplier' and s.id = any(ids)
  union all
  select s.id, coalesce(nullif(btrim(s.short_name), ''), s.legal_name) from app_public.subsidiaries s
   where kind = 'subsidiary' and s.id = any(ids)
$$;
comment on function app_hidden.reference_names(text, uuid[]) is 'Names of projects, cost types, suppliers or subsidiaries by id; called only with ids taken from rows the caller may see.';
revoke all on function app_hidden.reference_names(text, uuid[]) from public;
grant execute on function app_hidden.reference_names(text, uuid[]) to ledgerline_visitor;

--------------------------------------------------------------------------------------------------
-- Analytics: projects the account may report on, and the report's four parts over a period range
-- (SPEC §5: a start after the end is refused with InvalidPeriodRange). Costs are the approved, live
-- ones; bills the live ones; both in USD with VAT (SPEC §7 "Analytics"). project_ids null means
-- every project the account may see (and, for an account without a project limit, rows without a
-- project too).

create type app_public.report_project as (id uuid, name text);
comment on type app_public.report_project is 'A project the account may report on.';

create function app_public.report_projects() returns setof app_public.report_project
language plpgsql stable security definer set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  return query
  select p.id, p.name from app_public.projects p
   where (select app_hidden.allowed_project_ids()) is null
      or p.id = any ((select app_hidden.allowed_project_ids())::uuid[])
   order by lower(p.name), p.id;
end;
$$;
comment on function app_public.report_projects() is 'Projects the account may report on (its allowed projects, or all), by name (create_report).';

-- The approved, live costs and live bills of the report, as the caller may see them.
create function app_hidden.report_costs(project_ids uuid[], start_year integer, start_month integer,
  end_year integer, end_month integer)
returns table (year integer, period integer, project_id uuid, cost_type_id uuid, invoice_id integer, amount_usd numeric)
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  select c.year::integer, c.period::integer, c.project_id, c.cost_type_id, c.invoice_id, c.amount_usd_w_vat
    from app_public.costs c
   where c.status = 'approved' and not c.is_deleted
     and (project_ids is null or c.project_id = any(project_ids))
     and app_hidden.in_period_range(c.year, c.period, start_year, start_month, end_year, end_month);
end;
$$;

create function app_hidden.report_bills(project_ids uuid[], start_year integer, start_month integer,
  end_year integer, end_month integer)
returns table (year integer, period integer, project_id uuid, amount_usd numeric)
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  select b.year::integer, b.period::integer, b.project_id, b.amount_usd_w_vat
    from app_public.bills b
   where not b.is_deleted
     and (project_ids is null or b.project_id = any(project_ids))
     and app_hidden.in_period_range(b.year, b.period, start_year, start_month, end_year, end_month);
end;
$$;
grant execute on function app_hidden.report_costs(uuid[], integer, integer, integer, integer),
  app_hidden.report_bills(uuid[], integer, integer, integer, integer) to ledgerline_visitor;

-- Margin in percent of the bills, 2 decimals; none when there are no bills.
create function app_hidden.margin_percent(costs numeric, bills numeric) returns numeric
language sql immutable parallel safe set search_path = pg_catalog as $$
  select case when bills = 0 then null else round((bills - costs) * 100 / bills, 2) end
$$;
grant execute on function app_hidden.margin_percent(numeric, numeric) to ledgerline_visitor;

create type app_public.report_month as (
  year integer, month integer, costs_usd numeric, bills_usd numeric, margin_usd numeric,
  margin_percent numeric, is_total boolean);
comment on type app_public.report_month is 'A month of the analytics report in USD with VAT (costs, bills, margin = bills − costs, margin in % of bills); the last row (isTotal) is the whole range.';

create function app_public.report_months(project_ids uuid[], start_year integer, start_month integer,
  end_year integer, end_month integer) returns setof app_public.report_month
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with months as (
    select (m / 12)::integer as year, (m % 12 + 1)::integer as month
      from generate_series(start_year * 12 + start_month - 1, end_year * 12 + end_month - 1) m
  ), costs as (
    select c.year, c.period, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.year, c.period
  ), bills as (
    select b.year, b.period, sum(b.amount_usd) as total
      from app_hidden.report_bills(project_ids, start_year, start_month, end_year, end_month) b
     group by b.year, b.period
  ), rows as (
    select m.year, m.month, coalesce(c.total, 0) as costs_usd, coalesce(b.total, 0) as bills_usd
      from months m
      left join costs c on c.year = m.year and c.period = m.month
      left join bills b on b.year = m.year and b.period = m.month
  )
  select * from (
    select r.year, r.month, r.costs_usd, r.bills_usd, r.bills_usd - r.costs_usd,
           app_hidden.margin_percent(r.costs_usd, r.bills_usd), false
      from rows r
    union all
    select null, null, sum(r.costs_usd), sum(r.bills_usd), sum(r.bills_usd) - sum(r.costs_usd),
           app_hidden.margin_percent(sum(r.costs_usd), sum(r.bills_usd)), true
      from rows r
  ) t order by 7, 1, 2;
end;
$$;
comment on function app_public.report_months(uuid[], integer, integer, integer, integer) is 'Analytics by month over the period range (SPEC §5), every month of the range, then the total (create_report; null projects: all the account may see).';

create type app_public.report_share as (id uuid, name text, costs_usd numeric, share_percent numeric);
comment on type app_public.report_share is 'Approved costs of one cost type or supplier in USD with VAT, and its share of all costs of the report in %.';

create function app_public.report_cost_types(project_ids uuid[], start_year integer, start_month integer,
  end_year integer, end_month integer) returns setof app_public.report_share
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with costs as (
    select c.cost_type_id as id, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.cost_type_id
  ), names as (
    select * from app_hidden.reference_names('cost_type', (select array_agg(id) from costs))
  )
  select c.id, n.name, c.total,
         case when sum(c.total) over () = 0 then null else round(c.total * 100 / sum(c.total) over (), 2) end
    from costs c left join names n on n.id = c.id
   order by c.total desc, n.name nulls last;
end;
$$;
comment on function app_public.report_cost_types(uuid[], integer, integer, integer, integer) is 'Approved costs of the report by cost type, largest first (create_report).';

-- The supplier of each invoice whose costs the caller may see (an account may report on costs
-- without reading invoices).
create function app_hidden.invoice_suppliers(invoice_ids integer[])
returns table (invoice_id integer, supplier_id uuid)
language sql stable security definer set search_path = pg_catalog as $$
  select i.id, i.supplier_id from app_public.invoices i where i.id = any(invoice_ids)
$$;
revoke all on function app_hidden.invoice_suppliers(integer[]) from public;
grant execute on function app_hidden.invoice_suppliers(integer[]) to ledgerline_visitor;
create function app_public.report_suppliers(project_ids uuid[], start_year integer, start_month integer,
  end_year integer, end_month integer) returns setof app_public.report_share
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with by_invoice as (
    select c.invoice_id, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.invoice_id
  ), suppliers as (
    select s.supplier_id, s.invoice_id from app_hidden.invoice_suppliers((select array_agg(invoice_id) from by_invoice)) s
  ), costs as (
    select s.supplier_id as id, sum(b.total) as total
      from by_invoice b join suppliers s on s.invoice_id = b.invoice_id
     group by s.supplier_id
  ), names as (
    select * from app_hidden.reference_names('supplier', (select array_agg(id) from costs))
  )
  select c.id, n.name, c.total,
         case when sum(c.total) over () = 0 then null else round(c.total * 100 / sum(c.total) over (), 2) end
    from costs c left join names n on n.id = c.id
   order by c.total desc, n.name nulls last;
end;
$$;

comment on function app_public.report_suppliers(uuid[], integer, integer, integer, integer) is 'Approved costs of the report by supplier (of the cost''s invoice), largest first (create_report).';

create type app_public.report_project_row as (
  id uuid, name text, costs_usd numeric, bills_usd numeric, margin_usd numeric, margin_percent numeric);
comment on type app_public.report_project_row is 'A project of the report: costs, bills, margin and margin % in USD with VAT. No id: rows without a project.';

create function app_public.report_projects_summary(project_ids uuid[], start_year integer, start_month integer,
  end_year integer, end_month integer) returns setof app_public.report_project_row
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with costs as (
    select c.project_id, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.project_id
  ), bills as (
    select b.project_id, sum(b.amount_usd) as total
      from app_hidden.report_bills(project_ids, start_year, start_month, end_year, end_month) b
     group by b.project_id
  ), rows as (
    select x.project_id as id, sum(x.costs_usd) as costs_usd, sum(x.bills_usd) as bills_usd
      from (select c.project_id, c.total as costs_usd, 0 as bills_usd from costs c
            union all
            select b.project_id, 0, b.total from bills b) x
     group by x.project_id
  ), names as (
    select * from app_hidden.reference_names('project', (select array_agg(id) from rows))
  )
  select r.id, n.name, r.costs_usd, r.bills_usd, r.bills_usd - r.costs_usd,
         app_hidden.margin_percent(r.costs_usd, r.bills_usd)
    from rows r left join names n on n.id = r.id
   order by r.bills_usd - r.costs_usd desc, n.name nulls last;
end;
$$;
comment on function app_public.report_projects_summary(uuid[], integer, integer, integer, integer) is 'The report across projects, highest margin first (create_report).';

--------------------------------------------------------------------------------------------------
-- Aging of accounts payable (supplier invoices) and receivable (bills) by subsidiary, in USD, as
-- of a day (today by default). Outstanding = amount with VAT − payments, in USD at the record's own
-- rate (its USD amount × the unpaid share). Payables: live invoices in draft, open or validated
-- (rejected ones are disputed, paid and static ones settled). Receivables: live open or validated
-- bills. Buckets by days past the due date: current (not yet due, or no due date), 1–30, 31–60,
-- 61–90, over 90. The last row (no subsidiary) is the total.

create type app_public.aging_row as (
  subsidiary_id uuid, subsidiary_name text, current_usd numeric, days_1_30_usd numeric,
  days_31_60_usd numeric, days_61_90_usd numeric, over_90_usd numeric, total_usd numeric, count integer);
comment on type app_public.aging_row is 'Outstanding amounts of one subsidiary (none: all) by days past due, in USD.';

create function app_hidden.aging_rows(kind text, as_of date)
returns table (subsidiary_id uuid, days_past_due integer, outstanding_usd numeric)
language sql stable set search_path = pg_catalog as $$
  select i.subsidiary_id, coalesce(as_of - i.due_date, 0),
         case when i.amount_w_vat = 0 then 0
              else round(i.amount_usd_w_vat * (i.amount_w_vat - i.paid_amount) / i.amount_w_vat, 2) end
    from app_public.invoices i
   where kind = 'payable' and not i.is_deleted and i.status in ('draft', 'open', 'validated')
     and i.amount_w_vat > i.paid_amount
  union all
  select b.subsidiary_id, coalesce(as_of - b.due_date, 0),
         case when b.amount_w_vat = 0 then 0
              else round(b.amount_usd_w_vat * (b.amount_w_vat - b.paid_amount) / b.amount_w_vat, 2) end
    from app_public.bills b
   where kind = 'receivable' and not b.is_deleted and b.status in ('open', 'validated')
     and b.amount_w_vat > b.paid_amount
$$;
grant execute on function app_hidden.aging_rows(text, date) to ledgerline_visitor;

create function app_hidden.aging(kind text, as_of date) returns setof app_public.aging_row
language sql stable set search_path = pg_catalog as $$
  with rows as (
    select * from app_hidden.aging_rows(kind, coalesce(as_of, current_date))
  ), sums as (
    select r.subsidiary_id, grouping(r.subsidiary_id) as is_total,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due <= 0), 0) as current_usd,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due between 1 and 30), 0) as d1,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due between 31 and 60), 0) as d31,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due between 61 and 90), 0) as d61,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due > 90), 0) as d90,
           coalesce(sum(r.outstanding_usd), 0) as total, count(r.*)::integer as n
      from rows r
     group by grouping sets ((r.subsidiary_id), ())
  ), names as (
    select * from app_hidden.reference_names('subsidiary', (select array_agg(subsidiary_id) from sums))
  )
  select s.subsidiary_id, n.name, s.current_usd, s.d1, s.d31, s.d61, s.d90, s.total, s.n
    from sums s left join names n on n.id = s.subsidiary_id
   order by s.is_total, n.name, s.subsidiary_id
$$;
grant execute on function app_hidden.aging(text, date) to ledgerline_visitor;

create function app_public.payables_aging(as_of date default null) returns setof app_public.aging_row
language sql stable set search_path = pg_catalog as $$
  select * from app_hidden.aging('payable', as_of)
$$;
comment on function app_public.payables_aging(date) is 'Accounts payable aging: outstanding supplier invoices the account may see, by subsidiary and days past due, in USD; the last row is the total.';

create function app_public.receivables_aging(as_of date default null) returns setof app_public.aging_row
language sql stable set search_path = pg_catalog as $$
  select * from app_hidden.aging('receivable', as_of)
$$;
comment on function app_public.receivables_aging(date) is 'Accounts receivable aging: outstanding bills the account may see, by subsidiary and days past due, in USD; the last row is the total.';

grant usage on type app_public.report_project, app_public.report_month, app_public.report_share,
  app_public.report_project_row, app_public.aging_row to ledgerline_visitor;
grant execute on function app_public.report_projects(), app_public.report_months(uuid[], integer, integer, integer, integer),
  app_public.report_cost_types(uuid[], integer, integer, integer, integer),
  app_public.report_suppliers(uuid[], integer, integer, integer, integer),
  app_public.report_projects_summary(uuid[], integer, integer, integer, integer),
  app_public.payables_aging(date), app_public.receivables_aging(date) to ledgerline_visitor;
