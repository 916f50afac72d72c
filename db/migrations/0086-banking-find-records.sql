-- Any open invoice or bill a line may pay, found by its number or its supplier's or client's name
-- (for a record the suggestions do not propose): the same candidates as the suggestions (the
-- line's subsidiary, currency and side of the money, as the caller sees them), at most 20.
create function app_public.bank_statement_lines_find_records(line app_public.bank_statement_lines, search text)
returns setof app_public.bank_match_suggestion
language sql stable set search_path = pg_catalog as $$
  select c.kind, c.invoice_id, c.bill_id, c.number, c.party_name, c.remaining, c.currency, c.due_date,
         0, c.remaining = abs(line.amount) - line.matched_amount, false, false, 'low'
    from app_hidden.open_payables c
   where c.subsidiary_id = line.subsidiary_id and c.currency = line.currency::text
     and c.direction = sign(line.amount)::integer and c.remaining > 0
     and line.status in ('unmatched', 'partly_matched')
     and length(btrim(search)) >= 2
     and (strpos(lower(coalesce(c.number, '')), lower(btrim(search))) > 0
          or strpos(lower(c.party_name), lower(btrim(search))) > 0
          or strpos(lower(c.party_legal_name), lower(btrim(search))) > 0)
   order by c.due_date desc, c.invoice_id, c.bill_id
   limit 20
$$;
comment on function app_public.bank_statement_lines_find_records(app_public.bank_statement_lines, text) is 'Open invoices or bills this line may pay whose number or party name contains the text (at least 2 characters; at most 20).';
