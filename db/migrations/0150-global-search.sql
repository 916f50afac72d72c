-- The global search (issue 28, docs/web.md "Search"): invoice numbers, bills, costs, documents,
-- suppliers and clients whose number or name contains what was typed, as the reader may see them.
--
-- A text test (ILIKE) is not leakproof, so under the row-level policy PostgreSQL may not use an
-- index for it before the policy: it would run the policy and the test on every row (1,000,000
-- costs at benchmark scale 1). As for a record's history (0092), a security-definer helper finds
-- the candidates through trigram indexes, at most a bounded number per kind, and only then does
-- app_public.global_search (security invoker) read them under the caller's policies, so a row the
-- caller may not read is never returned; only its id passes through the helper.
create extension if not exists pg_trgm with schema public;

-- One expression per table, the same in its index and in the helper.
create index invoices_search_idx on app_public.invoices using gin (invoice_ref public.gin_trgm_ops);
create index bills_search_idx on app_public.bills
  using gin ((name || ' ' || coalesce(invoice_ref, '')) public.gin_trgm_ops);
create index costs_search_idx on app_public.costs using gin (name public.gin_trgm_ops);
create index documents_search_idx on app_public.documents
  using gin ((name || ' ' || coalesce(contract_number, '')) public.gin_trgm_ops);
create index suppliers_search_idx on app_public.suppliers
  using gin ((legal_name || ' ' || coalesce(short_name, '') || ' ' || coalesce(tax_id, '')) public.gin_trgm_ops);
create index clients_search_idx on app_public.clients
  using gin ((legal_name || ' ' || coalesce(short_name, '') || ' ' || coalesce(tax_id, '')) public.gin_trgm_ops);

-- What was typed as a LIKE pattern that matches it anywhere, its wildcards taken literally.
create function app_hidden.search_pattern(search text) returns text
language sql immutable set search_path = pg_catalog as $$
  select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
comment on function app_hidden.search_pattern(text) is 'The LIKE pattern that finds the typed text anywhere in a value (its %, _ and \ taken literally).';

-- The candidates of one kind: ids as text (integers for invoices, bills and costs; uuids for the
-- rest). At most `max` of them, so that a word found in half a million rows stays fast; the
-- caller's policy then keeps those it may read. Fewer than 3 characters find only an id typed in
-- full (no trigram to search with).
create function app_hidden.search_candidates(kind text, search text, max integer) returns text[]
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  pattern text := app_hidden.search_pattern(search);
  typed text := btrim(search);
  number integer := case when typed ~ '^\d{1,9}$' then typed::integer end;
  ids text[];
begin
  if length(typed) < 3 and number is null then
    return '{}';
  end if;
  if kind = 'invoice' then
    select array_agg(id::text) into ids from (
      select i.id from app_public.invoices i where i.id = number and not i.is_deleted
      union
      (select i.id from app_public.invoices i
        where length(typed) >= 3 and i.invoice_ref ilike pattern and not i.is_deleted limit max)) s;
  elsif kind = 'bill' then
    select array_agg(id::text) into ids from (
      select b.id from app_public.bills b where b.id = number and not b.is_deleted
      union
      (select b.id from app_public.bills b
        where length(typed) >= 3 and (b.name || ' ' || coalesce(b.invoice_ref, '')) ilike pattern
          and not b.is_deleted limit max)) s;
  elsif kind = 'cost' then
    select array_agg(id::text) into ids from (
      select c.id from app_public.costs c where c.id = number and not c.is_deleted
      union
      (select c.id from app_public.costs c
        where length(typed) >= 3 and c.name ilike pattern and not c.is_deleted limit max)) s;
  elsif kind = 'document' then
    select array_agg(d.id::text) into ids from (
      select d.id from app_public.documents d
       where length(typed) >= 3 and (d.name || ' ' || coalesce(d.contract_number, '')) ilike pattern
         and not d.is_deleted limit max) d;
  elsif kind = 'supplier' then
    select array_agg(s.id::text) into ids from (
      select s.id from app_public.suppliers s
       where length(typed) >= 3
         and (s.legal_name || ' ' || coalesce(s.short_name, '') || ' ' || coalesce(s.tax_id, '')) ilike pattern
       limit max) s;
  elsif kind = 'client' then
    select array_agg(c.id::text) into ids from (
      select c.id from app_public.clients c
       where length(typed) >= 3
         and (c.legal_name || ' ' || coalesce(c.short_name, '') || ' ' || coalesce(c.tax_id, '')) ilike pattern
       limit max) c;
  end if;
  return coalesce(ids, '{}');
end
$$;
comment on function app_hidden.search_candidates(text, text, integer) is 'The ids (as text) of at most max records of a kind (invoice, bill, cost, document, supplier, client) whose number or name contains the typed text, found through the trigram indexes whatever the caller may see; app_public.global_search keeps those the caller''s policies let it read.';
grant execute on function app_hidden.search_candidates(text, text, integer) to ledgerline_visitor;

create type app_public.search_hit as (
  kind text,
  id text,
  title text,
  detail text,
  exact boolean
);
comment on type app_public.search_hit is 'A record found by the global search: its kind (invoice, bill, cost, document, supplier, client), id, title (number or name), a line that tells it apart (party, invoice, date) and whether its number or name is what was typed.';

-- Up to per_kind records of each kind (1 to 50), those whose number or name is exactly what was
-- typed first, then the newest. Security invoker: the caller's row-level policies decide. Up to
-- 2,000 candidates of each kind, so that a reader who sees a part of the rows still finds some.
create function app_public.global_search(search text, per_kind integer default 5)
returns setof app_public.search_hit
language sql stable set search_path = pg_catalog as $$
  with t as (
    select btrim(search) typed, lower(btrim(search)) low,
           least(greatest(coalesce(per_kind, 5), 1), 50) n
  ),
  invoices as (
    select 'invoice'::text kind, i.id::text id, i.invoice_ref title,
           concat_ws(' · ', coalesce(s.short_name, s.legal_name), to_char(i.invoice_date, 'YYYY-MM-DD'),
                     i.amount_w_vat::text || ' ' || i.currency) detail,
           lower(i.invoice_ref) = t.low or i.id::text = t.typed exact,
           row_number() over (order by lower(i.invoice_ref) = t.low or i.id::text = t.typed desc,
                                       i.invoice_date desc, i.id desc) r, t.n
      from t, app_public.invoices i
      left join app_public.suppliers s on s.id = i.supplier_id
     where i.id = any ((select app_hidden.search_candidates('invoice', search, 2000))::integer[])
  ),
  bills as (
    select 'bill', b.id::text, b.name,
           concat_ws(' · ', nullif(b.invoice_ref, ''), coalesce(c.short_name, c.legal_name),
                     to_char(b.invoice_date, 'YYYY-MM-DD'), b.amount_w_vat::text || ' ' || b.currency),
           lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low or b.id::text = t.typed,
           row_number() over (order by lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low
                                       or b.id::text = t.typed desc, b.invoice_date desc, b.id desc), t.n
      from t, app_public.bills b
      left join app_public.clients c on c.id = b.client_id
     where b.id = any ((select app_hidden.search_candidates('bill', search, 2000))::integer[])
  ),
  costs as (
    select 'cost', c.id::text, c.name,
           concat_ws(' · ', i.invoice_ref, c.amount_w_vat::text || ' ' || c.currency),
           lower(c.name) = t.low or c.id::text = t.typed,
           row_number() over (order by lower(c.name) = t.low or c.id::text = t.typed desc,
                                       c.created_at desc, c.id desc), t.n
      from t, app_public.costs c
      left join app_public.invoices i on i.id = c.invoice_id
     where c.id = any ((select app_hidden.search_candidates('cost', search, 2000))::integer[])
  ),
  documents as (
    select 'document', d.id::text, d.name,
           concat_ws(' · ', d.contract_number, to_char(d.signing_date, 'YYYY-MM-DD')),
           lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low,
           row_number() over (order by lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low desc,
                                       d.created_at desc, d.id), t.n
      from t, app_public.documents d
     where d.id = any ((select app_hidden.search_candidates('document', search, 2000))::uuid[])
  ),
  suppliers as (
    select 'supplier', s.id::text, coalesce(s.short_name, s.legal_name),
           concat_ws(' · ', s.legal_name, s.tax_id, s.country),
           lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low or s.tax_id = t.typed,
           row_number() over (order by lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low
                                       or s.tax_id = t.typed desc, s.is_archived, s.legal_name, s.id), t.n
      from t, app_public.suppliers s
     where s.id = any ((select app_hidden.search_candidates('supplier', search, 2000))::uuid[])
  ),
  clients as (
    select 'client', c.id::text, coalesce(c.short_name, c.legal_name),
           concat_ws(' · ', c.legal_name, c.tax_id, c.country),
           lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low or c.tax_id = t.typed,
           row_number() over (order by lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low
                                       or c.tax_id = t.typed desc, c.is_archived, c.legal_name, c.id), t.n
      from t, app_public.clients c
     where c.id = any ((select app_hidden.search_candidates('client', search, 2000))::uuid[])
  )
  select kind, id, title, detail, exact from (
    select * from invoices union all select * from bills union all select * from costs
    union all select * from documents union all select * from suppliers union all select * from clients
  ) hits
   where r <= n
   order by array_position(array['invoice', 'bill', 'cost', 'document', 'supplier', 'client'], kind), r
$$;
comment on function app_public.global_search(text, integer) is 'The global search: up to perKind (1 to 50, default 5) invoices, bills, costs, documents, suppliers and clients the caller may read whose number or name contains the text (at least 3 characters, or an id typed in full), exact matches first, then the newest. Ordered by kind.';
