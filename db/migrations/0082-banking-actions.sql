-- What the signed-in account may do to a statement line or a statement, for the screens (they show
-- these buttons and no others): the same conditions the matching functions check (0080).

create function app_public.bank_statement_lines_available_actions(line app_public.bank_statement_lines)
returns text[]
language sql stable set search_path = pg_catalog as $$
  select case when not app_hidden.has_scope('payment:write') then '{}'::text[] else
    array_remove(array[
      case when line.status in ('unmatched', 'partly_matched') then 'accept' end,
      case when line.status = 'unmatched' then 'ignore' end,
      case when line.status <> 'unmatched' then 'undo' end
    ], null) end
$$;
comment on function app_public.bank_statement_lines_available_actions(app_public.bank_statement_lines) is 'What the account may do to the line: accept (a match), ignore (not a payment), undo.';

create function app_public.bank_statements_available_actions(statement app_public.bank_statements)
returns text[]
language sql stable set search_path = pg_catalog as $$
  select case when app_hidden.has_scope('payment:write') and exists (
                select from app_public.bank_statement_lines l
                 where l.statement_id = statement.id and l.status = 'unmatched' and l.suggestion_confidence = 'high')
              then array['accept_high_confidence'] else '{}'::text[] end
$$;
comment on function app_public.bank_statements_available_actions(app_public.bank_statements) is 'What the account may do to the statement: accept_high_confidence (its sure matches at once).';

-- The invoice or bill a matched payment settles, for the list of a line's payments.
create function app_public.bank_line_payments_record_label(link app_public.bank_line_payments) returns text
language sql stable set search_path = pg_catalog as $$
  select coalesce(
    (select i.invoice_ref from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
      where ip.payment_id = link.payment_id),
    (select coalesce(b.invoice_ref, b.name) from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id
      where bp.payment_id = link.payment_id))
$$;
comment on function app_public.bank_line_payments_record_label(app_public.bank_line_payments) is 'The number of the invoice or bill the matched payment settles.';
