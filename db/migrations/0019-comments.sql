-- Every exposed function and type says what it does (schema.graphql shows these as the
-- descriptions of its queries, mutations and fields; a test fails on one without).

comment on type app_public.invoice_status is 'Draft, open, rejected, validated, paid, or static (kept for reference).';
comment on type app_public.cost_status is 'To approve, approved or rejected.';
comment on type app_public.bill_status is 'Open, validated or paid.';
comment on type app_public.payment_method is 'How money was paid: by bank transaction or in cash.';
comment on type app_public.payment_status is 'Unpaid, partially paid or paid, from the payments against the amount with VAT.';

-- Invoices
comment on function app_public.open_invoice(integer) is 'Draft → open, once every live cost is approved (invoice:write).';
comment on function app_public.validate_invoice(integer) is 'Open → validated, every live cost approved; records the validator (validate_invoice).';
comment on function app_public.reject_invoice(integer, text) is 'Open or validated → rejected with a reason; its live costs are rejected as invoice_rejected (validate_invoice).';
comment on function app_public.reopen_invoice(integer) is 'Rejected → open, once every live cost is approved again (invoice:write).';
comment on function app_public.reset_invoice_to_open(integer) is 'Validated, rejected or paid → open; clears validated_by, reject_reason and closed_by (validate_invoice; from paid also close_invoice).';
comment on function app_public.set_invoice_deleted(integer, boolean) is 'Archives (true) or restores (false) an invoice with all its costs; its figures stay.';
comment on function app_public.delete_invoice(integer, boolean) is 'Deletes an invoice with its costs. Refused for validated or paid invoices and while payments exist, unless force (admin:invoice:write), which removes its payments too.';
comment on function app_public.archive_and_delete_invoices(integer[]) is 'Deletes several invoices (at least one id), all or nothing.';
comment on function app_public.duplicate_invoice(integer) is 'A new draft copy of the invoice, reference "… (copy)", with copies of its live costs to approve again.';
comment on function app_public.reject_invoices(integer[], text) is 'Rejects each invoice with the reason, all or nothing.';
comment on function app_public.validate_invoices(integer[]) is 'Validates each invoice, all or nothing.';
comment on function app_public.open_invoices(integer[]) is 'Opens each draft invoice, all or nothing.';
comment on function app_public.reopen_invoices(integer[]) is 'Reopens each rejected invoice, all or nothing.';
comment on function app_public.duplicate_invoices(integer[]) is 'Duplicates each invoice as a new draft, all or nothing.';
comment on function app_public.invoices_has_payments(app_public.invoices) is 'Whether any payment was recorded on the invoice.';
comment on function app_public.invoices_vat_amount(app_public.invoices) is 'The VAT of the invoice: amount with VAT minus amount.';
comment on function app_public.invoices_summary(integer[]) is 'Count, amount, VAT and total (and in USD) of the given visible invoices, exact.';
comment on function app_public.costs_summary(integer[]) is 'Count, amount, VAT and total (and in USD) of the given visible costs, exact.';
comment on function app_public.bills_summary(integer[]) is 'Count, amount, VAT and total (and in USD) of the given visible bills, exact.';
comment on function app_public.get_cost_invoice_id(integer) is 'The invoice of a visible cost (for links to a cost''s invoice).';

-- Payments
comment on function app_public.create_bill_payment(integer, numeric, text, timestamptz, app_public.payment_method) is 'Records a payment on a bill, in its currency, up to the remaining amount; returns the link with the payment.';
comment on function app_public.create_payments(app_public.payment_input[]) is 'Records several payments (each with an invoice id or a bill id), all or nothing.';
comment on function app_public.delete_payment(uuid) is 'Deletes a payment and its link; refused for a record closed as paid.';

-- Bills
comment on function app_public.create_bill_with_costs(text, uuid, uuid, date, integer, integer, text, numeric, numeric, integer[], uuid, uuid, text, text, date, uuid) is 'Creates a bill and attaches the selected approved, unbilled costs of its subsidiary, in one call (bill:write).';
comment on function app_public.validate_bill(integer) is 'Open → validated: valid and payable (bill:write).';
comment on function app_public.close_bill_as_paid(integer, app_public.payment_method, timestamptz) is 'Validated → paid. When money remains, give the method and date of a final payment of the remaining amount, recorded in the same call; otherwise refused (BillNotFullyPaid).';
comment on function app_public.set_bill_deleted(integer, boolean) is 'Archives (true) or restores (false) a bill.';
comment on function app_public.delete_bill(integer, boolean) is 'Deletes a bill and detaches its costs; refused while payments exist unless force (admin:bill), which removes its payments and costs too.';
comment on function app_public.bills_has_payments(app_public.bills) is 'Whether any payment was recorded on the bill.';
comment on function app_public.bills_vat_amount(app_public.bills) is 'The VAT of the bill: amount with VAT minus amount.';

-- Documents
comment on function app_public.edit_document(uuid, jsonb, uuid[], uuid[]) is 'Changes the fields given in data (column names) and, in the same call, detaches and attaches child documents.';
comment on function app_public.set_document_deleted(uuid, boolean) is 'Archives (true) or restores (false) a document; records who archived it.';
comment on function app_public.get_document_prep_vals(uuid) is 'The parties of a document (principal, client, service, contractor), to prefill a related one.';
comment on function app_public.documents_parent_name(app_public.documents) is 'The name of the parent document (the contract this one belongs to).';

-- Roles and accounts
comment on function app_public.create_role(text, text[]) is 'Creates a role with a name and at least one scope (admin:role).';
comment on function app_public.update_role_scopes(uuid, text[], text[]) is 'Adds and removes scopes of a role; a role keeps at least one (admin:role).';
comment on function app_public.set_default_account(uuid, uuid) is 'Makes an account the user''s main account, used at sign-in (one''s own, or with admin:user).';
comment on function app_public.update_account_scopes(uuid, text[], uuid[]) is 'Adds scopes to an account and removes its additional scope rows (admin:user).';
comment on function app_public.update_account_subsidiaries(uuid, uuid[], uuid[]) is 'Adds and removes the subsidiaries an account is limited to (admin:user).';
comment on function app_public.update_account_projects(uuid, uuid[], uuid[]) is 'Adds and removes the projects an account is limited to (admin:user).';

-- Look-ups
comment on function app_public.find_client_by_name(text) is 'The first client (by legal name) whose legal name matches the pattern (ILIKE).';
comment on function app_public.find_supplier_by_name(text) is 'The first supplier (by legal name) whose legal name matches the pattern (ILIKE).';
comment on function app_public.find_subsidiary_by_name(text) is 'The first visible subsidiary (by legal name) whose legal name matches the pattern (ILIKE).';
comment on function app_public.search_currencies(text) is 'Currencies whose code or name matches the pattern, at most 25.';
comment on function app_public.search_scopes(text) is 'Scopes (that you can see) whose name matches the pattern, at most 25.';
comment on function app_public.contractors() is 'Every contractor a document may name (suppliers).';
comment on function app_public.principals() is 'Every principal a document may name (the visible subsidiaries).';
comment on function app_public.find_contractor_by_name(text) is 'The first contractor whose legal name matches the pattern (ILIKE).';
comment on function app_public.find_principal_by_name(text) is 'The first principal whose legal name matches the pattern (ILIKE).';

-- Notifications and files
comment on function app_public.mark_notification_read(uuid) is 'Marks one of your notifications read.';
comment on function app_public.mark_all_notifications_read() is 'Marks all your notifications read; returns how many changed.';
comment on function app_public.add_bill_files(integer, uuid[]) is 'Attaches files to a bill you may write: your own unattached uploads, or files attached to a record you may write.';
comment on function app_public.add_invoice_files(integer, uuid[]) is 'Attaches files to an invoice you may write: your own unattached uploads, or files attached to a record you may write.';
comment on function app_public.add_cost_files(integer, uuid[]) is 'Attaches files to a cost you may write: your own unattached uploads, or files attached to a record you may write.';
comment on function app_public.add_document_files(uuid, uuid[]) is 'Attaches files to a document you may write: your own unattached uploads, or files attached to a record you may write.';
comment on function app_public.remove_bill_files(integer, uuid[]) is 'Detaches files from a bill; a file nothing else refers to is deleted.';
comment on function app_public.remove_invoice_files(integer, uuid[]) is 'Detaches files from an invoice; a file nothing else refers to is deleted.';
comment on function app_public.remove_cost_files(integer, uuid[]) is 'Detaches files from a cost; a file nothing else refers to is deleted.';
comment on function app_public.remove_document_files(uuid) is 'Detaches every file of a document you may write; a file nothing else refers to is deleted.';
comment on function app_public.find_files_by_hashes(text[]) is 'Stored files (that you can see) with these sha256 hashes: duplicate detection before an upload.';
