-- Audit trail: the part of a row's data that a history or the audit log shows (issue 27): the
-- record's name or number, currency, status, reason, amount, the ids it links to, and the file,
-- cost or payment copied in. A page of the audit log carried each row's whole record (most of its
-- size and serialisation time) for these few fields.
create function app_public.audit_trail_summary(a app_public.audit_trail) returns jsonb
language sql stable set search_path = pg_catalog as $$
  select coalesce(jsonb_object_agg(e.key, e.value), '{}')
    from jsonb_each(a.row_data) e
   where e.key = any ('{name,invoice_ref,currency,status,reject_reason,amount,payment_date,payment_method,invoice_id,bill_id,document_id,contract_reference,file,cost,payment}'::text[])
$$;
comment on function app_public.audit_trail_summary(app_public.audit_trail) is 'The fields of row_data a history shows: name or number, currency, status, reason, amount, linked ids, and the file, cost or payment.';
grant execute on function app_public.audit_trail_summary(app_public.audit_trail) to ledgerline_visitor;
