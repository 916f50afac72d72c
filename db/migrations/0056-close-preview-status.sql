-- The bulk close-as-paid preview (0050) also gives each invoice's status and whether it is
-- archived, so that a refusal for the state ("Cannot change status.") can say why: only a live,
-- validated invoice is closed as paid.
alter type app_public.close_as_paid_preview add attribute status text, add attribute is_deleted boolean;

create or replace function app_public.close_invoices_as_paid_preview(ids integer[],
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
                 else greatest(app_public.invoices_remaining_amount(invoice), 0) end, null, null,
            invoice.status::text, invoice.is_deleted);
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
