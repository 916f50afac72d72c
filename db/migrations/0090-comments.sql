-- db/schema.sql explains what the API does not show (0037): the app_hidden and app_private
-- functions, the private table and the row-level security policies added or created again by
-- 0040-0086 get their comments here. Comments only; nothing else changes.

-- app_hidden ------------------------------------------------------------------------------------

comment on function app_hidden.audit_derived_columns(text) is 'The columns of a table that the database derives (totals, statuses summarised from lines, visibility helpers): a change of only these is a recalculation, which a record''s history leaves out.';
comment on function app_hidden.available_actions(text, integer) is 'The actions the signed-in account may take on a record now: the transitions from its state (app_private.transitions) whose scopes it holds and whose preconditions hold. The detail screens show these buttons and no others.';
comment on function app_hidden.bank_line_for_change(uuid) is 'The statement line as the caller sees it, with every change to it serialized; needs payment:write, BankLineNotFound otherwise.';
comment on function app_hidden.bank_line_link(uuid, uuid, boolean) is 'Links a payment to a statement line the caller has been checked to see and change, noting whether the match created the payment (as the owner: the visitor has no write grants on the link table).';
comment on function app_hidden.bank_line_refresh(uuid, text) is 'Sets a statement line''s matched amount and status (unmatched, partly matched, matched) from its payments, or marks it ignored with a note.';
comment on function app_hidden.bank_line_unlink(uuid, uuid) is 'Removes the link between a statement line and a payment (as the owner: the visitor has no write grants on the link table; the caller has been checked to see and change the line).';
comment on function app_hidden.bank_lines_store_suggestions(uuid[], integer[], integer[], text[]) is 'Stores the suggested invoice or bill and its confidence on the given statement lines of the caller''s subsidiaries; none without payment:write. Returns how many lines changed.';
comment on function app_hidden.blob_in_use(text) is 'Whether any file still has this content (by its sha256), so that its bytes are kept.';
comment on function app_hidden.check_bank_allocation(app_public.bank_statement_lines, text, uuid, numeric) is 'Checks that a record may be paid from a statement line: money going out pays invoices and money coming in settles bills (BankMatchWrongSide), the same subsidiary (BankMatchOtherSubsidiary) and an amount above 0 (InvalidAmount).';
comment on function app_hidden.contract_status(date, date, boolean, date, date) is 'The status of a contract on a day: terminated from its termination day, draft until signed, expired after its expiration date (unless it extends itself), active otherwise.';
comment on function app_hidden.cost_needs_two_approvals(uuid, numeric) is 'Whether a cost needs two approvals: its amount in USD with VAT is above its subsidiary''s approval limit.';
comment on function app_hidden.fail(text, text, jsonb) is 'Raises a user-facing error with parameters: SQLSTATE class LL, the message for people, the stable code as HINT and the parameters of the translated message as DETAIL.';
comment on function app_hidden.import_error_code(text, text, text) is 'The stable code of a refused import row (docs/errors.md), from our functions'' hint, the constraint or the SQLSTATE.';
comment on function app_hidden.live_cost_count(integer) is 'How many live costs an invoice has, whoever may see them (a count only).';
comment on function app_hidden.lock_date(uuid) is 'The lock date of a subsidiary, whoever asks (the lock applies to every account).';
comment on function app_hidden.number_in_text(text, text) is 'Whether a record''s number appears in a remittance text, case ignored; numbers shorter than 3 characters are never taken as found.';
comment on function app_hidden.open_when_costs_approved(integer) is 'Opens a draft invoice once all its live costs are approved (as the owner: the approver need not hold invoice:write).';
comment on function app_hidden.paid_invoice_with_number(uuid, text, integer) is 'The live paid invoice of this supplier with this number (case and spaces ignored), other than the one given, whoever may see it; for the duplicate invoice check.';
comment on function app_hidden.party_name_matches(text, text, text) is 'Whether the counterparty name on a statement line names the party: one contains the other, case ignored (names shorter than 3 characters never match).';
comment on function app_hidden.period_date(integer, integer) is 'The period of a cost or bill as a date: its month''s first day (a month is locked once any day of it is).';
comment on function app_hidden.period_lock_refusal(uuid, date, text) is 'The PeriodLocked refusal for a record dated on or before its subsidiary''s lock date, or null when the date is not locked.';
comment on function app_hidden.precondition_refusal(app_hidden.workflow_record, text) is 'Why a precondition of a transition does not hold for a record now (code, message, details), or null: costs not approved, segregation of duties, a second approval, the period lock.';
comment on function app_hidden.raise_refusal(jsonb) is 'Raises a refusal (code, message, details) through app_hidden.fail; does nothing for null.';
comment on function app_hidden.record_label(text, integer, text) is 'How a record is named in refusals: its kind, number and reference (language-neutral).';
comment on function app_hidden.require_writable_file(uuid) is 'Raises FileNotFound unless the caller sees the file, Forbidden unless the caller may change or delete it.';
comment on function app_hidden.save_bank_csv_mapping(uuid, jsonb) is 'Saves the CSV column mapping of a bank account at a CSV import (as the owner: whoever may import; the caller has been checked to see the account).';
comment on function app_hidden.set_new_user_password(uuid, text) is 'Sets the first password (an argon2id hash) of a user the caller has just created: only with admin:user, and only for a user without a password yet.';
comment on function app_hidden.store_bank_statement(app_public.bank_accounts, text, text, text, uuid, numeric, numeric, integer, jsonb) is 'Writes a checked bank statement and its lines (as the owner: the caller, import_bank_statement, has checked the scope, the account and the balances). StatementAlreadyImported when the account has a statement with this reference or any account has the same file.';
comment on function app_hidden.supplier_ids_seen_whole() is 'The suppliers whose invoices a supplier''s user without a project limit sees whole (none for others); call as (select app_hidden.supplier_ids_seen_whole()).';
comment on function app_hidden.supplier_tax_id_valid(text, text) is 'Whether a supplier''s tax id is valid for its country: in Russia an ИНН with valid check digits, in a European country with a known format its VAT number, elsewhere an ИНН or 5 to 20 letters and digits.';
comment on function app_hidden.transition_refusal(app_hidden.workflow_record, text) is 'Why an action cannot be taken on a record now, or null: no transition from its state or it is archived (CannotChangeStatus), a scope missing (Forbidden), or a precondition failing, in that order.';
comment on function app_hidden.vat_id_pattern(text) is 'The pattern of a European country''s VAT number, with its country prefix (Greece uses EL); null when the country has no format here.';
comment on function app_hidden.workflow_record(text, integer) is 'An invoice, cost or bill as a workflow record (state, archived, subsidiary, creator, date, label, first approver, amount), as the caller sees it.';

-- app_private -----------------------------------------------------------------------------------

comment on function app_private.audit_details(app_public.audit_trail, jsonb) is 'Details an audit row''s record does not hold itself (a link row only has ids): the file''s name, the payment''s amount, the cost and invoice of a cost''s file. Taken from the record''s previous audit row when the record is gone.';
comment on function app_private.audit_refs(app_public.audit_trail) is 'The records whose history shows an audit row (the record itself and the invoice, bill or document it belongs to), and the subsidiary it belongs to.';
comment on function app_private.tg__company_identity_normal_form() is 'Stores what a person types for a client, supplier or subsidiary in one form: the country as its two-letter code (UnknownCountry, CountryRequired), tax numbers without spaces, dots and dashes.';
comment on function app_private.tg__period_lock() is 'The period lock on invoices, costs, bills and payments: nothing dated on or before its subsidiary''s lock date is created, changed or deleted (PeriodLocked), checked before and after the change. Writes without a signed-in user are not checked.';
comment on function app_private.tg_audit_trail__append_only() is 'The audit trail is append-only: no role of the application may change or delete a row (AuditTrailAppendOnly).';
comment on function app_private.tg_audit_trail__chain() is 'Before an audit row is stored: its record id, the records it shows on, its position in its record''s chain and its hash. Writers of one record wait on its chain head (app_private.audit_heads).';
comment on function app_private.tg_bank_accounts__normalize() is 'Stores a bank account''s IBAN without spaces in upper case, its BIC in capitals, and a blank BIC or account number as none.';
comment on function app_private.tg_costs__first_approval() is 'A cost''s first approval changes only in the workflow functions (CannotChangeStatus), and a change of what was approved (amount, VAT, project, period, ...) withdraws it.';
comment on function app_private.tg_documents__children_follow_parties() is 'A document''s children follow it to a new contractor or principal, so that the family keeps one pair of parties.';
comment on function app_private.tg_documents__hierarchy() is 'Checks a document''s place under its parent: the parent''s type allows it, the parent is not archived, both have the same parties, no cycle; and a changed type still suits its children. Reads as the owner: a child the caller cannot see still keeps its parent''s shape.';
comment on function app_private.tg_subsidiaries__controls() is 'Only an administrator sets a subsidiary''s approval limit and lock date (Forbidden); every change is logged in app_public.subsidiary_control_changes.';
comment on function app_private.tg_transitions__preconditions() is 'A transition names only known preconditions (app_private.preconditions).';
comment on function app_private.tg_users__active() is 'A user cannot deactivate themselves (CannotDeactivateSelf); a deactivated user''s refresh tokens are revoked in the same transaction, whoever deactivates them.';

comment on table app_private.contract_expiry_notices is 'Which contract expirations were announced (document and expiration date), so that each is announced once; a new expiration date is announced again.';

-- Policies --------------------------------------------------------------------------------------

comment on policy select_visible on app_public.audit_trail is 'Who reads a row of app_public.audit_trail: an administrator (admin) every row; others the rows of records they can see (app_hidden.audit_row_visible).';

comment on policy select_visible on app_public.files is 'Who reads a row of app_public.files: its uploader, and whoever sees a bill, invoice, cost or document it is attached to, the bill whose act it is or the bank statement imported from it; any signed-in user reads avatars.';
comment on policy update_writable on app_public.files is 'Who changes a row of app_public.files: its uploader while nothing references it, afterwards only someone who may write every record it is attached to.';
comment on policy delete_writable on app_public.files is 'Who deletes a row of app_public.files: its uploader while nothing references it, afterwards only someone who may write every record it is attached to.';

comment on policy select_allowed on app_public.subsidiary_control_changes is 'Who reads a row of app_public.subsidiary_control_changes: an account with company:read, within the subsidiaries it may see.';

comment on policy select_signed_in on app_public.countries is 'Any signed-in account reads app_public.countries.';
comment on policy select_signed_in on app_public.document_type_parents is 'Any signed-in account reads app_public.document_type_parents.';

comment on policy select_supplier on app_public.invoices is 'For ledgerline_project_limited: a supplier''s user without a project limit, with invoice:read, reads its suppliers'' invoices within the subsidiaries it may see.';
comment on policy select_own_without_costs on app_public.invoices is 'For ledgerline_project_limited: an account with invoice:read reads the invoices without costs that it created itself (the wizard''s new invoice), within the subsidiaries it may see.';
comment on policy select_supplier_only on app_public.invoices is 'For ledgerline_project_limited, restrictive: a supplier''s user reads only its suppliers'' invoices, whatever else admits them. Only ever hides rows.';
comment on policy write_supplier_only on app_public.invoices is 'Restrictive: a supplier''s user adds invoices only for its own suppliers.';
comment on policy update_supplier_only on app_public.invoices is 'Restrictive: a supplier''s user changes only its suppliers'' invoices, and cannot move one to another supplier.';

comment on policy select_supplier on app_public.costs is 'For ledgerline_project_limited: a supplier''s user without a project limit, with cost:read, reads the costs within the subsidiaries it may see (select_supplier_only keeps those of its suppliers'' invoices).';
comment on policy select_supplier_only on app_public.costs is 'For ledgerline_project_limited, restrictive: a supplier''s user reads only the costs of its suppliers'' invoices, whatever else admits them. Only ever hides rows.';

comment on policy select_not_supplier on app_public.bills is 'For ledgerline_project_limited, restrictive: a supplier''s user reads no bills, whatever else admits them. Only ever hides rows.';

comment on policy select_allowed on app_public.bank_accounts is 'Who reads a row of app_public.bank_accounts: an account with payment:read, within the subsidiaries it may see.';
comment on policy insert_writer on app_public.bank_accounts is 'Who adds a row to app_public.bank_accounts: an account with company:write_subsidiary, within the subsidiaries it may see.';
comment on policy update_writer on app_public.bank_accounts is 'Who changes a row of app_public.bank_accounts: an account with company:write_subsidiary, within the subsidiaries it may see (and the account stays in one of them).';
comment on policy delete_writer on app_public.bank_accounts is 'Who deletes a row of app_public.bank_accounts: an account with company:write_subsidiary, within the subsidiaries it may see.';
comment on policy select_allowed on app_public.bank_statements is 'Who reads a row of app_public.bank_statements: an account with payment:read, within the subsidiaries it may see.';
comment on policy select_allowed on app_public.bank_statement_lines is 'Who reads a row of app_public.bank_statement_lines: an account with payment:read, within the subsidiaries it may see.';
comment on policy select_allowed on app_public.bank_line_payments is 'Who reads a row of app_public.bank_line_payments: an account with payment:read, within the subsidiaries it may see (the line''s).';
