-- The global search's hits carry their party, date and amount as values (not one line of text),
-- so that the screen shows them in the reader's format (a decimal comma and dd.mm.yyyy in ru).
drop function app_public.global_search(text, integer);
drop type app_public.search_hit;

create type app_public.search_hit as (
  kind text,
  id text,
  title text,
  party text,
  record_date date,
  amount numeric,
  currency text,
  detail text,
  exact boolean
);
comment on type app_public.search_hit is 'A record found by the global search: its kind (invoice, bill, cost, document, supplier, client), id, title (number or name), its party (supplier or client), record date (invoice or signing date), amount with currency, a line that tells it apart further (a bill''s or cost''s invoice number, a contract number, a party''s legal name and tax id) and whether its number or name is what was typed.';

-- Up to per_kind records of each kind (1 to 50), those whose number or name is exactly what was
-- typed first, then the newest. Security invoker: the caller's row-level policies decide. Up to
-- 2,000 candidates of each kind (app_hidden.search_candidates, 0150), so that a reader who sees a
-- part of the rows still finds some.
create function app_public.global_search(search text, per_kind integer default 5)
returns setof app_public.search_hit
language sql stable set search_path = pg_catalog as $$
  with t as (
    select btrim(search) typed, lower(btrim(search)) low,
           least(greatest(coalesce(per_kind, 5), 1), 50) n
  ),
  invoices as (
    select 'invoice'::text kind, i.id::text id, i.invoice_ref title,
           coalesce(s.short_name, s.legal_name) party, i.invoice_date record_date, i.amount_w_vat amount,
           i.currency::text currency, null::text detail,
           lower(i.invoice_ref) = t.low or i.id::text = t.typed exact,
           row_number() over (order by lower(i.invoice_ref) = t.low or i.id::text = t.typed desc,
                                       i.invoice_date desc, i.id desc) r, t.n
      from t, app_public.invoices i
      left join app_public.suppliers s on s.id = i.supplier_id
     where i.id = any ((select app_hidden.search_candidates('invoice', search, 2000))::integer[])
  ),
  bills as (
    select 'bill', b.id::text, b.name, coalesce(c.short_name, c.legal_name), b.invoice_date,
           b.amount_w_vat, b.currency::text, nullif(b.invoice_ref, ''),
           lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low or b.id::text = t.typed,
           row_number() over (order by lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low
                                       or b.id::text = t.typed desc, b.invoice_date desc, b.id desc), t.n
      from t, app_public.bills b
      left join app_public.clients c on c.id = b.client_id
     where b.id = any ((select app_hidden.search_candidates('bill', search, 2000))::integer[])
  ),
  costs as (
    select 'cost', c.id::text, c.name, coalesce(s.short_name, s.legal_name), i.invoice_date,
           c.amount_w_vat, c.currency::text, i.invoice_ref,
           lower(c.name) = t.low or c.id::text = t.typed,
           row_number() over (order by lower(c.name) = t.low or c.id::text = t.typed desc,
                                       c.created_at desc, c.id desc), t.n
      from t, app_public.costs c
      left join app_public.invoices i on i.id = c.invoice_id
      left join app_public.suppliers s on s.id = i.supplier_id
     where c.id = any ((select app_hidden.search_candidates('cost', search, 2000))::integer[])
  ),
  documents as (
    select 'document', d.id::text, d.name, null::text, d.signing_date, d.amount, d.currency::text,
           d.contract_number,
           lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low,
           row_number() over (order by lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low desc,
                                       d.created_at desc, d.id), t.n
      from t, app_public.documents d
     where d.id = any ((select app_hidden.search_candidates('document', search, 2000))::uuid[])
  ),
  suppliers as (
    select 'supplier', s.id::text, coalesce(s.short_name, s.legal_name), null::text, null::date,
           null::numeric, null::text, concat_ws(' · ', s.legal_name, s.tax_id, s.country),
           lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low or s.tax_id = t.typed,
           row_number() over (order by lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low
                                       or s.tax_id = t.typed desc, s.is_archived, s.legal_name, s.id), t.n
      from t, app_public.suppliers s
     where s.id = any ((select app_hidden.search_candidates('supplier', search, 2000))::uuid[])
  ),
  clients as (
    select 'client', c.id::text, coalesce(c.short_name, c.legal_name), null::text, null::date,
           null::numeric, null::text, concat_ws(' · ', c.legal_name, c.tax_id, c.country),
           lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low or c.tax_id = t.typed,
           row_number() over (order by lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low
                                       or c.tax_id = t.typed desc, c.is_archived, c.legal_name, c.id), t.n
      from t, app_public.clients c
     where c.id = any ((select app_hidden.search_candidates('client', search, 2000))::uuid[])
  )
  select kind, id, title, party, record_date, amount, currency, detail, exact from (
    select * from invoices union all select * from bills union all select * from costs
    union all select * from documents union all select * from suppliers union all select * from clients
  ) hits
   where r <= n
   order by array_position(array['invoice', 'bill', 'cost', 'document', 'supplier', 'client'], kind), r
$$;
comment on function app_public.global_search(text, integer) is 'The global search: up to perKind (1 to 50, default 5) invoices, bills, costs, documents, suppliers and clients the caller may read whose number or name contains the text (at least 3 characters, or an id typed in full), exact matches first, then the newest. Ordered by kind.';
