-- DuplicateInvoice names the paid invoice in the client's language too: the refusal carries its
-- number, date and id as JSON in the error's DETAIL, which the API passes on as extensions
-- (server/src/graphql/errors.ts), so the web's message can name it.
create or replace function app_private.tg_invoices__not_paid_twice() returns trigger
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
    raise exception using errcode = 'LL001', hint = 'DuplicateInvoice',
      message = format('This supplier''s invoice %s of %s (#%s) is already paid.',
                       paid.invoice_ref, to_char(paid.invoice_date, 'YYYY-MM-DD'), paid.id),
      detail = json_build_object('invoiceId', paid.id, 'invoiceRef', paid.invoice_ref,
                                 'invoiceDate', to_char(paid.invoice_date, 'YYYY-MM-DD'))::text;
  end if;
  return new;
end;
$$;
