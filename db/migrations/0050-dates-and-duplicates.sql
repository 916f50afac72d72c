-- Dates and amounts that make sense (issue 32, item 5; docs/invoices.md "Dates and duplicates").
--
-- 1. A payment is never dated after today (in the database's time zone): 01.01.2030 was accepted.
--    A prepayment dated before its invoice stays allowed. Checked on every insert and every change
--    of the date, whatever the path (a payment, a final payment of close-as-paid, a bank import).
-- 2. An invoice whose supplier and number (ignoring case and surrounding spaces) are those of a
--    live invoice already paid is refused (DuplicateInvoice, naming the paid one). An unpaid match
--    is only a warning in the wizard (likely_duplicate_invoices).
-- 3. close_invoices_as_paid_preview: what a bulk close-as-paid will do, invoice by invoice, before
--    it runs: the final payment each records and, for one that would be refused, the code and the
--    reason — found by running the real close of each invoice and rolling it back.

create function app_private.tg_payments__not_in_future() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if new.payment_date::date > current_date then
    perform app_hidden.fail('PaymentDateInFuture',
      format('A payment cannot be dated in the future: %s is after today (%s).',
             to_char(new.payment_date::date, 'YYYY-MM-DD'), to_char(current_date, 'YYYY-MM-DD')));
  end if;
  return new;
end;
$$;
comment on function app_private.tg_payments__not_in_future() is 'Refuses a payment dated after today (PaymentDateInFuture).';
create trigger _150_not_in_future before insert or update of payment_date on app_public.payments
  for each row execute function app_private.tg_payments__not_in_future();

-- The live paid invoice with this supplier and number, if any (all invoices, whoever may see them:
-- the refusal names it by number and date only, which the caller has just typed).
create function app_hidden.paid_invoice_with_number(supplier_id uuid, invoice_ref text, except_id integer)
returns app_public.invoices
language sql stable security definer set search_path = pg_catalog as $$
  select i.* from app_public.invoices i
   where i.supplier_id = paid_invoice_with_number.supplier_id
     and lower(btrim(i.invoice_ref)) = lower(btrim(paid_invoice_with_number.invoice_ref))
     and i.status = 'paid' and not i.is_deleted
     and i.id is distinct from except_id
   order by i.id limit 1
$$;
revoke all on function app_hidden.paid_invoice_with_number(uuid, text, integer) from public;

create function app_private.tg_invoices__not_paid_twice() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  paid app_public.invoices;
begin
  if tg_op = 'UPDATE' and (new.supplier_id, lower(btrim(new.invoice_ref)))
                          is not distinct from (old.supplier_id, lower(btrim(old.invoice_ref))) then
    return new;
  end if;
  paid := app_hidden.paid_invoice_with_number(new.supplier_id, new.invoice_ref, new.id);
  if paid.id is not null then
    perform app_hidden.fail('DuplicateInvoice',
      format('This supplier''s invoice %s of %s (#%s) is already paid.',
             paid.invoice_ref, to_char(paid.invoice_date, 'YYYY-MM-DD'), paid.id));
  end if;
  return new;
end;
$$;
comment on function app_private.tg_invoices__not_paid_twice() is 'Refuses an invoice with the supplier and number of a live paid one (DuplicateInvoice).';
create index invoices_supplier_ref_idx on app_public.invoices (supplier_id, lower(btrim(invoice_ref)));
create trigger _160_not_paid_twice before insert or update of supplier_id, invoice_ref on app_public.invoices
  for each row execute function app_private.tg_invoices__not_paid_twice();

-- The preview of a bulk close-as-paid.
create type app_public.close_as_paid_preview as (
  invoice_id integer,
  invoice_ref text,
  currency text,
  amount_w_vat numeric,
  final_payment numeric,
  refusal_code text,
  refusal_message text
);
comment on type app_public.close_as_paid_preview is 'One invoice of a bulk close-as-paid: the final payment it records (0: already paid in full) or why it would be refused.';

create function app_public.close_invoices_as_paid_preview(ids integer[],
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns setof app_public.close_as_paid_preview
language plpgsql volatile set search_path = pg_catalog as $$
declare
  item integer;
  invoice app_public.invoices;
  row app_public.close_as_paid_preview;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop
    select * into invoice from app_public.invoices i where i.id = item;
    row := (item, invoice.invoice_ref, invoice.currency, invoice.amount_w_vat,
            case when invoice.id is null then null
                 else greatest(app_public.invoices_remaining_amount(invoice), 0) end, null, null);
    begin
      perform app_public.close_invoice_as_paid(item, coalesce(final_payment_method, 'transaction'),
                                               coalesce(final_payment_date, now()));
      -- It would close: undo it (the block's subtransaction is rolled back).
      raise exception using errcode = 'LL999', message = 'preview';
    exception
      when sqlstate 'LL999' then null;
      when others then
        declare
          code text;
          message text;
          state text;
        begin
          get stacked diagnostics code = pg_exception_hint, message = message_text, state = returned_sqlstate;
          row.refusal_code := case when state like 'LL%' then nullif(code, '')
                                   when state = '42501' then 'Forbidden'
                                   else 'BusinessRule' end;
          row.refusal_message := message;
        end;
    end;
    return next row;
  end loop;
end;
$$;
comment on function app_public.close_invoices_as_paid_preview(integer[], app_public.payment_method, timestamptz) is
  'What closeInvoicesAsPaid would do to each invoice, without doing it: the final payment it records, or the code and reason of its refusal.';
grant execute on function app_public.close_invoices_as_paid_preview(integer[], app_public.payment_method, timestamptz) to ledgerline_visitor;
