-- The global search's newest-rows window (0210) is the newest rows of all subsidiaries, narrowed
-- after: narrowed inside, the date index read backwards had to visit the rows of every other
-- subsidiary to find the window (bench/search.ts at scale 1: the accountant's "Recruitment",
-- 50 per kind, read 16,652 buffers against 3,229 for the admin). A restricted account whose
-- newest matches are not in the window gets the newest of the trigram index's (0210).
create or replace function app_hidden.search_candidates(kind text, search text, max integer) returns text[]
language plpgsql stable security definer
-- Each query planned for the text typed (a rare text and a common word take different paths).
-- The matches are read through the trigram index (a materialized CTE, planned for all its rows,
-- read only as far as needed), never by a sequential or other index scan with a LIMIT: those
-- read the table until they meet the matches, and a month's name sits together far into it.
set search_path = pg_catalog set plan_cache_mode = force_custom_plan set enable_seqscan = off as $$
declare
  typed text := btrim(search);
  low text := lower(btrim(search));
  pattern text := app_hidden.search_pattern(search);
  number integer := case when btrim(search) ~ '^\d{1,9}$' then btrim(search)::integer end;
  long boolean := length(btrim(search)) >= 3;
  -- At most how many matches are read through the trigram index (all of a rare text's), and,
  -- when a text has more, how many of the newest rows (of all subsidiaries: the date index alone,
  -- so the window costs the same for every account) are looked at for the newest matches (a
  -- word in 1 row of 50 or more fills max there for an account that reads every subsidiary).
  spread_rows integer := 2 * max;
  window_rows integer := 50 * max;
  visible uuid[] := app_hidden.visible_subsidiary_ids();
  supplier_ids uuid[] := app_hidden.supplier_ids();
  -- A supplier's user reads costs and invoices outside its projects too (0053, 0095).
  projects uuid[] := case when app_hidden.supplier_ids() is null then app_hidden.allowed_project_ids() end;
  me uuid := app_hidden.current_user_id();
  exact integer[];
  newest integer[];
  spread integer[];
  found bigint;
  ids text[];
begin
  if not long and number is null then
    return '{}';
  end if;
  if kind = 'invoice' then
    select array_agg(i.id) into exact from (
      (select i.id from app_public.invoices i where i.id = number and not i.is_deleted)
      union all
      (select e.id from (
         select i.id, i.invoice_date from app_public.invoices i
          where long and lower(i.invoice_ref) = low and not i.is_deleted and i.subsidiary_id = any(visible)
            and (supplier_ids is null or i.supplier_id = any(supplier_ids))
            and (projects is null or i.project_ids && projects or (i.project_ids = '{}' and i.created_by = me))
          limit spread_rows) e
        order by e.invoice_date desc, e.id desc limit max)) i;
    if long then
      with m as materialized (
        select i.id, i.invoice_date from app_public.invoices i
         where i.invoice_ref ilike pattern and not i.is_deleted and i.subsidiary_id = any(visible)
           and (supplier_ids is null or i.supplier_id = any(supplier_ids))
           and (projects is null or i.project_ids && projects or (i.project_ids = '{}' and i.created_by = me)))
      select array_agg(m.id order by m.invoice_date desc, m.id desc), count(*) into spread, found
        from (select * from m limit spread_rows) m;
      if found = spread_rows then
        select array_agg(w.id) into newest from (
          select w.id from (
            select i.id, i.invoice_ref, i.subsidiary_id, i.supplier_id, i.project_ids, i.created_by
              from app_public.invoices i
             where not i.is_deleted
             order by i.invoice_date desc, i.id desc limit window_rows) w
           where w.invoice_ref ilike pattern and w.subsidiary_id = any(visible)
             and (supplier_ids is null or w.supplier_id = any(supplier_ids))
             and (projects is null or w.project_ids && projects or (w.project_ids = '{}' and w.created_by = me))
           limit max) w;
        if cardinality(newest) = max then
          spread := null;
        end if;
      end if;
    end if;
  elsif kind = 'cost' then
    select array_agg(c.id) into exact from (
      (select c.id from app_public.costs c where c.id = number and not c.is_deleted)
      union all
      (select e.id from (
         select c.id, c.created_at from app_public.costs c
          where long and lower(c.name) = low and not c.is_deleted and c.subsidiary_id = any(visible)
            and (projects is null or c.project_id = any(projects))
          limit spread_rows) e
        order by e.created_at desc, e.id desc limit max)) c;
    if long then
      with m as materialized (
        select c.id, c.created_at from app_public.costs c
         where c.name ilike pattern and not c.is_deleted and c.subsidiary_id = any(visible)
           and (projects is null or c.project_id = any(projects)))
      select array_agg(m.id order by m.created_at desc, m.id desc), count(*) into spread, found
        from (select * from m limit spread_rows) m;
      if found = spread_rows then
        select array_agg(w.id) into newest from (
          select w.id from (
            select c.id, c.name, c.subsidiary_id, c.project_id from app_public.costs c
             where not c.is_deleted
             order by c.created_at desc, c.id desc limit window_rows) w
           where w.name ilike pattern and w.subsidiary_id = any(visible) and (projects is null or w.project_id = any(projects))
           limit max) w;
        if cardinality(newest) = max then
          spread := null;
        end if;
      end if;
    end if;
  elsif kind = 'bill' then
    select array_agg(b.id) into exact from (
      (select b.id from app_public.bills b where b.id = number and not b.is_deleted)
      union all
      (select e.id from (
         select b.id, b.invoice_date from app_public.bills b
          where long and (lower(b.name) = low or lower(b.invoice_ref) = low) and not b.is_deleted
            and b.subsidiary_id = any(visible) and supplier_ids is null
            and (projects is null or b.project_id = any(projects))
          limit spread_rows) e
        order by e.invoice_date desc, e.id desc limit max)) b;
    if long and supplier_ids is null then
      with m as materialized (
        select b.id, b.invoice_date from app_public.bills b
         where (b.name || ' ' || coalesce(b.invoice_ref, '')) ilike pattern and not b.is_deleted
           and b.subsidiary_id = any(visible) and (projects is null or b.project_id = any(projects)))
      select array_agg(m.id order by m.invoice_date desc, m.id desc), count(*) into spread, found
        from (select * from m limit spread_rows) m;
      if found = spread_rows then
        select array_agg(w.id) into newest from (
          select w.id from (
            select b.id, b.name, b.invoice_ref, b.subsidiary_id, b.project_id from app_public.bills b
             where not b.is_deleted
             order by b.invoice_date desc, b.id desc limit window_rows) w
           where (w.name || ' ' || coalesce(w.invoice_ref, '')) ilike pattern and w.subsidiary_id = any(visible)
             and (projects is null or w.project_id = any(projects))
           limit max) w;
        if cardinality(newest) = max then
          spread := null;
        end if;
      end if;
    end if;
  elsif kind = 'document' then
    select array_agg(d.id::text) into ids from (
      select d.id from (
        select d.id, d.name, d.contract_number, d.created_at from app_public.documents d
         where long and (d.name || ' ' || coalesce(d.contract_number, '')) ilike pattern and not d.is_deleted
           and (coalesce(d.principal_id = any(visible), true)
                or d.id = any((select app_hidden.document_ids_shared_with_me(false))::uuid[]))
         limit spread_rows) d
       order by lower(d.name) = low or lower(coalesce(d.contract_number, '')) = low desc, d.created_at desc, d.id
       limit max) d;
  elsif kind = 'supplier' then
    select array_agg(s.id::text) into ids from (
      select s.id from app_public.suppliers s
       where long
         and (s.legal_name || ' ' || coalesce(s.short_name, '') || ' ' || coalesce(s.tax_id, '')) ilike pattern
       order by lower(s.legal_name) = low or lower(coalesce(s.short_name, '')) = low or s.tax_id = typed desc,
                s.is_archived, s.legal_name, s.id
       limit max) s;
  elsif kind = 'client' then
    select array_agg(c.id::text) into ids from (
      select c.id from app_public.clients c
       where long
         and (c.legal_name || ' ' || coalesce(c.short_name, '') || ' ' || coalesce(c.tax_id, '')) ilike pattern
       order by lower(c.legal_name) = low or lower(coalesce(c.short_name, '')) = low or c.tax_id = typed desc,
                c.is_archived, c.legal_name, c.id
       limit max) c;
  end if;
  return coalesce(ids, '{}') || coalesce((coalesce(exact, '{}') || coalesce(newest, '{}') || coalesce(spread[1:max], '{}'))::text[], '{}');
end
$$;
