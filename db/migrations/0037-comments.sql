-- db/schema.sql explains the functions the API never shows (app_hidden: helpers the policies and
-- SQL functions call; app_private: triggers and what they run) and the private tables, and says
-- what each row-level security policy is for (docs/architecture.md). Comments only; nothing else
-- changes. A function later replaced keeps its comment; a policy dropped and created again needs
-- its comment again.

do $$
declare
  item record;
  fn regprocedure;
begin
  for item in select * from (values
    ('app_hidden', 'account_exists', 'The account with this id, or AccountNotFound.'),
    ('app_hidden', 'account_scopes', 'Scopes of an account: its role''s plus its own, closed under implication. Empty for an account of an inactive user.'),
    ('app_hidden', 'aging', 'The aging report (invoices payable or bills receivable): outstanding USD per subsidiary in the buckets current, 1-30, 31-60, 61-90 and over 90 days past due, with a total row.'),
    ('app_hidden', 'aging_rows', 'The outstanding USD of each unpaid live invoice or bill and its days past due on a date, for app_hidden.aging.'),
    ('app_hidden', 'allowed_project_ids', 'Projects the signed-in account may see; null means all. The account''s project list and its access pattern both limit, when present.'),
    ('app_hidden', 'allowed_subsidiary_ids', 'Subsidiaries the signed-in account is limited to; null means all.'),
    ('app_hidden', 'available_actions', 'The actions the signed-in account may take on a record in this state (the detail screens show these buttons and no others; the functions still check everything, including the data).'),
    ('app_hidden', 'bill_for_payment', 'The bill to pay, as the caller sees it (BillNotFound otherwise), locked so that its payments and costs change one at a time.'),
    ('app_hidden', 'bill_for_update', 'The bill as the caller sees it, locked for the change; BillNotFound when it does not exist, Forbidden when the caller may not change it.'),
    ('app_hidden', 'cannot_change_status', 'Raises CannotChangeStatus: the action is not allowed from the records current status.'),
    ('app_hidden', 'check_payment', 'Checks a payment against SPEC §5 and the record it pays; returns nothing, raises on a problem.'),
    ('app_hidden', 'check_period', 'SPEC §5: the period (month) of a cost or bill cannot be later than the current month.'),
    ('app_hidden', 'check_period_range', 'Checks a reports period range: months from 1 to 12 (InvalidPeriod) and a start not after the end (InvalidPeriodRange).'),
    ('app_hidden', 'cost_for_update', 'A cost is changed under its invoice''s lock, taken first, in the same order as the invoice workflows (invoice, then costs), so that the two cannot wait on each other.'),
    ('app_hidden', 'costs_status_of', 'What the statuses of an invoices or bills live costs come to: none, the one status they share, or mixed.'),
    ('app_hidden', 'current_role_name', 'The role name of the signed-in account, recorded in the audit trail.'),
    ('app_hidden', 'current_scopes', 'The scopes of the signed-in account, from its stored access row (app_private.account_access); none without a matching account and user.'),
    ('app_hidden', 'delete_unreferenced_files', 'Deletes the given files that nothing references any more (their bytes are swept later).'),
    ('app_hidden', 'document_for_update', 'The document as the caller sees it, locked for the change; DocumentNotFound when it does not exist, Forbidden when the caller may not change it.'),
    ('app_hidden', 'document_ids_shared_with_me', 'The documents the signed-in user is named on as an editor (and, unless editors_only, as a reader); read by the documents policies.'),
    ('app_hidden', 'fail', 'Raises a user-facing error: SQLSTATE class LL, the message for people, the stable code as HINT.'),
    ('app_hidden', 'file_attachment_count', 'How many records a file is attached to (all of them, whoever can see them).'),
    ('app_hidden', 'file_is_referenced', 'A file still referenced by something: a link row, a bill''s act, a user''s avatar.'),
    ('app_hidden', 'file_writable_attachment_count', 'A file attached to a document counts as writable by the caller on the same terms.'),
    ('app_hidden', 'in_period_range', 'Whether (year, month) lies in the range: same year, the months between; across years, the start year from its month, whole years between, the end year up to its month.'),
    ('app_hidden', 'invoice_for_payment', 'The record to pay, as the caller sees it (a payer needs no right to change it), then locked so that payments and cost changes on it are serialised.'),
    ('app_hidden', 'invoice_for_update', 'The invoice as the caller sees it, locked for the change; ''The invoice not found'' otherwise.'),
    ('app_hidden', 'invoice_suppliers', 'The supplier of each invoice whose costs the caller may see (an account may report on costs without reading invoices).'),
    ('app_hidden', 'is_own_account', 'Whether the account belongs to the signed-in user.'),
    ('app_hidden', 'margin_percent', 'Margin in percent of the bills, 2 decimals; none when there are no bills.'),
    ('app_hidden', 'normalized_company_name', 'A company name without case, punctuation or legal-form words, for the similarity check.'),
    ('app_hidden', 'record_dependents', 'Counts the rows of every table whose foreign key to `tbl` refuses a delete (restrict or no action), by table. Runs as the owner: the caller''s visibility is checked by the public wrapper.'),
    ('app_hidden', 'reference_not_found', 'Raises the NotFound error of a kind of record (InvoiceNotFound, BillNotFound, CostNotFound, ...) for a reference the caller cannot see.'),
    ('app_hidden', 'report_bills', 'The live bills of a reports projects and period range, as the caller may see them (create_report scope).'),
    ('app_hidden', 'report_costs', 'The approved, live costs and live bills of the report, as the caller may see them.'),
    ('app_hidden', 'require_costs_approved', 'SPEC §4 "Open: all costs are approved": validating and closing need it as much as opening.'),
    ('app_hidden', 'require_ids', 'Raises IdsRequired when a bulk action is given no ids.'),
    ('app_hidden', 'require_scope', 'Raises Forbidden, naming the scope, unless the signed-in account has it.'),
    ('app_hidden', 'require_user', 'The signed-in users id; raises UserIdUndefined without one.'),
    ('app_hidden', 'require_visible_files', 'The files to attach must be ones the caller can see (typically their own uploads).'),
    ('app_hidden', 'usd_rate', 'USD per unit of a currency on a date: the latest rate on or before it. USD itself is 1.'),
    ('app_hidden', 'workflow_mode', 'Workflow functions set this for their own transaction; guards let workflow columns change only then. (''force'' also allows what only force deletes may do.) No API can set it.'),
    ('app_private', 'check_role_has_scope', 'A role needs at least one scope (checked at commit, so scopes can be replaced in one call).'),
    ('app_private', 'delete_expired_files', 'Uploads not attached within their grace period are removed (called by the server''s sweeper).'),
    ('app_private', 'notify', 'Adds a notification for a user (never for the user who caused it), with the parameters the web app translates.'),
    ('app_private', 'refresh_bill_costs_status', 'Recomputes a bills costs_status from its live costs.'),
    ('app_private', 'refresh_bill_payments', 'Recomputes a bills paid amount, payment status and last payment date from its payments.'),
    ('app_private', 'refresh_invoice_payments', 'Recomputes an invoices paid amount, payment status and last payment date from its payments.'),
    ('app_private', 'refresh_invoice_totals', 'An invoice''s figures are the sums of its live costs. Archiving an invoice archives its costs with it (SPEC §4) and keeps its figures: the costs of an archived invoice all count.'),
    ('app_private', 'tg__audit', 'Writes each insert, update (with the changed fields, old and new) and delete of an audited table to app_public.audit_trail, with who did it and as which role.'),
    ('app_private', 'tg__created_by', 'Stamps created_by with the signed-in user (migrations and seeds, with no user, keep theirs).'),
    ('app_private', 'tg__payment_amount_usd', 'A payments amount in USD, at the rate of its currency on its date (the latest on or before it).'),
    ('app_private', 'tg__timestamps', 'Keeps created_at / updated_at honest whatever the client sends.'),
    ('app_private', 'tg_account_access__account_rows', 'accounts_scopes, accounts_subsidiaries, accounts_projects: the accounts named by the rows.'),
    ('app_private', 'tg_account_access__accounts', 'accounts: a new or changed accounts access row is recomputed (a deleted ones goes with it).'),
    ('app_private', 'tg_account_access__projects', 'projects: accounts with a project limit (a list or a pattern; a pattern matches access keys).'),
    ('app_private', 'tg_account_access__role_scopes', 'role_scopes: every account of the role.'),
    ('app_private', 'tg_account_access__subsidiaries', 'subsidiaries: accounts without a subsidiary limit see every one.'),
    ('app_private', 'tg_account_access__users', 'users: an inactive user''s accounts hold no scopes.'),
    ('app_private', 'tg_accounts__not_current', 'An administrator editing accounts in the browser must not cut off the session in use: the account one is signed in with cannot be deleted (another administrator can do it).'),
    ('app_private', 'tg_bills__amounts', 'Bills carry their own amount and VAT; the rest is derived.'),
    ('app_private', 'tg_bills__guard', 'Outside the workflow functions a bill is created open and live, and its status, closer and deletion change only through them (CannotChangeStatus).'),
    ('app_private', 'tg_bills__keep_act', 'A bills act file no longer expires once attached.'),
    ('app_private', 'tg_bills__notify', 'Tells the bills creator that it was closed as paid.'),
    ('app_private', 'tg_bills__payment_status', 'A change of a bills total changes how paid it is.'),
    ('app_private', 'tg_bills_payments__refresh', 'A bills payment link locks the bill, then recomputes its paid amount and status.'),
    ('app_private', 'tg_costs__amounts', 'Checks a costs period and derives its amounts with VAT and in USD at its invoices date.'),
    ('app_private', 'tg_costs__from_invoice', 'A costs write locks its invoice (and bill) first, so that the invoices subsidiary, currency and date are current and the totals recomputed after the write see every committed cost.'),
    ('app_private', 'tg_costs__guard', 'Outside the workflow functions a cost is created to approve and live, changes status only through them, and an approved cost cannot be deleted (CannotDeleteApprovedCost).'),
    ('app_private', 'tg_costs__notify', 'Tells a costs creator that it was approved or rejected (not when its invoices rejection rejected it).'),
    ('app_private', 'tg_costs__totals', 'A costs change recomputes its invoices totals and its bills costs status, old and new ones when it moves.'),
    ('app_private', 'tg_documents__unlink_subsidiary', 'A document whose principal changes is no longer the linked document of its former principal subsidiary.'),
    ('app_private', 'tg_file_links__keep_file', 'Once attached, a file no longer expires.'),
    ('app_private', 'tg_invoices__archive_totals', 'Archiving or restoring an invoice keeps its figures (see refresh_invoice_totals).'),
    ('app_private', 'tg_invoices__guard', 'Outside the workflow functions an invoices status, validator, closer, reject reason and deletion do not change, and a validated or paid invoice keeps its terms (CannotChangeStatus).'),
    ('app_private', 'tg_invoices__guard_insert', 'Outside the workflow functions an invoice is created as a live draft.'),
    ('app_private', 'tg_invoices__notify', 'Tells an invoices creator that it was rejected (with the reason), validated or closed.'),
    ('app_private', 'tg_invoices__payment_status', 'A change of an invoice''s or bill''s total changes how paid it is.'),
    ('app_private', 'tg_invoices__reprice_costs', 'A change of invoice date or currency re-prices its costs in USD.'),
    ('app_private', 'tg_invoices__to_costs', 'An invoices subsidiary and currency are its costs.'),
    ('app_private', 'tg_invoices_payments__refresh', 'Payment links lock what they pay before its summary is recomputed.'),
    ('app_private', 'tg_payment_links__subsidiary', 'A payment takes the subsidiary of the invoice or bill it is linked to (its policy reads it).'),
    ('app_private', 'tg_payment_owner__subsidiary', 'An invoices or bills new subsidiary is its payments too.'),
    ('app_private', 'tg_payments__refresh', 'A payments new amount or date recomputes what it pays, each invoice and bill locked first.'),
    ('app_private', 'tg_role_scopes__need_scope', 'Removing a scope from a role checks at commit that the role keeps one.'),
    ('app_private', 'tg_roles__need_scope', 'A new role must have a scope by the end of the transaction.'),
    ('app_private', 'tg_subsidiaries__sync_linked_document', 'A subsidiarys linked document has the subsidiary as its principal.'),
    ('app_private', 'tg_users__keep_avatar', 'A users avatar file no longer expires once set.')
  ) as f(schema_name, function_name, comment) loop
    for fn in select p.oid::regprocedure from pg_proc p
               where p.pronamespace = item.schema_name::regnamespace and p.proname = item.function_name loop
      execute format('comment on function %s is %L', fn, item.comment);
    end loop;
  end loop;
end;
$$;

comment on table app_private.login_attempts is 'Failed sign-ins per username and per client address in the current rate-limit window (LOGIN_RATE_LIMIT, LOGIN_RATE_WINDOW_MS); read and written by the server''s auth module only.';
comment on table app_private.refresh_tokens is 'Refresh tokens, stored as hashes: each sign-in starts a family, each refresh spends one token and issues the next; a spent token used again revokes its whole family.';
comment on table app_private.user_secrets is 'Password hashes (argon2id), apart from app_public.users so that no API role can read them.';

-- The policies by name: the same name means the same rule on every table (the condition printed
-- with it in db/schema.sql says which scope and columns).
do $$
declare
  p record;
  comment text;
begin
  for p in select schemaname, tablename, policyname from pg_policies where schemaname = 'app_public' loop
    comment := case p.policyname
      when 'select_allowed' then 'Who reads a row of %s: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).'
      when 'select_project_limited' then 'The rows of %s an account with a project limit reads: its requests run as ledgerline_project_limited, and the row''s project must be in its allowed set. Only ever hides rows.'
      when 'select_visible' then 'Who reads a row of %s: whoever may read the record it belongs to or names.'
      when 'select_reader' then 'Who reads %s: an account with the reference data''s read scope.'
      when 'select_signed_in' then 'Any signed-in account reads %s.'
      when 'select_all' then 'Anyone reads %s.'
      when 'select_own' then 'A user reads only their own rows of %s.'
      when 'update_own' then 'A user changes only their own rows of %s.'
      when 'delete_own' then 'A user deletes only their own rows of %s.'
      when 'select_own_or_admin' then 'A user reads their own rows of %s; admin:user reads all.'
      when 'update_own_or_admin' then 'A user changes their own row of %s; admin:user any.'
      when 'insert_own_or_admin' then 'A user adds rows of %s for themselves; admin:user for anyone.'
      when 'insert_writer' then 'Who adds a row to %s: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.'
      when 'update_writer' then 'Who changes a row of %s: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.'
      when 'delete_writer' then 'Who deletes a row of %s: an account with its write scope, within what it may see.'
      when 'insert_admin' then 'Only an administrator (the scope named) adds to %s.'
      when 'update_admin' then 'Only an administrator (the scope named) changes %s.'
      when 'delete_admin' then 'Only an administrator (the scope named) deletes from %s.'
      when 'insert_signed_in' then 'A signed-in user adds rows to %s as themselves.'
      when 'update_uploader' then 'Only the user who uploaded a row of %s changes it.'
      when 'delete_uploader' then 'Only the user who uploaded a row of %s deletes it.'
    end;
    if comment is not null then
      execute format('comment on policy %I on %I.%I is %L', p.policyname, p.schemaname, p.tablename,
                     format(comment, p.schemaname || '.' || p.tablename));
    end if;
  end loop;
end;
$$;
