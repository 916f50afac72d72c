-- The suggestions of a 10,000-line statement took 38 s: the lines of a statement just inserted
-- have no statistics, so the planner expected one line and read the open invoices and bills (with
-- their payments, under row-level security) once per line. Now the candidates of the statement's
-- subsidiary and currency are read once, and the lines are matched to them by a hash on
-- (side, amount) in memory (bench/results/banking.md).
create or replace function app_hidden.suggest_bank_matches(statement_id uuid) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  found_lines uuid[];
  found_invoices integer[];
  found_bills integer[];
  found_confidence text[];
  statement_subsidiary uuid;
  statement_currency text;
begin
  select s.subsidiary_id, s.currency::text into statement_subsidiary, statement_currency
    from app_public.bank_statements s where s.id = suggest_bank_matches.statement_id;
  with candidates as materialized (
    select c.invoice_id, c.bill_id, c.direction, c.remaining, c.number
      from app_hidden.open_payables c
     where c.subsidiary_id = statement_subsidiary and c.currency = statement_currency and c.remaining > 0
  ), lines as materialized (
    select l.id, sign(l.amount)::integer as direction, abs(l.amount) - l.matched_amount as amount,
           coalesce(l.remittance, '') || ' ' || coalesce(l.bank_reference, '') as body
      from app_public.bank_statement_lines l
     where l.statement_id = suggest_bank_matches.statement_id and l.status in ('unmatched', 'partly_matched')
  ), matched as (
    select l.id as line_id, c.invoice_id, c.bill_id, app_hidden.number_in_text(c.number, l.body) as by_number
      from lines l join candidates c on c.direction = l.direction and c.remaining = l.amount
  ), best as (
    select line_id,
           count(*) as total,
           count(*) filter (where by_number) as numbered,
           (array_agg(invoice_id order by by_number desc, invoice_id, bill_id))[1] as invoice_id,
           (array_agg(bill_id order by by_number desc, invoice_id, bill_id))[1] as bill_id
      from matched group by line_id
  )
  select array_agg(line_id), array_agg(invoice_id), array_agg(bill_id),
         array_agg(case when numbered = 1 then 'high' else 'medium' end)
    into found_lines, found_invoices, found_bills, found_confidence
    from best where numbered = 1 or total = 1;
  return app_hidden.bank_lines_store_suggestions(coalesce(found_lines, '{}'), coalesce(found_invoices, '{}'),
                                                 coalesce(found_bills, '{}'), coalesce(found_confidence, '{}'));
end;
$$;
