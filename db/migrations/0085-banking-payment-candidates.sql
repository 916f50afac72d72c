-- Payments typed by hand that a statement line may be (link_bank_line_payment, 0080): of the
-- line's subsidiary and currency, on its side of the money, not on a statement yet, at most what
-- is left of the line, dated within 30 days of it; the closest amount and date first.
create function app_public.bank_statement_lines_payment_candidates(line app_public.bank_statement_lines)
returns setof app_public.payments
language sql stable set search_path = pg_catalog as $$
  select p.* from app_public.payments p
   where p.subsidiary_id = line.subsidiary_id and p.currency = line.currency
     and p.amount <= abs(line.amount) - line.matched_amount
     and p.payment_date >= (line.value_date - 30)::timestamptz and p.payment_date < (line.value_date + 31)::timestamptz
     and line.status in ('unmatched', 'partly_matched')
     and not exists (select from app_public.bank_line_payments blp where blp.payment_id = p.id)
     and case when line.amount < 0
              then exists (select from app_public.invoices_payments ip where ip.payment_id = p.id)
              else exists (select from app_public.bills_payments bp where bp.payment_id = p.id) end
   order by abs(p.amount - (abs(line.amount) - line.matched_amount)), abs(p.payment_date::date - line.value_date), p.id
   limit 10
$$;
comment on function app_public.bank_statement_lines_payment_candidates(app_public.bank_statement_lines) is 'Payments recorded by hand that this line may be, closest first (at most 10).';
