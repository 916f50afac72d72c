-- The global search fast at benchmark scale 1 (issue 28 item 2: p95 under 50 ms, bench/search.ts).
-- 0150/0151 took up to 2,000 candidates of a kind in no particular order (for a common word: the
-- trigram bitmap of every row so named, then 2,000 heap rows), and global_search then read all of
-- them under the policies, joined their parties and sorted them to keep 5 or 50. Now:
-- - at most `max` candidates of a kind (2 x per_kind) of each sort, already the first in the
--   search's order: those whose number or name is exactly the text, through a btree on the
--   lower-cased value; the matches through the trigram index, but at most 2 x max of them (all
--   of a rare text's, then sorted); for a text with more, the newest matches among a window of
--   the newest rows (50 x max, the date index read backwards: a common word fills max early).
--   A text with more matches that are not among the newest rows (a month's name) gets the
--   newest of the 2 x max read, not necessarily the newest of all;
-- - the candidates are narrowed to the caller's subsidiaries (and supplier or project limit): a
--   condition that every reading policy of the table also requires, so this only saves reading
--   rows the policies would drop; a restricted account finds its own newest records, not a share
--   of everyone's. The policies still decide (global_search is security invoker);
-- - global_search reads the candidates under the caller's policies, keeps per_kind of each kind
--   and only then joins their parties.
create index costs_name_lower_idx on app_public.costs (lower(name));
create index invoices_ref_lower_idx on app_public.invoices (lower(invoice_ref));
create index bills_name_lower_idx on app_public.bills (lower(name));
create index bills_ref_lower_idx on app_public.bills (lower(invoice_ref));
-- The planner's statistics of the new expressions (a search through the wrong index is slow).
analyze app_public.costs, app_public.invoices, app_public.bills;

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
  -- when a text has more, how many of the newest rows are looked at for the newest matches (a
  -- word in 1 row of 50 or more fills max there).
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
            select i.id, i.invoice_ref, i.supplier_id, i.project_ids, i.created_by from app_public.invoices i
             where not i.is_deleted and i.subsidiary_id = any(visible)
             order by i.invoice_date desc, i.id desc limit window_rows) w
           where w.invoice_ref ilike pattern
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
            select c.id, c.name, c.project_id from app_public.costs c
             where not c.is_deleted and c.subsidiary_id = any(visible)
             order by c.created_at desc, c.id desc limit window_rows) w
           where w.name ilike pattern and (projects is null or w.project_id = any(projects))
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
            select b.id, b.name, b.invoice_ref, b.project_id from app_public.bills b
             where not b.is_deleted and b.subsidiary_id = any(visible)
             order by b.invoice_date desc, b.id desc limit window_rows) w
           where (w.name || ' ' || coalesce(w.invoice_ref, '')) ilike pattern
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
comment on function app_hidden.search_candidates(text, text, integer) is 'The ids (as text) of the first records of a kind (invoice, bill, cost, document, supplier, client) in the global search''s order whose number or name contains the typed text (exact matches, the newest matches, at most max of each), found through btree, date and trigram indexes, narrowed to the caller''s subsidiaries and supplier or project limit (a condition of every reading policy); app_public.global_search keeps those the caller''s policies let it read.';

-- Up to per_kind records of each kind (1 to 50), those whose number or name is exactly what was
-- typed first, then the newest. Security invoker: the caller's row-level policies decide which of
-- the candidates (app_hidden.search_candidates, 2 × per_kind of each kind) it reads; the parties
-- are joined to the per_kind kept only.
create or replace function app_public.global_search(search text, per_kind integer default 5)
returns setof app_public.search_hit
language sql stable set search_path = pg_catalog as $$
  with t as (
    select btrim(search) typed, lower(btrim(search)) low,
           least(greatest(coalesce(per_kind, 5), 1), 50) n
  ),
  invoices as (
    select 'invoice'::text kind, i.id::text id, i.invoice_ref title,
           coalesce(s.short_name, s.legal_name) party, i.invoice_date record_date, i.amount_w_vat amount,
           i.currency::text currency, null::text detail, i.exact, i.r
      from (select i.*, lower(i.invoice_ref) = t.low or i.id::text = t.typed exact,
                   row_number() over (order by lower(i.invoice_ref) = t.low or i.id::text = t.typed desc,
                                               i.invoice_date desc, i.id desc) r, t.n
              from t, app_public.invoices i
             where i.id = any ((select app_hidden.search_candidates('invoice', search, 2 * n) from t)::integer[])) i
      left join app_public.suppliers s on s.id = i.supplier_id
     where i.r <= i.n
  ),
  bills as (
    select 'bill', b.id::text, b.name, coalesce(c.short_name, c.legal_name), b.invoice_date,
           b.amount_w_vat, b.currency::text, nullif(b.invoice_ref, ''), b.exact, b.r
      from (select b.*, lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low or b.id::text = t.typed exact,
                   row_number() over (order by lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low
                                               or b.id::text = t.typed desc, b.invoice_date desc, b.id desc) r, t.n
              from t, app_public.bills b
             where b.id = any ((select app_hidden.search_candidates('bill', search, 2 * n) from t)::integer[])) b
      left join app_public.clients c on c.id = b.client_id
     where b.r <= b.n
  ),
  costs as (
    select 'cost', c.id::text, c.name, coalesce(s.short_name, s.legal_name), i.invoice_date,
           c.amount_w_vat, c.currency::text, i.invoice_ref, c.exact, c.r
      from (select c.*, lower(c.name) = t.low or c.id::text = t.typed exact,
                   row_number() over (order by lower(c.name) = t.low or c.id::text = t.typed desc,
                                               c.created_at desc, c.id desc) r, t.n
              from t, app_public.costs c
             where c.id = any ((select app_hidden.search_candidates('cost', search, 2 * n) from t)::integer[])) c
      left join app_public.invoices i on i.id = c.invoice_id
      left join app_public.suppliers s on s.id = i.supplier_id
     where c.r <= c.n
  ),
  documents as (
    select 'document', d.id::text, d.name, null::text, d.signing_date, d.amount, d.currency::text,
           d.contract_number,
           lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low,
           row_number() over (order by lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low desc,
                                       d.created_at desc, d.id)
      from t, app_public.documents d
     where d.id = any ((select app_hidden.search_candidates('document', search, 2 * n) from t)::uuid[])
  ),
  suppliers as (
    select 'supplier', s.id::text, coalesce(s.short_name, s.legal_name), null::text, null::date,
           null::numeric, null::text, concat_ws(' · ', s.legal_name, s.tax_id, s.country),
           lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low or s.tax_id = t.typed,
           row_number() over (order by lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low
                                       or s.tax_id = t.typed desc, s.is_archived, s.legal_name, s.id)
      from t, app_public.suppliers s
     where s.id = any ((select app_hidden.search_candidates('supplier', search, 2 * n) from t)::uuid[])
  ),
  clients as (
    select 'client', c.id::text, coalesce(c.short_name, c.legal_name), null::text, null::date,
           null::numeric, null::text, concat_ws(' · ', c.legal_name, c.tax_id, c.country),
           lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low or c.tax_id = t.typed,
           row_number() over (order by lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low
                                       or c.tax_id = t.typed desc, c.is_archived, c.legal_name, c.id)
      from t, app_public.clients c
     where c.id = any ((select app_hidden.search_candidates('client', search, 2 * n) from t)::uuid[])
  )
  select kind, id, title, party, record_date, amount, currency, detail, exact from (
    select * from invoices union all select * from bills union all select * from costs
    union all select * from documents union all select * from suppliers union all select * from clients
  ) hits
   where r <= (select n from t)
   order by array_position(array['invoice', 'bill', 'cost', 'document', 'supplier', 'client'], kind), r
$$;
comment on function app_public.global_search(text, integer) is 'The global search: up to perKind (1 to 50, default 5) invoices, bills, costs, documents, suppliers and clients the caller may read whose number or name contains the text (at least 3 characters, or an id typed in full), exact matches first, then the newest. Ordered by kind.';
