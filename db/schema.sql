-- The current schema, generated from the migrated database by `npm run schema:export`.
-- Do not edit: change the schema with a new migration in db/migrations/ and export again.

create schema app_public;
create schema app_hidden;
create schema app_private;

create type app_hidden.workflow_record as (entity text, id integer, state text, is_deleted boolean, subsidiary_id uuid, created_by uuid, dated date, label text, first_approved_by uuid, amount_usd_w_vat numeric, invoice_id integer);
create type app_public.aging_row as (subsidiary_id uuid, subsidiary_name text, current_usd numeric, days_1_30_usd numeric, days_31_60_usd numeric, days_61_90_usd numeric, over_90_usd numeric, total_usd numeric, count integer);
comment on type app_public.aging_row is 'Outstanding amounts of one subsidiary (none: all) by days past due, in USD.';
create type app_public.bank_allocation as (invoice_id integer, bill_id integer, amount numeric);
comment on type app_public.bank_allocation is 'Part of a statement line paying an invoice (invoice_id) or a bill (bill_id).';
create type app_public.bank_match_suggestion as (kind text, invoice_id integer, bill_id integer, number text, party_name text, remaining numeric, currency text, due_date date, score integer, amount_matches boolean, number_matches boolean, party_matches boolean, confidence text);
comment on type app_public.bank_match_suggestion is 'An open invoice or bill that a statement line may pay, with why it was proposed (score: higher is better).';
create type app_public.bank_reconciliation as (bank_account_id uuid, from_date date, to_date date, currency text, opening_balance numeric, closing_balance numeric, statement_total numeric, matched_total numeric, ignored_total numeric, unmatched_total numeric, unmatched_count integer, unseen_payments_total numeric, unseen_payments_count integer);
comment on type app_public.bank_reconciliation is 'A bank account over a period: the statements'' balances and movement against the matched payments, what is unmatched, and the payments never seen on a statement.';
create type app_public.bill_status as enum ('open', 'validated', 'paid');
comment on type app_public.bill_status is 'Open, validated or paid.';
create type app_public.close_as_paid_preview as (invoice_id integer, invoice_ref text, currency text, amount_w_vat numeric, final_payment numeric, refusal_code text, refusal_message text, status text, is_deleted boolean);
comment on type app_public.close_as_paid_preview is 'One invoice of a bulk close-as-paid: the final payment it records (0: already paid in full) or why it would be refused.';
create type app_public.company as (id uuid, type text, legal_name text, short_name text);
comment on type app_public.company is 'A client, supplier or subsidiary.';
create type app_public.contract_status as enum ('draft', 'active', 'expired', 'terminated');
comment on type app_public.contract_status is 'draft: not signed yet; active: signed and not expired; expired: its expiration date has passed (and it does not extend itself); terminated: ended early on its termination day.';
create type app_public.cost_status as enum ('to_approve', 'approved', 'rejected');
comment on type app_public.cost_status is 'To approve, approved or rejected.';
create type app_public.costs_status as enum ('none', 'to_approve', 'approved', 'rejected', 'mixed');
comment on type app_public.costs_status is 'Summary of the live costs of an invoice or bill: none, all in one status, or mixed.';
create type app_public.document_prep_vals as (principal_id uuid, client_id uuid, service_id uuid, contractor_id uuid);
comment on type app_public.document_prep_vals is 'The parties of a document, to prefill a related one.';
create type app_public.exchange_rate_problem as (line integer, code text, message text);
comment on type app_public.exchange_rate_problem is 'A problem of one row of an exchange-rate import (line = the row''s number, from 1).';
create type app_public.file_attachment as (kind text, record_id text);
comment on type app_public.file_attachment is 'A record a file is attached to: kind bill, invoice, cost, document, act or avatar, and its id.';
create type app_public.import_problem as (line integer, code text, message text);
comment on type app_public.import_problem is 'A problem of one row of an import (line = the row''s number in the file''s data, from 1).';
create type app_public.invoice_status as enum ('draft', 'open', 'rejected', 'validated', 'paid', 'static');
comment on type app_public.invoice_status is 'Draft, open, rejected, validated, paid, or static (kept for reference).';
create type app_public.invoice_type as enum ('regular', 'prepayment', 'credit_note');
comment on type app_public.invoice_type is 'regular: goods or services delivered; prepayment: advance invoice; credit_note: correction.';
create type app_public.payment_input as (invoice_id integer, bill_id integer, amount numeric, currency text, payment_date timestamp with time zone, payment_method app_public.payment_method);
comment on type app_public.payment_input is 'A payment for an invoice (invoice_id) or a bill (bill_id).';
create type app_public.payment_method as enum ('transaction', 'cash');
comment on type app_public.payment_method is 'How money was paid: by bank transaction or in cash.';
create type app_public.payment_status as enum ('unpaid', 'partially_paid', 'paid');
comment on type app_public.payment_status is 'Unpaid, partially paid or paid, from the payments against the amount with VAT.';
create type app_public.record_dependent as (table_name text, count integer);
comment on type app_public.record_dependent is 'How many rows of a table refer to a record.';
create type app_public.record_dependent_row as (table_name text, id text, label text);
comment on type app_public.record_dependent_row is 'A record that refers to another one (its table, id and name), for a refused delete.';
create type app_public.remaining_amount as (id integer, remaining numeric, currency text);
comment on type app_public.remaining_amount is 'What is left to pay on an invoice or bill.';
create type app_public.report_month as (year integer, month integer, costs_usd numeric, bills_usd numeric, margin_usd numeric, margin_percent numeric, is_total boolean);
comment on type app_public.report_month is 'A month of the analytics report in USD with VAT (costs, bills, margin = bills − costs, margin in % of bills); the last row (isTotal) is the whole range.';
create type app_public.report_project as (id uuid, name text);
comment on type app_public.report_project is 'A project the account may report on.';
create type app_public.report_project_row as (id uuid, name text, costs_usd numeric, bills_usd numeric, margin_usd numeric, margin_percent numeric);
comment on type app_public.report_project_row is 'A project of the report: costs, bills, margin and margin % in USD with VAT. No id: rows without a project.';
create type app_public.report_share as (id uuid, name text, costs_usd numeric, share_percent numeric);
comment on type app_public.report_share is 'Approved costs of one cost type or supplier in USD with VAT, and its share of all costs of the report in %.';
create type app_public.search_hit as (kind text, id text, title text, party text, record_date date, amount numeric, currency text, detail text, exact boolean);
comment on type app_public.search_hit is 'A record found by the global search: its kind (invoice, bill, cost, document, supplier, client), id, title (number or name), its party (supplier or client), record date (invoice or signing date), amount with currency, a line that tells it apart further (a bill''s or cost''s invoice number, a contract number, a party''s legal name and tax id) and whether its number or name is what was typed.';

create table app_private.account_access (
  account_id uuid not null,
  user_id uuid not null,
  scopes text[] not null,
  visible_subsidiary_ids uuid[] not null,
  allowed_project_ids uuid[],
  allowed_project_keys jsonb generated always as (
CASE
    WHEN (cardinality(allowed_project_ids) > 0) THEN jsonb_object((allowed_project_ids)::text[], array_fill(''::text, ARRAY[cardinality(allowed_project_ids)]))
    ELSE NULL::jsonb
END) stored,
  constraint account_access_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE,
  constraint account_access_pkey PRIMARY KEY (account_id)
);
comment on table app_private.account_access is 'Per account, what the policies ask: effective scopes (empty for an inactive user), visible subsidiaries (the allowed ones, or all), allowed projects (null: no limit). Kept by triggers; read by the app_hidden helpers.';
comment on column app_private.account_access.allowed_project_keys is 'allowed_project_ids as the keys of a jsonb object (null when none are listed or there is no limit), for the policies'' key lookups (app_hidden.allowed_project_keys()).';

create table app_private.audit_heads (
  table_name text not null,
  record_id text not null,
  record_seq integer not null,
  hash bytea,
  constraint audit_heads_pkey PRIMARY KEY (table_name, record_id)
);
comment on table app_private.audit_heads is 'The last position and hash of each record''s audit chain; its row lock serialises the writers of the record.';

create table app_private.contract_expiry_notices (
  document_id uuid not null,
  expiration_date date not null,
  notified_at timestamp with time zone default now() not null,
  constraint contract_expiry_notices_document_id_fkey FOREIGN KEY (document_id) REFERENCES app_public.documents(id) ON DELETE CASCADE,
  constraint contract_expiry_notices_pkey PRIMARY KEY (document_id, expiration_date)
);
comment on table app_private.contract_expiry_notices is 'Which contract expirations were announced (document and expiration date), so that each is announced once; a new expiration date is announced again.';

create table app_private.login_attempts (
  key text not null,
  window_start timestamp with time zone not null,
  failures integer not null,
  constraint login_attempts_pkey PRIMARY KEY (key)
);
comment on table app_private.login_attempts is 'Failed sign-ins per username and per client address in the current rate-limit window (LOGIN_RATE_LIMIT, LOGIN_RATE_WINDOW_MS); read and written by the server''s auth module only.';

create table app_private.preconditions (
  name text not null,
  code text not null,
  description text not null,
  constraint preconditions_pkey PRIMARY KEY (name)
);
comment on table app_private.preconditions is 'What a transition needs besides its state and scopes; checked by app_hidden.precondition_refusal.';

create table app_private.refresh_tokens (
  id uuid default gen_random_uuid() not null,
  family_id uuid not null,
  user_id uuid not null,
  account_id uuid not null,
  token_hash bytea not null,
  created_at timestamp with time zone default now() not null,
  expires_at timestamp with time zone not null,
  used_at timestamp with time zone,
  revoked_at timestamp with time zone,
  constraint refresh_tokens_pkey PRIMARY KEY (id),
  constraint refresh_tokens_token_hash_key UNIQUE (token_hash),
  constraint refresh_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE
);
comment on table app_private.refresh_tokens is 'Refresh tokens, stored as hashes: each sign-in starts a family, each refresh spends one token and issues the next; a spent token used again revokes its whole family.';
CREATE INDEX refresh_tokens_family_idx ON app_private.refresh_tokens USING btree (family_id);
CREATE INDEX refresh_tokens_user_idx ON app_private.refresh_tokens USING btree (user_id);

create table app_private.transitions (
  entity text not null,
  action text not null,
  from_state text not null,
  to_state text,
  scopes text[] not null,
  on_archived boolean default false not null,
  preconditions text[] default '{}'::text[] not null,
  constraint transitions_entity CHECK ((entity = ANY (ARRAY['invoice'::text, 'cost'::text, 'bill'::text]))),
  constraint transitions_pkey PRIMARY KEY (entity, action, from_state),
  constraint transitions_scopes CHECK ((cardinality(scopes) > 0))
);
comment on table app_private.transitions is 'Which action moves an invoice, cost or bill from which state to which, and with which scopes.';
comment on column app_private.transitions.preconditions is 'Names in app_private.preconditions: each must hold for the action to be taken (and offered).';
CREATE TRIGGER _100_known_preconditions BEFORE INSERT OR UPDATE ON app_private.transitions FOR EACH ROW EXECUTE FUNCTION app_private.tg_transitions__preconditions();

create table app_private.user_secrets (
  user_id uuid not null,
  password_hash text not null,
  password_changed_at timestamp with time zone default now() not null,
  constraint user_secrets_pkey PRIMARY KEY (user_id),
  constraint user_secrets_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE
);
comment on table app_private.user_secrets is 'Password hashes (argon2id), apart from app_public.users so that no API role can read them.';

create table app_public.accounts (
  id uuid default gen_random_uuid() not null,
  name text not null,
  user_id uuid not null,
  role_id uuid not null,
  access_pattern_projects text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint accounts_access_pattern_valid CHECK (((access_pattern_projects IS NULL) OR app_public.is_valid_access_pattern(access_pattern_projects))),
  constraint accounts_id_user_unique UNIQUE (id, user_id),
  constraint accounts_name_required CHECK ((btrim(name) <> ''::text)),
  constraint accounts_pkey PRIMARY KEY (id),
  constraint accounts_role_id_fkey FOREIGN KEY (role_id) REFERENCES app_public.roles(id) ON DELETE RESTRICT,
  constraint accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE
);
comment on table app_public.accounts is 'One way a user works: a role, additional scopes, and optional limits to subsidiaries and projects.';
comment on column app_public.accounts.access_pattern_projects is 'Project access pattern: include and !exclude access keys with * wildcards (docs/permissions.md). Null: no pattern.';
comment on constraint accounts_access_pattern_valid on app_public.accounts is '@code InvalidAccessToken
Invalid project access token.';
CREATE INDEX accounts_role_id_idx ON app_public.accounts USING btree (role_id);
CREATE INDEX accounts_user_id_idx ON app_public.accounts USING btree (user_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.accounts FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _050_not_current BEFORE DELETE ON app_public.accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg_accounts__not_current();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _900_account_access AFTER INSERT ON app_public.accounts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__accounts();
CREATE TRIGGER _900_account_access_update AFTER UPDATE ON app_public.accounts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__accounts();
alter table app_public.accounts enable row level security;
create policy delete_admin on app_public.accounts for delete to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy delete_admin on app_public.accounts is 'Only an administrator (the scope named) deletes from app_public.accounts.';
create policy insert_admin on app_public.accounts for insert to public
  with check (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy insert_admin on app_public.accounts is 'Only an administrator (the scope named) adds to app_public.accounts.';
create policy select_own_or_admin on app_public.accounts for select to public
  using (((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR ( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope)));
comment on policy select_own_or_admin on app_public.accounts is 'A user reads their own rows of app_public.accounts; admin:user reads all.';
create policy update_admin on app_public.accounts for update to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy update_admin on app_public.accounts is 'Only an administrator (the scope named) changes app_public.accounts.';
grant delete, insert (name, user_id, role_id, access_pattern_projects), select, update (name, role_id, access_pattern_projects) on app_public.accounts to ledgerline_visitor;

create table app_public.accounts_projects (
  account_id uuid not null,
  project_id uuid not null,
  constraint accounts_projects_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE,
  constraint accounts_projects_pkey PRIMARY KEY (account_id, project_id),
  constraint accounts_projects_project_id_fkey FOREIGN KEY (project_id) REFERENCES app_public.projects(id) ON DELETE RESTRICT
);
comment on table app_public.accounts_projects is '@behavior -insert -update -delete
Limits an account to these projects. None: all projects (unless an access pattern limits them). Changed with updateAccountProjects.';
CREATE INDEX accounts_projects_project_idx ON app_public.accounts_projects USING btree (project_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.accounts_projects FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _900_account_access_delete AFTER DELETE ON app_public.accounts_projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
CREATE TRIGGER _900_account_access_insert AFTER INSERT ON app_public.accounts_projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
CREATE TRIGGER _900_account_access_update AFTER UPDATE ON app_public.accounts_projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
alter table app_public.accounts_projects enable row level security;
create policy delete_admin on app_public.accounts_projects for delete to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy delete_admin on app_public.accounts_projects is 'Only an administrator (the scope named) deletes from app_public.accounts_projects.';
create policy insert_admin on app_public.accounts_projects for insert to public
  with check (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy insert_admin on app_public.accounts_projects is 'Only an administrator (the scope named) adds to app_public.accounts_projects.';
create policy select_own_or_admin on app_public.accounts_projects for select to public
  using ((( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope) OR app_hidden.is_own_account(account_id)));
comment on policy select_own_or_admin on app_public.accounts_projects is 'A user reads their own rows of app_public.accounts_projects; admin:user reads all.';
grant delete, insert, select on app_public.accounts_projects to ledgerline_visitor;

create table app_public.accounts_scopes (
  id uuid default gen_random_uuid() not null,
  account_id uuid not null,
  scope text not null,
  constraint accounts_scopes_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE,
  constraint accounts_scopes_pkey PRIMARY KEY (id),
  constraint accounts_scopes_scope_fkey FOREIGN KEY (scope) REFERENCES app_public.scopes(name) ON UPDATE CASCADE ON DELETE CASCADE,
  constraint accounts_scopes_unique UNIQUE (account_id, scope)
);
comment on table app_public.accounts_scopes is '@behavior -insert -update -delete
A scope an account holds in addition to its role''s. Changed with updateAccountScopes.';
CREATE INDEX accounts_scopes_scope_idx ON app_public.accounts_scopes USING btree (scope);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.accounts_scopes FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _900_account_access_delete AFTER DELETE ON app_public.accounts_scopes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
CREATE TRIGGER _900_account_access_insert AFTER INSERT ON app_public.accounts_scopes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
CREATE TRIGGER _900_account_access_update AFTER UPDATE ON app_public.accounts_scopes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
alter table app_public.accounts_scopes enable row level security;
create policy delete_admin on app_public.accounts_scopes for delete to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy delete_admin on app_public.accounts_scopes is 'Only an administrator (the scope named) deletes from app_public.accounts_scopes.';
create policy insert_admin on app_public.accounts_scopes for insert to public
  with check (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy insert_admin on app_public.accounts_scopes is 'Only an administrator (the scope named) adds to app_public.accounts_scopes.';
create policy select_own_or_admin on app_public.accounts_scopes for select to public
  using ((( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope) OR app_hidden.is_own_account(account_id)));
comment on policy select_own_or_admin on app_public.accounts_scopes is 'A user reads their own rows of app_public.accounts_scopes; admin:user reads all.';
create policy update_admin on app_public.accounts_scopes for update to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy update_admin on app_public.accounts_scopes is 'Only an administrator (the scope named) changes app_public.accounts_scopes.';
grant delete, insert (account_id, scope), select, update (scope) on app_public.accounts_scopes to ledgerline_visitor;

create table app_public.accounts_subsidiaries (
  account_id uuid not null,
  subsidiary_id uuid not null,
  constraint accounts_subsidiaries_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE,
  constraint accounts_subsidiaries_pkey PRIMARY KEY (account_id, subsidiary_id),
  constraint accounts_subsidiaries_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT
);
comment on table app_public.accounts_subsidiaries is '@behavior -insert -update -delete
Limits an account to these subsidiaries. None: all subsidiaries. Changed with updateAccountSubsidiaries.';
CREATE INDEX accounts_subsidiaries_subsidiary_idx ON app_public.accounts_subsidiaries USING btree (subsidiary_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.accounts_subsidiaries FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _900_account_access_delete AFTER DELETE ON app_public.accounts_subsidiaries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
CREATE TRIGGER _900_account_access_insert AFTER INSERT ON app_public.accounts_subsidiaries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
CREATE TRIGGER _900_account_access_update AFTER UPDATE ON app_public.accounts_subsidiaries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__account_rows();
alter table app_public.accounts_subsidiaries enable row level security;
create policy delete_admin on app_public.accounts_subsidiaries for delete to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy delete_admin on app_public.accounts_subsidiaries is 'Only an administrator (the scope named) deletes from app_public.accounts_subsidiaries.';
create policy insert_admin on app_public.accounts_subsidiaries for insert to public
  with check (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy insert_admin on app_public.accounts_subsidiaries is 'Only an administrator (the scope named) adds to app_public.accounts_subsidiaries.';
create policy select_own_or_admin on app_public.accounts_subsidiaries for select to public
  using ((( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope) OR app_hidden.is_own_account(account_id)));
comment on policy select_own_or_admin on app_public.accounts_subsidiaries is 'A user reads their own rows of app_public.accounts_subsidiaries; admin:user reads all.';
grant delete, insert, select on app_public.accounts_subsidiaries to ledgerline_visitor;

create table app_public.audit_trail (
  id bigint generated always as identity not null,
  event_id uuid default gen_random_uuid() not null,
  table_name text not null,
  row_id bigint,
  action text not null,
  changes jsonb,
  row_data jsonb not null,
  user_id uuid,
  user_role text,
  created_at timestamp with time zone default clock_timestamp() not null,
  record_id text not null,
  refs text[] not null,
  subsidiary_id uuid,
  record_seq integer not null,
  prev_hash bytea,
  hash bytea not null,
  constraint audit_trail_action CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text]))),
  constraint audit_trail_pkey PRIMARY KEY (id),
  constraint audit_trail_table_name CHECK ((table_name ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint audit_trail_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE SET NULL
);
comment on table app_public.audit_trail is '@behavior -insert -update -delete
Who changed which record, when, and how: costs, invoices, bills, documents, the files and payments attached to them. changes holds {column: {old, new}} for updates; row_data the row after the change (before it, for a delete). Append-only; each row is chained by hash to the previous row of its record.';
comment on column app_public.audit_trail.record_id is 'The id of the changed record, as text (integer or uuid).';
comment on column app_public.audit_trail.refs is '@behavior -*
The records whose history shows this row (kind:id), the changed record first.';
comment on column app_public.audit_trail.record_seq is 'The position of the row in its record''s history (1 is the first change).';
comment on column app_public.audit_trail.prev_hash is '@behavior -*
The hash of the previous row of the same record.';
comment on column app_public.audit_trail.hash is '@behavior -*
sha256 of the row''s content and the previous row''s hash (see app_hidden.audit_hash).';
CREATE INDEX audit_trail_action_created_idx ON app_public.audit_trail USING btree (action, created_at DESC, id DESC);
CREATE INDEX audit_trail_created_id_idx ON app_public.audit_trail USING btree (created_at DESC, id DESC);
CREATE INDEX audit_trail_record_created_idx ON app_public.audit_trail USING btree (record_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX audit_trail_record_seq_idx ON app_public.audit_trail USING btree (table_name, record_id, record_seq);
CREATE INDEX audit_trail_refs_idx ON app_public.audit_trail USING gin (refs);
CREATE INDEX audit_trail_row_idx ON app_public.audit_trail USING btree (table_name, row_id, created_at DESC);
CREATE INDEX audit_trail_subsidiary_created_idx ON app_public.audit_trail USING btree (subsidiary_id, created_at DESC, id DESC);
CREATE INDEX audit_trail_table_created_refs_idx ON app_public.audit_trail USING btree (table_name, created_at DESC, id DESC) INCLUDE (refs);
CREATE INDEX audit_trail_user_created_idx ON app_public.audit_trail USING btree (user_id, created_at DESC, id DESC);
CREATE TRIGGER _000_append_only BEFORE DELETE OR UPDATE ON app_public.audit_trail FOR EACH ROW EXECUTE FUNCTION app_private.tg_audit_trail__append_only();
CREATE TRIGGER _000_append_only_truncate BEFORE TRUNCATE ON app_public.audit_trail FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_audit_trail__append_only();
CREATE TRIGGER _100_chain BEFORE INSERT ON app_public.audit_trail FOR EACH ROW EXECUTE FUNCTION app_private.tg_audit_trail__chain();
alter table app_public.audit_trail enable row level security;
create policy select_visible on app_public.audit_trail for select to public
  using ((( SELECT app_hidden.has_scope('admin'::text) AS has_scope) OR app_hidden.audit_row_visible(table_name, refs)));
comment on policy select_visible on app_public.audit_trail is 'Who reads a row of app_public.audit_trail: an administrator (admin) every row; others the rows of records they can see (app_hidden.audit_row_visible).';
grant select on app_public.audit_trail to ledgerline_visitor;

create table app_public.bank_accounts (
  id uuid default gen_random_uuid() not null,
  subsidiary_id uuid not null,
  name text not null,
  iban text,
  account_number text,
  bic text,
  currency character(3) not null,
  csv_mapping jsonb,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint bank_accounts_bic_format CHECK (((bic IS NULL) OR (bic ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'::text))),
  constraint bank_accounts_csv_mapping_object CHECK (((csv_mapping IS NULL) OR (jsonb_typeof(csv_mapping) = 'object'::text))),
  constraint bank_accounts_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint bank_accounts_iban_valid CHECK (((iban IS NULL) OR app_hidden.iban_valid(iban))),
  constraint bank_accounts_identifier_required CHECK (((iban IS NOT NULL) OR (NULLIF(btrim(account_number), ''::text) IS NOT NULL))),
  constraint bank_accounts_name_required CHECK ((btrim(name) <> ''::text)),
  constraint bank_accounts_name_unique UNIQUE (subsidiary_id, name),
  constraint bank_accounts_pkey PRIMARY KEY (id),
  constraint bank_accounts_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT
);
comment on table app_public.bank_accounts is 'A bank account of a subsidiary: its statements are imported and matched to invoices and bills.';
comment on column app_public.bank_accounts.name is '@behavior +filterBy +orderBy
The account''s name, e.g. "ABN AMRO current account".';
comment on column app_public.bank_accounts.iban is '@behavior +filterBy
IBAN (ISO 13616, checked), stored without spaces in upper case.';
comment on column app_public.bank_accounts.account_number is '@behavior +filterBy
The account number, for an account without an IBAN.';
comment on column app_public.bank_accounts.csv_mapping is 'How a CSV statement of this account is read: columns of date, amount, counterparty, remittance; saved at the last CSV import.';
comment on column app_public.bank_accounts.created_at is '@behavior +filterBy +orderBy';
comment on constraint bank_accounts_bic_format on app_public.bank_accounts is '@code InvalidBic
The BIC must be 8 or 11 letters and digits (bank, country, location, branch).';
comment on constraint bank_accounts_iban_valid on app_public.bank_accounts is '@code InvalidIban
The IBAN is not valid (ISO 13616: country, check digits, account; mod-97 check).';
comment on constraint bank_accounts_identifier_required on app_public.bank_accounts is '@code BankAccountIdentifierRequired
A bank account needs an IBAN or an account number.';
comment on constraint bank_accounts_name_unique on app_public.bank_accounts is '@code NameTaken
The subsidiary already has a bank account with this name.';
CREATE INDEX bank_accounts_currency_idx ON app_public.bank_accounts USING btree (currency);
CREATE UNIQUE INDEX bank_accounts_iban_unique ON app_public.bank_accounts USING btree (iban) WHERE (iban IS NOT NULL);
comment on index app_public.bank_accounts_iban_unique is '@code IbanTaken
Another bank account already has this IBAN.';
CREATE INDEX bank_accounts_subsidiary_id_idx ON app_public.bank_accounts USING btree (subsidiary_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.bank_accounts FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _050_normalize BEFORE INSERT OR UPDATE ON app_public.bank_accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg_bank_accounts__normalize();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.bank_accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
alter table app_public.bank_accounts enable row level security;
create policy delete_writer on app_public.bank_accounts for delete to public
  using ((( SELECT app_hidden.has_scope('company:write_subsidiary'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy delete_writer on app_public.bank_accounts is 'Who deletes a row of app_public.bank_accounts: an account with company:write_subsidiary, within the subsidiaries it may see.';
create policy insert_writer on app_public.bank_accounts for insert to public
  with check ((( SELECT app_hidden.has_scope('company:write_subsidiary'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy insert_writer on app_public.bank_accounts is 'Who adds a row to app_public.bank_accounts: an account with company:write_subsidiary, within the subsidiaries it may see.';
create policy select_allowed on app_public.bank_accounts for select to public
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy select_allowed on app_public.bank_accounts is 'Who reads a row of app_public.bank_accounts: an account with payment:read, within the subsidiaries it may see.';
create policy update_writer on app_public.bank_accounts for update to public
  using ((( SELECT app_hidden.has_scope('company:write_subsidiary'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))))
  with check (app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)));
comment on policy update_writer on app_public.bank_accounts is 'Who changes a row of app_public.bank_accounts: an account with company:write_subsidiary, within the subsidiaries it may see (and the account stays in one of them).';
grant delete, insert (subsidiary_id, name, iban, account_number, bic, currency), select, update (name, iban, account_number, bic, currency) on app_public.bank_accounts to ledgerline_visitor;

create table app_public.bank_line_payments (
  id uuid default gen_random_uuid() not null,
  line_id uuid not null,
  payment_id uuid not null,
  subsidiary_id uuid not null,
  created boolean not null,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  constraint bank_line_payments_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint bank_line_payments_line_id_fkey FOREIGN KEY (line_id) REFERENCES app_public.bank_statement_lines(id) ON DELETE CASCADE,
  constraint bank_line_payments_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES app_public.payments(id) ON DELETE CASCADE,
  constraint bank_line_payments_payment_unique UNIQUE (payment_id),
  constraint bank_line_payments_pkey PRIMARY KEY (id),
  constraint bank_line_payments_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT
);
comment on table app_public.bank_line_payments is 'A payment matched to a bank statement line (a line may be split over several payments).';
comment on column app_public.bank_line_payments.subsidiary_id is '@behavior -*
The line''s subsidiary (kept for the visibility rule).';
comment on column app_public.bank_line_payments.created is 'Whether accepting the match created the payment (undo deletes it) or a hand-made payment was linked (undo unlinks it).';
CREATE INDEX bank_line_payments_created_by_idx ON app_public.bank_line_payments USING btree (created_by);
CREATE INDEX bank_line_payments_line_id_idx ON app_public.bank_line_payments USING btree (line_id);
CREATE INDEX bank_line_payments_subsidiary_id_idx ON app_public.bank_line_payments USING btree (subsidiary_id);
alter table app_public.bank_line_payments enable row level security;
create policy select_allowed on app_public.bank_line_payments for select to public
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy select_allowed on app_public.bank_line_payments is 'Who reads a row of app_public.bank_line_payments: an account with payment:read, within the subsidiaries it may see (the line''s).';
grant select on app_public.bank_line_payments to ledgerline_visitor;

create table app_public.bank_statement_lines (
  id uuid default gen_random_uuid() not null,
  statement_id uuid not null,
  bank_account_id uuid not null,
  subsidiary_id uuid not null,
  "position" integer not null,
  booking_date date not null,
  value_date date not null,
  amount numeric(18,2) not null,
  currency character(3) not null,
  counterparty_name text,
  counterparty_iban text,
  remittance text,
  bank_reference text,
  status text default 'unmatched'::text not null,
  matched_amount numeric(18,2) default 0 not null,
  ignore_note text,
  suggested_invoice_id integer,
  suggested_bill_id integer,
  suggestion_confidence text,
  constraint bank_statement_lines_amount_nonzero CHECK ((amount <> (0)::numeric)),
  constraint bank_statement_lines_bank_account_id_fkey FOREIGN KEY (bank_account_id) REFERENCES app_public.bank_accounts(id) ON DELETE RESTRICT,
  constraint bank_statement_lines_confidence CHECK ((suggestion_confidence = ANY (ARRAY['high'::text, 'medium'::text]))),
  constraint bank_statement_lines_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint bank_statement_lines_note_when_ignored CHECK (((status <> 'ignored'::text) OR (btrim(ignore_note) <> ''::text))),
  constraint bank_statement_lines_pkey PRIMARY KEY (id),
  constraint bank_statement_lines_position_unique UNIQUE (statement_id, "position"),
  constraint bank_statement_lines_statement_id_fkey FOREIGN KEY (statement_id) REFERENCES app_public.bank_statements(id) ON DELETE CASCADE,
  constraint bank_statement_lines_status CHECK ((status = ANY (ARRAY['unmatched'::text, 'partly_matched'::text, 'matched'::text, 'ignored'::text]))),
  constraint bank_statement_lines_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT,
  constraint bank_statement_lines_suggested_bill_id_fkey FOREIGN KEY (suggested_bill_id) REFERENCES app_public.bills(id) ON DELETE SET NULL,
  constraint bank_statement_lines_suggested_invoice_id_fkey FOREIGN KEY (suggested_invoice_id) REFERENCES app_public.invoices(id) ON DELETE SET NULL
);
comment on table app_public.bank_statement_lines is 'A booked line of a bank statement: money in (positive, settles bills) or out (negative, pays invoices).';
comment on column app_public.bank_statement_lines.subsidiary_id is '@behavior -*
The bank account''s subsidiary (kept for the visibility rule).';
comment on column app_public.bank_statement_lines.counterparty_name is '@behavior +filterBy
Who paid or was paid, as the bank names them.';
comment on column app_public.bank_statement_lines.remittance is '@behavior +filterBy
The remittance text (what the payer wrote).';
comment on column app_public.bank_statement_lines.bank_reference is '@behavior +filterBy
The bank''s or the payer''s reference (end-to-end id).';
comment on column app_public.bank_statement_lines.status is 'unmatched, partly_matched, matched (payments cover the whole amount) or ignored (not an invoice or bill payment, with a note).';
comment on column app_public.bank_statement_lines.matched_amount is 'The sum of the payments matched to the line (always positive).';
comment on column app_public.bank_statement_lines.suggestion_confidence is 'The best suggestion found at import: high (the one open record with this remaining amount and its number in the remittance) or medium (the one with this remaining amount).';
CREATE INDEX bank_statement_lines_account_amount_idx ON app_public.bank_statement_lines USING btree (bank_account_id, amount, id);
CREATE INDEX bank_statement_lines_counterparty_iban_idx ON app_public.bank_statement_lines USING btree (counterparty_iban) WHERE (counterparty_iban IS NOT NULL);
CREATE INDEX bank_statement_lines_currency_idx ON app_public.bank_statement_lines USING btree (currency);
CREATE INDEX bank_statement_lines_queue_idx ON app_public.bank_statement_lines USING btree (bank_account_id, status, value_date, id);
CREATE INDEX bank_statement_lines_statement_idx ON app_public.bank_statement_lines USING btree (statement_id, "position");
CREATE INDEX bank_statement_lines_subsidiary_status_idx ON app_public.bank_statement_lines USING btree (subsidiary_id, status);
CREATE INDEX bank_statement_lines_suggested_bill_idx ON app_public.bank_statement_lines USING btree (suggested_bill_id);
CREATE INDEX bank_statement_lines_suggested_invoice_idx ON app_public.bank_statement_lines USING btree (suggested_invoice_id);
alter table app_public.bank_statement_lines enable row level security;
create policy select_allowed on app_public.bank_statement_lines for select to public
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy select_allowed on app_public.bank_statement_lines is 'Who reads a row of app_public.bank_statement_lines: an account with payment:read, within the subsidiaries it may see.';
grant select on app_public.bank_statement_lines to ledgerline_visitor;

create table app_public.bank_statements (
  id uuid default gen_random_uuid() not null,
  bank_account_id uuid not null,
  subsidiary_id uuid not null,
  format text not null,
  statement_ref text not null,
  content_sha256 text not null,
  file_id uuid,
  currency character(3) not null,
  from_date date not null,
  to_date date not null,
  opening_balance numeric(18,2) not null,
  closing_balance numeric(18,2) not null,
  line_count integer default 0 not null,
  imported_by uuid,
  imported_at timestamp with time zone default now() not null,
  constraint bank_statements_bank_account_id_fkey FOREIGN KEY (bank_account_id) REFERENCES app_public.bank_accounts(id) ON DELETE RESTRICT,
  constraint bank_statements_content_unique UNIQUE (content_sha256),
  constraint bank_statements_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint bank_statements_dates_order CHECK ((to_date >= from_date)),
  constraint bank_statements_file_id_fkey FOREIGN KEY (file_id) REFERENCES app_public.files(id) ON DELETE SET NULL,
  constraint bank_statements_format CHECK ((format = ANY (ARRAY['camt053'::text, 'mt940'::text, 'csv'::text]))),
  constraint bank_statements_imported_by_fkey FOREIGN KEY (imported_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint bank_statements_pkey PRIMARY KEY (id),
  constraint bank_statements_ref_required CHECK ((btrim(statement_ref) <> ''::text)),
  constraint bank_statements_ref_unique UNIQUE (bank_account_id, statement_ref),
  constraint bank_statements_sha256_format CHECK ((content_sha256 ~ '^[0-9a-f]{64}$'::text)),
  constraint bank_statements_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT
);
comment on table app_public.bank_statements is 'A bank statement imported from a camt.053, MT940 or CSV file; its file is kept.';
comment on column app_public.bank_statements.subsidiary_id is '@behavior -*
The bank account''s subsidiary (kept for the visibility rule).';
comment on column app_public.bank_statements.content_sha256 is 'SHA-256 of the imported file: the same file is never imported twice.';
comment on constraint bank_statements_content_unique on app_public.bank_statements is '@code StatementAlreadyImported
This file is already imported.';
comment on constraint bank_statements_ref_unique on app_public.bank_statements is '@code StatementAlreadyImported
This statement is already imported.';
CREATE INDEX bank_statements_account_idx ON app_public.bank_statements USING btree (bank_account_id, to_date DESC);
CREATE INDEX bank_statements_currency_idx ON app_public.bank_statements USING btree (currency);
CREATE INDEX bank_statements_file_id_idx ON app_public.bank_statements USING btree (file_id);
CREATE INDEX bank_statements_imported_by_idx ON app_public.bank_statements USING btree (imported_by);
CREATE INDEX bank_statements_subsidiary_id_idx ON app_public.bank_statements USING btree (subsidiary_id);
alter table app_public.bank_statements enable row level security;
create policy select_allowed on app_public.bank_statements for select to public
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy select_allowed on app_public.bank_statements is 'Who reads a row of app_public.bank_statements: an account with payment:read, within the subsidiaries it may see.';
grant select on app_public.bank_statements to ledgerline_visitor;

create table app_public.bill_outstanding_by_project (
  subsidiary_id uuid not null,
  project_id uuid,
  outstanding_usd numeric(18,2) not null,
  bill_count integer not null,
  constraint bill_outstanding_by_project_key UNIQUE NULLS NOT DISTINCT (subsidiary_id, project_id)
);
comment on table app_public.bill_outstanding_by_project is '@behavior -*
What the live unpaid bills of a subsidiary and project still owe in USD (app_public.bills_outstanding_usd) and how many they are; kept by the bills'' triggers, read by app_public.unpaid_bills_total under the bills'' policy for project-limited accounts.';
alter table app_public.bill_outstanding_by_project enable row level security;
create policy select_not_supplier on app_public.bill_outstanding_by_project as restrictive for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_not_supplier on app_public.bill_outstanding_by_project is 'The bills'' select_not_supplier: a supplier''s user reads no bills'' totals. Only ever hides rows.';
create policy select_project_limited on app_public.bill_outstanding_by_project for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (project_id IN ( SELECT unnest(( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids)) AS unnest))));
comment on policy select_project_limited on app_public.bill_outstanding_by_project is 'The bills'' select_project_limited: the totals of its subsidiaries'' allowed projects.';
grant select on app_public.bill_outstanding_by_project to ledgerline_visitor;

create table app_public.bill_outstanding_by_subsidiary (
  subsidiary_id uuid not null,
  outstanding_usd numeric(18,2) not null,
  bill_count integer not null,
  constraint bill_outstanding_by_subsidiary_pkey PRIMARY KEY (subsidiary_id)
);
comment on table app_public.bill_outstanding_by_subsidiary is '@behavior -*
What the live unpaid bills of a subsidiary still owe in USD (app_public.bills_outstanding_usd) and how many they are; kept by the bills'' triggers, read by app_public.unpaid_bills_total under the bills'' policy for accounts that see subsidiaries whole.';
alter table app_public.bill_outstanding_by_subsidiary enable row level security;
create policy select_allowed on app_public.bill_outstanding_by_subsidiary for select to public
  using ((( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.subsidiaries_seen_whole() AS subsidiaries_seen_whole))));
comment on policy select_allowed on app_public.bill_outstanding_by_subsidiary is 'The bills'' select_allowed: an account with bill:read, within the subsidiaries it sees whole.';
create policy select_not_supplier on app_public.bill_outstanding_by_subsidiary as restrictive for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_not_supplier on app_public.bill_outstanding_by_subsidiary is 'The bills'' select_not_supplier: a supplier''s user reads no bills'' totals. Only ever hides rows.';
grant select on app_public.bill_outstanding_by_subsidiary to ledgerline_visitor;

create table app_public.bills (
  id integer generated by default as identity not null,
  name text not null,
  description text,
  act_id uuid,
  invoice_ref text,
  invoice_date date not null,
  due_date date,
  period smallint not null,
  year smallint not null,
  currency character(3) not null,
  vat numeric(5,2) not null,
  amount numeric(18,2) default 0 not null,
  amount_w_vat numeric(18,2) default 0 not null,
  amount_usd numeric(18,2) default 0 not null,
  amount_usd_w_vat numeric(18,2) default 0 not null,
  status app_public.bill_status default 'open'::app_public.bill_status not null,
  costs_status app_public.costs_status default 'none'::app_public.costs_status not null,
  payment_status app_public.payment_status default 'unpaid'::app_public.payment_status not null,
  is_deleted boolean default false not null,
  last_payment_date timestamp with time zone,
  client_id uuid not null,
  subsidiary_id uuid not null,
  project_id uuid,
  service_id uuid,
  created_by uuid,
  closed_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  paid_amount numeric(18,2) default 0 not null,
  constraint bills_act_fk FOREIGN KEY (act_id) REFERENCES app_public.files(id) ON DELETE SET NULL,
  constraint bills_client_id_fkey FOREIGN KEY (client_id) REFERENCES app_public.clients(id) ON DELETE RESTRICT,
  constraint bills_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint bills_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint bills_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint bills_due_date_not_before_invoice_date CHECK (((due_date IS NULL) OR (due_date >= invoice_date))),
  constraint bills_name_required CHECK ((btrim(name) <> ''::text)),
  constraint bills_paid_not_above_amount CHECK ((paid_amount <= amount_w_vat)),
  constraint bills_period_month CHECK (((period >= 1) AND (period <= 12))),
  constraint bills_pkey PRIMARY KEY (id),
  constraint bills_project_id_fkey FOREIGN KEY (project_id) REFERENCES app_public.projects(id) ON DELETE RESTRICT,
  constraint bills_service_id_fkey FOREIGN KEY (service_id) REFERENCES app_public.services(id) ON DELETE RESTRICT,
  constraint bills_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT,
  constraint bills_vat_range CHECK (((vat > (0)::numeric) AND (vat <= (100)::numeric))),
  constraint bills_year_range CHECK (((year >= 2000) AND (year <= 2100)))
);
comment on table app_public.bills is '@behavior -delete
A bill a subsidiary issues to a client for a project and service. Deleted with deleteBill.';
comment on column app_public.bills.status is '@behavior -insert -update';
comment on column app_public.bills.is_deleted is '@behavior -insert -update';
comment on column app_public.bills.closed_by is '@behavior -insert -update';
comment on column app_public.bills.paid_amount is '@behavior -insert -update
The sum of the payments on the bill.';
comment on constraint bills_due_date_not_before_invoice_date on app_public.bills is '@code DueDateBeforeInvoiceDate
The due date cannot be earlier than the invoice date.';
comment on constraint bills_paid_not_above_amount on app_public.bills is '@code PaymentsExceedAmount
The payments would be more than the amount. Delete a payment first.';
comment on constraint bills_period_month on app_public.bills is '@code InvalidPeriod
The period must be a month from 1 to 12.';
comment on constraint bills_vat_range on app_public.bills is '@code VatOutOfRange
VAT must be above 0 and at most 100.';
CREATE INDEX bills_act_id_idx ON app_public.bills USING btree (act_id);
CREATE INDEX bills_amount_idx ON app_public.bills USING btree (amount);
CREATE INDEX bills_amount_usd_idx ON app_public.bills USING btree (amount_usd);
CREATE INDEX bills_amount_w_vat_idx ON app_public.bills USING btree (amount_w_vat);
CREATE INDEX bills_client_id_idx ON app_public.bills USING btree (client_id);
CREATE INDEX bills_closed_by_idx ON app_public.bills USING btree (closed_by);
CREATE INDEX bills_created_at_idx ON app_public.bills USING btree (created_at);
CREATE INDEX bills_created_by_idx ON app_public.bills USING btree (created_by);
CREATE INDEX bills_currency_idx ON app_public.bills USING btree (currency);
CREATE INDEX bills_due_date_idx ON app_public.bills USING btree (due_date);
CREATE INDEX bills_invoice_date_idx ON app_public.bills USING btree (invoice_date, id);
CREATE INDEX bills_is_deleted_idx ON app_public.bills USING btree (is_deleted);
CREATE INDEX bills_live_open_idx ON app_public.bills USING btree (subsidiary_id) INCLUDE (project_id) WHERE ((status = 'open'::app_public.bill_status) AND (NOT is_deleted));
CREATE INDEX bills_live_paid_idx ON app_public.bills USING btree (subsidiary_id) INCLUDE (project_id) WHERE ((status = 'paid'::app_public.bill_status) AND (NOT is_deleted));
CREATE INDEX bills_live_unpaid_idx ON app_public.bills USING btree (due_date, id) INCLUDE (subsidiary_id, project_id) WHERE ((payment_status <> 'paid'::app_public.payment_status) AND (NOT is_deleted));
CREATE INDEX bills_live_validated_idx ON app_public.bills USING btree (subsidiary_id) INCLUDE (project_id) WHERE ((status = 'validated'::app_public.bill_status) AND (NOT is_deleted));
CREATE INDEX bills_name_idx ON app_public.bills USING btree (name);
CREATE INDEX bills_name_lower_idx ON app_public.bills USING btree (lower(name));
CREATE INDEX bills_outstanding_subsidiary_idx ON app_public.bills USING btree (subsidiary_id) INCLUDE (project_id, is_deleted) WHERE (((
CASE
    WHEN ((NOT is_deleted) AND (status = ANY (ARRAY['open'::app_public.bill_status, 'validated'::app_public.bill_status]))) THEN GREATEST((amount_w_vat - paid_amount), (0)::numeric)
    ELSE (0)::numeric
END)::numeric(18,2))::numeric > (0)::numeric);
CREATE INDEX bills_payment_status_idx ON app_public.bills USING btree (payment_status);
CREATE INDEX bills_project_id_idx ON app_public.bills USING btree (project_id);
CREATE INDEX bills_ref_lower_idx ON app_public.bills USING btree (lower(invoice_ref));
CREATE INDEX bills_search_idx ON app_public.bills USING gin ((((name || ' '::text) || COALESCE(invoice_ref, ''::text))) gin_trgm_ops);
CREATE INDEX bills_service_id_idx ON app_public.bills USING btree (service_id);
CREATE INDEX bills_status_idx ON app_public.bills USING btree (status);
CREATE INDEX bills_subsidiary_id_idx ON app_public.bills USING btree (subsidiary_id);
CREATE INDEX bills_subsidiary_list_idx ON app_public.bills USING btree (subsidiary_id, is_deleted, invoice_date DESC, id) INCLUDE (year, project_id);
CREATE INDEX bills_year_period_idx ON app_public.bills USING btree (year, period);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.bills FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _040_period_lock BEFORE INSERT OR DELETE OR UPDATE ON app_public.bills FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__period_lock();
CREATE TRIGGER _050_guard BEFORE INSERT OR UPDATE ON app_public.bills FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg_bills__guard();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.bills FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _200_created_by BEFORE INSERT ON app_public.bills FOR EACH ROW EXECUTE FUNCTION app_private.tg__created_by();
CREATE TRIGGER _400_amounts BEFORE INSERT OR UPDATE OF amount, vat, currency, invoice_date, period, year ON app_public.bills FOR EACH ROW EXECUTE FUNCTION app_private.tg_bills__amounts();
CREATE TRIGGER _400_payment_projects AFTER UPDATE OF project_id ON app_public.bills FOR EACH ROW WHEN ((old.project_id IS DISTINCT FROM new.project_id)) EXECUTE FUNCTION app_private.tg_payment_owner__projects();
CREATE TRIGGER _400_payment_subsidiary AFTER UPDATE OF subsidiary_id ON app_public.bills FOR EACH ROW WHEN ((old.subsidiary_id IS DISTINCT FROM new.subsidiary_id)) EXECUTE FUNCTION app_private.tg_payment_owner__subsidiary();
CREATE TRIGGER _500_keep_act AFTER INSERT OR UPDATE OF act_id ON app_public.bills FOR EACH ROW WHEN ((new.act_id IS NOT NULL)) EXECUTE FUNCTION app_private.tg_bills__keep_act();
CREATE TRIGGER _610_payment_status AFTER UPDATE OF amount_w_vat ON app_public.bills FOR EACH ROW WHEN ((old.amount_w_vat IS DISTINCT FROM new.amount_w_vat)) EXECUTE FUNCTION app_private.tg_bills__payment_status();
CREATE TRIGGER _700_outstanding_totals_delete AFTER DELETE ON app_public.bills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_bills__outstanding_totals();
CREATE TRIGGER _700_outstanding_totals_insert AFTER INSERT ON app_public.bills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_bills__outstanding_totals();
CREATE TRIGGER _700_outstanding_totals_update AFTER UPDATE ON app_public.bills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_bills__outstanding_totals();
CREATE TRIGGER _800_notify AFTER UPDATE OF status ON app_public.bills FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) AND (new.status = 'paid'::app_public.bill_status))) EXECUTE FUNCTION app_private.tg_bills__notify();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE OR UPDATE ON app_public.bills FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.bills enable row level security;
create policy delete_writer on app_public.bills for delete to public
  using ((( SELECT app_hidden.has_scope('bill:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.project_visible(project_id, ( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids))));
comment on policy delete_writer on app_public.bills is 'Who deletes a row of app_public.bills: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.bills for insert to public
  with check ((( SELECT app_hidden.has_scope('bill:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.project_visible(project_id, ( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids))));
comment on policy insert_writer on app_public.bills is 'Who adds a row to app_public.bills: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.bills for select to public
  using ((( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.subsidiaries_seen_whole() AS subsidiaries_seen_whole))));
comment on policy select_allowed on app_public.bills is 'Who reads a row of app_public.bills: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
create policy select_not_supplier on app_public.bills as restrictive for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_not_supplier on app_public.bills is 'For ledgerline_project_limited and ledgerline_supplier_user, restrictive: a supplier''s user reads no bills, whatever else admits them. Only ever hides rows.';
create policy select_project_limited on app_public.bills for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (project_id IN ( SELECT unnest(( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids)) AS unnest))));
comment on policy select_project_limited on app_public.bills is 'For ledgerline_project_limited and ledgerline_supplier_user: the bills of its subsidiaries in an allowed project. Only ever hides rows.';
create policy update_writer on app_public.bills for update to public
  using ((( SELECT app_hidden.has_scope('bill:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.project_visible(project_id, ( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids))));
comment on policy update_writer on app_public.bills is 'Who changes a row of app_public.bills: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (name, description, act_id, invoice_ref, invoice_date, due_date, period, year, currency, vat, amount, client_id, subsidiary_id, project_id, service_id), select, update (name, description, act_id, invoice_ref, invoice_date, due_date, period, year, currency, vat, amount, status, is_deleted, client_id, subsidiary_id, project_id, service_id, closed_by) on app_public.bills to ledgerline_visitor;

create table app_public.bills_files (
  id uuid default gen_random_uuid() not null,
  bill_id integer not null,
  file_id uuid not null,
  constraint bills_files_bill_id_fkey FOREIGN KEY (bill_id) REFERENCES app_public.bills(id) ON DELETE CASCADE,
  constraint bills_files_file_id_fkey FOREIGN KEY (file_id) REFERENCES app_public.files(id) ON DELETE CASCADE,
  constraint bills_files_pkey PRIMARY KEY (id),
  constraint bills_files_unique UNIQUE (bill_id, file_id)
);
comment on table app_public.bills_files is '@behavior -insert -update -delete
A file attached to a bill.';
CREATE INDEX bills_files_file_id_idx ON app_public.bills_files USING btree (file_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.bills_files FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('bill_id:write');
CREATE TRIGGER _500_keep_file AFTER INSERT ON app_public.bills_files FOR EACH ROW EXECUTE FUNCTION app_private.tg_file_links__keep_file();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE ON app_public.bills_files FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.bills_files enable row level security;
create policy delete_writer on app_public.bills_files for delete to public
  using ((( SELECT app_hidden.has_scope('bill:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.bills b
  WHERE (b.id = bills_files.bill_id)))));
comment on policy delete_writer on app_public.bills_files is 'Who deletes a row of app_public.bills_files: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.bills_files for insert to public
  with check ((( SELECT app_hidden.has_scope('bill:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.bills b
  WHERE (b.id = bills_files.bill_id)))));
comment on policy insert_writer on app_public.bills_files is 'Who adds a row to app_public.bills_files: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_visible on app_public.bills_files for select to public
  using ((EXISTS ( SELECT
   FROM app_public.bills b
  WHERE (b.id = bills_files.bill_id))));
comment on policy select_visible on app_public.bills_files is 'Who reads a row of app_public.bills_files: whoever may read the record it belongs to or names.';
grant delete, insert (bill_id, file_id), select on app_public.bills_files to ledgerline_visitor;

create table app_public.bills_payments (
  id uuid default gen_random_uuid() not null,
  bill_id integer not null,
  payment_id uuid not null,
  constraint _500_single_owner TRIGGER,
  constraint bills_payments_bill_id_fkey FOREIGN KEY (bill_id) REFERENCES app_public.bills(id) ON DELETE RESTRICT,
  constraint bills_payments_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES app_public.payments(id) ON DELETE CASCADE,
  constraint bills_payments_payment_unique UNIQUE (payment_id),
  constraint bills_payments_pkey PRIMARY KEY (id)
);
comment on table app_public.bills_payments is '@behavior -insert -update -delete
Links a payment to the bill it settles.';
CREATE INDEX bills_payments_bill_id_idx ON app_public.bills_payments USING btree (bill_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.bills_payments FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('bill_id:visible', 'payment_id:own');
CREATE TRIGGER _400_payment_subsidiary AFTER INSERT OR DELETE OR UPDATE ON app_public.bills_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg_payment_links__subsidiary();
CREATE CONSTRAINT TRIGGER _500_single_owner AFTER INSERT OR UPDATE ON app_public.bills_payments NOT DEFERRABLE INITIALLY IMMEDIATE FOR EACH ROW EXECUTE FUNCTION app_private.tg_payment_links__single_owner();
CREATE TRIGGER _600_refresh AFTER INSERT OR DELETE OR UPDATE ON app_public.bills_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg_bills_payments__refresh();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE ON app_public.bills_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.bills_payments enable row level security;
create policy delete_writer on app_public.bills_payments for delete to public
  using ((( SELECT app_hidden.has_scope('payment:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.bills b
  WHERE (b.id = bills_payments.bill_id)))));
comment on policy delete_writer on app_public.bills_payments is 'Who deletes a row of app_public.bills_payments: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.bills_payments for insert to public
  with check ((( SELECT app_hidden.has_scope('payment:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.bills b
  WHERE (b.id = bills_payments.bill_id)))));
comment on policy insert_writer on app_public.bills_payments is 'Who adds a row to app_public.bills_payments: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.bills_payments for select to public
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.bills b
  WHERE (b.id = bills_payments.bill_id)))));
comment on policy select_allowed on app_public.bills_payments is 'Who reads a row of app_public.bills_payments: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
grant delete, insert (bill_id, payment_id), select on app_public.bills_payments to ledgerline_visitor;

create table app_public.clients (
  id uuid default gen_random_uuid() not null,
  legal_name text not null,
  short_name text,
  country text,
  tax_id text,
  registration_number text,
  legal_form text,
  tax_reason_code text,
  registered_address text,
  primary_activity_code text,
  org_status text,
  ceo_full_name text,
  ceo_position text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  is_archived boolean default false not null,
  constraint clients_country_fkey FOREIGN KEY (country) REFERENCES app_public.countries(code) ON UPDATE CASCADE ON DELETE RESTRICT NOT VALID,
  constraint clients_legal_name_required CHECK ((btrim(legal_name) <> ''::text)),
  constraint clients_pkey PRIMARY KEY (id),
  constraint clients_registration_number_checksum CHECK (((registration_number !~ '^([0-9]{13}|[0-9]{15})$'::text) OR app_hidden.ogrn_valid(registration_number))) NOT VALID,
  constraint clients_registration_number_format CHECK ((registration_number ~ '^([0-9]{13}|[0-9]{15})$'::text)) NOT VALID,
  constraint clients_tax_id_checksum CHECK (((tax_id !~ '^([0-9]{10}|[0-9]{12})$'::text) OR app_hidden.inn_valid(tax_id))) NOT VALID,
  constraint clients_tax_id_format CHECK ((tax_id ~ '^([0-9]{10}|[0-9]{12})$'::text)),
  constraint clients_tax_reason_code_format CHECK ((tax_reason_code ~ '^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$'::text))
);
comment on table app_public.clients is 'A customer the group bills.';
comment on column app_public.clients.country is 'ISO 3166-1 two-letter code (countries).';
comment on column app_public.clients.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
comment on constraint clients_country_fkey on app_public.clients is '@code UnknownCountry
Choose a country from the list.';
comment on constraint clients_registration_number_checksum on app_public.clients is '@code RegistrationNumberChecksum
The registration number (ОГРН or ОГРНИП) has a wrong check digit.';
comment on constraint clients_registration_number_format on app_public.clients is '@code InvalidRegistrationNumber
The registration number must be 13 digits (ОГРН) or 15 (ОГРНИП).';
comment on constraint clients_tax_id_checksum on app_public.clients is '@code TaxIdChecksum
The tax id (ИНН) has a wrong check digit.';
comment on constraint clients_tax_id_format on app_public.clients is '@code InvalidTaxId
The tax id (ИНН) must be 10 or 12 digits.';
comment on constraint clients_tax_reason_code_format on app_public.clients is '@code InvalidTaxReasonCode
The tax reason code (КПП) must be 9 characters: 4 digits, 2 digits or capital letters, 3 digits.';
CREATE INDEX clients_country_idx ON app_public.clients USING btree (country);
CREATE INDEX clients_created_at_idx ON app_public.clients USING btree (created_at);
CREATE INDEX clients_is_archived_idx ON app_public.clients USING btree (is_archived);
CREATE INDEX clients_legal_name_idx ON app_public.clients USING btree (lower(legal_name));
CREATE INDEX clients_legal_name_sort_idx ON app_public.clients USING btree (legal_name);
CREATE INDEX clients_search_idx ON app_public.clients USING gin ((((((legal_name || ' '::text) || COALESCE(short_name, ''::text)) || ' '::text) || COALESCE(tax_id, ''::text))) gin_trgm_ops);
CREATE INDEX clients_short_name_idx ON app_public.clients USING btree (short_name);
CREATE INDEX clients_tax_id_idx ON app_public.clients USING btree (tax_id);
CREATE UNIQUE INDEX clients_tax_id_unique ON app_public.clients USING btree (tax_id) WHERE (NOT is_archived);
comment on index app_public.clients_tax_id_unique is '@code TaxIdTaken
Another company already has this tax id.';
CREATE TRIGGER _005_identity_normal_form BEFORE INSERT OR UPDATE ON app_public.clients FOR EACH ROW EXECUTE FUNCTION app_private.tg__company_identity_normal_form();
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.clients FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.clients FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
alter table app_public.clients enable row level security;
create policy delete_writer on app_public.clients for delete to public
  using (( SELECT app_hidden.has_scope('company:write_client'::text) AS has_scope));
comment on policy delete_writer on app_public.clients is 'Who deletes a row of app_public.clients: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.clients for insert to public
  with check (( SELECT app_hidden.has_scope('company:write_client'::text) AS has_scope));
comment on policy insert_writer on app_public.clients is 'Who adds a row to app_public.clients: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_reader on app_public.clients for select to public
  using (( SELECT app_hidden.has_scope('company:read'::text) AS has_scope));
comment on policy select_reader on app_public.clients is 'Who reads app_public.clients: an account with the reference data''s read scope.';
create policy update_writer on app_public.clients for update to public
  using (( SELECT app_hidden.has_scope('company:write_client'::text) AS has_scope));
comment on policy update_writer on app_public.clients is 'Who changes a row of app_public.clients: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (legal_name, short_name, country, tax_id, registration_number, legal_form, tax_reason_code, registered_address, primary_activity_code, org_status, ceo_full_name, ceo_position), select, update (legal_name, short_name, country, tax_id, registration_number, legal_form, tax_reason_code, registered_address, primary_activity_code, org_status, ceo_full_name, ceo_position, is_archived) on app_public.clients to ledgerline_visitor;

create table app_public.cost_types (
  id uuid default gen_random_uuid() not null,
  name text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  is_archived boolean default false not null,
  constraint cost_types_name_required CHECK ((btrim(name) <> ''::text)),
  constraint cost_types_pkey PRIMARY KEY (id)
);
comment on table app_public.cost_types is 'A category of cost (rent, salaries, software...).';
comment on column app_public.cost_types.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
CREATE INDEX cost_types_created_at_idx ON app_public.cost_types USING btree (created_at);
CREATE INDEX cost_types_is_archived_idx ON app_public.cost_types USING btree (is_archived);
CREATE INDEX cost_types_name_idx ON app_public.cost_types USING btree (name);
CREATE UNIQUE INDEX cost_types_name_unique ON app_public.cost_types USING btree (lower(btrim(name)));
comment on index app_public.cost_types_name_unique is '@code NameTaken
A cost type with this name already exists.';
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.cost_types FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
alter table app_public.cost_types enable row level security;
create policy delete_writer on app_public.cost_types for delete to public
  using (( SELECT app_hidden.has_scope('cost_type:write'::text) AS has_scope));
comment on policy delete_writer on app_public.cost_types is 'Who deletes a row of app_public.cost_types: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.cost_types for insert to public
  with check (( SELECT app_hidden.has_scope('cost_type:write'::text) AS has_scope));
comment on policy insert_writer on app_public.cost_types is 'Who adds a row to app_public.cost_types: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_reader on app_public.cost_types for select to public
  using (( SELECT app_hidden.has_scope('cost_type:read'::text) AS has_scope));
comment on policy select_reader on app_public.cost_types is 'Who reads app_public.cost_types: an account with the reference data''s read scope.';
create policy update_writer on app_public.cost_types for update to public
  using (( SELECT app_hidden.has_scope('cost_type:write'::text) AS has_scope));
comment on policy update_writer on app_public.cost_types is 'Who changes a row of app_public.cost_types: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (name), select, update (name, is_archived) on app_public.cost_types to ledgerline_visitor;

create table app_public.costs (
  id integer generated by default as identity not null,
  name text not null,
  description text,
  amount numeric(18,2) not null,
  vat numeric(5,2) not null,
  amount_w_vat numeric(18,2) default 0 not null,
  amount_usd numeric(18,2) default 0 not null,
  amount_usd_w_vat numeric(18,2) default 0 not null,
  currency character(3) not null,
  invoice_id integer not null,
  bill_id integer,
  to_bill boolean default false not null,
  cost_type_id uuid,
  project_id uuid,
  subsidiary_id uuid not null,
  period smallint not null,
  year smallint not null,
  status app_public.cost_status default 'to_approve'::app_public.cost_status not null,
  reject_reason text,
  is_deleted boolean default false not null,
  approved_by uuid,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  first_approved_by uuid,
  constraint costs_approved_by_fkey FOREIGN KEY (approved_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint costs_bill_id_fkey FOREIGN KEY (bill_id) REFERENCES app_public.bills(id) ON DELETE SET NULL,
  constraint costs_cost_type_id_fkey FOREIGN KEY (cost_type_id) REFERENCES app_public.cost_types(id) ON DELETE RESTRICT,
  constraint costs_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint costs_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint costs_first_approved_by_fkey FOREIGN KEY (first_approved_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint costs_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES app_public.invoices(id) ON DELETE CASCADE,
  constraint costs_name_required CHECK ((btrim(name) <> ''::text)),
  constraint costs_period_month CHECK (((period >= 1) AND (period <= 12))),
  constraint costs_pkey PRIMARY KEY (id),
  constraint costs_project_id_fkey FOREIGN KEY (project_id) REFERENCES app_public.projects(id) ON DELETE RESTRICT,
  constraint costs_reject_reason_when_rejected CHECK (((status <> 'rejected'::app_public.cost_status) OR (reject_reason IS NOT NULL))),
  constraint costs_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT,
  constraint costs_vat_range CHECK (((vat > (0)::numeric) AND (vat <= (100)::numeric))),
  constraint costs_year_range CHECK (((year >= 2000) AND (year <= 2100)))
);
comment on table app_public.costs is '@behavior -delete
A cost line of a supplier invoice, booked to a project and cost type, and possibly billed to a client. Deleted with deleteCost.';
comment on column app_public.costs.name is '@behavior +filterBy
What the cost is for (the costs table searches it).';
comment on column app_public.costs.description is '@behavior +filterBy
More about the cost (the costs table searches it).';
comment on column app_public.costs.subsidiary_id is '@behavior -insert -update
The subsidiary of the cost''s invoice (kept in step by the database).';
comment on column app_public.costs.status is '@behavior -insert -update';
comment on column app_public.costs.reject_reason is '@behavior -insert -update';
comment on column app_public.costs.is_deleted is '@behavior -insert -update';
comment on column app_public.costs.approved_by is '@behavior -insert -update';
comment on column app_public.costs.first_approved_by is '@behavior -insert -update
The first of two approvals of a cost above its subsidiary''s approval limit (the second is approved_by).';
comment on constraint costs_period_month on app_public.costs is '@code InvalidPeriod
The period must be a month from 1 to 12.';
comment on constraint costs_vat_range on app_public.costs is '@code VatOutOfRange
VAT must be above 0 and at most 100.';
CREATE INDEX costs_amount_idx ON app_public.costs USING btree (amount);
CREATE INDEX costs_amount_usd_idx ON app_public.costs USING btree (amount_usd);
CREATE INDEX costs_approved_by_idx ON app_public.costs USING btree (approved_by);
CREATE INDEX costs_bill_id_idx ON app_public.costs USING btree (bill_id);
CREATE INDEX costs_cost_type_id_idx ON app_public.costs USING btree (cost_type_id);
CREATE INDEX costs_created_at_idx ON app_public.costs USING btree (created_at, id);
CREATE INDEX costs_created_by_idx ON app_public.costs USING btree (created_by);
CREATE INDEX costs_currency_idx ON app_public.costs USING btree (currency);
CREATE INDEX costs_first_approved_by_idx ON app_public.costs USING btree (first_approved_by);
CREATE INDEX costs_invoice_id_idx ON app_public.costs USING btree (invoice_id);
CREATE INDEX costs_is_deleted_idx ON app_public.costs USING btree (is_deleted);
CREATE INDEX costs_live_approved_idx ON app_public.costs USING btree (subsidiary_id) INCLUDE (project_id) WHERE ((status = 'approved'::app_public.cost_status) AND (NOT is_deleted));
CREATE INDEX costs_live_rejected_idx ON app_public.costs USING btree (subsidiary_id) INCLUDE (project_id) WHERE ((status = 'rejected'::app_public.cost_status) AND (NOT is_deleted));
CREATE INDEX costs_live_to_approve_idx ON app_public.costs USING btree (subsidiary_id) INCLUDE (project_id) WHERE ((status = 'to_approve'::app_public.cost_status) AND (NOT is_deleted));
CREATE INDEX costs_name_lower_idx ON app_public.costs USING btree (lower(name));
CREATE INDEX costs_project_id_idx ON app_public.costs USING btree (project_id);
CREATE INDEX costs_search_idx ON app_public.costs USING gin (name gin_trgm_ops);
CREATE INDEX costs_status_idx ON app_public.costs USING btree (status);
CREATE INDEX costs_subsidiary_id_idx ON app_public.costs USING btree (subsidiary_id);
CREATE INDEX costs_subsidiary_list_idx ON app_public.costs USING btree (subsidiary_id, is_deleted, created_at DESC, id) INCLUDE (status, project_id);
CREATE INDEX costs_to_bill_idx ON app_public.costs USING btree (to_bill);
CREATE INDEX costs_year_period_idx ON app_public.costs USING btree (year, period);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.costs FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('invoice_id:write', 'bill_id:write');
CREATE TRIGGER _050_guard BEFORE INSERT OR DELETE OR UPDATE ON app_public.costs FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg_costs__guard();
CREATE TRIGGER _060_first_approval BEFORE INSERT OR UPDATE ON app_public.costs FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg_costs__first_approval();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.costs FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _200_created_by BEFORE INSERT ON app_public.costs FOR EACH ROW EXECUTE FUNCTION app_private.tg__created_by();
CREATE TRIGGER _300_from_invoice BEFORE INSERT OR DELETE OR UPDATE ON app_public.costs FOR EACH ROW EXECUTE FUNCTION app_private.tg_costs__from_invoice();
CREATE TRIGGER _350_period_lock BEFORE INSERT OR DELETE OR UPDATE ON app_public.costs FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__period_lock();
CREATE TRIGGER _400_amounts BEFORE INSERT OR UPDATE OF amount, vat, currency, invoice_id, period, year ON app_public.costs FOR EACH ROW EXECUTE FUNCTION app_private.tg_costs__amounts();
CREATE TRIGGER _600_totals AFTER INSERT OR DELETE OR UPDATE ON app_public.costs FOR EACH ROW EXECUTE FUNCTION app_private.tg_costs__totals();
CREATE TRIGGER _800_notify AFTER UPDATE OF status ON app_public.costs FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION app_private.tg_costs__notify();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE OR UPDATE ON app_public.costs FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.costs enable row level security;
create policy delete_writer on app_public.costs for delete to public
  using ((( SELECT app_hidden.has_scope('cost:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.project_visible(project_id, ( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids))));
comment on policy delete_writer on app_public.costs is 'Who deletes a row of app_public.costs: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.costs for insert to public
  with check ((( SELECT app_hidden.has_scope('cost:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.project_visible(project_id, ( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids))));
comment on policy insert_writer on app_public.costs is 'Who adds a row to app_public.costs: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.costs for select to public
  using ((( SELECT app_hidden.has_scope('cost:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.subsidiaries_seen_whole() AS subsidiaries_seen_whole))));
comment on policy select_allowed on app_public.costs is 'Who reads a row of app_public.costs: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
create policy select_no_supplier on app_public.costs as restrictive for select to ledgerline_project_limited
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_no_supplier on app_public.costs is 'For ledgerline_project_limited, restrictive: a supplier''s user (whose token named this role before it became one) reads none. Only ever hides rows.';
create policy select_project_limited on app_public.costs for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('cost:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND COALESCE((( SELECT app_hidden.allowed_project_keys() AS allowed_project_keys) ? (project_id)::text), false)));
comment on policy select_project_limited on app_public.costs is 'For ledgerline_project_limited and ledgerline_supplier_user: the costs of its subsidiaries in an allowed project. Only ever hides rows.';
create policy select_supplier on app_public.costs for select to ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('cost:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (cardinality(( SELECT app_hidden.supplier_ids_seen_whole() AS supplier_ids_seen_whole)) > 0)));
comment on policy select_supplier on app_public.costs is 'For ledgerline_supplier_user: a supplier''s user without a project limit reads costs (select_supplier_only keeps its suppliers'' invoices'' ones).';
create policy select_supplier_only on app_public.costs as restrictive for select to ledgerline_supplier_user
  using (((( SELECT app_hidden.supplier_ids() AS supplier_ids) IS NULL) OR (invoice_id IN ( SELECT i.id
   FROM app_public.invoices i
  WHERE (i.supplier_id = ANY (( SELECT app_hidden.supplier_ids() AS supplier_ids)::uuid[]))))));
comment on policy select_supplier_only on app_public.costs is 'For ledgerline_supplier_user, restrictive: only the costs of its suppliers'' invoices, whatever else admits them. Only ever hides rows.';
create policy update_writer on app_public.costs for update to public
  using ((( SELECT app_hidden.has_scope('cost:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.project_visible(project_id, ( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids))));
comment on policy update_writer on app_public.costs is 'Who changes a row of app_public.costs: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (name, description, amount, vat, invoice_id, bill_id, to_bill, cost_type_id, project_id, period, year), select, update (name, description, amount, vat, bill_id, to_bill, cost_type_id, project_id, period, year, status, reject_reason, is_deleted, approved_by, first_approved_by) on app_public.costs to ledgerline_visitor;

create table app_public.costs_files (
  id uuid default gen_random_uuid() not null,
  cost_id integer not null,
  file_id uuid not null,
  constraint costs_files_cost_id_fkey FOREIGN KEY (cost_id) REFERENCES app_public.costs(id) ON DELETE CASCADE,
  constraint costs_files_file_id_fkey FOREIGN KEY (file_id) REFERENCES app_public.files(id) ON DELETE CASCADE,
  constraint costs_files_pkey PRIMARY KEY (id),
  constraint costs_files_unique UNIQUE (cost_id, file_id)
);
comment on table app_public.costs_files is '@behavior -insert -update -delete
A file attached to a cost.';
CREATE INDEX costs_files_file_id_idx ON app_public.costs_files USING btree (file_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.costs_files FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('cost_id:write');
CREATE TRIGGER _500_keep_file AFTER INSERT ON app_public.costs_files FOR EACH ROW EXECUTE FUNCTION app_private.tg_file_links__keep_file();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE ON app_public.costs_files FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.costs_files enable row level security;
create policy delete_writer on app_public.costs_files for delete to public
  using ((( SELECT app_hidden.has_scope('cost:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.costs c
  WHERE (c.id = costs_files.cost_id)))));
comment on policy delete_writer on app_public.costs_files is 'Who deletes a row of app_public.costs_files: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.costs_files for insert to public
  with check ((( SELECT app_hidden.has_scope('cost:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.costs c
  WHERE (c.id = costs_files.cost_id)))));
comment on policy insert_writer on app_public.costs_files is 'Who adds a row to app_public.costs_files: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_visible on app_public.costs_files for select to public
  using ((EXISTS ( SELECT
   FROM app_public.costs c
  WHERE (c.id = costs_files.cost_id))));
comment on policy select_visible on app_public.costs_files is 'Who reads a row of app_public.costs_files: whoever may read the record it belongs to or names.';
grant delete, insert (cost_id, file_id), select on app_public.costs_files to ledgerline_visitor;

create table app_public.countries (
  code text not null,
  alpha3 text not null,
  name_en text not null,
  name_ru text not null,
  names text[] default '{}'::text[] not null,
  constraint countries_alpha3_key UNIQUE (alpha3),
  constraint countries_code_format CHECK ((code ~ '^[A-Z]{2}$'::text)),
  constraint countries_pkey PRIMARY KEY (code)
);
comment on table app_public.countries is 'Countries of ISO 3166-1 by their two-letter code.';
alter table app_public.countries enable row level security;
create policy select_signed_in on app_public.countries for select to public
  using ((( SELECT app_hidden.current_user_id() AS current_user_id) IS NOT NULL));
comment on policy select_signed_in on app_public.countries is 'Any signed-in account reads app_public.countries.';
grant select on app_public.countries to ledgerline_visitor;

create table app_public.currencies (
  value character(3) not null,
  name text not null,
  minor_units smallint default 2 not null,
  constraint currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4))),
  constraint currencies_pkey PRIMARY KEY (value),
  constraint currencies_value_format CHECK ((value ~ '^[A-Z]{3}$'::text))
);
comment on table app_public.currencies is 'ISO 4217 currencies amounts can be in.';
alter table app_public.currencies enable row level security;
create policy delete_admin on app_public.currencies for delete to public
  using (( SELECT app_hidden.has_scope('admin'::text) AS has_scope));
comment on policy delete_admin on app_public.currencies is 'Only an administrator (the scope named) deletes from app_public.currencies.';
create policy insert_admin on app_public.currencies for insert to public
  with check (( SELECT app_hidden.has_scope('admin'::text) AS has_scope));
comment on policy insert_admin on app_public.currencies is 'Only an administrator (the scope named) adds to app_public.currencies.';
create policy select_signed_in on app_public.currencies for select to public
  using ((( SELECT app_hidden.current_user_id() AS current_user_id) IS NOT NULL));
comment on policy select_signed_in on app_public.currencies is 'Any signed-in account reads app_public.currencies.';
create policy update_admin on app_public.currencies for update to public
  using (( SELECT app_hidden.has_scope('admin'::text) AS has_scope));
comment on policy update_admin on app_public.currencies is 'Only an administrator (the scope named) changes app_public.currencies.';
grant delete, insert, select, update on app_public.currencies to ledgerline_visitor;

create table app_public.default_accounts (
  user_id uuid not null,
  account_id uuid not null,
  constraint default_accounts_account_of_user FOREIGN KEY (account_id, user_id) REFERENCES app_public.accounts(id, user_id) ON DELETE CASCADE,
  constraint default_accounts_pkey PRIMARY KEY (user_id),
  constraint default_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE
);
comment on table app_public.default_accounts is 'The main account of a user: the one a sign-in starts in.';
CREATE INDEX default_accounts_account_idx ON app_public.default_accounts USING btree (account_id, user_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.default_accounts FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
alter table app_public.default_accounts enable row level security;
create policy delete_admin on app_public.default_accounts for delete to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy delete_admin on app_public.default_accounts is 'Only an administrator (the scope named) deletes from app_public.default_accounts.';
create policy insert_own_or_admin on app_public.default_accounts for insert to public
  with check (((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR ( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope)));
comment on policy insert_own_or_admin on app_public.default_accounts is 'A user adds rows of app_public.default_accounts for themselves; admin:user for anyone.';
create policy select_own_or_admin on app_public.default_accounts for select to public
  using (((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR ( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope)));
comment on policy select_own_or_admin on app_public.default_accounts is 'A user reads their own rows of app_public.default_accounts; admin:user reads all.';
create policy update_own_or_admin on app_public.default_accounts for update to public
  using (((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR ( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope)));
comment on policy update_own_or_admin on app_public.default_accounts is 'A user changes their own row of app_public.default_accounts; admin:user any.';
grant delete, insert (user_id, account_id), select, update (account_id) on app_public.default_accounts to ledgerline_visitor;

create table app_public.document_editors (
  document_id uuid not null,
  user_id uuid not null,
  constraint document_editors_document_id_fkey FOREIGN KEY (document_id) REFERENCES app_public.documents(id) ON DELETE CASCADE,
  constraint document_editors_pkey PRIMARY KEY (document_id, user_id),
  constraint document_editors_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE
);
comment on table app_public.document_editors is 'A user who may read and change the document whatever their scopes.';
CREATE INDEX document_editors_user_id_idx ON app_public.document_editors USING btree (user_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.document_editors FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('document_id:write');
alter table app_public.document_editors enable row level security;
create policy delete_writer on app_public.document_editors for delete to public
  using ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user))));
comment on policy delete_writer on app_public.document_editors is 'Who deletes a row of app_public.document_editors: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.document_editors for insert to public
  with check ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user))));
comment on policy insert_writer on app_public.document_editors is 'Who adds a row to app_public.document_editors: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_visible on app_public.document_editors for select to public
  using (((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR (EXISTS ( SELECT
   FROM app_public.documents d
  WHERE (d.id = document_editors.document_id)))));
comment on policy select_visible on app_public.document_editors is 'Who reads a row of app_public.document_editors: whoever may read the record it belongs to or names.';
grant delete, insert, select on app_public.document_editors to ledgerline_visitor;

create table app_public.document_readers (
  document_id uuid not null,
  user_id uuid not null,
  constraint document_readers_document_id_fkey FOREIGN KEY (document_id) REFERENCES app_public.documents(id) ON DELETE CASCADE,
  constraint document_readers_pkey PRIMARY KEY (document_id, user_id),
  constraint document_readers_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE
);
comment on table app_public.document_readers is 'A user who may read the document whatever their scopes.';
CREATE INDEX document_readers_user_id_idx ON app_public.document_readers USING btree (user_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.document_readers FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('document_id:write');
alter table app_public.document_readers enable row level security;
create policy delete_writer on app_public.document_readers for delete to public
  using ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user))));
comment on policy delete_writer on app_public.document_readers is 'Who deletes a row of app_public.document_readers: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.document_readers for insert to public
  with check ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user))));
comment on policy insert_writer on app_public.document_readers is 'Who adds a row to app_public.document_readers: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_visible on app_public.document_readers for select to public
  using (((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR (EXISTS ( SELECT
   FROM app_public.documents d
  WHERE (d.id = document_readers.document_id)))));
comment on policy select_visible on app_public.document_readers is 'Who reads a row of app_public.document_readers: whoever may read the record it belongs to or names.';
grant delete, insert, select on app_public.document_readers to ledgerline_visitor;

create table app_public.document_type_parents (
  child_type text not null,
  parent_type text not null,
  constraint document_type_parents_child_type_fkey FOREIGN KEY (child_type) REFERENCES app_public.document_types(value) ON UPDATE CASCADE ON DELETE CASCADE,
  constraint document_type_parents_parent_type_fkey FOREIGN KEY (parent_type) REFERENCES app_public.document_types(value) ON UPDATE CASCADE ON DELETE CASCADE,
  constraint document_type_parents_pkey PRIMARY KEY (child_type, parent_type)
);
comment on table app_public.document_type_parents is 'Which type of document may be under which: amendments and orders under a contract; contracts and offers have no parent.';
CREATE INDEX document_type_parents_parent_type_idx ON app_public.document_type_parents USING btree (parent_type);
alter table app_public.document_type_parents enable row level security;
create policy select_signed_in on app_public.document_type_parents for select to public
  using ((( SELECT app_hidden.current_user_id() AS current_user_id) IS NOT NULL));
comment on policy select_signed_in on app_public.document_type_parents is 'Any signed-in account reads app_public.document_type_parents.';
grant select on app_public.document_type_parents to ledgerline_visitor;

create table app_public.document_types (
  value text not null,
  comment text not null,
  constraint document_types_pkey PRIMARY KEY (value)
);
comment on table app_public.document_types is '@enum
Kinds of contract-style documents.';
alter table app_public.document_types enable row level security;
create policy select_all on app_public.document_types for select to public
  using (true);
comment on policy select_all on app_public.document_types is 'Anyone reads app_public.document_types.';
grant select on app_public.document_types to ledgerline_authenticator;
grant select on app_public.document_types to ledgerline_visitor;

create table app_public.documents (
  id uuid default gen_random_uuid() not null,
  name text not null,
  type text not null,
  description text,
  comments text,
  email text,
  amount numeric(18,2),
  currency character(3),
  signing_date date,
  expiration_date date,
  expiration_conditions text,
  expiration_extends_contract boolean default false not null,
  contract_reference uuid,
  contractor_id uuid,
  principal_id uuid,
  client_id uuid,
  service_id uuid,
  is_deleted boolean default false not null,
  created_by uuid,
  deleted_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  contract_number text,
  terminated_on date,
  constraint documents_client_id_fkey FOREIGN KEY (client_id) REFERENCES app_public.clients(id) ON DELETE RESTRICT,
  constraint documents_contract_number_not_blank CHECK ((btrim(contract_number) <> ''::text)),
  constraint documents_contract_reference_fkey FOREIGN KEY (contract_reference) REFERENCES app_public.documents(id) ON DELETE SET NULL,
  constraint documents_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES app_public.suppliers(id) ON DELETE RESTRICT,
  constraint documents_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint documents_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint documents_deleted_by_fkey FOREIGN KEY (deleted_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint documents_expiration_not_before_signing CHECK (((expiration_date IS NULL) OR (signing_date IS NULL) OR (expiration_date >= signing_date))),
  constraint documents_name_required CHECK ((btrim(name) <> ''::text)),
  constraint documents_not_own_parent CHECK ((contract_reference IS DISTINCT FROM id)),
  constraint documents_pkey PRIMARY KEY (id),
  constraint documents_principal_id_fkey FOREIGN KEY (principal_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT,
  constraint documents_service_id_fkey FOREIGN KEY (service_id) REFERENCES app_public.services(id) ON DELETE RESTRICT,
  constraint documents_terminated_not_before_signing CHECK (((terminated_on IS NULL) OR (signing_date IS NULL) OR (terminated_on >= signing_date))),
  constraint documents_type_fkey FOREIGN KEY (type) REFERENCES app_public.document_types(value) ON UPDATE CASCADE ON DELETE RESTRICT
);
comment on table app_public.documents is 'A contract-style document between a principal (a subsidiary) and a contractor (a supplier) or client; may belong to a parent contract.';
comment on column app_public.documents.comments is '@behavior +filterBy
Internal remarks on the document.';
comment on column app_public.documents.contract_reference is '@fieldName contractReference
The parent document (usually the contract this one amends or serves).';
comment on column app_public.documents.is_deleted is '@behavior -insert -update
Archived; see setDocumentDeleted.';
comment on column app_public.documents.deleted_by is '@behavior -insert -update';
comment on column app_public.documents.contract_number is 'The number the parties gave the contract (e.g. "2026/014-K").';
comment on column app_public.documents.terminated_on is 'The day the contract was ended early; from then on its status is terminated.';
comment on constraint documents_contract_number_not_blank on app_public.documents is '@code ContractNumberBlank
The contract number cannot be blank.';
comment on constraint documents_contract_reference_fkey on app_public.documents is '@fieldName parent
@foreignFieldName children';
comment on constraint documents_expiration_not_before_signing on app_public.documents is '@code ExpirationBeforeSigning
The expiration date cannot be earlier than the signing date.';
comment on constraint documents_terminated_not_before_signing on app_public.documents is '@code TerminationBeforeSigning
The termination date cannot be earlier than the signing date.';
CREATE INDEX documents_amendment_signing_idx ON app_public.documents USING btree (signing_date DESC, id) WHERE (type = 'Amendment'::text);
CREATE INDEX documents_client_id_idx ON app_public.documents USING btree (client_id);
CREATE INDEX documents_contract_number_idx ON app_public.documents USING btree (contract_number);
CREATE INDEX documents_contract_reference_idx ON app_public.documents USING btree (contract_reference);
CREATE INDEX documents_contract_signing_idx ON app_public.documents USING btree (signing_date DESC, id) WHERE (type = 'Contract'::text);
CREATE INDEX documents_contractor_id_idx ON app_public.documents USING btree (contractor_id);
CREATE INDEX documents_created_at_idx ON app_public.documents USING btree (created_at);
CREATE INDEX documents_created_by_idx ON app_public.documents USING btree (created_by);
CREATE INDEX documents_currency_idx ON app_public.documents USING btree (currency);
CREATE INDEX documents_deleted_by_idx ON app_public.documents USING btree (deleted_by);
CREATE INDEX documents_expiration_date_idx ON app_public.documents USING btree (expiration_date);
CREATE INDEX documents_is_deleted_idx ON app_public.documents USING btree (is_deleted);
CREATE INDEX documents_name_idx ON app_public.documents USING btree (name);
CREATE INDEX documents_offer_signing_idx ON app_public.documents USING btree (signing_date DESC, id) WHERE (type = 'Offer'::text);
CREATE INDEX documents_order_signing_idx ON app_public.documents USING btree (signing_date DESC, id) WHERE (type = 'Order'::text);
CREATE INDEX documents_principal_id_idx ON app_public.documents USING btree (principal_id);
CREATE INDEX documents_search_idx ON app_public.documents USING gin ((((name || ' '::text) || COALESCE(contract_number, ''::text))) gin_trgm_ops);
CREATE INDEX documents_service_id_idx ON app_public.documents USING btree (service_id);
CREATE INDEX documents_signing_date_idx ON app_public.documents USING btree (signing_date);
CREATE INDEX documents_type_idx ON app_public.documents USING btree (type);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.documents FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.documents FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _200_created_by BEFORE INSERT ON app_public.documents FOR EACH ROW EXECUTE FUNCTION app_private.tg__created_by();
CREATE TRIGGER _300_hierarchy BEFORE INSERT OR UPDATE ON app_public.documents FOR EACH ROW EXECUTE FUNCTION app_private.tg_documents__hierarchy();
CREATE TRIGGER _310_children_follow_parties AFTER UPDATE OF contractor_id, principal_id ON app_public.documents FOR EACH ROW WHEN (((old.contractor_id IS DISTINCT FROM new.contractor_id) OR (old.principal_id IS DISTINCT FROM new.principal_id))) EXECUTE FUNCTION app_private.tg_documents__children_follow_parties();
CREATE TRIGGER _500_unlink_subsidiary AFTER UPDATE OF principal_id ON app_public.documents FOR EACH ROW WHEN ((old.principal_id IS DISTINCT FROM new.principal_id)) EXECUTE FUNCTION app_private.tg_documents__unlink_subsidiary();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE OR UPDATE ON app_public.documents FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.documents enable row level security;
create policy delete_writer on app_public.documents for delete to public
  using ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user)) AND COALESCE(app_hidden.subsidiary_visible(principal_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)), true)));
comment on policy delete_writer on app_public.documents is 'Who deletes a row of app_public.documents: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.documents for insert to public
  with check ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user)) AND COALESCE(app_hidden.subsidiary_visible(principal_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)), true)));
comment on policy insert_writer on app_public.documents is 'Who adds a row to app_public.documents: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.documents for select to public
  using (((( SELECT app_hidden.has_scope('documents:read'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user)) AND COALESCE(app_hidden.subsidiary_visible(principal_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)), true)) OR (id = ANY (( SELECT app_hidden.document_ids_shared_with_me(false) AS document_ids_shared_with_me)::uuid[]))));
comment on policy select_allowed on app_public.documents is 'Who reads a row of app_public.documents: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
create policy update_writer on app_public.documents for update to public
  using (((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user)) AND COALESCE(app_hidden.subsidiary_visible(principal_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)), true)) OR (id = ANY (( SELECT app_hidden.document_ids_shared_with_me(true) AS document_ids_shared_with_me)::uuid[]))));
comment on policy update_writer on app_public.documents is 'Who changes a row of app_public.documents: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (name, type, description, comments, email, amount, currency, signing_date, expiration_date, expiration_conditions, expiration_extends_contract, contract_reference, contractor_id, principal_id, client_id, service_id, contract_number, terminated_on), select, update (name, type, description, comments, email, amount, currency, signing_date, expiration_date, expiration_conditions, expiration_extends_contract, contract_reference, contractor_id, principal_id, client_id, service_id, is_deleted, deleted_by, contract_number, terminated_on) on app_public.documents to ledgerline_visitor;

create table app_public.documents_files (
  id uuid default gen_random_uuid() not null,
  document_id uuid not null,
  file_id uuid not null,
  uploaded_by uuid default app_hidden.current_user_id(),
  uploaded_at timestamp with time zone default now() not null,
  constraint documents_files_document_id_fkey FOREIGN KEY (document_id) REFERENCES app_public.documents(id) ON DELETE CASCADE,
  constraint documents_files_file_id_fkey FOREIGN KEY (file_id) REFERENCES app_public.files(id) ON DELETE CASCADE,
  constraint documents_files_pkey PRIMARY KEY (id),
  constraint documents_files_unique UNIQUE (document_id, file_id),
  constraint documents_files_uploaded_by_fkey FOREIGN KEY (uploaded_by) REFERENCES app_public.users(id) ON DELETE SET NULL
);
comment on table app_public.documents_files is '@behavior -insert -update -delete
A file attached to a document.';
CREATE INDEX documents_files_file_id_idx ON app_public.documents_files USING btree (file_id);
CREATE INDEX documents_files_uploaded_at_idx ON app_public.documents_files USING btree (uploaded_at);
CREATE INDEX documents_files_uploaded_by_idx ON app_public.documents_files USING btree (uploaded_by);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.documents_files FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('document_id:write');
CREATE TRIGGER _500_keep_file AFTER INSERT ON app_public.documents_files FOR EACH ROW EXECUTE FUNCTION app_private.tg_file_links__keep_file();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE ON app_public.documents_files FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.documents_files enable row level security;
create policy delete_writer on app_public.documents_files for delete to public
  using ((EXISTS ( SELECT
   FROM app_public.documents d
  WHERE ((d.id = documents_files.document_id) AND ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user)) AND COALESCE(app_hidden.subsidiary_visible(d.principal_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)), true)) OR (d.id = ANY (( SELECT app_hidden.document_ids_shared_with_me(true) AS document_ids_shared_with_me)::uuid[])))))));
comment on policy delete_writer on app_public.documents_files is 'Who deletes a row of app_public.documents_files: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.documents_files for insert to public
  with check ((EXISTS ( SELECT
   FROM app_public.documents d
  WHERE ((d.id = documents_files.document_id) AND ((( SELECT app_hidden.has_scope('documents:write'::text) AS has_scope) AND (NOT ( SELECT app_hidden.is_supplier_user() AS is_supplier_user)) AND COALESCE(app_hidden.subsidiary_visible(d.principal_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)), true)) OR (d.id = ANY (( SELECT app_hidden.document_ids_shared_with_me(true) AS document_ids_shared_with_me)::uuid[])))))));
comment on policy insert_writer on app_public.documents_files is 'Who adds a row to app_public.documents_files: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_visible on app_public.documents_files for select to public
  using ((EXISTS ( SELECT
   FROM app_public.documents d
  WHERE (d.id = documents_files.document_id))));
comment on policy select_visible on app_public.documents_files is 'Who reads a row of app_public.documents_files: whoever may read the record it belongs to or names.';
grant delete, insert (document_id, file_id), select on app_public.documents_files to ledgerline_visitor;

create table app_public.exchange_rates (
  currency character(3) not null,
  rate_date date not null,
  usd_per_unit numeric(18,8) not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint exchange_rates_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint exchange_rates_pkey PRIMARY KEY (currency, rate_date),
  constraint exchange_rates_rate_positive CHECK ((usd_per_unit > (0)::numeric))
);
comment on table app_public.exchange_rates is 'How many US dollars one unit of the currency was worth on a date. Amounts in USD use the latest rate on or before the document date.';
CREATE INDEX exchange_rates_rate_date_idx ON app_public.exchange_rates USING btree (rate_date);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.exchange_rates FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.exchange_rates FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
alter table app_public.exchange_rates enable row level security;
create policy delete_admin on app_public.exchange_rates for delete to public
  using (( SELECT app_hidden.has_scope('admin'::text) AS has_scope));
comment on policy delete_admin on app_public.exchange_rates is 'Only an administrator (the scope named) deletes from app_public.exchange_rates.';
create policy insert_admin on app_public.exchange_rates for insert to public
  with check (( SELECT app_hidden.has_scope('admin'::text) AS has_scope));
comment on policy insert_admin on app_public.exchange_rates is 'Only an administrator (the scope named) adds to app_public.exchange_rates.';
create policy select_signed_in on app_public.exchange_rates for select to public
  using ((( SELECT app_hidden.current_user_id() AS current_user_id) IS NOT NULL));
comment on policy select_signed_in on app_public.exchange_rates is 'Any signed-in account reads app_public.exchange_rates.';
create policy update_admin on app_public.exchange_rates for update to public
  using (( SELECT app_hidden.has_scope('admin'::text) AS has_scope));
comment on policy update_admin on app_public.exchange_rates is 'Only an administrator (the scope named) changes app_public.exchange_rates.';
grant delete, insert (currency, rate_date, usd_per_unit), select, update (usd_per_unit) on app_public.exchange_rates to ledgerline_visitor;

create table app_public.files (
  id uuid default gen_random_uuid() not null,
  name text not null,
  content_type text not null,
  size bigint not null,
  sha256 text not null,
  uploaded_by uuid,
  uploaded_at timestamp with time zone default now() not null,
  expires_at timestamp with time zone,
  constraint files_name_required CHECK ((btrim(name) <> ''::text)),
  constraint files_pkey PRIMARY KEY (id),
  constraint files_sha256_format CHECK ((sha256 ~ '^[0-9a-f]{64}$'::text)),
  constraint files_size_range CHECK ((size >= 0)),
  constraint files_uploaded_by_fkey FOREIGN KEY (uploaded_by) REFERENCES app_public.users(id) ON DELETE SET NULL
);
comment on table app_public.files is '@behavior -insert -update -delete
Metadata of a stored file; the bytes live in the blob store under their sha256. Upload, replace and delete through /api/storage.';
CREATE INDEX files_expires_at_idx ON app_public.files USING btree (expires_at) WHERE (expires_at IS NOT NULL);
CREATE INDEX files_sha256_idx ON app_public.files USING btree (sha256);
CREATE INDEX files_uploaded_at_idx ON app_public.files USING btree (uploaded_at);
CREATE INDEX files_uploaded_by_idx ON app_public.files USING btree (uploaded_by);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.files FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
alter table app_public.files enable row level security;
create policy delete_writable on app_public.files for delete to public
  using (app_hidden.can_write_file(id));
comment on policy delete_writable on app_public.files is 'Who deletes a row of app_public.files: its uploader while nothing references it, afterwards only someone who may write every record it is attached to.';
create policy insert_signed_in on app_public.files for insert to public
  with check (((( SELECT app_hidden.current_user_id() AS current_user_id) IS NOT NULL) AND (uploaded_by = ( SELECT app_hidden.current_user_id() AS current_user_id))));
comment on policy insert_signed_in on app_public.files is 'A signed-in user adds rows to app_public.files as themselves.';
create policy select_visible on app_public.files for select to public
  using (((uploaded_by = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR (EXISTS ( SELECT
   FROM (app_public.bills_files l
     JOIN app_public.bills b ON ((b.id = l.bill_id)))
  WHERE (l.file_id = files.id))) OR (EXISTS ( SELECT
   FROM (app_public.invoices_files l
     JOIN app_public.invoices i ON ((i.id = l.invoice_id)))
  WHERE (l.file_id = files.id))) OR (EXISTS ( SELECT
   FROM (app_public.costs_files l
     JOIN app_public.costs c ON ((c.id = l.cost_id)))
  WHERE (l.file_id = files.id))) OR (EXISTS ( SELECT
   FROM (app_public.documents_files l
     JOIN app_public.documents d ON ((d.id = l.document_id)))
  WHERE (l.file_id = files.id))) OR (EXISTS ( SELECT
   FROM app_public.bills b
  WHERE (b.act_id = files.id))) OR (EXISTS ( SELECT
   FROM app_public.bank_statements s
  WHERE (s.file_id = files.id))) OR ((( SELECT app_hidden.current_user_id() AS current_user_id) IS NOT NULL) AND (EXISTS ( SELECT
   FROM app_public.users u
  WHERE (u.avatar_file_id = files.id))))));
comment on policy select_visible on app_public.files is 'Who reads a row of app_public.files: its uploader, and whoever sees a bill, invoice, cost or document it is attached to, the bill whose act it is or the bank statement imported from it; any signed-in user reads avatars.';
create policy update_writable on app_public.files for update to public
  using (app_hidden.can_write_file(id));
comment on policy update_writable on app_public.files is 'Who changes a row of app_public.files: its uploader while nothing references it, afterwards only someone who may write every record it is attached to.';
grant delete, insert (id, name, content_type, size, sha256, uploaded_by, expires_at), select, update (name, content_type, size, sha256, uploaded_at) on app_public.files to ledgerline_visitor;

create table app_public.invoices (
  id integer generated by default as identity not null,
  type app_public.invoice_type default 'regular'::app_public.invoice_type not null,
  invoice_ref text not null,
  invoice_date date not null,
  due_date date,
  period_start date,
  period_end date,
  currency character(3) not null,
  amount numeric(18,2) default 0 not null,
  amount_w_vat numeric(18,2) default 0 not null,
  amount_usd numeric(18,2) default 0 not null,
  amount_usd_w_vat numeric(18,2) default 0 not null,
  status app_public.invoice_status default 'draft'::app_public.invoice_status not null,
  costs_status app_public.costs_status default 'none'::app_public.costs_status not null,
  payment_status app_public.payment_status default 'unpaid'::app_public.payment_status not null,
  is_deleted boolean default false not null,
  reject_reason text,
  last_payment_date timestamp with time zone,
  subsidiary_id uuid not null,
  supplier_id uuid not null,
  default_cost_type_id uuid,
  created_by uuid,
  validated_by uuid,
  closed_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  paid_amount numeric(18,2) default 0 not null,
  project_ids uuid[] default '{}'::uuid[] not null,
  project_keys text[] generated always as ((project_ids)::text[]) stored,
  constraint invoices_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint invoices_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint invoices_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint invoices_default_cost_type_id_fkey FOREIGN KEY (default_cost_type_id) REFERENCES app_public.cost_types(id) ON DELETE SET NULL,
  constraint invoices_due_date_not_before_invoice_date CHECK (((due_date IS NULL) OR (due_date >= invoice_date))),
  constraint invoices_invoice_ref_required CHECK ((btrim(invoice_ref) <> ''::text)),
  constraint invoices_paid_not_above_amount CHECK ((paid_amount <= amount_w_vat)),
  constraint invoices_period_order CHECK (((period_start IS NULL) OR (period_end IS NULL) OR (period_end >= period_start))),
  constraint invoices_pkey PRIMARY KEY (id),
  constraint invoices_reject_reason_when_rejected CHECK (((status <> 'rejected'::app_public.invoice_status) OR (reject_reason IS NOT NULL))),
  constraint invoices_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT,
  constraint invoices_supplier_id_fkey FOREIGN KEY (supplier_id) REFERENCES app_public.suppliers(id) ON DELETE RESTRICT,
  constraint invoices_validated_by_fkey FOREIGN KEY (validated_by) REFERENCES app_public.users(id) ON DELETE SET NULL
);
comment on table app_public.invoices is '@behavior -delete
An invoice a supplier sent to a subsidiary; its amounts are the sums of its live costs. Deleted with deleteInvoice.';
comment on column app_public.invoices.status is '@behavior -insert -update
Draft, open, rejected, validated, paid or static; changed by the workflow mutations.';
comment on column app_public.invoices.is_deleted is '@behavior -insert -update
Archived; see setInvoiceDeleted.';
comment on column app_public.invoices.reject_reason is '@behavior -insert -update';
comment on column app_public.invoices.validated_by is '@behavior -insert -update';
comment on column app_public.invoices.closed_by is '@behavior -insert -update';
comment on column app_public.invoices.paid_amount is '@behavior -insert -update
The sum of the payments on the invoice.';
comment on column app_public.invoices.project_ids is '@behavior -*
The projects of the invoice''s costs (all of them, archived too), kept by the database for the visibility rule.';
comment on column app_public.invoices.project_keys is '@behavior -*
The projects of the invoice''s cost lines as text (project_ids), for the project-limited policy''s key lookup.';
comment on constraint invoices_due_date_not_before_invoice_date on app_public.invoices is '@code DueDateBeforeInvoiceDate
The due date cannot be earlier than the invoice date.';
comment on constraint invoices_paid_not_above_amount on app_public.invoices is '@code PaymentsExceedAmount
The payments would be more than the amount. Delete a payment first.';
comment on constraint invoices_period_order on app_public.invoices is '@code PeriodEndBeforeStart
The period end cannot be earlier than its start.';
CREATE INDEX invoices_amount_idx ON app_public.invoices USING btree (amount);
CREATE INDEX invoices_amount_usd_idx ON app_public.invoices USING btree (amount_usd);
CREATE INDEX invoices_amount_w_vat_idx ON app_public.invoices USING btree (amount_w_vat);
CREATE INDEX invoices_closed_by_idx ON app_public.invoices USING btree (closed_by);
CREATE INDEX invoices_created_at_idx ON app_public.invoices USING btree (created_at);
CREATE INDEX invoices_created_by_idx ON app_public.invoices USING btree (created_by);
CREATE INDEX invoices_currency_idx ON app_public.invoices USING btree (currency);
CREATE INDEX invoices_default_cost_type_id_idx ON app_public.invoices USING btree (default_cost_type_id);
CREATE INDEX invoices_due_date_idx ON app_public.invoices USING btree (due_date);
CREATE INDEX invoices_invoice_date_desc_idx ON app_public.invoices USING btree (invoice_date DESC, id);
CREATE INDEX invoices_invoice_date_idx ON app_public.invoices USING btree (invoice_date, id);
CREATE INDEX invoices_invoice_ref_idx ON app_public.invoices USING btree (invoice_ref);
CREATE INDEX invoices_is_deleted_idx ON app_public.invoices USING btree (is_deleted);
CREATE INDEX invoices_live_draft_idx ON app_public.invoices USING btree (subsidiary_id) WHERE ((status = 'draft'::app_public.invoice_status) AND (NOT is_deleted));
CREATE INDEX invoices_live_open_idx ON app_public.invoices USING btree (subsidiary_id) WHERE ((status = 'open'::app_public.invoice_status) AND (NOT is_deleted));
CREATE INDEX invoices_live_paid_idx ON app_public.invoices USING btree (subsidiary_id) WHERE ((status = 'paid'::app_public.invoice_status) AND (NOT is_deleted));
CREATE INDEX invoices_live_rejected_idx ON app_public.invoices USING btree (subsidiary_id) WHERE ((status = 'rejected'::app_public.invoice_status) AND (NOT is_deleted));
CREATE INDEX invoices_live_static_idx ON app_public.invoices USING btree (subsidiary_id) WHERE ((status = 'static'::app_public.invoice_status) AND (NOT is_deleted));
CREATE INDEX invoices_live_validated_idx ON app_public.invoices USING btree (subsidiary_id) WHERE ((status = 'validated'::app_public.invoice_status) AND (NOT is_deleted));
CREATE INDEX invoices_payment_status_idx ON app_public.invoices USING btree (payment_status);
CREATE INDEX invoices_project_ids_idx ON app_public.invoices USING gin (project_ids);
CREATE INDEX invoices_ref_lower_idx ON app_public.invoices USING btree (lower(invoice_ref));
CREATE INDEX invoices_search_idx ON app_public.invoices USING gin (invoice_ref gin_trgm_ops);
CREATE INDEX invoices_status_idx ON app_public.invoices USING btree (status);
CREATE INDEX invoices_subsidiary_id_idx ON app_public.invoices USING btree (subsidiary_id);
CREATE INDEX invoices_subsidiary_list_idx ON app_public.invoices USING btree (subsidiary_id, is_deleted, invoice_date DESC, id) INCLUDE (status);
CREATE INDEX invoices_supplier_id_idx ON app_public.invoices USING btree (supplier_id);
CREATE INDEX invoices_supplier_ref_idx ON app_public.invoices USING btree (supplier_id, lower(btrim(invoice_ref)));
CREATE INDEX invoices_validated_by_idx ON app_public.invoices USING btree (validated_by);
CREATE INDEX invoices_without_costs_by_creator_idx ON app_public.invoices USING btree (created_by) WHERE (project_ids = '{}'::uuid[]);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.invoices FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _040_period_lock BEFORE INSERT OR DELETE OR UPDATE ON app_public.invoices FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__period_lock();
CREATE TRIGGER _050_guard BEFORE UPDATE ON app_public.invoices FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg_invoices__guard();
CREATE TRIGGER _050_guard_insert BEFORE INSERT ON app_public.invoices FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg_invoices__guard_insert();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _160_not_paid_twice BEFORE INSERT OR UPDATE OF supplier_id, invoice_ref ON app_public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.tg_invoices__not_paid_twice();
CREATE TRIGGER _200_created_by BEFORE INSERT ON app_public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.tg__created_by();
CREATE TRIGGER _300_to_costs AFTER UPDATE OF subsidiary_id, currency ON app_public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.tg_invoices__to_costs();
CREATE TRIGGER _310_reprice_costs AFTER UPDATE OF invoice_date, currency ON app_public.invoices FOR EACH ROW WHEN (((old.invoice_date IS DISTINCT FROM new.invoice_date) OR (old.currency IS DISTINCT FROM new.currency))) EXECUTE FUNCTION app_private.tg_invoices__reprice_costs();
CREATE TRIGGER _400_payment_projects AFTER UPDATE OF project_ids ON app_public.invoices FOR EACH ROW WHEN ((old.project_ids IS DISTINCT FROM new.project_ids)) EXECUTE FUNCTION app_private.tg_payment_owner__projects();
CREATE TRIGGER _400_payment_subsidiary AFTER UPDATE OF subsidiary_id ON app_public.invoices FOR EACH ROW WHEN ((old.subsidiary_id IS DISTINCT FROM new.subsidiary_id)) EXECUTE FUNCTION app_private.tg_payment_owner__subsidiary();
CREATE TRIGGER _600_archive_totals AFTER UPDATE OF is_deleted ON app_public.invoices FOR EACH ROW WHEN ((old.is_deleted IS DISTINCT FROM new.is_deleted)) EXECUTE FUNCTION app_private.tg_invoices__archive_totals();
CREATE TRIGGER _610_payment_status AFTER UPDATE OF amount_w_vat ON app_public.invoices FOR EACH ROW WHEN ((old.amount_w_vat IS DISTINCT FROM new.amount_w_vat)) EXECUTE FUNCTION app_private.tg_invoices__payment_status();
CREATE TRIGGER _800_notify AFTER UPDATE OF status ON app_public.invoices FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION app_private.tg_invoices__notify();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE OR UPDATE ON app_public.invoices FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.invoices enable row level security;
create policy delete_writer on app_public.invoices for delete to public
  using ((( SELECT app_hidden.has_scope('invoice:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy delete_writer on app_public.invoices is 'Who deletes a row of app_public.invoices: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.invoices for insert to public
  with check ((( SELECT app_hidden.has_scope('invoice:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy insert_writer on app_public.invoices is 'Who adds a row to app_public.invoices: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.invoices for select to public
  using ((( SELECT app_hidden.has_scope('invoice:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.subsidiaries_seen_whole() AS subsidiaries_seen_whole))));
comment on policy select_allowed on app_public.invoices is 'Who reads a row of app_public.invoices: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
create policy select_no_supplier on app_public.invoices as restrictive for select to ledgerline_project_limited
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_no_supplier on app_public.invoices is 'For ledgerline_project_limited, restrictive: a supplier''s user (whose token named this role before it became one) reads none. Only ever hides rows.';
create policy select_own_without_costs on app_public.invoices for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('invoice:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (project_ids = '{}'::uuid[]) AND (created_by = ( SELECT app_hidden.current_user_id() AS current_user_id))));
comment on policy select_own_without_costs on app_public.invoices is 'For ledgerline_project_limited and ledgerline_supplier_user: an account with invoice:read reads the invoices without costs that it created itself (the wizard''s new invoice), within the subsidiaries it may see.';
create policy select_project_limited on app_public.invoices for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('invoice:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND COALESCE((( SELECT app_hidden.allowed_project_keys() AS allowed_project_keys) ?| project_keys), false)));
comment on policy select_project_limited on app_public.invoices is 'For ledgerline_project_limited and ledgerline_supplier_user: the invoices of its subsidiaries whose projects overlap the allowed ones. Only ever hides rows.';
create policy select_supplier on app_public.invoices for select to ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('invoice:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (supplier_id = ANY (( SELECT app_hidden.supplier_ids_seen_whole() AS supplier_ids_seen_whole)::uuid[]))));
comment on policy select_supplier on app_public.invoices is 'For ledgerline_supplier_user: a supplier''s user without a project limit reads its suppliers'' invoices.';
create policy select_supplier_only on app_public.invoices as restrictive for select to ledgerline_supplier_user
  using (((( SELECT app_hidden.supplier_ids() AS supplier_ids) IS NULL) OR (supplier_id = ANY (( SELECT app_hidden.supplier_ids() AS supplier_ids)::uuid[]))));
comment on policy select_supplier_only on app_public.invoices is 'For ledgerline_supplier_user, restrictive: only its suppliers'' invoices, whatever else admits them. Only ever hides rows.';
create policy update_supplier_only on app_public.invoices as restrictive for update to public
  using (((( SELECT app_hidden.supplier_ids() AS supplier_ids) IS NULL) OR (supplier_id = ANY (( SELECT app_hidden.supplier_ids() AS supplier_ids)::uuid[]))));
comment on policy update_supplier_only on app_public.invoices is 'Restrictive: a supplier''s user changes only its suppliers'' invoices, and cannot move one to another supplier.';
create policy update_writer on app_public.invoices for update to public
  using ((( SELECT app_hidden.has_scope('invoice:write'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids))));
comment on policy update_writer on app_public.invoices is 'Who changes a row of app_public.invoices: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy write_supplier_only on app_public.invoices as restrictive for insert to public
  with check (((( SELECT app_hidden.supplier_ids() AS supplier_ids) IS NULL) OR (supplier_id = ANY (( SELECT app_hidden.supplier_ids() AS supplier_ids)::uuid[]))));
comment on policy write_supplier_only on app_public.invoices is 'Restrictive: a supplier''s user adds invoices only for its own suppliers.';
grant delete, insert (type, invoice_ref, invoice_date, due_date, period_start, period_end, currency, subsidiary_id, supplier_id, default_cost_type_id), select, update (type, invoice_ref, invoice_date, due_date, period_start, period_end, currency, status, is_deleted, reject_reason, subsidiary_id, supplier_id, default_cost_type_id, validated_by, closed_by) on app_public.invoices to ledgerline_visitor;

create table app_public.invoices_files (
  id uuid default gen_random_uuid() not null,
  invoice_id integer not null,
  file_id uuid not null,
  constraint invoices_files_file_id_fkey FOREIGN KEY (file_id) REFERENCES app_public.files(id) ON DELETE CASCADE,
  constraint invoices_files_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES app_public.invoices(id) ON DELETE CASCADE,
  constraint invoices_files_pkey PRIMARY KEY (id),
  constraint invoices_files_unique UNIQUE (invoice_id, file_id)
);
comment on table app_public.invoices_files is '@behavior -insert -update -delete
A file attached to an invoice.';
CREATE INDEX invoices_files_file_id_idx ON app_public.invoices_files USING btree (file_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.invoices_files FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('invoice_id:write');
CREATE TRIGGER _500_keep_file AFTER INSERT ON app_public.invoices_files FOR EACH ROW EXECUTE FUNCTION app_private.tg_file_links__keep_file();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE ON app_public.invoices_files FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.invoices_files enable row level security;
create policy delete_writer on app_public.invoices_files for delete to public
  using ((( SELECT app_hidden.has_scope('invoice:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.invoices i
  WHERE (i.id = invoices_files.invoice_id)))));
comment on policy delete_writer on app_public.invoices_files is 'Who deletes a row of app_public.invoices_files: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.invoices_files for insert to public
  with check ((( SELECT app_hidden.has_scope('invoice:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.invoices i
  WHERE (i.id = invoices_files.invoice_id)))));
comment on policy insert_writer on app_public.invoices_files is 'Who adds a row to app_public.invoices_files: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_visible on app_public.invoices_files for select to public
  using ((EXISTS ( SELECT
   FROM app_public.invoices i
  WHERE (i.id = invoices_files.invoice_id))));
comment on policy select_visible on app_public.invoices_files is 'Who reads a row of app_public.invoices_files: whoever may read the record it belongs to or names.';
grant delete, insert (invoice_id, file_id), select on app_public.invoices_files to ledgerline_visitor;

create table app_public.invoices_payments (
  id uuid default gen_random_uuid() not null,
  invoice_id integer not null,
  payment_id uuid not null,
  constraint _500_single_owner TRIGGER,
  constraint invoices_payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES app_public.invoices(id) ON DELETE RESTRICT,
  constraint invoices_payments_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES app_public.payments(id) ON DELETE CASCADE,
  constraint invoices_payments_payment_unique UNIQUE (payment_id),
  constraint invoices_payments_pkey PRIMARY KEY (id)
);
comment on table app_public.invoices_payments is '@behavior -insert -update -delete
Links a payment to the invoice it pays.';
CREATE INDEX invoices_payments_invoice_id_idx ON app_public.invoices_payments USING btree (invoice_id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.invoices_payments FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('invoice_id:visible', 'payment_id:own');
CREATE TRIGGER _400_payment_subsidiary AFTER INSERT OR DELETE OR UPDATE ON app_public.invoices_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg_payment_links__subsidiary();
CREATE CONSTRAINT TRIGGER _500_single_owner AFTER INSERT OR UPDATE ON app_public.invoices_payments NOT DEFERRABLE INITIALLY IMMEDIATE FOR EACH ROW EXECUTE FUNCTION app_private.tg_payment_links__single_owner();
CREATE TRIGGER _600_refresh AFTER INSERT OR DELETE OR UPDATE ON app_public.invoices_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg_invoices_payments__refresh();
CREATE TRIGGER _900_audit AFTER INSERT OR DELETE ON app_public.invoices_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.invoices_payments enable row level security;
create policy delete_writer on app_public.invoices_payments for delete to public
  using ((( SELECT app_hidden.has_scope('payment:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.invoices i
  WHERE (i.id = invoices_payments.invoice_id)))));
comment on policy delete_writer on app_public.invoices_payments is 'Who deletes a row of app_public.invoices_payments: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.invoices_payments for insert to public
  with check ((( SELECT app_hidden.has_scope('payment:write'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.invoices i
  WHERE (i.id = invoices_payments.invoice_id)))));
comment on policy insert_writer on app_public.invoices_payments is 'Who adds a row to app_public.invoices_payments: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.invoices_payments for select to public
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND (EXISTS ( SELECT
   FROM app_public.invoices i
  WHERE (i.id = invoices_payments.invoice_id)))));
comment on policy select_allowed on app_public.invoices_payments is 'Who reads a row of app_public.invoices_payments: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
grant delete, insert (invoice_id, payment_id), select on app_public.invoices_payments to ledgerline_visitor;

create table app_public.notifications (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  title text not null,
  body text,
  type text not null,
  ref_id text,
  is_read boolean default false not null,
  read_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  params jsonb default '{}'::jsonb not null,
  constraint notifications_pkey PRIMARY KEY (id),
  constraint notifications_read_at_when_read CHECK ((is_read = (read_at IS NOT NULL))),
  constraint notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE
);
comment on table app_public.notifications is 'Something that happened to a user''s work; newest first.';
comment on column app_public.notifications.params is 'What the notification is about: kind (invoice, cost, bill), id, reference (number or name) and reason, for the app to render in the reader''s language.';
CREATE INDEX notifications_unread_idx ON app_public.notifications USING btree (user_id) WHERE (NOT is_read);
CREATE INDEX notifications_user_created_at_idx ON app_public.notifications USING btree (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_created_idx ON app_public.notifications USING btree (user_id, created_at DESC);
alter table app_public.notifications enable row level security;
create policy delete_own on app_public.notifications for delete to public
  using ((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)));
comment on policy delete_own on app_public.notifications is 'A user deletes only their own rows of app_public.notifications.';
create policy select_own on app_public.notifications for select to public
  using ((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)));
comment on policy select_own on app_public.notifications is 'A user reads only their own rows of app_public.notifications.';
create policy update_own on app_public.notifications for update to public
  using ((user_id = ( SELECT app_hidden.current_user_id() AS current_user_id)));
comment on policy update_own on app_public.notifications is 'A user changes only their own rows of app_public.notifications.';
grant delete, select, update (is_read, read_at) on app_public.notifications to ledgerline_visitor;

create table app_public.payments (
  id uuid default gen_random_uuid() not null,
  amount numeric(18,2) not null,
  amount_usd numeric(18,2),
  currency character(3) not null,
  payment_date timestamp with time zone not null,
  payment_method app_public.payment_method not null,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  subsidiary_id uuid,
  reference text,
  invoice_id integer,
  bill_id integer,
  project_ids uuid[] default '{}'::uuid[] not null,
  project_keys text[] generated always as ((project_ids)::text[]) stored,
  constraint payments_amount_positive CHECK ((amount > (0)::numeric)),
  constraint payments_bill_id_fkey FOREIGN KEY (bill_id) REFERENCES app_public.bills(id) ON DELETE RESTRICT,
  constraint payments_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL,
  constraint payments_currency_fkey FOREIGN KEY (currency) REFERENCES app_public.currencies(value) ON UPDATE CASCADE ON DELETE RESTRICT,
  constraint payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES app_public.invoices(id) ON DELETE RESTRICT,
  constraint payments_pkey PRIMARY KEY (id),
  constraint payments_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE RESTRICT
);
comment on table app_public.payments is '@behavior -insert -update -delete
Money paid on an invoice or received on a bill. Created with createInvoicePayment, createBillPayment or createPayments; removed with deletePayment.';
comment on column app_public.payments.subsidiary_id is '@behavior -*
The subsidiary of the invoice or bill the payment settles (kept by the database for the visibility rule).';
comment on column app_public.payments.reference is '@behavior +filterBy
The payment''s reference: the bank reference of the statement line it was matched from, or what the payer typed.';
comment on column app_public.payments.invoice_id is '@behavior -*
The invoice the payment settles (kept by the database from invoices_payments for the visibility rule).';
comment on column app_public.payments.bill_id is '@behavior -*
The bill the payment settles (kept by the database from bills_payments for the visibility rule).';
comment on column app_public.payments.project_ids is '@behavior -*
The projects of the invoice or bill the payment settles (kept by the database for the project-limited visibility rule).';
comment on column app_public.payments.project_keys is '@behavior -*
The projects of the invoice or bill the payment settles as text (project_ids), for the project-limited policy''s key lookup.';
comment on constraint payments_amount_positive on app_public.payments is '@code InvalidAmount
The amount must be above 0.';
comment on constraint payments_bill_id_fkey on app_public.payments is '@behavior -*
@code BillNotFound
The bill was not found.';
comment on constraint payments_invoice_id_fkey on app_public.payments is '@behavior -*
@code InvoiceNotFound
The invoice was not found.';
CREATE INDEX payments_bill_id_idx ON app_public.payments USING btree (bill_id) WHERE (bill_id IS NOT NULL);
CREATE INDEX payments_created_by_idx ON app_public.payments USING btree (created_by);
CREATE INDEX payments_currency_idx ON app_public.payments USING btree (currency);
CREATE INDEX payments_invoice_id_idx ON app_public.payments USING btree (invoice_id) WHERE (invoice_id IS NOT NULL);
CREATE INDEX payments_payment_date_id_idx ON app_public.payments USING btree (payment_date DESC, id);
CREATE INDEX payments_reference_idx ON app_public.payments USING btree (lower(reference)) WHERE (reference IS NOT NULL);
CREATE INDEX payments_subsidiary_list_idx ON app_public.payments USING btree (subsidiary_id, payment_date DESC, id);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.payments FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _040_period_lock BEFORE INSERT OR DELETE OR UPDATE ON app_public.payments FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__period_lock();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _150_not_in_future BEFORE INSERT OR UPDATE OF payment_date ON app_public.payments FOR EACH ROW EXECUTE FUNCTION app_private.tg_payments__not_in_future();
CREATE TRIGGER _200_created_by BEFORE INSERT ON app_public.payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__created_by();
CREATE TRIGGER _300_amount_usd BEFORE INSERT OR UPDATE OF amount, currency, payment_date ON app_public.payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__payment_amount_usd();
CREATE TRIGGER _600_refresh AFTER UPDATE OF amount, payment_date ON app_public.payments FOR EACH ROW EXECUTE FUNCTION app_private.tg_payments__refresh();
CREATE TRIGGER _900_audit AFTER UPDATE OF amount, currency, payment_date, payment_method, reference ON app_public.payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__audit();
alter table app_public.payments enable row level security;
create policy delete_writer on app_public.payments for delete to public
  using ((( SELECT app_hidden.has_scope('payment:write'::text) AS has_scope) AND ((EXISTS ( SELECT
   FROM (app_public.invoices_payments ip
     JOIN app_public.invoices i ON ((i.id = ip.invoice_id)))
  WHERE (ip.payment_id = payments.id))) OR (EXISTS ( SELECT
   FROM (app_public.bills_payments bp
     JOIN app_public.bills b ON ((b.id = bp.bill_id)))
  WHERE (bp.payment_id = payments.id))))));
comment on policy delete_writer on app_public.payments is 'Who deletes a row of app_public.payments: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.payments for insert to public
  with check (( SELECT app_hidden.has_scope('payment:write'::text) AS has_scope));
comment on policy insert_writer on app_public.payments is 'Who adds a row to app_public.payments: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.payments for select to public
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.subsidiaries_seen_whole() AS subsidiaries_seen_whole)) AND (((invoice_id IS NOT NULL) AND ( SELECT app_hidden.has_scope('invoice:read'::text) AS has_scope)) OR ((bill_id IS NOT NULL) AND ( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope)))));
comment on policy select_allowed on app_public.payments is 'Who reads a row of app_public.payments: an account with its read scope and the read scope of the invoice or bill it settles, within the subsidiaries it sees whole (no project limit, no supplier). Project-limited accounts and suppliers'' users: select_project_limited and select_supplier.';
create policy select_no_supplier on app_public.payments as restrictive for select to ledgerline_project_limited
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_no_supplier on app_public.payments is 'For ledgerline_project_limited, restrictive: a supplier''s user (whose token named this role before it became one) reads none. Only ever hides rows.';
create policy select_project_limited on app_public.payments for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (((invoice_id IS NOT NULL) AND ( SELECT app_hidden.has_scope('invoice:read'::text) AS has_scope)) OR ((bill_id IS NOT NULL) AND ( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope))) AND COALESCE((( SELECT app_hidden.allowed_project_keys() AS allowed_project_keys) ?| project_keys), false)));
comment on policy select_project_limited on app_public.payments is 'For ledgerline_project_limited and ledgerline_supplier_user: the payments whose invoice or bill is in one of the allowed projects (the projects the payment keeps), with the read scopes of both. Only ever hides rows.';
create policy select_supplier on app_public.payments for select to ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('payment:read'::text) AS has_scope) AND ( SELECT app_hidden.has_scope('invoice:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (invoice_id IS NOT NULL) AND (cardinality(( SELECT app_hidden.supplier_ids_seen_whole() AS supplier_ids_seen_whole)) > 0)));
comment on policy select_supplier on app_public.payments is 'For ledgerline_supplier_user: a supplier''s user without a project limit reads the payments of invoices (select_supplier_only keeps its suppliers'' ones).';
create policy select_supplier_only on app_public.payments as restrictive for select to ledgerline_supplier_user
  using (((( SELECT app_hidden.supplier_ids() AS supplier_ids) IS NULL) OR (invoice_id IN ( SELECT i.id
   FROM app_public.invoices i
  WHERE (i.supplier_id = ANY (( SELECT app_hidden.supplier_ids() AS supplier_ids)::uuid[]))))));
comment on policy select_supplier_only on app_public.payments is 'For ledgerline_supplier_user, restrictive: only the payments of its suppliers'' invoices, whatever else admits them. Only ever hides rows.';
create policy update_writer on app_public.payments for update to public
  using ((( SELECT app_hidden.has_scope('payment:write'::text) AS has_scope) AND ((EXISTS ( SELECT
   FROM (app_public.invoices_payments ip
     JOIN app_public.invoices i ON ((i.id = ip.invoice_id)))
  WHERE (ip.payment_id = payments.id))) OR (EXISTS ( SELECT
   FROM (app_public.bills_payments bp
     JOIN app_public.bills b ON ((b.id = bp.bill_id)))
  WHERE (bp.payment_id = payments.id))))));
comment on policy update_writer on app_public.payments is 'Who changes a row of app_public.payments: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (id, amount, currency, payment_date, payment_method, reference), select, update (amount, currency, payment_date, payment_method, reference) on app_public.payments to ledgerline_visitor;

create table app_public.projects (
  id uuid default gen_random_uuid() not null,
  name text not null,
  access_key text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  is_archived boolean default false not null,
  constraint projects_access_key_format CHECK ((access_key ~ '^[A-Za-z0-9_.]+$'::text)),
  constraint projects_access_key_unique UNIQUE (access_key),
  constraint projects_access_key_words CHECK ((access_key ~ '^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$'::text)) NOT VALID,
  constraint projects_name_required CHECK ((btrim(name) <> ''::text)),
  constraint projects_pkey PRIMARY KEY (id)
);
comment on table app_public.projects is 'A project costs and bills are booked to. access_key is what account access patterns match.';
comment on column app_public.projects.access_key is 'Latin letters, digits, underscore and dot; matched by account access patterns.';
comment on column app_public.projects.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
comment on constraint projects_access_key_format on app_public.projects is '@code InvalidAccessKey
The access key allows only Latin letters, digits, underscore and dot.';
comment on constraint projects_access_key_unique on app_public.projects is '@code AccessKeyTaken
Another project already has this access key.';
comment on constraint projects_access_key_words on app_public.projects is '@code InvalidAccessKey
The access key is words of Latin letters, digits and underscore joined by single dots (e.g. ops.platform).';
CREATE INDEX projects_created_at_idx ON app_public.projects USING btree (created_at);
CREATE INDEX projects_is_archived_idx ON app_public.projects USING btree (is_archived);
CREATE INDEX projects_name_idx ON app_public.projects USING btree (name);
CREATE UNIQUE INDEX projects_name_unique ON app_public.projects USING btree (lower(btrim(name)));
comment on index app_public.projects_name_unique is '@code NameTaken
A project with this name already exists.';
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.projects FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _900_account_access AFTER INSERT OR DELETE OR UPDATE OF access_key ON app_public.projects FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__projects();
alter table app_public.projects enable row level security;
create policy delete_writer on app_public.projects for delete to public
  using (( SELECT app_hidden.has_scope('project:write'::text) AS has_scope));
comment on policy delete_writer on app_public.projects is 'Who deletes a row of app_public.projects: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.projects for insert to public
  with check (( SELECT app_hidden.has_scope('project:write'::text) AS has_scope));
comment on policy insert_writer on app_public.projects is 'Who adds a row to app_public.projects: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.projects for select to public
  using ((( SELECT app_hidden.has_scope('project:read'::text) AS has_scope) AND ((( SELECT ((app_hidden.allowed_project_ids() IS NULL) OR NULL::boolean)) IS NOT NULL) OR (id = ANY (( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids)::uuid[])))));
comment on policy select_allowed on app_public.projects is 'Who reads a row of app_public.projects: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
create policy update_writer on app_public.projects for update to public
  using (( SELECT app_hidden.has_scope('project:write'::text) AS has_scope));
comment on policy update_writer on app_public.projects is 'Who changes a row of app_public.projects: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (name, access_key), select, update (name, access_key, is_archived) on app_public.projects to ledgerline_visitor;

create table app_public.role_scopes (
  id uuid default gen_random_uuid() not null,
  role_id uuid not null,
  scope text not null,
  constraint _900_need_scope TRIGGER DEFERRABLE INITIALLY DEFERRED,
  constraint role_scopes_pkey PRIMARY KEY (id),
  constraint role_scopes_role_id_fkey FOREIGN KEY (role_id) REFERENCES app_public.roles(id) ON DELETE CASCADE,
  constraint role_scopes_scope_fkey FOREIGN KEY (scope) REFERENCES app_public.scopes(name) ON UPDATE CASCADE ON DELETE CASCADE,
  constraint role_scopes_unique UNIQUE (role_id, scope)
);
comment on table app_public.role_scopes is '@behavior -insert -update -delete
A scope granted by a role. Changed with updateRoleScopes.';
CREATE INDEX role_scopes_scope_idx ON app_public.role_scopes USING btree (scope);
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.role_scopes FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _900_account_access_delete AFTER DELETE ON app_public.role_scopes REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__role_scopes();
CREATE TRIGGER _900_account_access_insert AFTER INSERT ON app_public.role_scopes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__role_scopes();
CREATE TRIGGER _900_account_access_update AFTER UPDATE ON app_public.role_scopes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__role_scopes();
CREATE CONSTRAINT TRIGGER _900_need_scope AFTER DELETE OR UPDATE ON app_public.role_scopes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_private.tg_role_scopes__need_scope();
alter table app_public.role_scopes enable row level security;
create policy delete_admin on app_public.role_scopes for delete to public
  using (( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope));
comment on policy delete_admin on app_public.role_scopes is 'Only an administrator (the scope named) deletes from app_public.role_scopes.';
create policy insert_admin on app_public.role_scopes for insert to public
  with check (( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope));
comment on policy insert_admin on app_public.role_scopes is 'Only an administrator (the scope named) adds to app_public.role_scopes.';
create policy select_visible on app_public.role_scopes for select to public
  using ((( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope) OR (role_id IN ( SELECT a.role_id
   FROM app_public.accounts a
  WHERE (a.user_id = ( SELECT app_hidden.current_user_id() AS current_user_id))))));
comment on policy select_visible on app_public.role_scopes is 'Who reads a row of app_public.role_scopes: whoever may read the record it belongs to or names.';
create policy update_admin on app_public.role_scopes for update to public
  using (( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope));
comment on policy update_admin on app_public.role_scopes is 'Only an administrator (the scope named) changes app_public.role_scopes.';
grant delete, insert (role_id, scope), select, update (scope) on app_public.role_scopes to ledgerline_visitor;

create table app_public.roles (
  id uuid default gen_random_uuid() not null,
  name text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint _900_need_scope TRIGGER DEFERRABLE INITIALLY DEFERRED,
  constraint roles_name_required CHECK ((btrim(name) <> ''::text)),
  constraint roles_name_unique UNIQUE (name),
  constraint roles_pkey PRIMARY KEY (id)
);
comment on table app_public.roles is '@behavior -insert
A named set of scopes; every account has one. Created with createRole (name and at least one scope).';
comment on constraint roles_name_unique on app_public.roles is '@code RoleNameTaken
A role with this name already exists.';
CREATE INDEX roles_created_at_idx ON app_public.roles USING btree (created_at);
CREATE UNIQUE INDEX roles_name_unique_ci ON app_public.roles USING btree (lower(btrim(name)));
comment on index app_public.roles_name_unique_ci is '@code RoleNameTaken
A role with this name already exists.';
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.roles FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE CONSTRAINT TRIGGER _900_need_scope AFTER INSERT ON app_public.roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_private.tg_roles__need_scope();
alter table app_public.roles enable row level security;
create policy delete_admin on app_public.roles for delete to public
  using (( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope));
comment on policy delete_admin on app_public.roles is 'Only an administrator (the scope named) deletes from app_public.roles.';
create policy insert_admin on app_public.roles for insert to public
  with check (( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope));
comment on policy insert_admin on app_public.roles is 'Only an administrator (the scope named) adds to app_public.roles.';
create policy select_visible on app_public.roles for select to public
  using ((( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope) OR (id IN ( SELECT a.role_id
   FROM app_public.accounts a
  WHERE (a.user_id = ( SELECT app_hidden.current_user_id() AS current_user_id))))));
comment on policy select_visible on app_public.roles is 'Who reads a row of app_public.roles: whoever may read the record it belongs to or names.';
create policy update_admin on app_public.roles for update to public
  using (( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope));
comment on policy update_admin on app_public.roles is 'Only an administrator (the scope named) changes app_public.roles.';
grant delete, insert (name), select, update (name) on app_public.roles to ledgerline_visitor;

create table app_public.scopes (
  name text not null,
  description text not null,
  constraint scopes_name_format CHECK ((name ~ '^[a-z_]+(:[a-z_]+)*$'::text)),
  constraint scopes_pkey PRIMARY KEY (name)
);
comment on table app_public.scopes is 'A permission a role or an account can hold.';
alter table app_public.scopes enable row level security;
create policy select_visible on app_public.scopes for select to public
  using ((( SELECT app_hidden.has_scope('admin:role'::text) AS has_scope) OR (name = ANY (( SELECT app_hidden.current_scopes() AS current_scopes)::text[]))));
comment on policy select_visible on app_public.scopes is 'Who reads a row of app_public.scopes: whoever may read the record it belongs to or names.';
grant select on app_public.scopes to ledgerline_visitor;

create table app_public.services (
  id uuid default gen_random_uuid() not null,
  name text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  is_archived boolean default false not null,
  constraint services_name_required CHECK ((btrim(name) <> ''::text)),
  constraint services_pkey PRIMARY KEY (id)
);
comment on table app_public.services is 'A service the group sells; bills and documents refer to it.';
comment on column app_public.services.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
CREATE INDEX services_created_at_idx ON app_public.services USING btree (created_at);
CREATE INDEX services_is_archived_idx ON app_public.services USING btree (is_archived);
CREATE INDEX services_name_idx ON app_public.services USING btree (name);
CREATE UNIQUE INDEX services_name_unique ON app_public.services USING btree (lower(btrim(name)));
comment on index app_public.services_name_unique is '@code NameTaken
A service with this name already exists.';
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.services FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
alter table app_public.services enable row level security;
create policy delete_writer on app_public.services for delete to public
  using (( SELECT app_hidden.has_scope('service:write'::text) AS has_scope));
comment on policy delete_writer on app_public.services is 'Who deletes a row of app_public.services: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.services for insert to public
  with check (( SELECT app_hidden.has_scope('service:write'::text) AS has_scope));
comment on policy insert_writer on app_public.services is 'Who adds a row to app_public.services: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_reader on app_public.services for select to public
  using (( SELECT app_hidden.has_scope('service:read'::text) AS has_scope));
comment on policy select_reader on app_public.services is 'Who reads app_public.services: an account with the reference data''s read scope.';
create policy update_writer on app_public.services for update to public
  using (( SELECT app_hidden.has_scope('service:write'::text) AS has_scope));
comment on policy update_writer on app_public.services is 'Who changes a row of app_public.services: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (name), select, update (name, is_archived) on app_public.services to ledgerline_visitor;

create table app_public.subsidiaries (
  id uuid default gen_random_uuid() not null,
  legal_name text not null,
  short_name text,
  country text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  linked_document_id uuid,
  approval_limit_usd numeric(18,2),
  lock_date date,
  constraint subsidiaries_approval_limit_positive CHECK ((approval_limit_usd > (0)::numeric)),
  constraint subsidiaries_country_fkey FOREIGN KEY (country) REFERENCES app_public.countries(code) ON UPDATE CASCADE ON DELETE RESTRICT NOT VALID,
  constraint subsidiaries_country_required CHECK ((btrim(country) <> ''::text)),
  constraint subsidiaries_legal_name_required CHECK ((btrim(legal_name) <> ''::text)),
  constraint subsidiaries_linked_document_id_fkey FOREIGN KEY (linked_document_id) REFERENCES app_public.documents(id) ON DELETE SET NULL,
  constraint subsidiaries_pkey PRIMARY KEY (id)
);
comment on table app_public.subsidiaries is 'A company of the group: it receives invoices and issues bills.';
comment on column app_public.subsidiaries.country is 'ISO 3166-1 two-letter code (countries).';
comment on column app_public.subsidiaries.linked_document_id is 'The subsidiary''s linked document; it names the subsidiary as its principal.';
comment on column app_public.subsidiaries.approval_limit_usd is '@behavior -insert -update
Costs above this amount in USD (with VAT) need a second approval by another user holding approve_cost_high. Null: no limit.';
comment on column app_public.subsidiaries.lock_date is '@behavior -insert -update
The books are closed through this date: nothing dated on or before it is created, changed, archived, deleted or paid. Null: nothing is locked.';
comment on constraint subsidiaries_country_fkey on app_public.subsidiaries is '@code UnknownCountry
Choose a country from the list.';
comment on constraint subsidiaries_country_required on app_public.subsidiaries is '@code CountryRequired
Country is required.';
CREATE INDEX subsidiaries_country_idx ON app_public.subsidiaries USING btree (country);
CREATE INDEX subsidiaries_created_at_idx ON app_public.subsidiaries USING btree (created_at);
CREATE INDEX subsidiaries_legal_name_idx ON app_public.subsidiaries USING btree (lower(legal_name));
CREATE INDEX subsidiaries_legal_name_sort_idx ON app_public.subsidiaries USING btree (legal_name);
CREATE INDEX subsidiaries_linked_document_id_idx ON app_public.subsidiaries USING btree (linked_document_id);
CREATE INDEX subsidiaries_short_name_idx ON app_public.subsidiaries USING btree (short_name);
CREATE TRIGGER _005_identity_normal_form BEFORE INSERT OR UPDATE ON app_public.subsidiaries FOR EACH ROW EXECUTE FUNCTION app_private.tg__company_identity_normal_form();
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.subsidiaries FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references('linked_document_id:write');
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.subsidiaries FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _400_controls AFTER INSERT OR UPDATE OF approval_limit_usd, lock_date ON app_public.subsidiaries FOR EACH ROW EXECUTE FUNCTION app_private.tg_subsidiaries__controls();
CREATE TRIGGER _500_sync_linked_document AFTER INSERT OR UPDATE OF linked_document_id ON app_public.subsidiaries FOR EACH ROW EXECUTE FUNCTION app_private.tg_subsidiaries__sync_linked_document();
CREATE TRIGGER _900_account_access AFTER INSERT OR DELETE ON app_public.subsidiaries FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__subsidiaries();
alter table app_public.subsidiaries enable row level security;
create policy delete_writer on app_public.subsidiaries for delete to public
  using ((( SELECT app_hidden.has_scope('company:write_subsidiary'::text) AS has_scope) AND ((( SELECT app_hidden.allowed_subsidiary_ids() AS allowed_subsidiary_ids) IS NULL) OR (id = ANY (( SELECT app_hidden.allowed_subsidiary_ids() AS allowed_subsidiary_ids)::uuid[])))));
comment on policy delete_writer on app_public.subsidiaries is 'Who deletes a row of app_public.subsidiaries: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.subsidiaries for insert to public
  with check (( SELECT app_hidden.has_scope('company:write_subsidiary'::text) AS has_scope));
comment on policy insert_writer on app_public.subsidiaries is 'Who adds a row to app_public.subsidiaries: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_allowed on app_public.subsidiaries for select to public
  using ((( SELECT app_hidden.has_scope('company:read'::text) AS has_scope) AND ((( SELECT app_hidden.allowed_subsidiary_ids() AS allowed_subsidiary_ids) IS NULL) OR (id = ANY (( SELECT app_hidden.allowed_subsidiary_ids() AS allowed_subsidiary_ids)::uuid[])))));
comment on policy select_allowed on app_public.subsidiaries is 'Who reads a row of app_public.subsidiaries: an account with its read scope, within the subsidiaries (and projects) its stored access row allows (app_private.account_access).';
create policy update_writer on app_public.subsidiaries for update to public
  using ((( SELECT app_hidden.has_scope('company:write_subsidiary'::text) AS has_scope) AND ((( SELECT app_hidden.allowed_subsidiary_ids() AS allowed_subsidiary_ids) IS NULL) OR (id = ANY (( SELECT app_hidden.allowed_subsidiary_ids() AS allowed_subsidiary_ids)::uuid[])))));
comment on policy update_writer on app_public.subsidiaries is 'Who changes a row of app_public.subsidiaries: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (legal_name, short_name, country, linked_document_id), select, update (legal_name, short_name, country, linked_document_id, approval_limit_usd, lock_date) on app_public.subsidiaries to ledgerline_visitor;

create table app_public.subsidiary_control_changes (
  id bigint generated always as identity not null,
  subsidiary_id uuid not null,
  control text not null,
  old_value text,
  new_value text,
  user_id uuid,
  user_role text,
  created_at timestamp with time zone default clock_timestamp() not null,
  constraint subsidiary_control_changes_control CHECK ((control = ANY (ARRAY['approval_limit_usd'::text, 'lock_date'::text]))),
  constraint subsidiary_control_changes_pkey PRIMARY KEY (id),
  constraint subsidiary_control_changes_subsidiary_id_fkey FOREIGN KEY (subsidiary_id) REFERENCES app_public.subsidiaries(id) ON DELETE CASCADE,
  constraint subsidiary_control_changes_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE SET NULL
);
comment on table app_public.subsidiary_control_changes is '@behavior -insert -update -delete
Every change of a subsidiary''s approval limit or lock date: who, when, from what to what.';
CREATE INDEX subsidiary_control_changes_subsidiary_idx ON app_public.subsidiary_control_changes USING btree (subsidiary_id, created_at DESC);
CREATE INDEX subsidiary_control_changes_user_idx ON app_public.subsidiary_control_changes USING btree (user_id);
alter table app_public.subsidiary_control_changes enable row level security;
create policy select_allowed on app_public.subsidiary_control_changes for select to public
  using (((subsidiary_id = ANY (( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)::uuid[])) AND ( SELECT app_hidden.has_scope('company:read'::text) AS has_scope)));
comment on policy select_allowed on app_public.subsidiary_control_changes is 'Who reads a row of app_public.subsidiary_control_changes: an account with company:read, within the subsidiaries it may see.';
grant select on app_public.subsidiary_control_changes to ledgerline_visitor;

create table app_public.suppliers (
  id uuid default gen_random_uuid() not null,
  legal_name text not null,
  short_name text,
  country text not null,
  user_id uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  is_archived boolean default false not null,
  tax_id text,
  constraint suppliers_country_fkey FOREIGN KEY (country) REFERENCES app_public.countries(code) ON UPDATE CASCADE ON DELETE RESTRICT NOT VALID,
  constraint suppliers_country_required CHECK ((btrim(country) <> ''::text)),
  constraint suppliers_legal_name_required CHECK ((btrim(legal_name) <> ''::text)),
  constraint suppliers_pkey PRIMARY KEY (id),
  constraint suppliers_tax_id_valid CHECK (app_hidden.supplier_tax_id_valid(country, tax_id)),
  constraint suppliers_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE SET NULL
);
comment on table app_public.suppliers is 'A company that invoices the group. It may have a linked user (a supplier representative).';
comment on column app_public.suppliers.country is 'ISO 3166-1 two-letter code (countries).';
comment on column app_public.suppliers.is_archived is 'Archived: hidden from pickers, kept on its records; restorable.';
comment on column app_public.suppliers.tax_id is 'ИНН (Russia), or the VAT number in its country''s format (EU, GB, NO, CH), e.g. DE123456789.';
comment on constraint suppliers_country_fkey on app_public.suppliers is '@code UnknownCountry
Choose a country from the list.';
comment on constraint suppliers_country_required on app_public.suppliers is '@code CountryRequired
Country is required.';
comment on constraint suppliers_tax_id_valid on app_public.suppliers is '@code InvalidSupplierTaxId
The tax id does not fit the country: an ИНН with valid check digits for Russia, the VAT number in its country''s format in Europe (e.g. DE123456789).';
CREATE INDEX suppliers_country_idx ON app_public.suppliers USING btree (country);
CREATE INDEX suppliers_created_at_idx ON app_public.suppliers USING btree (created_at);
CREATE INDEX suppliers_is_archived_idx ON app_public.suppliers USING btree (is_archived);
CREATE INDEX suppliers_legal_name_idx ON app_public.suppliers USING btree (lower(legal_name));
CREATE INDEX suppliers_legal_name_sort_idx ON app_public.suppliers USING btree (legal_name);
CREATE INDEX suppliers_search_idx ON app_public.suppliers USING gin ((((((legal_name || ' '::text) || COALESCE(short_name, ''::text)) || ' '::text) || COALESCE(tax_id, ''::text))) gin_trgm_ops);
CREATE INDEX suppliers_short_name_idx ON app_public.suppliers USING btree (short_name);
CREATE UNIQUE INDEX suppliers_tax_id_unique ON app_public.suppliers USING btree (tax_id) WHERE (NOT is_archived);
comment on index app_public.suppliers_tax_id_unique is '@code TaxIdTaken
Another company already has this tax id.';
CREATE INDEX suppliers_user_id_idx ON app_public.suppliers USING btree (user_id);
CREATE TRIGGER _005_identity_normal_form BEFORE INSERT OR UPDATE ON app_public.suppliers FOR EACH ROW EXECUTE FUNCTION app_private.tg__company_identity_normal_form();
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.suppliers FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.suppliers FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
alter table app_public.suppliers enable row level security;
create policy delete_writer on app_public.suppliers for delete to public
  using (( SELECT app_hidden.has_scope('company:write_supplier'::text) AS has_scope));
comment on policy delete_writer on app_public.suppliers is 'Who deletes a row of app_public.suppliers: an account with its write scope, within what it may see.';
create policy insert_writer on app_public.suppliers for insert to public
  with check (( SELECT app_hidden.has_scope('company:write_supplier'::text) AS has_scope));
comment on policy insert_writer on app_public.suppliers is 'Who adds a row to app_public.suppliers: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
create policy select_reader on app_public.suppliers for select to public
  using (( SELECT app_hidden.has_scope('company:read'::text) AS has_scope));
comment on policy select_reader on app_public.suppliers is 'Who reads app_public.suppliers: an account with the reference data''s read scope.';
create policy update_writer on app_public.suppliers for update to public
  using (( SELECT app_hidden.has_scope('company:write_supplier'::text) AS has_scope));
comment on policy update_writer on app_public.suppliers is 'Who changes a row of app_public.suppliers: an account with its write scope, within what it may see. Status and amounts are the triggers'' and workflow functions'' business.';
grant delete, insert (legal_name, short_name, country, user_id, tax_id), select, update (legal_name, short_name, country, user_id, is_archived, tax_id) on app_public.suppliers to ledgerline_visitor;

create table app_public.users (
  id uuid default gen_random_uuid() not null,
  username text not null,
  first_name text not null,
  last_name text not null,
  additional_name text,
  avatar_file_id uuid,
  is_active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint users_avatar_file_fk FOREIGN KEY (avatar_file_id) REFERENCES app_public.files(id) ON DELETE SET NULL,
  constraint users_first_name_required CHECK ((btrim(first_name) <> ''::text)),
  constraint users_last_name_required CHECK ((btrim(last_name) <> ''::text)),
  constraint users_pkey PRIMARY KEY (id),
  constraint users_username_format CHECK ((username ~ '^[A-Za-z0-9_.@-]{2,64}$'::text))
);
comment on table app_public.users is '@behavior -insert
A person who signs in (created with the createUser mutation, which sets a password). An inactive user cannot sign in; their data stays.';
comment on column app_public.users.avatar_file_id is 'The stored file shown as the avatar.';
comment on column app_public.users.is_active is '@behavior -attribute:update
An inactive user cannot sign in. Changed with setUserActive.';
CREATE INDEX users_avatar_file_id_idx ON app_public.users USING btree (avatar_file_id);
CREATE INDEX users_created_at_idx ON app_public.users USING btree (created_at);
CREATE INDEX users_first_name_idx ON app_public.users USING btree (first_name);
CREATE INDEX users_last_name_idx ON app_public.users USING btree (last_name);
CREATE INDEX users_username_idx ON app_public.users USING btree (username);
CREATE UNIQUE INDEX users_username_key ON app_public.users USING btree (lower(username));
comment on index app_public.users_username_key is '@code UsernameTaken
This username is already taken.';
CREATE TRIGGER _010_references BEFORE INSERT OR UPDATE ON app_public.users FOR EACH ROW WHEN ((app_hidden.current_user_id() IS NOT NULL)) EXECUTE FUNCTION app_private.tg__check_references();
CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.users FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();
CREATE TRIGGER _500_active BEFORE UPDATE OF is_active ON app_public.users FOR EACH ROW WHEN ((old.is_active IS DISTINCT FROM new.is_active)) EXECUTE FUNCTION app_private.tg_users__active();
CREATE TRIGGER _500_keep_avatar AFTER INSERT OR UPDATE OF avatar_file_id ON app_public.users FOR EACH ROW WHEN ((new.avatar_file_id IS NOT NULL)) EXECUTE FUNCTION app_private.tg_users__keep_avatar();
CREATE TRIGGER _900_account_access AFTER UPDATE ON app_public.users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_account_access__users();
alter table app_public.users enable row level security;
create policy delete_admin on app_public.users for delete to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy delete_admin on app_public.users is 'Only an administrator (the scope named) deletes from app_public.users.';
create policy insert_admin on app_public.users for insert to public
  with check (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy insert_admin on app_public.users is 'Only an administrator (the scope named) adds to app_public.users.';
create policy select_visible on app_public.users for select to public
  using (((id = ( SELECT app_hidden.current_user_id() AS current_user_id)) OR ( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope) OR ((( SELECT app_hidden.current_user_id() AS current_user_id) IS NOT NULL) AND app_hidden.user_named_on_visible_record(id))));
comment on policy select_visible on app_public.users is 'Who reads a row of app_public.users: whoever may read the record it belongs to or names.';
create policy update_admin on app_public.users for update to public
  using (( SELECT app_hidden.has_scope('admin:user'::text) AS has_scope));
comment on policy update_admin on app_public.users is 'Only an administrator (the scope named) changes app_public.users.';
grant delete, insert (username, first_name, last_name, additional_name, avatar_file_id), select, update (username, first_name, last_name, additional_name, avatar_file_id, is_active) on app_public.users to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.account_exists(account_id uuid)
 RETURNS app_public.accounts
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  account app_public.accounts;
begin
  select * into account from app_public.accounts a where a.id = account_id;
  if account.id is null then
    perform app_hidden.fail('AccountNotFound', format('Account ''%s'' doesn''t exist', account_id));
  end if;
  return account;
end;
$function$;
comment on function app_hidden.account_exists(uuid) is 'The account with this id, or AccountNotFound.';
grant execute on function app_hidden.account_exists(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.account_scopes(account_id uuid)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.scope_closure(array(
    select rs.scope
      from app_public.accounts a
      join app_public.users u on u.id = a.user_id and u.is_active
      join app_public.role_scopes rs on rs.role_id = a.role_id
     where a.id = account_scopes.account_id
    union
    select s.scope
      from app_public.accounts a
      join app_public.users u on u.id = a.user_id and u.is_active
      join app_public.accounts_scopes s on s.account_id = a.id
     where a.id = account_scopes.account_id
  ))
$function$;
comment on function app_hidden.account_scopes(uuid) is 'Scopes of an account: its role''s plus its own, closed under implication. Empty for an account of an inactive user.';
grant execute on function app_hidden.account_scopes(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.aging(kind text, as_of date)
 RETURNS SETOF app_public.aging_row
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with rows as (
    select * from app_hidden.aging_rows(kind, coalesce(as_of, current_date))
  ), sums as (
    select r.subsidiary_id, grouping(r.subsidiary_id) as is_total,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due <= 0), 0) as current_usd,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due between 1 and 30), 0) as d1,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due between 31 and 60), 0) as d31,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due between 61 and 90), 0) as d61,
           coalesce(sum(r.outstanding_usd) filter (where r.days_past_due > 90), 0) as d90,
           coalesce(sum(r.outstanding_usd), 0) as total, count(r.*)::integer as n
      from rows r
     group by grouping sets ((r.subsidiary_id), ())
  ), names as (
    select * from app_hidden.reference_names('subsidiary', (select array_agg(subsidiary_id) from sums))
  )
  select s.subsidiary_id, n.name, s.current_usd, s.d1, s.d31, s.d61, s.d90, s.total, s.n
    from sums s left join names n on n.id = s.subsidiary_id
   order by s.is_total, n.name, s.subsidiary_id
$function$;
comment on function app_hidden.aging(text,date) is 'The aging report (invoices payable or bills receivable): outstanding USD per subsidiary in the buckets current, 1-30, 31-60, 61-90 and over 90 days past due, with a total row.';
grant execute on function app_hidden.aging(text,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.aging_rows(kind text, as_of date)
 RETURNS TABLE(subsidiary_id uuid, days_past_due integer, outstanding_usd numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select i.subsidiary_id, coalesce(as_of - i.due_date, 0), app_public.invoices_outstanding_usd(i)
    from app_public.invoices i
   where kind = 'payable' and app_public.invoices_outstanding(i) > 0
  union all
  select b.subsidiary_id, coalesce(as_of - b.due_date, 0), app_public.bills_outstanding_usd(b)
    from app_public.bills b
   where kind = 'receivable' and app_public.bills_outstanding(b) > 0
$function$;
comment on function app_hidden.aging_rows(text,date) is 'The outstanding USD of each unpaid live invoice or bill and its days past due on a date, for app_hidden.aging.';
grant execute on function app_hidden.aging_rows(text,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.allowed_project_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select case when aa.account_id is null then '{}'::uuid[]
              when aa.allowed_project_ids is null then null
              else aa.allowed_project_ids || '{}'::uuid[] end
    from (select 1) one
    left join app_private.account_access aa on aa.account_id = app_hidden.current_account_id()
$function$;
comment on function app_hidden.allowed_project_ids() is 'Projects the signed-in account may see; null means all. The account''s project list and its access pattern both limit, when present.';
grant execute on function app_hidden.allowed_project_ids() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.allowed_project_keys()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select aa.allowed_project_keys || '{}'::jsonb
    from (select 1) one
    left join app_private.account_access aa on aa.account_id = app_hidden.current_account_id()
$function$;
comment on function app_hidden.allowed_project_keys() is 'The projects the signed-in account may see as the keys of a jsonb object (null when none are listed), kept in its access row, for a row''s project keys: `(select app_hidden.allowed_project_keys()) ?| project_keys`, or `? project_id::text`.';
grant execute on function app_hidden.allowed_project_keys() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.allowed_subsidiary_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select case when count(*) = 0 then null else array_agg(s.subsidiary_id) end
    from app_public.accounts_subsidiaries s
   where s.account_id = app_hidden.current_account_id()
$function$;
comment on function app_hidden.allowed_subsidiary_ids() is 'Subsidiaries the signed-in account is limited to; null means all.';
grant execute on function app_hidden.allowed_subsidiary_ids() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.audit_cost_exists(cost_id integer)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select exists (select from app_public.costs c where c.id = cost_id)
$function$;
comment on function app_hidden.audit_cost_exists(integer) is 'Whether the cost exists (for the audit trail''s visibility rule).';
grant execute on function app_hidden.audit_cost_exists(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.audit_derived_columns(table_name text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case table_name
    when 'invoices' then array['amount', 'amount_w_vat', 'amount_usd', 'amount_usd_w_vat', 'costs_status', 'payment_status',
                               'paid_amount', 'last_payment_date', 'project_ids', 'is_paid']
    when 'bills' then array['amount', 'amount_w_vat', 'amount_usd', 'amount_usd_w_vat', 'costs_status', 'payment_status',
                            'paid_amount', 'last_payment_date', 'is_paid']
    when 'costs' then array['amount_w_vat', 'amount_usd', 'amount_usd_w_vat', 'subsidiary_id']
    when 'payments' then array['amount_usd', 'subsidiary_id']
    else array[]::text[]
  end
$function$;
comment on function app_hidden.audit_derived_columns(text) is 'The columns of a table that the database derives (totals, statuses summarised from lines, visibility helpers): a change of only these is a recalculation, which a record''s history leaves out.';
grant execute on function app_hidden.audit_derived_columns(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.audit_hash(a app_public.audit_trail)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select sha256(convert_to(
    coalesce(encode(a.prev_hash, 'hex'), '') || '|' ||
    jsonb_build_array(a.id, a.event_id, a.table_name, a.record_id, a.record_seq, a.action, a.changes,
                      a.row_data, a.user_id, a.user_role,
                      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
                      a.refs, a.subsidiary_id)::text,
    'UTF8'))
$function$;
comment on function app_hidden.audit_hash(app_public.audit_trail) is 'The chained content hash of an audit row.';

CREATE OR REPLACE FUNCTION app_hidden.audit_ref_visible(ref text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case split_part(ref, ':', 1)
    when 'invoices' then exists (select from app_public.invoices i where i.id = split_part(ref, ':', 2)::integer)
    when 'bills' then exists (select from app_public.bills b where b.id = split_part(ref, ':', 2)::integer)
    when 'costs' then exists (select from app_public.costs c where c.id = split_part(ref, ':', 2)::integer)
    when 'documents' then exists (select from app_public.documents d where d.id = split_part(ref, ':', 2)::uuid)
    else false
  end
$function$;
comment on function app_hidden.audit_ref_visible(text) is 'Whether the caller sees the record kind:id.';
grant execute on function app_hidden.audit_ref_visible(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.audit_row_ids(ref text)
 RETURNS SETOF bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select a.id from app_public.audit_trail a where a.refs @> array[ref]
$function$;
comment on function app_hidden.audit_row_ids(text) is 'The ids of the audit rows that name a record (kind:id), found through the index on refs; the caller''s policy still decides which of them it reads.';
grant execute on function app_hidden.audit_row_ids(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.audit_row_visible(table_name text, refs text[])
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select (table_name not in ('invoices_payments', 'bills_payments', 'payments') or app_hidden.has_scope('payment:read'))
     and case
           when c.cost_ref is not null and app_hidden.audit_cost_exists(split_part(c.cost_ref, ':', 2)::integer)
             then app_hidden.audit_ref_visible(c.cost_ref)
           else exists (select from unnest(refs) k where app_hidden.audit_ref_visible(k))
         end
    from (select (select k from unnest(refs) k where k like 'costs:%' limit 1) as cost_ref) c
$function$;
comment on function app_hidden.audit_row_visible(text,text[]) is 'Whether the caller sees a record an audit row shows on.';
grant execute on function app_hidden.audit_row_visible(text,text[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.available_actions(entity text, record_id integer)
 RETURNS text[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  r app_hidden.workflow_record := app_hidden.workflow_record(entity, record_id);
  held text[] := app_hidden.current_scopes();
  actions text[];
  needed text[];
  failing text[] := '{}';
  precondition text;
begin
  if r.id is null then
    return '{}';
  end if;
  select coalesce(array_agg(t.action order by t.action), '{}') into actions
    from app_private.transitions t
   where t.entity = r.entity and t.from_state = r.state
     and (t.on_archived or not r.is_deleted)
     and not (t.action = 'archive' and r.is_deleted)
     and not (t.action = 'unarchive' and not r.is_deleted)
     and t.scopes <@ held;
  if cardinality(actions) = 0 then
    return actions;
  end if;
  select coalesce(array_agg(distinct p.name), '{}') into needed
    from app_private.transitions t, unnest(t.preconditions) as p(name)
   where t.entity = r.entity and t.from_state = r.state and t.action = any (actions);
  foreach precondition in array needed loop
    if app_hidden.precondition_refusal(r, precondition) is not null then
      failing := failing || precondition;
    end if;
  end loop;
  if cardinality(failing) = 0 then
    return actions;
  end if;
  return (select coalesce(array_agg(t.action order by t.action), '{}')
            from app_private.transitions t
           where t.entity = r.entity and t.from_state = r.state and t.action = any (actions)
             and not (t.preconditions && failing));
end;
$function$;
comment on function app_hidden.available_actions(text,integer) is 'The actions the signed-in account may take on a record now: the transitions from its state (app_private.transitions) whose scopes it holds and whose preconditions hold. The detail screens show these buttons and no others.';
grant execute on function app_hidden.available_actions(text,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.available_actions(entity text, state text, is_deleted boolean)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(array_agg(t.action order by t.action), '{}')
    from app_private.transitions t
   where t.entity = available_actions.entity and t.from_state = available_actions.state
     and (t.on_archived or not is_deleted)
     and not (t.action = 'archive' and is_deleted)
     and not (t.action = 'unarchive' and not is_deleted)
     and t.scopes <@ app_hidden.current_scopes()
$function$;
comment on function app_hidden.available_actions(text,text,boolean) is 'The actions the signed-in account may take on a record in this state (the detail screens show these buttons and no others; the functions still check everything, including the data).';
grant execute on function app_hidden.available_actions(text,text,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.bank_line_for_change(line_id uuid)
 RETURNS app_public.bank_statement_lines
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  line app_public.bank_statement_lines;
begin
  perform app_hidden.require_scope('payment:write');
  perform pg_advisory_xact_lock(hashtext('bank_line'), hashtext(line_id::text));
  select * into line from app_public.bank_statement_lines l where l.id = line_id;
  if line.id is null then
    perform app_hidden.fail('BankLineNotFound', 'The statement line was not found.');
  end if;
  return line;
end;
$function$;
comment on function app_hidden.bank_line_for_change(uuid) is 'The statement line as the caller sees it, with every change to it serialized; needs payment:write, BankLineNotFound otherwise.';
grant execute on function app_hidden.bank_line_for_change(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.bank_line_link(line_id uuid, payment_id uuid, created boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  insert into app_public.bank_line_payments (line_id, payment_id, subsidiary_id, created, created_by)
  select l.id, bank_line_link.payment_id, l.subsidiary_id, bank_line_link.created, app_hidden.current_user_id()
    from app_public.bank_statement_lines l where l.id = bank_line_link.line_id;
end;
$function$;
comment on function app_hidden.bank_line_link(uuid,uuid,boolean) is 'Links a payment to a statement line the caller has been checked to see and change, noting whether the match created the payment (as the owner: the visitor has no write grants on the link table).';
grant execute on function app_hidden.bank_line_link(uuid,uuid,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.bank_line_refresh(line_id uuid, ignore_note text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.bank_statement_lines l
     set matched_amount = m.amount,
         ignore_note = bank_line_refresh.ignore_note,
         status = case when bank_line_refresh.ignore_note is not null then 'ignored'
                       when m.amount = 0 then 'unmatched'
                       when m.amount < abs(l.amount) then 'partly_matched'
                       else 'matched' end
    from (select coalesce(sum(p.amount), 0) as amount
            from app_public.bank_line_payments blp join app_public.payments p on p.id = blp.payment_id
           where blp.line_id = bank_line_refresh.line_id) m
   where l.id = bank_line_refresh.line_id;
end;
$function$;
comment on function app_hidden.bank_line_refresh(uuid,text) is 'Sets a statement line''s matched amount and status (unmatched, partly matched, matched) from its payments, or marks it ignored with a note.';
grant execute on function app_hidden.bank_line_refresh(uuid,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.bank_line_unlink(line_id uuid, payment_id uuid)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  delete from app_public.bank_line_payments blp
   where blp.line_id = bank_line_unlink.line_id and blp.payment_id = bank_line_unlink.payment_id
$function$;
comment on function app_hidden.bank_line_unlink(uuid,uuid) is 'Removes the link between a statement line and a payment (as the owner: the visitor has no write grants on the link table; the caller has been checked to see and change the line).';
grant execute on function app_hidden.bank_line_unlink(uuid,uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.bank_lines_store_suggestions(line_ids uuid[], invoice_ids integer[], bill_ids integer[], confidences text[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  changed integer;
begin
  if not app_hidden.has_scope('payment:write') then
    return 0;
  end if;
  update app_public.bank_statement_lines l
     set suggested_invoice_id = s.invoice_id, suggested_bill_id = s.bill_id, suggestion_confidence = s.confidence
    from unnest(line_ids, invoice_ids, bill_ids, confidences) as s(line_id, invoice_id, bill_id, confidence)
   where l.id = s.line_id
     and app_hidden.subsidiary_visible(l.subsidiary_id, (select app_hidden.visible_subsidiary_ids()));
  get diagnostics changed = row_count;
  return changed;
end;
$function$;
comment on function app_hidden.bank_lines_store_suggestions(uuid[],integer[],integer[],text[]) is 'Stores the suggested invoice or bill and its confidence on the given statement lines of the caller''s subsidiaries; none without payment:write. Returns how many lines changed.';
grant execute on function app_hidden.bank_lines_store_suggestions(uuid[],integer[],integer[],text[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.bill_for_payment(bill_id integer)
 RETURNS app_public.bills
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills;
begin
  if not exists (select from app_public.bills b where b.id = bill_id) then
    perform app_hidden.fail('BillNotFound', 'The bill not found');
  end if;
  perform app_hidden.lock_bill(bill_id);
  select * into bill from app_public.bills b where b.id = bill_id;
  return bill;
end;
$function$;
comment on function app_hidden.bill_for_payment(integer) is 'The bill to pay, as the caller sees it (BillNotFound otherwise), locked so that its payments and costs change one at a time.';
grant execute on function app_hidden.bill_for_payment(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.bill_for_update(bill_id integer)
 RETURNS app_public.bills
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills;
begin
  if not exists (select from app_public.bills b where b.id = bill_id) then
    perform app_hidden.fail('BillNotFound', 'The bill not found');
  end if;
  select * into bill from app_public.bills b where b.id = bill_id for update;
  if bill.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return bill;
end;
$function$;
comment on function app_hidden.bill_for_update(integer) is 'The bill as the caller sees it, locked for the change; BillNotFound when it does not exist, Forbidden when the caller may not change it.';
grant execute on function app_hidden.bill_for_update(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.blob_in_use(sha256 text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select exists (select from app_public.files f where f.sha256 = blob_in_use.sha256)
$function$;
comment on function app_hidden.blob_in_use(text) is 'Whether any file still has this content (by its sha256), so that its bytes are kept.';
grant execute on function app_hidden.blob_in_use(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.can_attach_file(file_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when app_hidden.file_attachment_count(can_attach_file.file_id) = 0
              then exists (select from app_public.files f
                            where f.id = can_attach_file.file_id and f.uploaded_by = app_hidden.current_user_id())
              else app_hidden.file_writable_attachment_count(can_attach_file.file_id) > 0 end
$function$;
comment on function app_hidden.can_attach_file(uuid) is 'Whether the signed-in user may attach this file to a record: their own unattached upload, or a file attached to a record they may write.';
grant execute on function app_hidden.can_attach_file(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.can_write_file(file_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when app_hidden.file_attachment_count(can_write_file.file_id) = 0
              then exists (select from app_public.files f
                            where f.id = can_write_file.file_id and f.uploaded_by = app_hidden.current_user_id())
              else app_hidden.file_writable_attachment_count(can_write_file.file_id)
                   = app_hidden.file_attachment_count(can_write_file.file_id) end
$function$;
comment on function app_hidden.can_write_file(uuid) is 'Whether the signed-in user may replace or delete this file: its uploader while it is unattached, otherwise a writer of every record it is attached to.';
grant execute on function app_hidden.can_write_file(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.cannot_change_status()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.fail('CannotChangeStatus', 'Cannot change status.')
$function$;
comment on function app_hidden.cannot_change_status() is 'Raises CannotChangeStatus: the action is not allowed from the records current status.';
grant execute on function app_hidden.cannot_change_status() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.check_bank_allocation(line app_public.bank_statement_lines, kind text, record_subsidiary uuid, amount numeric)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if (kind = 'invoice') <> (line.amount < 0) then
    perform app_hidden.fail('BankMatchWrongSide',
      'Money going out pays invoices, money coming in settles bills.');
  end if;
  if record_subsidiary is distinct from line.subsidiary_id then
    perform app_hidden.fail('BankMatchOtherSubsidiary',
      'The invoice or bill belongs to another subsidiary than the bank account.');
  end if;
  if amount is null or amount <= 0 then
    perform app_hidden.fail('InvalidAmount', 'The amount must be above 0.');
  end if;
end;
$function$;
comment on function app_hidden.check_bank_allocation(app_public.bank_statement_lines,text,uuid,numeric) is 'Checks that a record may be paid from a statement line: money going out pays invoices and money coming in settles bills (BankMatchWrongSide), the same subsidiary (BankMatchOtherSubsidiary) and an amount above 0 (InvalidAmount).';
grant execute on function app_hidden.check_bank_allocation(app_public.bank_statement_lines,text,uuid,numeric) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.check_payment(record_currency text, remaining numeric, amount numeric, currency text, payment_date timestamp with time zone, payment_method app_public.payment_method)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('payment:write');
  if payment_method is null then
    perform app_hidden.fail('MissingPaymentMethod', 'Missing payment method');
  end if;
  if payment_date is null then
    perform app_hidden.fail('InvalidPaymentDate', 'Date is invalid');
  end if;
  if amount is null or amount <= 0 then
    perform app_hidden.fail('InvalidAmount', 'The amount must be above 0.');
  end if;
  if currency is null or not exists (select from app_public.currencies c where c.value = currency) then
    perform app_hidden.fail('UnknownCurrency', 'The currency must be from the currency list.');
  end if;
  if currency <> record_currency then
    perform app_hidden.fail('PaymentCurrencyMismatch', format('The payment must be in %s, the currency of the record it pays.', record_currency));
  end if;
  if amount > remaining then
    perform app_hidden.fail('PaymentExceedsRemaining', format('The payment is larger than the remaining amount (%s %s).', remaining, record_currency));
  end if;
end;
$function$;
comment on function app_hidden.check_payment(text,numeric,numeric,text,timestamp with time zone,app_public.payment_method) is 'Checks a payment against SPEC §5 and the record it pays; returns nothing, raises on a problem.';
grant execute on function app_hidden.check_payment(text,numeric,numeric,text,timestamp with time zone,app_public.payment_method) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.check_period(year integer, period integer)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if make_date(year, period, 1) > date_trunc('month', current_date)::date then
    perform app_hidden.fail('PeriodInFuture', 'The period cannot be later than the current month.');
  end if;
end;
$function$;
comment on function app_hidden.check_period(integer,integer) is 'SPEC §5: the period (month) of a cost or bill cannot be later than the current month.';
grant execute on function app_hidden.check_period(integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.check_period_range(start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if start_month not between 1 and 12 or end_month not between 1 and 12 then
    perform app_hidden.fail('InvalidPeriod', 'The period must be a month from 1 to 12.');
  end if;
  if start_year * 12 + start_month > end_year * 12 + end_month then
    perform app_hidden.fail('InvalidPeriodRange', 'Why the start greater then the end, huh???');
  end if;
end;
$function$;
comment on function app_hidden.check_period_range(integer,integer,integer,integer) is 'Checks a reports period range: months from 1 to 12 (InvalidPeriod) and a start not after the end (InvalidPeriodRange).';
grant execute on function app_hidden.check_period_range(integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.contract_status(signing_date date, expiration_date date, expiration_extends_contract boolean, terminated_on date, today date)
 RETURNS app_public.contract_status
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select case
    when terminated_on is not null and terminated_on <= today then 'terminated'
    when signing_date is null or signing_date > today then 'draft'
    when expiration_date is not null and expiration_date < today and not coalesce(expiration_extends_contract, false) then 'expired'
    else 'active' end::app_public.contract_status
$function$;
comment on function app_hidden.contract_status(date,date,boolean,date,date) is 'The status of a contract on a day: terminated from its termination day, draft until signed, expired after its expiration date (unless it extends itself), active otherwise.';
grant execute on function app_hidden.contract_status(date,date,boolean,date,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.cost_for_update(cost_id integer)
 RETURNS app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  cost app_public.costs;
begin
  select * into cost from app_public.costs c where c.id = cost_id;
  if cost.id is null then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  perform app_hidden.lock_invoice(cost.invoice_id);
  select * into cost from app_public.costs c where c.id = cost_id for update;
  if cost.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return cost;
end;
$function$;
comment on function app_hidden.cost_for_update(integer) is 'A cost is changed under its invoice''s lock, taken first, in the same order as the invoice workflows (invoice, then costs), so that the two cannot wait on each other.';
grant execute on function app_hidden.cost_for_update(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.cost_needs_two_approvals(subsidiary_id uuid, amount_usd_w_vat numeric)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce((select amount_usd_w_vat > s.approval_limit_usd from app_public.subsidiaries s
                    where s.id = cost_needs_two_approvals.subsidiary_id), false)
$function$;
comment on function app_hidden.cost_needs_two_approvals(uuid,numeric) is 'Whether a cost needs two approvals: its amount in USD with VAT is above its subsidiary''s approval limit.';
grant execute on function app_hidden.cost_needs_two_approvals(uuid,numeric) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.costs_status_of(statuses app_public.cost_status[])
 RETURNS app_public.costs_status
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case
    when cardinality(statuses) = 0 then 'none'
    when cardinality(array(select distinct unnest(statuses))) > 1 then 'mixed'
    else statuses[1]::text::app_public.costs_status
  end
$function$;
comment on function app_hidden.costs_status_of(app_public.cost_status[]) is 'What the statuses of an invoices or bills live costs come to: none, the one status they share, or mixed.';
grant execute on function app_hidden.costs_status_of(app_public.cost_status[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.create_user(username text, first_name text, last_name text, additional_name text, role_id uuid, account_name text, password_hash text)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  role_name text;
  new_user_id uuid;
  new_account_id uuid;
begin
  perform app_hidden.require_scope('admin:user');
  select r.name into role_name from app_public.roles r where r.id = create_user.role_id;
  if role_name is null then
    perform app_hidden.fail('RoleNotFound', 'The role not found');
  end if;
  if exists (select from app_public.users u where lower(u.username) = lower(create_user.username)) then
    perform app_hidden.fail('UsernameTaken', 'This username is already taken.');
  end if;
  insert into app_public.users (username, first_name, last_name, additional_name)
  values (create_user.username, create_user.first_name, create_user.last_name, create_user.additional_name)
  returning id into new_user_id;
  perform app_hidden.set_new_user_password(new_user_id, password_hash);
  insert into app_public.accounts (name, user_id, role_id)
  values (coalesce(nullif(btrim(account_name), ''), role_name), new_user_id, create_user.role_id)
  returning id into new_account_id;
  insert into app_public.default_accounts (user_id, account_id) values (new_user_id, new_account_id);
  return new_user_id;
end;
$function$;
comment on function app_hidden.create_user(text,text,text,text,uuid,text,text) is 'Creates a user with its first password and one account of the role, made its main account, as the caller (admin:user).';
grant execute on function app_hidden.create_user(text,text,text,text,uuid,text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.current_account_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select nullif(current_setting('jwt.claims.account_id', true), '')::uuid
$function$;
comment on function app_hidden.current_account_id() is 'The account the access token was issued for, or null.';
grant execute on function app_hidden.current_account_id() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.current_role_name()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select r.name from app_public.accounts a join app_public.roles r on r.id = a.role_id
   where a.id = app_hidden.current_account_id()
$function$;
comment on function app_hidden.current_role_name() is 'The role name of the signed-in account, recorded in the audit trail.';
grant execute on function app_hidden.current_role_name() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.current_scopes()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce((
    select aa.scopes from app_private.account_access aa
     where aa.account_id = app_hidden.current_account_id()
       and aa.user_id = app_hidden.current_user_id()
  ), '{}')
$function$;
comment on function app_hidden.current_scopes() is 'The scopes of the signed-in account, from its stored access row (app_private.account_access); none without a matching account and user.';
grant execute on function app_hidden.current_scopes() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.current_user_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select nullif(current_setting('jwt.claims.user_id', true), '')::uuid
$function$;
comment on function app_hidden.current_user_id() is 'The signed-in user (from the verified access token), or null.';
grant execute on function app_hidden.current_user_id() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.delete_file(file_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  content text;
begin
  perform app_hidden.require_writable_file(file_id);
  delete from app_public.files f where f.id = delete_file.file_id returning f.sha256 into content;
  if content is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission to change this file.');
  end if;
  return app_hidden.blob_in_use(content);
end;
$function$;
comment on function app_hidden.delete_file(uuid) is 'Deletes a file the caller may write (FileNotFound, Forbidden); true when its content is still used by another file.';
grant execute on function app_hidden.delete_file(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.delete_unreferenced_files(file_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  removed integer;
begin
  delete from app_public.files f where f.id = any(file_ids) and not app_hidden.file_is_referenced(f.id);
  get diagnostics removed = row_count;
  return removed;
end;
$function$;
comment on function app_hidden.delete_unreferenced_files(uuid[]) is 'Deletes the given files that nothing references any more (their bytes are swept later).';
grant execute on function app_hidden.delete_unreferenced_files(uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.document_for_update(document_id uuid)
 RETURNS app_public.documents
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  document app_public.documents;
begin
  if not exists (select from app_public.documents d where d.id = document_id) then
    perform app_hidden.fail('DocumentNotFound', 'Document not found');
  end if;
  select * into document from app_public.documents d where d.id = document_id for update;
  if document.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return document;
end;
$function$;
comment on function app_hidden.document_for_update(uuid) is 'The document as the caller sees it, locked for the change; DocumentNotFound when it does not exist, Forbidden when the caller may not change it.';
grant execute on function app_hidden.document_for_update(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.document_ids_shared_with_me(editors_only boolean)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select array(
    select document_id from app_public.document_editors where user_id = app_hidden.current_user_id()
    union
    select document_id from app_public.document_readers
     where user_id = app_hidden.current_user_id() and not editors_only)
$function$;
comment on function app_hidden.document_ids_shared_with_me(boolean) is 'The documents the signed-in user is named on as an editor (and, unless editors_only, as a reader); read by the documents policies.';
grant execute on function app_hidden.document_ids_shared_with_me(boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.fail(code text, message text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  raise exception using errcode = 'LL001', message = message, hint = code;
end;
$function$;
comment on function app_hidden.fail(text,text) is 'Raises a user-facing error: SQLSTATE class LL, the message for people, the stable code as HINT.';
grant execute on function app_hidden.fail(text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.fail(code text, message text, details jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  raise exception using errcode = 'LL001', message = message, hint = code, detail = details::text;
end;
$function$;
comment on function app_hidden.fail(text,text,jsonb) is 'Raises a user-facing error with parameters: SQLSTATE class LL, the message for people, the stable code as HINT and the parameters of the translated message as DETAIL.';
grant execute on function app_hidden.fail(text,text,jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.file_attachment_count(file_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select ((select count(*) from app_public.bills_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.invoices_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.costs_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.documents_files l where l.file_id = file_attachment_count.file_id)
        + (select count(*) from app_public.bills b where b.act_id = file_attachment_count.file_id)
        + (select count(*) from app_public.users u where u.avatar_file_id = file_attachment_count.file_id))::integer
$function$;
comment on function app_hidden.file_attachment_count(uuid) is 'How many records a file is attached to (all of them, whoever can see them).';
grant execute on function app_hidden.file_attachment_count(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.file_is_referenced(file_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select exists (select from app_public.bills_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.invoices_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.costs_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.documents_files l where l.file_id = file_is_referenced.file_id)
      or exists (select from app_public.bills b where b.act_id = file_is_referenced.file_id)
      or exists (select from app_public.users u where u.avatar_file_id = file_is_referenced.file_id)
$function$;
comment on function app_hidden.file_is_referenced(uuid) is 'A file still referenced by something: a link row, a bill''s act, a user''s avatar.';
grant execute on function app_hidden.file_is_referenced(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.file_writable_attachment_count(file_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select ((select count(*) from app_public.bills_files l join app_public.bills b on b.id = l.bill_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('bill:write'))
        + (select count(*) from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('invoice:write'))
        + (select count(*) from app_public.costs_files l join app_public.costs c on c.id = l.cost_id
            where l.file_id = file_writable_attachment_count.file_id and app_hidden.has_scope('cost:write'))
        + (select count(*) from app_public.documents_files l join app_public.documents d on d.id = l.document_id
            where l.file_id = file_writable_attachment_count.file_id
              and ((app_hidden.has_scope('documents:write') and not app_hidden.is_supplier_user()
                    and coalesce(app_hidden.subsidiary_visible(d.principal_id, app_hidden.visible_subsidiary_ids()), true))
                   or d.id = any (app_hidden.document_ids_shared_with_me(true))))
        + (select count(*) from app_public.bills b
            where b.act_id = file_writable_attachment_count.file_id and app_hidden.has_scope('bill:write'))
        + (select count(*) from app_public.users u
            where u.avatar_file_id = file_writable_attachment_count.file_id
              and (u.id = app_hidden.current_user_id() or app_hidden.has_scope('admin:user'))))::integer
$function$;
comment on function app_hidden.file_writable_attachment_count(uuid) is 'A file attached to a document counts as writable by the caller on the same terms.';
grant execute on function app_hidden.file_writable_attachment_count(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.has_scope(scope text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select has_scope.scope = any(app_hidden.current_scopes())
$function$;
comment on function app_hidden.has_scope(text) is 'Whether the signed-in account holds the scope. Call it in policies as (select app_hidden.has_scope(''x'')) so it runs once per statement.';
grant execute on function app_hidden.has_scope(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.iban_valid(iban text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  rearranged text;
  ch text;
  remainder integer := 0;
  digits text;
begin
  if iban is null or iban !~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$' then
    return false;
  end if;
  rearranged := substr(iban, 5) || substr(iban, 1, 4);
  foreach ch in array regexp_split_to_array(rearranged, '') loop
    digits := case when ch between '0' and '9' then ch else (ascii(ch) - 55)::text end;
    remainder := (remainder * (case when length(digits) = 1 then 10 else 100 end) + digits::integer) % 97;
  end loop;
  return remainder = 1;
end;
$function$;
comment on function app_hidden.iban_valid(text) is 'Whether a normalized IBAN has the ISO 13616 form and mod-97 check digits.';
grant execute on function app_hidden.iban_valid(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.import_bank_statement(bank_account_id uuid, statement_format text, file_id uuid, content_sha256 text, statement jsonb, csv_mapping jsonb DEFAULT NULL::jsonb)
 RETURNS app_public.bank_statements
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  account app_public.bank_accounts;
  result app_public.bank_statements;
  lines_sum numeric;
  line_total integer;
  opening numeric := (statement ->> 'openingBalance')::numeric;
  closing numeric := (statement ->> 'closingBalance')::numeric;
  ref text := btrim(statement ->> 'statementId');
begin
  perform app_hidden.require_scope('payment:write');
  select * into account from app_public.bank_accounts a where a.id = import_bank_statement.bank_account_id;
  if account.id is null then
    perform app_hidden.fail('BankAccountNotFound', 'The bank account was not found.');
  end if;
  perform pg_advisory_xact_lock(hashtext('bank_statement_import'), hashtext(account.id::text));
  if upper(statement ->> 'currency') is distinct from account.currency::text then
    perform app_hidden.fail('StatementCurrencyMismatch',
      format('The statement is in %s, the bank account in %s.', coalesce(statement ->> 'currency', '?'), account.currency));
  end if;
  if app_hidden.normalize_iban(statement ->> 'accountIban') is not null and account.iban is not null
     and app_hidden.normalize_iban(statement ->> 'accountIban') <> account.iban then
    perform app_hidden.fail('StatementAccountMismatch',
      format('The statement is of account %s, not of this bank account (%s).', statement ->> 'accountIban', account.iban));
  end if;
  if ref is null or ref = '' then
    perform app_hidden.fail('StatementIdMissing', 'The statement has no statement id.');
  end if;
  if opening is null or closing is null then
    perform app_hidden.fail('StatementBalanceMissing', 'The statement needs an opening and a closing balance.');
  end if;
  select coalesce(sum((l ->> 'amount')::numeric), 0), count(*) into lines_sum, line_total
    from jsonb_array_elements(statement -> 'lines') l;
  if opening + lines_sum <> closing then
    perform app_hidden.fail('StatementBalanceMismatch',
      format('The opening balance %s plus the lines (%s) is %s, not the closing balance %s: a difference of %s.',
             opening, lines_sum, opening + lines_sum, closing, closing - (opening + lines_sum)));
  end if;

  result := app_hidden.store_bank_statement(account, statement_format, ref, import_bank_statement.content_sha256,
                                            import_bank_statement.file_id, opening, closing, line_total, statement);
  if import_bank_statement.csv_mapping is not null then
    perform app_hidden.save_bank_csv_mapping(account.id, import_bank_statement.csv_mapping);
  end if;
  perform app_hidden.suggest_bank_matches(result.id);
  return result;
end;
$function$;
comment on function app_hidden.import_bank_statement(uuid,text,uuid,text,jsonb,jsonb) is 'Stores a parsed bank statement and its lines after the duplicate and balance checks.';
grant execute on function app_hidden.import_bank_statement(uuid,text,uuid,text,jsonb,jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.import_error_code(state text, hint text, constraint_name text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case
    when state = 'LL001' then coalesce(nullif(hint, ''), 'BusinessRule')
    else coalesce(
      (select substring(d.description from '@code (\w+)')
         from pg_catalog.pg_description d
        where d.objsubid = 0
          and ((d.classoid = 'pg_catalog.pg_constraint'::regclass
                and d.objoid in (select c.oid from pg_catalog.pg_constraint c
                                  where c.conname = constraint_name and c.connamespace = 'app_public'::regnamespace))
            or (d.classoid = 'pg_catalog.pg_class'::regclass
                and d.objoid in (select c.oid from pg_catalog.pg_class c
                                  where c.relname = constraint_name and c.relnamespace = 'app_public'::regnamespace)))
          and d.description like '@code %'
        limit 1),
      case when state = '23502' then 'FieldRequired' when state = '42501' then 'Forbidden' else 'InvalidInput' end)
  end
$function$;
comment on function app_hidden.import_error_code(text,text,text) is 'The stable code of a refused import row (docs/errors.md), from our functions'' hint, the constraint or the SQLSTATE.';
grant execute on function app_hidden.import_error_code(text,text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.in_period_range(year integer, month integer, start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select (year * 12 + month) between (start_year * 12 + start_month) and (end_year * 12 + end_month)
$function$;
comment on function app_hidden.in_period_range(integer,integer,integer,integer,integer,integer) is 'Whether (year, month) lies in the range: same year, the months between; across years, the start year from its month, whole years between, the end year up to its month.';
grant execute on function app_hidden.in_period_range(integer,integer,integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.inn_valid(value text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  d integer[];
  w10 constant integer[] := array[2, 4, 10, 3, 5, 9, 4, 6, 8];
  w11 constant integer[] := array[7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
  w12 constant integer[] := array[3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
  s integer;
begin
  if value is null then return true; end if;
  if value !~ '^([0-9]{10}|[0-9]{12})$' then return false; end if;
  d := array(select ch::integer from regexp_split_to_table(value, '') ch);
  if length(value) = 10 then
    s := (select sum(d[i] * w10[i]) from generate_series(1, 9) i);
    return s % 11 % 10 = d[10];
  end if;
  s := (select sum(d[i] * w11[i]) from generate_series(1, 10) i);
  if s % 11 % 10 <> d[11] then return false; end if;
  s := (select sum(d[i] * w12[i]) from generate_series(1, 11) i);
  return s % 11 % 10 = d[12];
end;
$function$;
comment on function app_hidden.inn_valid(text) is 'Whether an ИНН (10 or 12 digits) has valid check digits; null is valid.';
grant execute on function app_hidden.inn_valid(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.invoice_cost_view(invoice_id integer)
 RETURNS TABLE(hidden_cost_count integer, visible_amount numeric, visible_amount_w_vat numeric, visible_amount_usd_w_vat numeric)
 LANGUAGE sql
 STABLE
AS $function$
  select case when (select app_hidden.sees_whole_invoices()) then 0
              else app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                   - (select count(*)::integer from app_public.costs c
                       where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end,
         case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                                then null else coalesce(sum(c.amount), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end,
         case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                                then null else coalesce(sum(c.amount_w_vat), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end,
         case when (select app_hidden.sees_whole_invoices()) then null
              else (select case when count(*) = app_hidden.live_cost_count(invoice_cost_view.invoice_id)
                                then null else coalesce(sum(c.amount_usd_w_vat), 0) end
                      from app_public.costs c
                     where c.invoice_id = invoice_cost_view.invoice_id and not c.is_deleted) end
$function$;
comment on function app_hidden.invoice_cost_view(integer) is 'Of one invoice, as the signed-in account sees it: how many live costs are outside its access (0 when it sees them all) and the sums without VAT, with VAT and with VAT in USD of the live costs it sees (null when it sees them all). Inlined by PostgreSQL into the calling statement (no settings of its own: keep it so), so the account''s checks run once per statement; select one column: `(select v.hidden_cost_count from app_hidden.invoice_cost_view(i.id) v)`.';
grant execute on function app_hidden.invoice_cost_view(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.invoice_for_payment(invoice_id integer)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices;
begin
  if not exists (select from app_public.invoices i where i.id = invoice_id) then
    perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
  end if;
  perform app_hidden.lock_invoice(invoice_id);
  select * into invoice from app_public.invoices i where i.id = invoice_id;
  return invoice;
end;
$function$;
comment on function app_hidden.invoice_for_payment(integer) is 'The record to pay, as the caller sees it (a payer needs no right to change it), then locked so that payments and cost changes on it are serialised.';
grant execute on function app_hidden.invoice_for_payment(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.invoice_for_update(invoice_id integer)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices;
begin
  if not exists (select from app_public.invoices i where i.id = invoice_id) then
    perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
  end if;
  select * into invoice from app_public.invoices i where i.id = invoice_id for update;
  if invoice.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  return invoice;
end;
$function$;
comment on function app_hidden.invoice_for_update(integer) is 'The invoice as the caller sees it, locked for the change; ''The invoice not found'' otherwise.';
grant execute on function app_hidden.invoice_for_update(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.invoice_suppliers(invoice_ids integer[])
 RETURNS TABLE(invoice_id integer, supplier_id uuid)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select i.id, i.supplier_id from app_public.invoices i where i.id = any(invoice_ids)
$function$;
comment on function app_hidden.invoice_suppliers(integer[]) is 'The supplier of each invoice whose costs the caller may see (an account may report on costs without reading invoices).';
grant execute on function app_hidden.invoice_suppliers(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.is_own_account(account_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select exists (select from app_public.accounts a
                  where a.id = is_own_account.account_id and a.user_id = app_hidden.current_user_id())
$function$;
comment on function app_hidden.is_own_account(uuid) is 'Whether the account belongs to the signed-in user.';
grant execute on function app_hidden.is_own_account(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.is_supplier_user()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select exists (select from app_public.suppliers s where s.user_id = app_hidden.current_user_id())
$function$;
comment on function app_hidden.is_supplier_user() is 'Whether the signed-in user is the user of a supplier: such a user reaches only the documents shared with it.';
grant execute on function app_hidden.is_supplier_user() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.live_cost_count(invoice_id integer)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select count(*)::integer from app_public.costs c
   where c.invoice_id = live_cost_count.invoice_id and not c.is_deleted
$function$;
comment on function app_hidden.live_cost_count(integer) is 'How many live costs an invoice has, whoever may see them (a count only).';
grant execute on function app_hidden.live_cost_count(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.lock_bill(bill_id integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select from app_public.bills b where b.id = lock_bill.bill_id for no key update
$function$;
comment on function app_hidden.lock_bill(integer) is 'Serialises the writers of a bill''s derived figures (costs status, payments).';
grant execute on function app_hidden.lock_bill(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.lock_date(subsidiary_id uuid)
 RETURNS date
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select s.lock_date from app_public.subsidiaries s where s.id = lock_date.subsidiary_id
$function$;
comment on function app_hidden.lock_date(uuid) is 'The lock date of a subsidiary, whoever asks (the lock applies to every account).';
grant execute on function app_hidden.lock_date(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.lock_invoice(invoice_id integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select from app_public.invoices i where i.id = lock_invoice.invoice_id for no key update
$function$;
comment on function app_hidden.lock_invoice(integer) is 'Serialises the writers of an invoice''s derived figures (costs, payments).';
grant execute on function app_hidden.lock_invoice(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.margin_percent(costs numeric, bills numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when bills = 0 then null else round((bills - costs) * 100 / bills, 2) end
$function$;
comment on function app_hidden.margin_percent(numeric,numeric) is 'Margin in percent of the bills, 2 decimals; none when there are no bills.';
grant execute on function app_hidden.margin_percent(numeric,numeric) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.normalize_iban(iban text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select nullif(upper(regexp_replace(iban, '\s', '', 'g')), '')
$function$;
comment on function app_hidden.normalize_iban(text) is 'An IBAN without spaces, upper case; null for an empty one.';
grant execute on function app_hidden.normalize_iban(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.normalized_company_name(name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select btrim(regexp_replace(
    regexp_replace(lower(coalesce(name, '')), '\m(llc|ltd|limited|gmbh|ooo|jsc|pjsc|ao|zao|oao|b\.?v|n\.?v|plc|ag|inc|corp|sa|s\.a|as|ab|llp|co)\M\.?', ' ', 'g'),
    '[^[:alnum:]]+', ' ', 'g'))
$function$;
comment on function app_hidden.normalized_company_name(text) is 'A company name without case, punctuation or legal-form words, for the similarity check.';
grant execute on function app_hidden.normalized_company_name(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.number_in_text(number text, body text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(length(btrim(number)) >= 3 and strpos(lower(body), lower(btrim(number))) > 0, false)
$function$;
comment on function app_hidden.number_in_text(text,text) is 'Whether a record''s number appears in a remittance text, case ignored; numbers shorter than 3 characters are never taken as found.';
grant execute on function app_hidden.number_in_text(text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.ogrn_valid(value text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select case
    when value is null then true
    when value ~ '^[0-9]{13}$' then (left(value, 12)::numeric % 11) % 10 = right(value, 1)::numeric
    when value ~ '^[0-9]{15}$' then (left(value, 14)::numeric % 13) % 10 = right(value, 1)::numeric
    else false end
$function$;
comment on function app_hidden.ogrn_valid(text) is 'Whether an ОГРН (13 digits) or ОГРНИП (15 digits) has a valid check digit; null is valid.';
grant execute on function app_hidden.ogrn_valid(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.open_when_costs_approved(invoice_id integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  previous text;
begin
  if exists (select from app_public.invoices i where i.id = invoice_id and i.status = 'draft' and not i.is_deleted)
     and exists (select from app_public.costs c where c.invoice_id = open_when_costs_approved.invoice_id and not c.is_deleted)
     and not exists (select from app_public.costs c
                      where c.invoice_id = open_when_costs_approved.invoice_id and not c.is_deleted and c.status <> 'approved') then
    previous := app_hidden.set_workflow_mode('on');
    update app_public.invoices i set status = 'open' where i.id = invoice_id;
    perform app_hidden.set_workflow_mode(previous);
  end if;
end;
$function$;
comment on function app_hidden.open_when_costs_approved(integer) is 'Opens a draft invoice once all its live costs are approved (as the owner: the approver need not hold invoice:write).';
grant execute on function app_hidden.open_when_costs_approved(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.paid_invoice_with_number(supplier_id uuid, invoice_ref text, except_id integer)
 RETURNS app_public.invoices
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select i.* from app_public.invoices i
   where i.supplier_id = paid_invoice_with_number.supplier_id
     and lower(btrim(i.invoice_ref)) = lower(btrim(paid_invoice_with_number.invoice_ref))
     and i.status = 'paid' and not i.is_deleted
     and i.id is distinct from except_id
   order by i.id limit 1
$function$;
comment on function app_hidden.paid_invoice_with_number(uuid,text,integer) is 'The live paid invoice of this supplier with this number (case and spaces ignored), other than the one given, whoever may see it; for the duplicate invoice check.';

CREATE OR REPLACE FUNCTION app_hidden.party_name_matches(line_name text, party_name text, party_legal_name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(length(btrim(line_name)) >= 3 and (
           strpos(lower(line_name), lower(btrim(party_name))) > 0
        or strpos(lower(party_legal_name), lower(btrim(line_name))) > 0
        or strpos(lower(line_name), lower(btrim(party_legal_name))) > 0), false)
$function$;
comment on function app_hidden.party_name_matches(text,text,text) is 'Whether the counterparty name on a statement line names the party: one contains the other, case ignored (names shorter than 3 characters never match).';
grant execute on function app_hidden.party_name_matches(text,text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.period_date(year integer, period integer)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select make_date(year, period, 1)
$function$;
comment on function app_hidden.period_date(integer,integer) is 'The period of a cost or bill as a date: its month''s first day (a month is locked once any day of it is).';
grant execute on function app_hidden.period_date(integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.period_lock_refusal(subsidiary_id uuid, dated date, record text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select jsonb_build_object(
           'code', 'PeriodLocked',
           'message', format('The books of %s are closed through %s: %s, dated %s, cannot be created, changed, archived, deleted or paid.',
                             coalesce(s.short_name, s.legal_name), s.lock_date, record, dated),
           'details', jsonb_build_object('record', record, 'subsidiary', coalesce(s.short_name, s.legal_name),
                                         'date', s.lock_date, 'dated', dated))
    from app_public.subsidiaries s
   where s.id = period_lock_refusal.subsidiary_id and s.lock_date is not null and dated <= s.lock_date
$function$;
comment on function app_hidden.period_lock_refusal(uuid,date,text) is 'The PeriodLocked refusal for a record dated on or before its subsidiary''s lock date, or null when the date is not locked.';
grant execute on function app_hidden.period_lock_refusal(uuid,date,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.precondition_refusal(r app_hidden.workflow_record, precondition text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  pending integer;
  live integer;
  refusal jsonb;
  remaining numeric;
begin
  case precondition
  when 'costs_approved' then
    select count(*), count(*) filter (where c.status <> 'approved') into live, pending
      from app_public.costs c where c.invoice_id = r.id and not c.is_deleted;
    if live = 0 then
      return jsonb_build_object('code', 'InvoiceHasNoCosts', 'message', format('%s has no costs.', r.label),
                                'details', jsonb_build_object('record', r.label));
    elsif pending > 0 then
      return jsonb_build_object('code', 'CostsNotApproved',
        'message', format('%s: %s of its %s costs are not approved; all costs of the invoice must be approved first.', r.label, pending, live),
        'details', jsonb_build_object('record', r.label, 'pending', pending, 'costs', live));
    end if;
  when 'not_own_record' then
    if r.created_by = app_hidden.current_user_id() and not app_hidden.has_scope('admin') then
      return jsonb_build_object('code', 'SegregationOfDuties',
        'message', format('You created %s: another user must %s it.', r.label, case when r.entity = 'cost' then 'approve' else 'validate' end),
        'details', jsonb_build_object('record', r.label));
    end if;
  when 'second_approver' then
    if r.first_approved_by is not null and app_hidden.cost_needs_two_approvals(r.subsidiary_id, r.amount_usd_w_vat)
       and (r.first_approved_by = app_hidden.current_user_id() or not app_hidden.has_scope('approve_cost_high')) then
      return jsonb_build_object('code', 'SecondApprovalRequired',
        'message', format('%s is above the approval limit of its subsidiary and has its first approval: the second must come from another user with approve_cost_high.', r.label),
        'details', jsonb_build_object('record', r.label));
    end if;
  when 'period_open' then
    refusal := app_hidden.period_lock_refusal(r.subsidiary_id, r.dated, r.label);
    if refusal is null and r.entity = 'cost' then
      select app_hidden.period_lock_refusal(i.subsidiary_id, i.invoice_date, app_hidden.record_label('invoice', i.id, i.invoice_ref))
        into refusal from app_public.invoices i where i.id = r.invoice_id;
    -- An invoice's or bill's costs booked to a closed month lock it too.
    elsif refusal is null and r.entity = 'invoice' then
      select app_hidden.period_lock_refusal(c.subsidiary_id, app_hidden.period_date(c.year, c.period),
                                            app_hidden.record_label('cost', c.id, c.name))
        into refusal from app_public.costs c where c.invoice_id = r.id order by c.year, c.period limit 1;
    elsif refusal is null and r.entity = 'bill' then
      select app_hidden.period_lock_refusal(c.subsidiary_id, app_hidden.period_date(c.year, c.period),
                                            app_hidden.record_label('cost', c.id, c.name))
        into refusal from app_public.costs c where c.bill_id = r.id order by c.year, c.period limit 1;
    end if;
    return refusal;
  when 'amount_remaining' then
    if r.entity = 'invoice' then
      select app_public.invoices_remaining_amount(i) into remaining from app_public.invoices i where i.id = r.id;
    elsif r.entity = 'bill' then
      select app_public.bills_remaining_amount(b) into remaining from app_public.bills b where b.id = r.id;
    end if;
    if remaining <= 0 then
      return jsonb_build_object('code', 'PaymentExceedsRemaining', 'message', format('%s is fully paid: nothing remains to pay.', r.label),
                                'details', jsonb_build_object('record', r.label));
    end if;
  when 'has_payments' then
    if not exists (select from app_public.invoices_payments ip where r.entity = 'invoice' and ip.invoice_id = r.id)
       and not exists (select from app_public.bills_payments bp where r.entity = 'bill' and bp.bill_id = r.id) then
      return jsonb_build_object('code', 'PaymentNotFound', 'message', format('%s has no payments.', r.label),
                                'details', jsonb_build_object('record', r.label));
    end if;
  when 'no_payments' then
    if (r.entity = 'invoice' and exists (select from app_public.invoices_payments ip where ip.invoice_id = r.id)) then
      return jsonb_build_object('code', 'InvoiceHasPayments',
        'message', format('%s has payments: delete them first, or force delete.', r.label), 'details', jsonb_build_object('record', r.label));
    elsif (r.entity = 'bill' and exists (select from app_public.bills_payments bp where bp.bill_id = r.id)) then
      return jsonb_build_object('code', 'BillHasPayments',
        'message', format('%s has payments: delete them first, or force delete.', r.label), 'details', jsonb_build_object('record', r.label));
    end if;
  end case;
  return null;
end;
$function$;
comment on function app_hidden.precondition_refusal(app_hidden.workflow_record,text) is 'Why a precondition of a transition does not hold for a record now (code, message, details), or null: costs not approved, segregation of duties, a second approval, the period lock.';

CREATE OR REPLACE FUNCTION app_hidden.project_visible(project_id uuid, allowed uuid[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select coalesce(project_id, '00000000-0000-0000-0000-000000000000'::uuid)
         = any(coalesce(allowed, array[coalesce(project_id, '00000000-0000-0000-0000-000000000000'::uuid)]))
$function$;
comment on function app_hidden.project_visible(uuid,uuid[]) is 'Whether a project passes the account''s project limit (none: every project, and rows without one); call as project_visible(col, (select app_hidden.allowed_project_ids())).';
grant execute on function app_hidden.project_visible(uuid,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.raise_refusal(refusal jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if refusal is not null then
    perform app_hidden.fail(refusal ->> 'code', refusal ->> 'message', refusal -> 'details');
  end if;
end;
$function$;
comment on function app_hidden.raise_refusal(jsonb) is 'Raises a refusal (code, message, details) through app_hidden.fail; does nothing for null.';
grant execute on function app_hidden.raise_refusal(jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.record_dependents(tbl regclass, record_id uuid)
 RETURNS SETOF app_public.record_dependent
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  fk record;
  n integer;
  counts jsonb := '{}';
begin
  for fk in
    select c.conrelid::regclass as child, cl.relname::text as child_name, a.attname::text as col
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = tbl and array_length(c.conkey, 1) = 1
       and c.confdeltype in ('r', 'a')
  loop
    execute format('select count(*)::int from %s where %I = $1', fk.child, fk.col)
      into n using record_id;
    if n > 0 then
      counts := jsonb_set(counts, array[fk.child_name],
        to_jsonb(coalesce((counts ->> fk.child_name)::int, 0) + n));
    end if;
  end loop;
  return query select key, value::int from jsonb_each_text(counts) order by key;
end;
$function$;
comment on function app_hidden.record_dependents(regclass,uuid) is 'Counts the rows of every table whose foreign key to `tbl` refuses a delete (restrict or no action), by table. Runs as the owner: the caller''s visibility is checked by the public wrapper.';
grant execute on function app_hidden.record_dependents(regclass,uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.record_label(entity text, id integer, ref text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select format('%s #%s%s', entity, id, coalesce(' ' || nullif(ref, ''), ''))
$function$;
comment on function app_hidden.record_label(text,integer,text) is 'How a record is named in refusals: its kind, number and reference (language-neutral).';
grant execute on function app_hidden.record_label(text,integer,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.reference_names(kind text, ids uuid[])
 RETURNS TABLE(id uuid, name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select p.id, p.name from app_public.projects p where kind = 'project' and p.id = any(ids)
  union all
  select t.id, t.name from app_public.cost_types t where kind = 'cost_type' and t.id = any(ids)
  union all
  select s.id, coalesce(nullif(btrim(s.short_name), ''), s.legal_name) from app_public.suppliers s
   where kind = 'supplier' and s.id = any(ids)
  union all
  select s.id, coalesce(nullif(btrim(s.short_name), ''), s.legal_name) from app_public.subsidiaries s
   where kind = 'subsidiary' and s.id = any(ids)
$function$;
comment on function app_hidden.reference_names(text,uuid[]) is 'Names of projects, cost types, suppliers or subsidiaries by id; called only with ids taken from rows the caller may see.';
grant execute on function app_hidden.reference_names(text,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.reference_not_found(target text, id text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  case target
    when 'invoices' then perform app_hidden.fail('InvoiceNotFound', 'The invoice not found');
    when 'bills' then perform app_hidden.fail('BillNotFound', 'The bill not found');
    when 'costs' then perform app_hidden.fail('CostNotFound', 'Cost not found');
    when 'documents' then perform app_hidden.fail('DocumentNotFound', 'Document not found');
    when 'files' then perform app_hidden.fail('FileNotFound', 'File not found');
    when 'payments' then perform app_hidden.fail('PaymentNotFound', 'Payment not found');
    when 'accounts' then perform app_hidden.fail('AccountNotFound', format('Account ''%s'' doesn''t exist', id));
    else perform app_hidden.fail('ReferenceNotFound', 'A record this refers to does not exist.');
  end case;
end;
$function$;
comment on function app_hidden.reference_not_found(text,text) is 'Raises the NotFound error of a kind of record (InvoiceNotFound, BillNotFound, CostNotFound, ...) for a reference the caller cannot see.';
grant execute on function app_hidden.reference_not_found(text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.replace_file(file_id uuid, name text, content_type text, size bigint, sha256 text)
 RETURNS app_public.files
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  file app_public.files;
begin
  perform app_hidden.require_writable_file(file_id);
  update app_public.files f
     set name = replace_file.name, content_type = replace_file.content_type, size = replace_file.size,
         sha256 = replace_file.sha256, uploaded_at = now()
   where f.id = replace_file.file_id
  returning * into file;
  if file.id is null then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission to change this file.');
  end if;
  return file;
end;
$function$;
comment on function app_hidden.replace_file(uuid,text,text,bigint,text) is 'Replaces the content of a file the caller may write (FileNotFound, Forbidden).';
grant execute on function app_hidden.replace_file(uuid,text,text,bigint,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.report_bills(project_ids uuid[], start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS TABLE(year integer, period integer, project_id uuid, amount_usd numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  select b.year::integer, b.period::integer, b.project_id, b.amount_usd_w_vat
    from app_public.bills b
   where not b.is_deleted
     and (project_ids is null or b.project_id = any(project_ids))
     and app_hidden.in_period_range(b.year, b.period, start_year, start_month, end_year, end_month);
end;
$function$;
comment on function app_hidden.report_bills(uuid[],integer,integer,integer,integer) is 'The live bills of a reports projects and period range, as the caller may see them (create_report scope).';
grant execute on function app_hidden.report_bills(uuid[],integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.report_costs(project_ids uuid[], start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS TABLE(year integer, period integer, project_id uuid, cost_type_id uuid, invoice_id integer, amount_usd numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  select c.year::integer, c.period::integer, c.project_id, c.cost_type_id, c.invoice_id, c.amount_usd_w_vat
    from app_public.costs c
   where c.status = 'approved' and not c.is_deleted
     and (project_ids is null or c.project_id = any(project_ids))
     and app_hidden.in_period_range(c.year, c.period, start_year, start_month, end_year, end_month);
end;
$function$;
comment on function app_hidden.report_costs(uuid[],integer,integer,integer,integer) is 'The approved, live costs and live bills of the report, as the caller may see them.';
grant execute on function app_hidden.report_costs(uuid[],integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_costs_approved(invoice_id integer)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if not exists (select from app_public.costs c where c.invoice_id = require_costs_approved.invoice_id and not c.is_deleted) then
    perform app_hidden.fail('InvoiceHasNoCosts', 'The invoice has no costs.');
  end if;
  if exists (select from app_public.costs c
              where c.invoice_id = require_costs_approved.invoice_id and not c.is_deleted and c.status <> 'approved') then
    perform app_hidden.fail('CostsNotApproved', 'All costs of the invoice must be approved first.');
  end if;
end;
$function$;
comment on function app_hidden.require_costs_approved(integer) is 'SPEC §4 "Open: all costs are approved": validating and closing need it as much as opening.';
grant execute on function app_hidden.require_costs_approved(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_ids(ids anyarray)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if ids is null or cardinality(ids) = 0 then
    perform app_hidden.fail('IdsRequired', 'At least one id is required.');
  end if;
end;
$function$;
comment on function app_hidden.require_ids(anyarray) is 'Raises IdsRequired when a bulk action is given no ids.';
grant execute on function app_hidden.require_ids(anyarray) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_scope(scope text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if not app_hidden.has_scope(scope) then
    perform app_hidden.fail('Forbidden', format('You don''t have the permission for this action (%s).', scope));
  end if;
end;
$function$;
comment on function app_hidden.require_scope(text) is 'Raises Forbidden, naming the scope, unless the signed-in account has it.';
grant execute on function app_hidden.require_scope(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_transition(entity text, action text, record_id integer)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  r app_hidden.workflow_record := app_hidden.workflow_record(entity, record_id);
begin
  if r.id is null then
    perform app_hidden.fail(case entity when 'invoice' then 'InvoiceNotFound' when 'cost' then 'CostNotFound' else 'BillNotFound' end,
                            case entity when 'invoice' then 'The invoice not found' when 'cost' then 'Cost not found' else 'The bill not found' end);
  end if;
  perform app_hidden.raise_refusal(app_hidden.transition_refusal(r, action));
  return (select t.to_state from app_private.transitions t
           where t.entity = require_transition.entity and t.action = require_transition.action and t.from_state = r.state);
end;
$function$;
comment on function app_hidden.require_transition(text,text,integer) is 'Checks an action on a record against app_private.transitions (state, scopes, preconditions); refuses naming the record and the reason.';
grant execute on function app_hidden.require_transition(text,text,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_transition(entity text, action text, from_state text, is_deleted boolean)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  step app_private.transitions;
  scope text;
begin
  select * into step from app_private.transitions t
   where t.entity = require_transition.entity and t.action = require_transition.action
     and t.from_state = require_transition.from_state;
  if step.entity is null or (is_deleted and not step.on_archived) then
    perform app_hidden.cannot_change_status();
  end if;
  foreach scope in array step.scopes loop
    perform app_hidden.require_scope(scope);
  end loop;
  return step.to_state;
end;
$function$;
comment on function app_hidden.require_transition(text,text,text,boolean) is 'Checks an action against app_private.transitions for a record in a state; returns the state it reaches.';
grant execute on function app_hidden.require_transition(text,text,text,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_user()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if app_hidden.current_user_id() is null then
    perform app_hidden.fail('UserIdUndefined', 'Cannot close bill! User ID is undefined.');
  end if;
  return app_hidden.current_user_id();
end;
$function$;
comment on function app_hidden.require_user() is 'The signed-in users id; raises UserIdUndefined without one.';
grant execute on function app_hidden.require_user() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_visible_files(file_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_ids(file_ids);
  if (select count(*) from app_public.files f where f.id = any(file_ids)) <> cardinality(array(select distinct unnest(file_ids))) then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
end;
$function$;
comment on function app_hidden.require_visible_files(uuid[]) is 'The files to attach must be ones the caller can see (typically their own uploads).';
grant execute on function app_hidden.require_visible_files(uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.require_writable_file(file_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if not exists (select from app_public.files f where f.id = file_id) then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  if not app_hidden.can_write_file(file_id) then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission to change this file.');
  end if;
end;
$function$;
comment on function app_hidden.require_writable_file(uuid) is 'Raises FileNotFound unless the caller sees the file, Forbidden unless the caller may change or delete it.';
grant execute on function app_hidden.require_writable_file(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.save_bank_csv_mapping(bank_account_id uuid, mapping jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  update app_public.bank_accounts a set csv_mapping = mapping where a.id = bank_account_id
$function$;
comment on function app_hidden.save_bank_csv_mapping(uuid,jsonb) is 'Saves the CSV column mapping of a bank account at a CSV import (as the owner: whoever may import; the caller has been checked to see the account).';
grant execute on function app_hidden.save_bank_csv_mapping(uuid,jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.scope_closure(granted text[])
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  with recursive implication(scope, implies) as (
    values
      ('admin', 'admin:user'), ('admin', 'admin:role'), ('admin', 'admin:invoice'),
      ('admin', 'admin:invoice:write'), ('admin', 'admin:bill'), ('admin', 'admin:documents'),
      ('admin', 'admin:cost'), ('admin', 'admin:cost:write'), ('admin', 'admin:payment'),
      ('admin', 'admin:project'), ('admin', 'admin:company'), ('admin', 'admin:cost_type'),
      ('admin', 'admin:service'), ('admin', 'create_report'),
      ('admin:user', 'admin:role'),
      ('admin:invoice:write', 'admin:invoice'),
      ('admin:invoice', 'invoice:write'), ('admin:invoice', 'validate_invoice'), ('admin:invoice', 'close_invoice'),
      ('admin:cost:write', 'admin:cost'),
      ('admin:cost', 'cost:write'), ('admin:cost', 'approve_cost'), ('admin:cost', 'approve_cost_high'),
      ('admin:bill', 'bill:write'),
      ('admin:documents', 'documents:write'),
      ('admin:payment', 'payment:write'),
      ('admin:project', 'project:write'),
      ('admin:company', 'company:write'),
      ('admin:cost_type', 'cost_type:write'),
      ('admin:service', 'service:write'),
      ('company:write', 'company:write_client'), ('company:write', 'company:write_supplier'),
      ('company:write', 'company:write_subsidiary'),
      ('company:write_client', 'company:read'), ('company:write_supplier', 'company:read'),
      ('company:write_subsidiary', 'company:read'),
      ('invoice:write', 'invoice:read'), ('bill:write', 'bill:read'), ('cost:write', 'cost:read'),
      ('documents:write', 'documents:read'), ('payment:write', 'payment:read'),
      ('project:write', 'project:read'), ('cost_type:write', 'cost_type:read'),
      ('service:write', 'service:read'),
      -- Whoever reads finance records reads the reference data they name.
      ('invoice:read', 'company:read'), ('invoice:read', 'project:read'),
      ('invoice:read', 'cost_type:read'), ('invoice:read', 'service:read'),
      ('bill:read', 'company:read'), ('bill:read', 'project:read'),
      ('bill:read', 'cost_type:read'), ('bill:read', 'service:read'),
      ('cost:read', 'company:read'), ('cost:read', 'project:read'),
      ('cost:read', 'cost_type:read'), ('cost:read', 'service:read'),
      ('documents:read', 'company:read'), ('documents:read', 'service:read'),
      ('create_report', 'project:read')
  ),
  closure(scope) as (
    select unnest(granted)
    union
    select i.implies from closure c join implication i on i.scope = c.scope
  )
  select coalesce(array_agg(scope order by scope), '{}') from closure where scope is not null
$function$;
comment on function app_hidden.scope_closure(text[]) is 'Every scope the given scopes grant, directly or by implication.';
grant execute on function app_hidden.scope_closure(text[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.search_candidates(kind text, search text, max integer)
 RETURNS text[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
 SET plan_cache_mode TO 'force_custom_plan'
 SET enable_seqscan TO 'off'
AS $function$
declare
  typed text := btrim(search);
  low text := lower(btrim(search));
  pattern text := app_hidden.search_pattern(search);
  number integer := case when btrim(search) ~ '^\d{1,9}$' then btrim(search)::integer end;
  long boolean := length(btrim(search)) >= 3;
  -- At most how many matches are read through the trigram index (all of a rare text's), and,
  -- when a text has more, how many of the newest rows (of all subsidiaries: the date index alone,
  -- so the window costs the same for every account) are looked at for the newest matches (a
  -- word in 1 row of 50 or more fills max there for an account that reads every subsidiary).
  spread_rows integer := 2 * max;
  window_rows integer := 50 * max;
  visible uuid[] := app_hidden.visible_subsidiary_ids();
  supplier_ids uuid[] := app_hidden.supplier_ids();
  -- A supplier's user reads costs and invoices outside its projects too (0053, 0095).
  projects uuid[] := case when app_hidden.supplier_ids() is null then app_hidden.allowed_project_ids() end;
  me uuid := app_hidden.current_user_id();
  exact integer[];
  newest integer[];
  spread integer[];
  found bigint;
  ids text[];
begin
  if not long and number is null then
    return '{}';
  end if;
  if kind = 'invoice' then
    select array_agg(i.id) into exact from (
      (select i.id from app_public.invoices i where i.id = number and not i.is_deleted)
      union all
      (select e.id from (
         select i.id, i.invoice_date from app_public.invoices i
          where long and lower(i.invoice_ref) = low and not i.is_deleted and i.subsidiary_id = any(visible)
            and (supplier_ids is null or i.supplier_id = any(supplier_ids))
            and (projects is null or i.project_ids && projects or (i.project_ids = '{}' and i.created_by = me))
          limit spread_rows) e
        order by e.invoice_date desc, e.id desc limit max)) i;
    if long then
      with m as materialized (
        select i.id, i.invoice_date from app_public.invoices i
         where i.invoice_ref ilike pattern and not i.is_deleted and i.subsidiary_id = any(visible)
           and (supplier_ids is null or i.supplier_id = any(supplier_ids))
           and (projects is null or i.project_ids && projects or (i.project_ids = '{}' and i.created_by = me)))
      select array_agg(m.id order by m.invoice_date desc, m.id desc), count(*) into spread, found
        from (select * from m limit spread_rows) m;
      if found = spread_rows then
        select array_agg(w.id) into newest from (
          select w.id from (
            select i.id, i.invoice_ref, i.subsidiary_id, i.supplier_id, i.project_ids, i.created_by
              from app_public.invoices i
             where not i.is_deleted
             order by i.invoice_date desc, i.id desc limit window_rows) w
           where w.invoice_ref ilike pattern and w.subsidiary_id = any(visible)
             and (supplier_ids is null or w.supplier_id = any(supplier_ids))
             and (projects is null or w.project_ids && projects or (w.project_ids = '{}' and w.created_by = me))
           limit max) w;
        if cardinality(newest) = max then
          spread := null;
        end if;
      end if;
    end if;
  elsif kind = 'cost' then
    select array_agg(c.id) into exact from (
      (select c.id from app_public.costs c where c.id = number and not c.is_deleted)
      union all
      (select e.id from (
         select c.id, c.created_at from app_public.costs c
          where long and lower(c.name) = low and not c.is_deleted and c.subsidiary_id = any(visible)
            and (projects is null or c.project_id = any(projects))
          limit spread_rows) e
        order by e.created_at desc, e.id desc limit max)) c;
    if long then
      with m as materialized (
        select c.id, c.created_at from app_public.costs c
         where c.name ilike pattern and not c.is_deleted and c.subsidiary_id = any(visible)
           and (projects is null or c.project_id = any(projects)))
      select array_agg(m.id order by m.created_at desc, m.id desc), count(*) into spread, found
        from (select * from m limit spread_rows) m;
      if found = spread_rows then
        select array_agg(w.id) into newest from (
          select w.id from (
            select c.id, c.name, c.subsidiary_id, c.project_id from app_public.costs c
             where not c.is_deleted
             order by c.created_at desc, c.id desc limit window_rows) w
           where w.name ilike pattern and w.subsidiary_id = any(visible) and (projects is null or w.project_id = any(projects))
           limit max) w;
        if cardinality(newest) = max then
          spread := null;
        end if;
      end if;
    end if;
  elsif kind = 'bill' then
    select array_agg(b.id) into exact from (
      (select b.id from app_public.bills b where b.id = number and not b.is_deleted)
      union all
      (select e.id from (
         select b.id, b.invoice_date from app_public.bills b
          where long and (lower(b.name) = low or lower(b.invoice_ref) = low) and not b.is_deleted
            and b.subsidiary_id = any(visible) and supplier_ids is null
            and (projects is null or b.project_id = any(projects))
          limit spread_rows) e
        order by e.invoice_date desc, e.id desc limit max)) b;
    if long and supplier_ids is null then
      with m as materialized (
        select b.id, b.invoice_date from app_public.bills b
         where (b.name || ' ' || coalesce(b.invoice_ref, '')) ilike pattern and not b.is_deleted
           and b.subsidiary_id = any(visible) and (projects is null or b.project_id = any(projects)))
      select array_agg(m.id order by m.invoice_date desc, m.id desc), count(*) into spread, found
        from (select * from m limit spread_rows) m;
      if found = spread_rows then
        select array_agg(w.id) into newest from (
          select w.id from (
            select b.id, b.name, b.invoice_ref, b.subsidiary_id, b.project_id from app_public.bills b
             where not b.is_deleted
             order by b.invoice_date desc, b.id desc limit window_rows) w
           where (w.name || ' ' || coalesce(w.invoice_ref, '')) ilike pattern and w.subsidiary_id = any(visible)
             and (projects is null or w.project_id = any(projects))
           limit max) w;
        if cardinality(newest) = max then
          spread := null;
        end if;
      end if;
    end if;
  elsif kind = 'document' then
    select array_agg(d.id::text) into ids from (
      select d.id from (
        select d.id, d.name, d.contract_number, d.created_at from app_public.documents d
         where long and (d.name || ' ' || coalesce(d.contract_number, '')) ilike pattern and not d.is_deleted
           and (coalesce(d.principal_id = any(visible), true)
                or d.id = any((select app_hidden.document_ids_shared_with_me(false))::uuid[]))
         limit spread_rows) d
       order by lower(d.name) = low or lower(coalesce(d.contract_number, '')) = low desc, d.created_at desc, d.id
       limit max) d;
  elsif kind = 'supplier' then
    select array_agg(s.id::text) into ids from (
      select s.id from app_public.suppliers s
       where long
         and (s.legal_name || ' ' || coalesce(s.short_name, '') || ' ' || coalesce(s.tax_id, '')) ilike pattern
       order by lower(s.legal_name) = low or lower(coalesce(s.short_name, '')) = low or s.tax_id = typed desc,
                s.is_archived, s.legal_name, s.id
       limit max) s;
  elsif kind = 'client' then
    select array_agg(c.id::text) into ids from (
      select c.id from app_public.clients c
       where long
         and (c.legal_name || ' ' || coalesce(c.short_name, '') || ' ' || coalesce(c.tax_id, '')) ilike pattern
       order by lower(c.legal_name) = low or lower(coalesce(c.short_name, '')) = low or c.tax_id = typed desc,
                c.is_archived, c.legal_name, c.id
       limit max) c;
  end if;
  return coalesce(ids, '{}') || coalesce((coalesce(exact, '{}') || coalesce(newest, '{}') || coalesce(spread[1:max], '{}'))::text[], '{}');
end
$function$;
comment on function app_hidden.search_candidates(text,text,integer) is 'The ids (as text) of the first records of a kind (invoice, bill, cost, document, supplier, client) in the global search''s order whose number or name contains the typed text (exact matches, the newest matches, at most max of each), found through btree, date and trigram indexes, narrowed to the caller''s subsidiaries and supplier or project limit (a condition of every reading policy); app_public.global_search keeps those the caller''s policies let it read.';
grant execute on function app_hidden.search_candidates(text,text,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.search_pattern(search text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$function$;
comment on function app_hidden.search_pattern(text) is 'The LIKE pattern that finds the typed text anywhere in a value (its %, _ and \ taken literally).';

CREATE OR REPLACE FUNCTION app_hidden.sees_whole_invoices()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.allowed_project_ids() is null and app_hidden.has_scope('cost:read')
$function$;
comment on function app_hidden.sees_whole_invoices() is 'Whether the signed-in account sees every cost of the invoices it sees (no project limit and cost:read).';
grant execute on function app_hidden.sees_whole_invoices() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.set_new_user_password(user_id uuid, password_hash text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('admin:user');
  if password_hash is null or password_hash !~ '^\$argon2id\$' then
    perform app_hidden.fail('InvalidInput', 'The password hash is not an argon2id hash.');
  end if;
  insert into app_private.user_secrets (user_id, password_hash)
  values (set_new_user_password.user_id, set_new_user_password.password_hash)
  on conflict do nothing;
  if not found then
    perform app_hidden.fail('Forbidden', 'This user already has a password.');
  end if;
end;
$function$;
comment on function app_hidden.set_new_user_password(uuid,text) is 'Sets the first password (an argon2id hash) of a user the caller has just created: only with admin:user, and only for a user without a password yet.';
grant execute on function app_hidden.set_new_user_password(uuid,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.set_user_active(user_id uuid, is_active boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('admin:user');
  update app_public.users u set is_active = set_user_active.is_active where u.id = set_user_active.user_id;
  if not found then
    perform app_hidden.fail('UserNotFound', 'User not found');
  end if;
end;
$function$;
comment on function app_hidden.set_user_active(uuid,boolean) is 'Activates or deactivates a user, as the caller (admin:user); a deactivated user''s sign-ins end.';
grant execute on function app_hidden.set_user_active(uuid,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.set_workflow_mode(mode text)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  previous text := app_hidden.workflow_mode();
begin
  perform set_config('ledgerline.workflow', mode, true);
  return previous;
end;
$function$;
comment on function app_hidden.set_workflow_mode(text) is 'Sets the workflow mode for the rest of the transaction and returns the previous one, to be restored.';
grant execute on function app_hidden.set_workflow_mode(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.store_bank_statement(account app_public.bank_accounts, statement_format text, ref text, content_sha256 text, file_id uuid, opening numeric, closing numeric, line_total integer, statement jsonb)
 RETURNS app_public.bank_statements
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  result app_public.bank_statements;
begin
  if exists (select from app_public.bank_statements s
              where s.bank_account_id = account.id and s.statement_ref = ref) then
    perform app_hidden.fail('StatementAlreadyImported',
      format('Statement %s of this bank account is already imported.', ref));
  end if;
  if exists (select from app_public.bank_statements s where s.content_sha256 = store_bank_statement.content_sha256) then
    perform app_hidden.fail('StatementAlreadyImported', 'This file is already imported.');
  end if;
  insert into app_public.bank_statements (bank_account_id, subsidiary_id, format, statement_ref, content_sha256,
      file_id, currency, from_date, to_date, opening_balance, closing_balance, line_count, imported_by)
  values (account.id, account.subsidiary_id, statement_format, ref, store_bank_statement.content_sha256,
      store_bank_statement.file_id, account.currency,
      coalesce((statement ->> 'fromDate')::date,
               (select min((l ->> 'bookingDate')::date) from jsonb_array_elements(statement -> 'lines') l)),
      coalesce((statement ->> 'toDate')::date,
               (select max((l ->> 'bookingDate')::date) from jsonb_array_elements(statement -> 'lines') l)),
      opening, closing, line_total, app_hidden.current_user_id())
  returning * into result;

  insert into app_public.bank_statement_lines (statement_id, bank_account_id, subsidiary_id, position, booking_date,
      value_date, amount, currency, counterparty_name, counterparty_iban, remittance, bank_reference)
  select result.id, account.id, account.subsidiary_id, l.line, l."bookingDate", coalesce(l."valueDate", l."bookingDate"),
         l.amount, account.currency, nullif(btrim(l."counterpartyName"), ''),
         app_hidden.normalize_iban(l."counterpartyIban"), nullif(btrim(l.remittance), ''), nullif(btrim(l.reference), '')
    from jsonb_to_recordset(statement -> 'lines')
         as l(line integer, "bookingDate" date, "valueDate" date, amount numeric, "counterpartyName" text,
              "counterpartyIban" text, remittance text, reference text);
  return result;
end;
$function$;
comment on function app_hidden.store_bank_statement(app_public.bank_accounts,text,text,text,uuid,numeric,numeric,integer,jsonb) is 'Writes a checked bank statement and its lines (as the owner: the caller, import_bank_statement, has checked the scope, the account and the balances). StatementAlreadyImported when the account has a statement with this reference or any account has the same file.';
grant execute on function app_hidden.store_bank_statement(app_public.bank_accounts,text,text,text,uuid,numeric,numeric,integer,jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.subsidiaries_seen_whole()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select case when app_hidden.allowed_project_ids() is null and app_hidden.supplier_ids() is null
              then app_hidden.visible_subsidiary_ids() else '{}'::uuid[] end
$function$;
comment on function app_hidden.subsidiaries_seen_whole() is 'The visible subsidiaries when the account has no project limit and is no supplier''s user, else none; call as (select app_hidden.subsidiaries_seen_whole()).';
grant execute on function app_hidden.subsidiaries_seen_whole() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.subsidiary_visible(subsidiary_id uuid, visible uuid[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select subsidiary_id = any(visible)
$function$;
comment on function app_hidden.subsidiary_visible(uuid,uuid[]) is 'Whether a subsidiary is one of the visible ones; call as subsidiary_visible(col, (select app_hidden.visible_subsidiary_ids())).';
grant execute on function app_hidden.subsidiary_visible(uuid,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.suggest_bank_matches(statement_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
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
$function$;
comment on function app_hidden.suggest_bank_matches(uuid) is 'Stores the best suggestion (high or medium confidence) of each open line of a statement.';
grant execute on function app_hidden.suggest_bank_matches(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.supplier_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select array_agg(s.id order by s.id) from app_public.suppliers s where s.user_id = app_hidden.current_user_id()
$function$;
comment on function app_hidden.supplier_ids() is 'The suppliers whose user the signed-in user is (null: none); call as (select app_hidden.supplier_ids()).';
grant execute on function app_hidden.supplier_ids() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.supplier_ids_seen_whole()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select case when app_hidden.allowed_project_ids() is null then coalesce(app_hidden.supplier_ids(), '{}')
              else '{}'::uuid[] end
$function$;
comment on function app_hidden.supplier_ids_seen_whole() is 'The suppliers whose invoices a supplier''s user without a project limit sees whole (none for others); call as (select app_hidden.supplier_ids_seen_whole()).';
grant execute on function app_hidden.supplier_ids_seen_whole() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.supplier_tax_id_valid(country text, tax_id text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select case
    when tax_id is null then true
    when country = 'RU' then app_hidden.inn_valid(tax_id)
    when app_hidden.vat_id_pattern(country) is not null then tax_id ~ app_hidden.vat_id_pattern(country)
    else app_hidden.inn_valid(tax_id) or tax_id ~ '^[A-Z0-9]{5,20}$'
  end
$function$;
comment on function app_hidden.supplier_tax_id_valid(text,text) is 'Whether a supplier''s tax id is valid for its country: in Russia an ИНН with valid check digits, in a European country with a known format its VAT number, elsewhere an ИНН or 5 to 20 letters and digits.';
grant execute on function app_hidden.supplier_tax_id_valid(text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.transition_refusal(r app_hidden.workflow_record, action text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  step app_private.transitions;
  scope text;
  precondition text;
  refusal jsonb;
begin
  select * into step from app_private.transitions t
   where t.entity = r.entity and t.action = transition_refusal.action and t.from_state = r.state;
  if step.entity is null or (r.is_deleted and not step.on_archived)
     or (action = 'archive' and r.is_deleted) or (action = 'unarchive' and not r.is_deleted) then
    return jsonb_build_object('code', 'CannotChangeStatus',
      'message', format('Cannot change status: %s is %s%s, and "%s" is not possible from there.', r.label, r.state,
                        case when r.is_deleted then ' (archived)' else '' end, action),
      'details', jsonb_build_object('record', r.label, 'action', action, 'state', r.state));
  end if;
  foreach scope in array step.scopes loop
    if not app_hidden.has_scope(scope) then
      return jsonb_build_object('code', 'Forbidden',
        'message', format('You don''t have the permission for this action (%s) on %s.', scope, r.label),
        'details', jsonb_build_object('record', r.label, 'scope', scope));
    end if;
  end loop;
  foreach precondition in array step.preconditions loop
    refusal := app_hidden.precondition_refusal(r, precondition);
    if refusal is not null then
      return refusal;
    end if;
  end loop;
  return null;
end;
$function$;
comment on function app_hidden.transition_refusal(app_hidden.workflow_record,text) is 'Why an action cannot be taken on a record now, or null: no transition from its state or it is archived (CannotChangeStatus), a scope missing (Forbidden), or a precondition failing, in that order.';

CREATE OR REPLACE FUNCTION app_hidden.usd_rate(currency text, on_date date)
 RETURNS numeric
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  rate numeric;
begin
  if currency = 'USD' then
    return 1;
  end if;
  select r.usd_per_unit into rate from app_public.exchange_rates r
   where r.currency = usd_rate.currency and r.rate_date <= on_date
   order by r.rate_date desc limit 1;
  if rate is null then
    perform app_hidden.fail('MissingExchangeRate',
      format('No exchange rate for %s on or before %s.', currency, to_char(on_date, 'YYYY-MM-DD')));
  end if;
  return rate;
end;
$function$;
comment on function app_hidden.usd_rate(text,date) is 'USD per unit of a currency on a date: the latest rate on or before it. USD itself is 1.';
grant execute on function app_hidden.usd_rate(text,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.user_details_visible(user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select user_id = app_hidden.current_user_id() or app_hidden.has_scope('admin:user')
$function$;
comment on function app_hidden.user_details_visible(uuid) is 'Whether the signed-in account may read this user''s username, active flag and timestamps.';
grant execute on function app_hidden.user_details_visible(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.user_display_name(user_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_public.users_display_name(u) from app_public.users u where u.id = user_id
$function$;
comment on function app_hidden.user_display_name(uuid) is 'The display name of a user, for the names on a record the caller sees; not granted to the visitor.';

CREATE OR REPLACE FUNCTION app_hidden.user_named_on_visible_record(user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select exists (select from app_public.invoices r where r.created_by = $1)
      or exists (select from app_public.invoices r where r.validated_by = $1)
      or exists (select from app_public.invoices r where r.closed_by = $1)
      or exists (select from app_public.costs r where r.created_by = $1)
      or exists (select from app_public.costs r where r.approved_by = $1)
      or exists (select from app_public.bills r where r.created_by = $1)
      or exists (select from app_public.bills r where r.closed_by = $1)
      or exists (select from app_public.payments r where r.created_by = $1)
      or exists (select from app_public.documents r where r.created_by = $1)
      or exists (select from app_public.documents r where r.deleted_by = $1)
      or exists (select from app_public.documents_files r where r.uploaded_by = $1)
      or exists (select from app_public.document_readers r where r.user_id = $1)
      or exists (select from app_public.document_editors r where r.user_id = $1)
      or exists (select from app_public.suppliers r where r.user_id = $1)
      or exists (select from app_public.audit_trail r where r.user_id = $1)
$function$;
comment on function app_hidden.user_named_on_visible_record(uuid) is 'Whether the user created, validated, closed, approved, paid, changed or uploaded something the signed-in account can see, or is named on it.';
grant execute on function app_hidden.user_named_on_visible_record(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.vat_id_pattern(country text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select case country
    when 'AT' then '^ATU[0-9]{8}$'
    when 'BE' then '^BE[01][0-9]{9}$'
    when 'BG' then '^BG[0-9]{9,10}$'
    when 'CY' then '^CY[0-9]{8}[A-Z]$'
    when 'CZ' then '^CZ[0-9]{8,10}$'
    when 'DE' then '^DE[0-9]{9}$'
    when 'DK' then '^DK[0-9]{8}$'
    when 'EE' then '^EE[0-9]{9}$'
    when 'GR' then '^EL[0-9]{9}$'
    when 'ES' then '^ES[A-Z0-9][0-9]{7}[A-Z0-9]$'
    when 'FI' then '^FI[0-9]{8}$'
    when 'FR' then '^FR[A-HJ-NP-Z0-9]{2}[0-9]{9}$'
    when 'HR' then '^HR[0-9]{11}$'
    when 'HU' then '^HU[0-9]{8}$'
    when 'IE' then '^IE([0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W])$'
    when 'IT' then '^IT[0-9]{11}$'
    when 'LT' then '^LT([0-9]{9}|[0-9]{12})$'
    when 'LU' then '^LU[0-9]{8}$'
    when 'LV' then '^LV[0-9]{11}$'
    when 'MT' then '^MT[0-9]{8}$'
    when 'NL' then '^NL[0-9]{9}B[0-9]{2}$'
    when 'PL' then '^PL[0-9]{10}$'
    when 'PT' then '^PT[0-9]{9}$'
    when 'RO' then '^RO[0-9]{2,10}$'
    when 'SE' then '^SE[0-9]{10}01$'
    when 'SI' then '^SI[0-9]{8}$'
    when 'SK' then '^SK[0-9]{10}$'
    when 'GB' then '^GB([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$'
    when 'NO' then '^NO[0-9]{9}(MVA)?$'
    when 'CH' then '^CHE[0-9]{9}(MWST|TVA|IVA)?$'
  end
$function$;
comment on function app_hidden.vat_id_pattern(text) is 'The pattern of a European country''s VAT number, with its country prefix (Greece uses EL); null when the country has no format here.';
grant execute on function app_hidden.vat_id_pattern(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.visible_subsidiary_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(
    (select aa.visible_subsidiary_ids from app_private.account_access aa
      where aa.account_id = app_hidden.current_account_id()),
    array(select s.id from app_public.subsidiaries s))
$function$;
comment on function app_hidden.visible_subsidiary_ids() is 'Subsidiaries the signed-in account may see: its allowed ones, or all when it has no limit. Call it in policies as (select app_hidden.visible_subsidiary_ids()).';
grant execute on function app_hidden.visible_subsidiary_ids() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.workflow_mode()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(nullif(current_setting('ledgerline.workflow', true), ''), 'off')
$function$;
comment on function app_hidden.workflow_mode() is 'Workflow functions set this for their own transaction; guards let workflow columns change only then. (''force'' also allows what only force deletes may do.) No API can set it.';
grant execute on function app_hidden.workflow_mode() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_hidden.workflow_record(entity text, record_id integer)
 RETURNS app_hidden.workflow_record
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select 'invoice', i.id, i.status::text, i.is_deleted, i.subsidiary_id, i.created_by, i.invoice_date,
         app_hidden.record_label('invoice', i.id, i.invoice_ref), null::uuid, i.amount_usd_w_vat, i.id
    from app_public.invoices i where workflow_record.entity = 'invoice' and i.id = record_id
  union all
  select 'cost', c.id, c.status::text, c.is_deleted, c.subsidiary_id, c.created_by, app_hidden.period_date(c.year, c.period),
         app_hidden.record_label('cost', c.id, c.name), c.first_approved_by, c.amount_usd_w_vat, c.invoice_id
    from app_public.costs c where workflow_record.entity = 'cost' and c.id = record_id
  union all
  select 'bill', b.id, b.status::text, b.is_deleted, b.subsidiary_id, b.created_by, app_hidden.period_date(b.year, b.period),
         app_hidden.record_label('bill', b.id, b.name), null, b.amount_usd_w_vat, null
    from app_public.bills b where workflow_record.entity = 'bill' and b.id = record_id
$function$;
comment on function app_hidden.workflow_record(text,integer) is 'An invoice, cost or bill as a workflow record (state, archived, subsidiary, creator, date, label, first approver, amount), as the caller sees it.';

CREATE OR REPLACE FUNCTION app_private.add_bill_outstanding(gone app_public.bills[], came app_public.bills[])
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  with change as (
    select b.subsidiary_id, b.project_id, app_public.bills_outstanding_usd(b) as usd, 1 as n
      from unnest(came) b where app_public.bills_outstanding(b) > 0
    union all
    select b.subsidiary_id, b.project_id, -app_public.bills_outstanding_usd(b), -1
      from unnest(gone) b where app_public.bills_outstanding(b) > 0
  ), by_subsidiary as (
    insert into app_public.bill_outstanding_by_subsidiary as t (subsidiary_id, outstanding_usd, bill_count)
    select c.subsidiary_id, sum(c.usd), sum(c.n)::integer
      from change c
     group by c.subsidiary_id
    having sum(c.usd) <> 0 or sum(c.n) <> 0
     order by c.subsidiary_id
    on conflict (subsidiary_id) do update
       set outstanding_usd = t.outstanding_usd + excluded.outstanding_usd,
           bill_count = t.bill_count + excluded.bill_count
  )
  insert into app_public.bill_outstanding_by_project as t (subsidiary_id, project_id, outstanding_usd, bill_count)
  select c.subsidiary_id, c.project_id, sum(c.usd), sum(c.n)::integer
    from change c
   group by c.subsidiary_id, c.project_id
  having sum(c.usd) <> 0 or sum(c.n) <> 0
   order by c.subsidiary_id, c.project_id nulls first
  on conflict (subsidiary_id, project_id) do update
     set outstanding_usd = t.outstanding_usd + excluded.outstanding_usd,
         bill_count = t.bill_count + excluded.bill_count
$function$;
comment on function app_private.add_bill_outstanding(app_public.bills[],app_public.bills[]) is 'Adds to the kept unpaid totals what the bills that came owe and takes away what the bills that went owed (a statement''s new and old rows).';

CREATE OR REPLACE FUNCTION app_private.audit_details(a app_public.audit_trail, previous jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  details jsonb;
begin
  if a.table_name in ('invoices_files', 'bills_files', 'costs_files', 'documents_files') then
    select jsonb_build_object('file', jsonb_build_object('id', f.id, 'name', f.name, 'size', f.size, 'content_type', f.content_type))
      into details from app_public.files f where f.id = (a.row_data ->> 'file_id')::uuid;
    if details is null and previous ? 'file' then
      details := jsonb_build_object('file', previous -> 'file');
    end if;
  elsif a.table_name in ('invoices_payments', 'bills_payments') then
    select jsonb_build_object('payment', jsonb_build_object('id', p.id, 'amount', p.amount, 'currency', p.currency,
                                                            'payment_date', p.payment_date, 'payment_method', p.payment_method))
      into details from app_public.payments p where p.id = (a.row_data ->> 'payment_id')::uuid;
    if details is null and previous ? 'payment' then
      details := jsonb_build_object('payment', previous -> 'payment');
    end if;
  end if;
  if a.table_name = 'costs_files' then
    select coalesce(details, '{}') || jsonb_build_object('cost', jsonb_build_object('id', c.id, 'name', c.name, 'invoice_id', c.invoice_id))
      into details from app_public.costs c where c.id = (a.row_data ->> 'cost_id')::integer;
    if details is null or not details ? 'cost' then
      details := coalesce(details, '{}') || coalesce(jsonb_build_object('cost', previous -> 'cost'), '{}');
    end if;
  end if;
  return coalesce(details, '{}');
end;
$function$;
comment on function app_private.audit_details(app_public.audit_trail,jsonb) is 'Details an audit row''s record does not hold itself (a link row only has ids): the file''s name, the payment''s amount, the cost and invoice of a cost''s file. Taken from the record''s previous audit row when the record is gone.';

CREATE OR REPLACE FUNCTION app_private.audit_refs(a app_public.audit_trail, OUT refs text[], OUT subsidiary_id uuid)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  r jsonb := a.row_data;
  cost app_public.costs;
  parent text;
begin
  refs := array[a.table_name || ':' || a.record_id];
  case a.table_name
    when 'invoices', 'bills' then
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
    when 'costs' then
      refs := refs || ('invoices:' || (r ->> 'invoice_id'));
      if r ->> 'bill_id' is not null then
        refs := refs || ('bills:' || (r ->> 'bill_id'));
      end if;
      -- a cost moved off a bill stays on that bill's history
      if a.changes ? 'bill_id' and a.changes -> 'bill_id' ->> 'old' is not null then
        refs := refs || ('bills:' || (a.changes -> 'bill_id' ->> 'old'));
      end if;
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
    when 'invoices_files', 'invoices_payments' then
      refs := refs || ('invoices:' || (r ->> 'invoice_id'));
      select i.subsidiary_id into subsidiary_id from app_public.invoices i where i.id = (r ->> 'invoice_id')::integer;
    when 'bills_files', 'bills_payments' then
      refs := refs || ('bills:' || (r ->> 'bill_id'));
      select b.subsidiary_id into subsidiary_id from app_public.bills b where b.id = (r ->> 'bill_id')::integer;
    when 'costs_files' then
      refs := refs || ('costs:' || (r ->> 'cost_id'));
      select * into cost from app_public.costs c where c.id = (r ->> 'cost_id')::integer;
      if cost.id is not null then
        refs := refs || ('invoices:' || cost.invoice_id);
        if cost.bill_id is not null then
          refs := refs || ('bills:' || cost.bill_id);
        end if;
        subsidiary_id := cost.subsidiary_id;
      end if;
    when 'payments' then
      select refs || array_agg('invoices:' || ip.invoice_id) into refs
        from app_public.invoices_payments ip where ip.payment_id = (r ->> 'id')::uuid;
      select refs || array_agg('bills:' || bp.bill_id) into refs
        from app_public.bills_payments bp where bp.payment_id = (r ->> 'id')::uuid;
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
    when 'documents' then
      subsidiary_id := (r ->> 'principal_id')::uuid;
      -- connecting or disconnecting a document shows on its parent contract too
      if a.changes ? 'contract_reference' then
        foreach parent in array array[a.changes -> 'contract_reference' ->> 'old', a.changes -> 'contract_reference' ->> 'new'] loop
          if parent is not null then
            refs := refs || ('documents:' || parent);
          end if;
        end loop;
      elsif a.action = 'INSERT' and r ->> 'contract_reference' is not null then
        refs := refs || ('documents:' || (r ->> 'contract_reference'));
      end if;
    when 'documents_files' then
      refs := refs || ('documents:' || (r ->> 'document_id'));
      select d.principal_id into subsidiary_id from app_public.documents d where d.id = (r ->> 'document_id')::uuid;
    else
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
  end case;
  refs := array(select distinct on (x.ref) x.ref from unnest(refs) with ordinality x(ref, n) where x.ref is not null order by x.ref, x.n);
  -- the changed record first
  refs := array[a.table_name || ':' || a.record_id] || array_remove(refs, a.table_name || ':' || a.record_id);
end;
$function$;
comment on function app_private.audit_refs(app_public.audit_trail) is 'The records whose history shows an audit row (the record itself and the invoice, bill or document it belongs to), and the subsidiary it belongs to.';

CREATE OR REPLACE FUNCTION app_private.audit_verify()
 RETURNS TABLE(audit_id bigint, table_name text, record_id text, record_seq integer, problem text)
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with rows as (
    select a as audit_row, a.id, a.table_name, a.record_id, a.record_seq, a.prev_hash, a.hash,
           lag(a.hash) over w as expected_prev,
           lag(a.record_seq) over w as previous_seq
      from app_public.audit_trail a
    window w as (partition by a.table_name, a.record_id order by a.record_seq)
  ), broken as (
    select r.id, r.table_name, r.record_id, r.record_seq,
           case
             when r.record_seq <> coalesce(r.previous_seq, 0) + 1 then 'a row is missing before this one'
             when r.prev_hash is distinct from r.expected_prev then 'the previous row''s hash does not match'
             when r.hash is distinct from app_hidden.audit_hash(r.audit_row) then 'the content does not match its hash'
           end as problem
      from rows r
    union all
    select last.id, h.table_name, h.record_id, h.record_seq, 'rows are missing at the end of the record''s history'
      from app_private.audit_heads h
      left join lateral (select a.id, a.record_seq, a.hash from app_public.audit_trail a
                          where a.table_name = h.table_name and a.record_id = h.record_id
                          order by a.record_seq desc limit 1) last on true
     where last.record_seq is distinct from h.record_seq or last.hash is distinct from h.hash
  )
  select distinct on (b.table_name, b.record_id) b.id, b.table_name, b.record_id, b.record_seq, b.problem
    from broken b where b.problem is not null
   order by b.table_name, b.record_id, b.record_seq
$function$;
comment on function app_private.audit_verify() is 'The first broken link of each record''s audit chain.';

CREATE OR REPLACE FUNCTION app_private.check_role_has_scope(role_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if exists (select from app_public.roles r where r.id = role_id)
     and not exists (select from app_public.role_scopes rs where rs.role_id = check_role_has_scope.role_id) then
    perform app_hidden.fail('RoleNeedsScope', 'A role needs at least one scope.');
  end if;
end;
$function$;
comment on function app_private.check_role_has_scope(uuid) is 'A role needs at least one scope (checked at commit, so scopes can be replaced in one call).';

CREATE OR REPLACE FUNCTION app_private.delete_expired_files()
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  with expired as (
    delete from app_public.files f
     where f.expires_at < now() and not app_hidden.file_is_referenced(f.id)
    returning 1)
  select count(*)::integer from expired
$function$;
comment on function app_private.delete_expired_files() is 'Uploads not attached within their grace period are removed (called by the server''s sweeper).';

CREATE OR REPLACE FUNCTION app_private.notify(user_id uuid, type text, title text, body text, ref_id text, params jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  insert into app_public.notifications (user_id, type, title, body, ref_id, params)
  select notify.user_id, notify.type, notify.title, notify.body, notify.ref_id, jsonb_strip_nulls(notify.params)
   where notify.user_id is not null and notify.user_id is distinct from app_hidden.current_user_id()
$function$;
comment on function app_private.notify(uuid,text,text,text,text,jsonb) is 'Adds a notification for a user (never for the user who caused it), with the parameters the web app translates.';

CREATE OR REPLACE FUNCTION app_private.notify_expiring_contracts(today date DEFAULT CURRENT_DATE)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  doc record;
  person uuid;
  sent integer := 0;
begin
  for doc in
    select d.* from app_public.documents d
     where not d.is_deleted and d.expiration_date between today and today + 30
       and app_hidden.contract_status(d.signing_date, d.expiration_date, d.expiration_extends_contract,
                                      d.terminated_on, today) = 'active'
       and not exists (select from app_private.contract_expiry_notices n
                        where n.document_id = d.id and n.expiration_date = d.expiration_date)
     for update of d skip locked
  loop
    insert into app_private.contract_expiry_notices (document_id, expiration_date) values (doc.id, doc.expiration_date);
    for person in
      select e.user_id from app_public.document_editors e where e.document_id = doc.id
      union select doc.created_by where doc.created_by is not null
    loop
      perform app_private.notify(person, 'document_expiring',
        format('"%s" expires on %s', doc.name, doc.expiration_date), null, doc.id::text,
        jsonb_build_object('kind', 'document', 'id', doc.id::text, 'reference', doc.name,
                           'date', doc.expiration_date::text, 'days', doc.expiration_date - today));
      sent := sent + 1;
    end loop;
  end loop;
  return sent;
end;
$function$;
comment on function app_private.notify_expiring_contracts(date) is 'Notifies editors and authors of documents expiring in the next 30 days, once per expiration date; returns how many notifications were written.';

CREATE OR REPLACE FUNCTION app_private.rebuild_bill_outstanding_totals()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  delete from app_public.bill_outstanding_by_subsidiary;
  delete from app_public.bill_outstanding_by_project;
  insert into app_public.bill_outstanding_by_project (subsidiary_id, project_id, outstanding_usd, bill_count)
  select b.subsidiary_id, b.project_id, sum(app_public.bills_outstanding_usd(b)), count(*)::integer
    from app_public.bills b
   where app_public.bills_outstanding(b) > 0
   group by b.subsidiary_id, b.project_id;
  insert into app_public.bill_outstanding_by_subsidiary (subsidiary_id, outstanding_usd, bill_count)
  select subsidiary_id, sum(outstanding_usd), sum(bill_count)::integer
    from app_public.bill_outstanding_by_project
   group by subsidiary_id;
$function$;
comment on function app_private.rebuild_bill_outstanding_totals() is 'Recomputes the unpaid bills'' totals from the bills (after a load without triggers).';

CREATE OR REPLACE FUNCTION app_private.refresh_account_access(account_ids uuid[])
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  insert into app_private.account_access as aa
         (account_id, user_id, scopes, visible_subsidiary_ids, allowed_project_ids)
  select n.account_id, n.user_id, n.scopes, n.visible_subsidiary_ids, n.allowed_project_ids
    from app_private.account_access_now n
   where n.account_id = any(refresh_account_access.account_ids)
  on conflict (account_id) do update
     set user_id = excluded.user_id, scopes = excluded.scopes,
         visible_subsidiary_ids = excluded.visible_subsidiary_ids,
         allowed_project_ids = excluded.allowed_project_ids
   where (aa.user_id, aa.scopes, aa.visible_subsidiary_ids, aa.allowed_project_ids)
         is distinct from (excluded.user_id, excluded.scopes, excluded.visible_subsidiary_ids,
                           excluded.allowed_project_ids)
$function$;
comment on function app_private.refresh_account_access(uuid[]) is 'Recomputes app_private.account_access for these accounts.';

CREATE OR REPLACE FUNCTION app_private.refresh_bill_costs_status(bill_id integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  update app_public.bills b
     set costs_status = (select app_hidden.costs_status_of(coalesce(array_agg(c.status), '{}'))
                           from app_public.costs c where c.bill_id = refresh_bill_costs_status.bill_id and not c.is_deleted)
   where b.id = refresh_bill_costs_status.bill_id
$function$;
comment on function app_private.refresh_bill_costs_status(integer) is 'Recomputes a bills costs_status from its live costs.';

CREATE OR REPLACE FUNCTION app_private.refresh_bill_payments(bill_id integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  update app_public.bills b
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= b.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         paid_amount = p.total,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.bills_payments bp join app_public.payments pm on pm.id = bp.payment_id
           where bp.bill_id = refresh_bill_payments.bill_id) p
   where b.id = refresh_bill_payments.bill_id
$function$;
comment on function app_private.refresh_bill_payments(integer) is 'Recomputes a bills paid amount, payment status and last payment date from its payments.';

CREATE OR REPLACE FUNCTION app_private.refresh_invoice_payments(invoice_id integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  update app_public.invoices i
     set payment_status = case when p.total = 0 then 'unpaid'
                               when p.total >= i.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
         paid_amount = p.total,
         last_payment_date = p.last_date
    from (select coalesce(sum(pm.amount), 0) total, max(pm.payment_date) last_date
            from app_public.invoices_payments ip join app_public.payments pm on pm.id = ip.payment_id
           where ip.invoice_id = refresh_invoice_payments.invoice_id) p
   where i.id = refresh_invoice_payments.invoice_id
$function$;
comment on function app_private.refresh_invoice_payments(integer) is 'Recomputes an invoices paid amount, payment status and last payment date from its payments.';

CREATE OR REPLACE FUNCTION app_private.refresh_invoice_totals(invoice_id integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  update app_public.invoices i
     set amount = t.amount, amount_w_vat = t.amount_w_vat, amount_usd = t.amount_usd,
         amount_usd_w_vat = t.amount_usd_w_vat, costs_status = t.costs_status,
         project_ids = t.project_ids
    from (select coalesce(sum(c.amount) filter (where c.counts), 0) amount,
                 coalesce(sum(c.amount_w_vat) filter (where c.counts), 0) amount_w_vat,
                 coalesce(sum(c.amount_usd) filter (where c.counts), 0) amount_usd,
                 coalesce(sum(c.amount_usd_w_vat) filter (where c.counts), 0) amount_usd_w_vat,
                 app_hidden.costs_status_of(coalesce(array_agg(c.status) filter (where c.counts), '{}')) costs_status,
                 -- Every cost's project, archived or not: the visibility rule has always looked at all.
                 coalesce(array_agg(distinct c.project_id order by c.project_id)
                            filter (where c.project_id is not null), '{}') project_ids
            from app_public.invoices parent
            left join lateral (
              select x.*, (not x.is_deleted or parent.is_deleted) counts
                from app_public.costs x where x.invoice_id = parent.id) c on true
           where parent.id = refresh_invoice_totals.invoice_id) t
   where i.id = refresh_invoice_totals.invoice_id
     and (i.amount, i.amount_w_vat, i.amount_usd, i.amount_usd_w_vat, i.costs_status, i.project_ids)
         is distinct from (t.amount, t.amount_w_vat, t.amount_usd, t.amount_usd_w_vat, t.costs_status, t.project_ids)
$function$;
comment on function app_private.refresh_invoice_totals(integer) is 'An invoice''s figures are the sums of its live costs. Archiving an invoice archives its costs with it (SPEC §4) and keeps its figures: the costs of an archived invoice all count.';

CREATE OR REPLACE FUNCTION app_private.tg__audit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) - 'project_keys' end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) - 'project_keys' end;
  diff jsonb;
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_object('old', old_row -> n.key, 'new', n.value))
      into diff
      from jsonb_each(new_row) n
     where n.key <> 'updated_at' and (old_row -> n.key) is distinct from n.value;
    if diff is null then
      return null; -- nothing but the timestamp changed
    end if;
  end if;
  insert into app_public.audit_trail (table_name, record_id, action, changes, row_data, user_id, user_role)
  values (tg_table_name, coalesce(new_row, old_row) ->> 'id', tg_op, diff, coalesce(new_row, old_row),
          app_hidden.current_user_id(), app_hidden.current_role_name());
  return null;
end;
$function$;
comment on function app_private.tg__audit() is 'Writes each insert, update (with the changed fields, old and new) and delete of an audited table to app_public.audit_trail, with who did it and as which role.';

CREATE OR REPLACE FUNCTION app_private.tg__check_references()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  fk record;
  new_row jsonb := to_jsonb(new);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  rule text;
  key jsonb;
  matched integer;
begin
  for fk in
    select t.relname::text as target, c.confrelid::regclass::text as target_table,
           array_agg(a.attname::text order by k.ord) as columns,
           array_agg(fa.attname::text order by k.ord) as target_columns
      from pg_constraint c
      cross join lateral unnest(c.conkey, c.confkey) with ordinality as k(col, fcol, ord)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
      join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = k.fcol
      join pg_class t on t.oid = c.confrelid
     where c.conrelid = tg_relid and c.contype = 'f' and t.relname <> 'users'
     group by c.oid, t.relname, c.confrelid
  loop
    -- Nothing to check when the reference is empty or unchanged.
    continue when exists (select from unnest(fk.columns) col where new_row -> col = 'null'::jsonb);
    continue when tg_op = 'UPDATE'
      and not exists (select from unnest(fk.columns) col where new_row -> col is distinct from old_row -> col);
    rule := (select split_part(arg, ':', 2) from unnest(tg_argv) arg where split_part(arg, ':', 1) = fk.columns[1]);
    continue when rule = 'own';
    if fk.target = 'files' then
      if not app_hidden.can_attach_file((new_row ->> fk.columns[1])::uuid) then
        perform app_hidden.reference_not_found('files', new_row ->> fk.columns[1]);
      end if;
      continue;
    end if;
    key := (select jsonb_object_agg(fk.target_columns[i], new_row -> fk.columns[i])
              from generate_subscripts(fk.columns, 1) i);
    execute format('select count(*)::integer from %s r where (%s) = (select %s from jsonb_populate_record(null::%s, $1) p)',
                   fk.target_table,
                   (select string_agg('r.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                   (select string_agg('p.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                   fk.target_table)
      into matched using key;
    if matched = 0 then
      perform app_hidden.reference_not_found(fk.target, new_row ->> fk.columns[1]);
    end if;
    if rule = 'write' then
      execute format('select count(*)::integer from (select from %s r where (%s) = (select %s from jsonb_populate_record(null::%s, $1) p) for no key update of r) x',
                     fk.target_table,
                     (select string_agg('r.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                     (select string_agg('p.' || quote_ident(col), ', ') from unnest(fk.target_columns) col),
                     fk.target_table)
        into matched using key;
      if matched = 0 then
        perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
      end if;
    end if;
  end loop;
  return new;
end;
$function$;
comment on function app_private.tg__check_references() is 'Refuses a reference to a row the caller cannot see (or, for column:write arguments, cannot write). See 0015-integrity.sql.';

CREATE OR REPLACE FUNCTION app_private.tg__company_identity_normal_form()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_table_name <> 'clients' and btrim(coalesce(new.country, '')) = '' then
    perform app_hidden.fail('CountryRequired', 'Country is required.');
  end if;
  new.country := coalesce(app_public.country_code(new.country), new.country);
  if tg_table_name = 'suppliers' then
    new.tax_id := nullif(regexp_replace(upper(new.tax_id), '[[:space:].-]', '', 'g'), '');
  elsif tg_table_name = 'clients' then
    new.country := nullif(btrim(new.country), '');
    new.tax_id := nullif(regexp_replace(new.tax_id, '[[:space:]]', '', 'g'), '');
    new.tax_reason_code := nullif(regexp_replace(upper(new.tax_reason_code), '[[:space:]]', '', 'g'), '');
    new.registration_number := nullif(regexp_replace(new.registration_number, '[[:space:]]', '', 'g'), '');
  end if;
  if new.country is not null and btrim(new.country) <> ''
     and (tg_op = 'INSERT' or new.country is distinct from old.country)
     and not exists (select from app_public.countries c where c.code = new.country) then
    perform app_hidden.fail('UnknownCountry', format('"%s" is not a country of the ISO 3166 list.', new.country));
  end if;
  return new;
end;
$function$;
comment on function app_private.tg__company_identity_normal_form() is 'Stores what a person types for a client, supplier or subsidiary in one form: the country as its two-letter code (UnknownCountry, CountryRequired), tax numbers without spaces, dots and dashes.';

CREATE OR REPLACE FUNCTION app_private.tg__created_by()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  new.created_by := coalesce(app_hidden.current_user_id(), new.created_by);
  return new;
end;
$function$;
comment on function app_private.tg__created_by() is 'Stamps created_by with the signed-in user (migrations and seeds, with no user, keep theirs).';

CREATE OR REPLACE FUNCTION app_private.tg__payment_amount_usd()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  new.amount_usd := round(new.amount * (
    select case when new.currency = 'USD' then 1 else r.usd_per_unit end
      from (select 1) one
      left join lateral (select e.usd_per_unit from app_public.exchange_rates e
                          where e.currency = new.currency and e.rate_date <= new.payment_date::date
                          order by e.rate_date desc limit 1) r on true), 2);
  return new;
end;
$function$;
comment on function app_private.tg__payment_amount_usd() is 'A payments amount in USD, at the rate of its currency on its date (the latest on or before it).';

CREATE OR REPLACE FUNCTION app_private.tg__period_lock()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_table_name = 'invoices' then
    if tg_op <> 'INSERT' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, old.invoice_date,
        app_hidden.record_label('invoice', old.id, old.invoice_ref)));
    end if;
    if tg_op <> 'DELETE' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, new.invoice_date,
        app_hidden.record_label('invoice', new.id, new.invoice_ref)));
    end if;
  elsif tg_table_name = 'costs' then
    if tg_op <> 'INSERT' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, app_hidden.period_date(old.year, old.period),
        app_hidden.record_label('cost', old.id, old.name)));
    end if;
    if tg_op <> 'DELETE' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, app_hidden.period_date(new.year, new.period),
        app_hidden.record_label('cost', new.id, new.name)));
    end if;
  elsif tg_table_name = 'bills' then
    if tg_op <> 'INSERT' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, app_hidden.period_date(old.year, old.period),
        app_hidden.record_label('bill', old.id, old.name)));
    end if;
    if tg_op <> 'DELETE' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, app_hidden.period_date(new.year, new.period),
        app_hidden.record_label('bill', new.id, new.name)));
    end if;
  elsif tg_table_name = 'payments' then
    -- A payment knows its subsidiary once linked (the link's trigger sets it): checked then.
    if tg_op <> 'INSERT' and old.subsidiary_id is not null then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, old.payment_date::date,
        format('payment of %s %s', old.amount, old.currency)));
    end if;
    if tg_op <> 'DELETE' and new.subsidiary_id is not null then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, new.payment_date::date,
        format('payment of %s %s', new.amount, new.currency)));
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$function$;
comment on function app_private.tg__period_lock() is 'The period lock on invoices, costs, bills and payments: nothing dated on or before its subsidiary''s lock date is created, changed or deleted (PeriodLocked), checked before and after the change. Writes without a signed-in user are not checked.';

CREATE OR REPLACE FUNCTION app_private.tg__timestamps()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if tg_op = 'INSERT' then
    -- Requests cannot backdate a record; migrations and seeds (no signed-in user) may.
    new.created_at := case when app_hidden.current_user_id() is null then coalesce(new.created_at, now()) else now() end;
  else
    new.created_at := old.created_at;
  end if;
  new.updated_at := case when tg_op = 'UPDATE' and old.updated_at >= now() then old.updated_at + interval '1 millisecond' else now() end;
  return new;
end;
$function$;
comment on function app_private.tg__timestamps() is 'Keeps created_at / updated_at honest whatever the client sends.';

CREATE OR REPLACE FUNCTION app_private.tg_account_access__account_rows()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_account_access(array(select account_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform app_private.refresh_account_access(array(select account_id from old_rows));
  else
    perform app_private.refresh_account_access(
      array(select account_id from new_rows union select account_id from old_rows));
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_account_access__account_rows() is 'accounts_scopes, accounts_subsidiaries, accounts_projects: the accounts named by the rows.';

CREATE OR REPLACE FUNCTION app_private.tg_account_access__accounts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'DELETE' then return null; end if; -- the cascade removes the row
  perform app_private.refresh_account_access(array(select id from new_rows));
  return null;
end;
$function$;
comment on function app_private.tg_account_access__accounts() is 'accounts: a new or changed accounts access row is recomputed (a deleted ones goes with it).';

CREATE OR REPLACE FUNCTION app_private.tg_account_access__projects()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
     where a.access_pattern_projects is not null
        or exists (select from app_public.accounts_projects ap where ap.account_id = a.id)));
  return null;
end;
$function$;
comment on function app_private.tg_account_access__projects() is 'projects: accounts with a project limit (a list or a pattern; a pattern matches access keys).';

CREATE OR REPLACE FUNCTION app_private.tg_account_access__role_scopes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
     where a.role_id in (select role_id from changed_rows)));
  return null;
end;
$function$;
comment on function app_private.tg_account_access__role_scopes() is 'role_scopes: every account of the role.';

CREATE OR REPLACE FUNCTION app_private.tg_account_access__subsidiaries()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
     where not exists (select from app_public.accounts_subsidiaries s where s.account_id = a.id)));
  return null;
end;
$function$;
comment on function app_private.tg_account_access__subsidiaries() is 'subsidiaries: accounts without a subsidiary limit see every one.';

CREATE OR REPLACE FUNCTION app_private.tg_account_access__users()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.refresh_account_access(array(
    select a.id from app_public.accounts a
      join new_rows n on n.id = a.user_id
      join old_rows o on o.id = n.id
     where n.is_active is distinct from o.is_active));
  return null;
end;
$function$;
comment on function app_private.tg_account_access__users() is 'users: an inactive user''s accounts hold no scopes.';

CREATE OR REPLACE FUNCTION app_private.tg_accounts__not_current()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if old.id = app_hidden.current_account_id() then
    perform app_hidden.fail('CannotDeleteCurrentAccount',
      'You are signed in with this account: switch to another one first.');
  end if;
  return old;
end;
$function$;
comment on function app_private.tg_accounts__not_current() is 'An administrator editing accounts in the browser must not cut off the session in use: the account one is signed in with cannot be deleted (another administrator can do it).';

CREATE OR REPLACE FUNCTION app_private.tg_audit_trail__append_only()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  raise exception 'The audit trail is append-only: rows cannot be changed or deleted.'
    using errcode = 'LL001', hint = 'AuditTrailAppendOnly';
end;
$function$;
comment on function app_private.tg_audit_trail__append_only() is 'The audit trail is append-only: no role of the application may change or delete a row (AuditTrailAppendOnly).';

CREATE OR REPLACE FUNCTION app_private.tg_audit_trail__chain()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  head app_private.audit_heads;
  previous_row jsonb;
begin
  new.record_id := coalesce(new.record_id, new.row_data ->> 'id', new.row_id::text);
  if new.record_id is null then
    raise exception 'An audit row needs the id of its record.' using errcode = 'LL001', hint = 'AuditRecordRequired';
  end if;
  if new.row_id is null and new.record_id ~ '^[0-9]{1,18}$' then
    new.row_id := new.record_id::bigint;
  end if;
  -- Lock the record's chain head (a concurrent writer of the record waits here until this
  -- transaction ends, then reads the head this one leaves).
  insert into app_private.audit_heads as h (table_name, record_id, record_seq, hash)
  values (new.table_name, new.record_id, 0, null)
  on conflict (table_name, record_id) do update set record_seq = h.record_seq
  returning h.* into head;
  if head.record_seq > 0 then
    select a.row_data into previous_row from app_public.audit_trail a
     where a.table_name = new.table_name and a.record_id = new.record_id and a.record_seq = head.record_seq;
  end if;
  new.row_data := new.row_data || app_private.audit_details(new, previous_row);
  select r.refs, r.subsidiary_id into new.refs, new.subsidiary_id from app_private.audit_refs(new) r;
  new.record_seq := head.record_seq + 1;
  new.prev_hash := head.hash;
  new.hash := app_hidden.audit_hash(new);
  update app_private.audit_heads h set record_seq = new.record_seq, hash = new.hash
   where h.table_name = new.table_name and h.record_id = new.record_id;
  return new;
end;
$function$;
comment on function app_private.tg_audit_trail__chain() is 'Before an audit row is stored: its record id, the records it shows on, its position in its record''s chain and its hash. Writers of one record wait on its chain head (app_private.audit_heads).';

CREATE OR REPLACE FUNCTION app_private.tg_bank_accounts__normalize()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  new.iban := app_hidden.normalize_iban(new.iban);
  new.bic := nullif(upper(btrim(new.bic)), '');
  new.account_number := nullif(btrim(new.account_number), '');
  return new;
end;
$function$;
comment on function app_private.tg_bank_accounts__normalize() is 'Stores a bank account''s IBAN without spaces in upper case, its BIC in capitals, and a blank BIC or account number as none.';

CREATE OR REPLACE FUNCTION app_private.tg_bills__amounts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  rate numeric;
begin
  if tg_op = 'INSERT' or new.period is distinct from old.period or new.year is distinct from old.year then
    perform app_hidden.check_period(new.year, new.period);
  end if;
  rate := app_hidden.usd_rate(new.currency, new.invoice_date);
  new.amount_w_vat := round(new.amount * (1 + new.vat / 100), 2);
  new.amount_usd := round(new.amount * rate, 2);
  new.amount_usd_w_vat := round(new.amount_w_vat * rate, 2);
  return new;
end;
$function$;
comment on function app_private.tg_bills__amounts() is 'Bills carry their own amount and VAT; the rest is derived.';

CREATE OR REPLACE FUNCTION app_private.tg_bills__guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'INSERT' then
    if app_hidden.workflow_mode() = 'off' and (new.status <> 'open' or new.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    return new;
  end if;
  if app_hidden.workflow_mode() = 'off' then
    if (new.status, new.closed_by, new.is_deleted) is distinct from (old.status, old.closed_by, old.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    if old.status = 'paid' and
       (new.name, new.description, new.invoice_ref, new.invoice_date, new.due_date, new.period, new.year,
        new.currency, new.vat, new.amount, new.client_id, new.subsidiary_id, new.project_id, new.service_id)
       is distinct from
       (old.name, old.description, old.invoice_ref, old.invoice_date, old.due_date, old.period, old.year,
        old.currency, old.vat, old.amount, old.client_id, old.subsidiary_id, old.project_id, old.service_id) then
      perform app_hidden.fail('CannotEditPaidBill', 'A paid bill cannot be edited.');
    end if;
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_bills__guard() is 'Outside the workflow functions a bill is created open and live, and its status, closer and deletion change only through them (CannotChangeStatus).';

CREATE OR REPLACE FUNCTION app_private.tg_bills__keep_act()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.files set expires_at = null where id = new.act_id and expires_at is not null;
  return null;
end;
$function$;
comment on function app_private.tg_bills__keep_act() is 'A bills act file no longer expires once attached.';

CREATE OR REPLACE FUNCTION app_private.tg_bills__notify()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.notify(new.created_by, 'bill_paid', format('Bill "%s" was closed as paid', new.name), null,
    new.id::text, jsonb_build_object('kind', 'bill', 'id', new.id::text, 'reference', new.name));
  return null;
end;
$function$;
comment on function app_private.tg_bills__notify() is 'Tells the bills creator that it was closed as paid.';

CREATE OR REPLACE FUNCTION app_private.tg_bills__outstanding_totals()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  -- A statement's transition tables exist only for its own event: each branch names its own (their
  -- rows are records of the bills' columns, typed back as bills for the functions of a bill).
  if tg_op = 'INSERT' then
    perform app_private.add_bill_outstanding('{}', array(select n::app_public.bills from new_rows n));
  elsif tg_op = 'DELETE' then
    perform app_private.add_bill_outstanding(array(select o::app_public.bills from old_rows o), '{}');
  else
    perform app_private.add_bill_outstanding(array(select o::app_public.bills from old_rows o), array(select n::app_public.bills from new_rows n));
  end if;
  return null;
end
$function$;
comment on function app_private.tg_bills__outstanding_totals() is 'Keeps the unpaid bills'' totals (bill_outstanding_by_subsidiary, bill_outstanding_by_project) after each statement that writes bills.';

CREATE OR REPLACE FUNCTION app_private.tg_bills__payment_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.refresh_bill_payments(new.id);
  return null;
end;
$function$;
comment on function app_private.tg_bills__payment_status() is 'A change of a bills total changes how paid it is.';

CREATE OR REPLACE FUNCTION app_private.tg_bills_payments__refresh()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  item integer;
begin
  for item in select distinct x from unnest(array[
      case when tg_op <> 'DELETE' then new.bill_id end,
      case when tg_op <> 'INSERT' then old.bill_id end]) x where x is not null order by x loop
    perform app_hidden.lock_bill(item);
    perform app_private.refresh_bill_payments(item);
  end loop;
  return null;
end;
$function$;
comment on function app_private.tg_bills_payments__refresh() is 'A bills payment link locks the bill, then recomputes its paid amount and status.';

CREATE OR REPLACE FUNCTION app_private.tg_costs__amounts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice_date date;
  rate numeric;
begin
  if tg_op = 'INSERT' or new.period is distinct from old.period or new.year is distinct from old.year then
    perform app_hidden.check_period(new.year, new.period);
  end if;
  select i.invoice_date into invoice_date from app_public.invoices i where i.id = new.invoice_id;
  rate := app_hidden.usd_rate(new.currency, invoice_date);
  new.amount_w_vat := round(new.amount * (1 + new.vat / 100), 2);
  new.amount_usd := round(new.amount * rate, 2);
  new.amount_usd_w_vat := round(new.amount_w_vat * rate, 2);
  return new;
end;
$function$;
comment on function app_private.tg_costs__amounts() is 'Checks a costs period and derives its amounts with VAT and in USD at its invoices date.';

CREATE OR REPLACE FUNCTION app_private.tg_costs__first_approval()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'INSERT' then
    if new.first_approved_by is not null and app_hidden.workflow_mode() = 'off' then
      perform app_hidden.cannot_change_status();
    end if;
    return new;
  end if;
  if app_hidden.workflow_mode() = 'off' then
    if new.first_approved_by is distinct from old.first_approved_by then
      perform app_hidden.cannot_change_status();
    end if;
    if (new.name, new.amount, new.vat, new.invoice_id, new.cost_type_id, new.project_id, new.period, new.year)
       is distinct from (old.name, old.amount, old.vat, old.invoice_id, old.cost_type_id, old.project_id, old.period, old.year) then
      new.first_approved_by := null;
    end if;
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_costs__first_approval() is 'A cost''s first approval changes only in the workflow functions (CannotChangeStatus), and a change of what was approved (amount, VAT, project, period, ...) withdraws it.';

CREATE OR REPLACE FUNCTION app_private.tg_costs__from_invoice()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice_ids integer[];
  bill_ids integer[];
  item integer;
  closed record;
begin
  invoice_ids := array(select distinct x from unnest(array[
    case when tg_op <> 'DELETE' then new.invoice_id end,
    case when tg_op <> 'INSERT' then old.invoice_id end]) x where x is not null order by x);
  bill_ids := array(select distinct x from unnest(array[
    case when tg_op <> 'DELETE' then new.bill_id end,
    case when tg_op <> 'INSERT' then old.bill_id end]) x where x is not null order by x);
  foreach item in array invoice_ids loop perform app_hidden.lock_invoice(item); end loop;
  foreach item in array bill_ids loop perform app_hidden.lock_bill(item); end loop;

  if app_hidden.current_user_id() is not null and app_hidden.workflow_mode() <> 'purge'
     and (tg_op <> 'UPDATE' or (new.amount, new.vat, new.invoice_id) is distinct from (old.amount, old.vat, old.invoice_id)) then
    select i.id into closed from app_public.invoices i
     where i.id = any(invoice_ids) and i.status in ('validated', 'paid') order by i.id limit 1;
    if closed.id is not null then
      perform app_hidden.fail('InvoiceClosed',
        format('Invoice #%s is validated or paid, so its costs cannot change. Reset it to open first.', closed.id));
    end if;
  end if;

  if tg_op = 'DELETE' then
    return old;
  end if;
  select i.subsidiary_id, i.currency into new.subsidiary_id, new.currency
    from app_public.invoices i where i.id = new.invoice_id;
  return new;
end;
$function$;
comment on function app_private.tg_costs__from_invoice() is 'A costs write locks its invoice (and bill) first, so that the invoices subsidiary, currency and date are current and the totals recomputed after the write see every committed cost.';

CREATE OR REPLACE FUNCTION app_private.tg_costs__guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'DELETE' then
    if old.status = 'approved' and app_hidden.workflow_mode() not in ('force', 'purge') then
      perform app_hidden.fail('CannotDeleteApprovedCost', 'Cannot delete an approved cost.');
    end if;
    return old;
  end if;
  if tg_op = 'INSERT' then
    if app_hidden.workflow_mode() = 'off' and (new.status <> 'to_approve' or new.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    return new;
  end if;
  if app_hidden.workflow_mode() = 'off' then
    if (new.status, new.approved_by, new.reject_reason, new.is_deleted)
       is distinct from (old.status, old.approved_by, old.reject_reason, old.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    if old.status = 'approved' and
       (new.name, new.description, new.amount, new.vat, new.invoice_id, new.cost_type_id, new.project_id,
        new.period, new.year)
       is distinct from
       (old.name, old.description, old.amount, old.vat, old.invoice_id, old.cost_type_id, old.project_id,
        old.period, old.year) then
      perform app_hidden.fail('CannotEditApprovedCost', 'Cannot edit an approved cost.');
    end if;
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_costs__guard() is 'Outside the workflow functions a cost is created to approve and live, changes status only through them, and an approved cost cannot be deleted (CannotDeleteApprovedCost).';

CREATE OR REPLACE FUNCTION app_private.tg_costs__notify()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  params jsonb := jsonb_build_object('kind', 'cost', 'id', new.id::text, 'reference', new.name);
begin
  if new.status = 'approved' then
    perform app_private.notify(new.created_by, 'cost_approved', format('Cost "%s" was approved', new.name), null,
      new.id::text, params);
  elsif new.status = 'rejected' and new.reject_reason is distinct from 'invoice_rejected' then
    perform app_private.notify(new.created_by, 'cost_rejected', format('Cost "%s" was rejected', new.name),
      new.reject_reason, new.id::text, params || jsonb_build_object('reason', new.reject_reason));
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_costs__notify() is 'Tells a costs creator that it was approved or rejected (not when its invoices rejection rejected it).';

CREATE OR REPLACE FUNCTION app_private.tg_costs__totals()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform app_private.refresh_invoice_totals(new.invoice_id);
    if new.bill_id is not null then perform app_private.refresh_bill_costs_status(new.bill_id); end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    if tg_op = 'DELETE' or old.invoice_id is distinct from new.invoice_id then
      perform app_private.refresh_invoice_totals(old.invoice_id);
    end if;
    if old.bill_id is not null and (tg_op = 'DELETE' or old.bill_id is distinct from new.bill_id) then
      perform app_private.refresh_bill_costs_status(old.bill_id);
    end if;
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_costs__totals() is 'A costs change recomputes its invoices totals and its bills costs status, old and new ones when it moves.';

CREATE OR REPLACE FUNCTION app_private.tg_documents__children_follow_parties()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.documents c
     set contractor_id = new.contractor_id, principal_id = new.principal_id
   where c.contract_reference = new.id
     and (c.contractor_id is distinct from new.contractor_id or c.principal_id is distinct from new.principal_id);
  return null;
end;
$function$;
comment on function app_private.tg_documents__children_follow_parties() is 'A document''s children follow it to a new contractor or principal, so that the family keeps one pair of parties.';

CREATE OR REPLACE FUNCTION app_private.tg_documents__hierarchy()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  parent app_public.documents;
  ancestor uuid;
  depth integer := 0;
  differing text;
begin
  if new.contract_reference is not null
     and (tg_op = 'INSERT' or new.contract_reference is distinct from old.contract_reference
          or new.type is distinct from old.type or new.contractor_id is distinct from old.contractor_id
          or new.principal_id is distinct from old.principal_id) then
    select * into parent from app_public.documents d where d.id = new.contract_reference;
    if not exists (select from app_public.document_type_parents p
                    where p.child_type = new.type and p.parent_type = parent.type) then
      perform app_hidden.fail('DocumentParentType', format(
        'A document of type %s cannot be under a %s: amendments and orders belong to a contract; contracts and offers have no parent.',
        new.type, parent.type));
    end if;
    if parent.is_deleted and (tg_op = 'INSERT' or new.contract_reference is distinct from old.contract_reference) then
      perform app_hidden.fail('DocumentParentArchived', format('The document "%s" is archived: restore it before adding documents under it.', parent.name));
    end if;
    if new.contractor_id is distinct from parent.contractor_id then
      perform app_hidden.fail('DocumentParentContractor', format(
        'A document has the same contractor as its parent "%s".', parent.name));
    end if;
    if new.principal_id is distinct from parent.principal_id then
      perform app_hidden.fail('DocumentParentPrincipal', format(
        'A document has the same principal as its parent "%s".', parent.name));
    end if;
    ancestor := parent.id;
    while ancestor is not null loop
      if ancestor = new.id or depth > 100 then
        perform app_hidden.fail('DocumentCycle', 'A document cannot be under itself or under one of its own children.');
      end if;
      select d.contract_reference into ancestor from app_public.documents d where d.id = ancestor;
      depth := depth + 1;
    end loop;
  end if;
  if tg_op = 'UPDATE' and new.type is distinct from old.type then
    select string_agg(format('"%s"', c.name), ', ' order by c.name) into differing
      from app_public.documents c
     where c.contract_reference = new.id
       and not exists (select from app_public.document_type_parents p
                        where p.child_type = c.type and p.parent_type = new.type);
    if differing is not null then
      perform app_hidden.fail('DocumentChildrenDiffer', format(
        'Documents under this one could no longer be under it (their type): %s. Move them first.', differing));
    end if;
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_documents__hierarchy() is 'Checks a document''s place under its parent: the parent''s type allows it, the parent is not archived, both have the same parties, no cycle; and a changed type still suits its children. Reads as the owner: a child the caller cannot see still keeps its parent''s shape.';

CREATE OR REPLACE FUNCTION app_private.tg_documents__unlink_subsidiary()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.subsidiaries s set linked_document_id = null
   where s.linked_document_id = new.id and s.id is distinct from new.principal_id;
  return null;
end;
$function$;
comment on function app_private.tg_documents__unlink_subsidiary() is 'A document whose principal changes is no longer the linked document of its former principal subsidiary.';

CREATE OR REPLACE FUNCTION app_private.tg_file_links__keep_file()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.files set expires_at = null where id = new.file_id and expires_at is not null;
  return null;
end;
$function$;
comment on function app_private.tg_file_links__keep_file() is 'Once attached, a file no longer expires.';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__archive_totals()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.refresh_invoice_totals(new.id);
  return null;
end;
$function$;
comment on function app_private.tg_invoices__archive_totals() is 'Archiving or restoring an invoice keeps its figures (see refresh_invoice_totals).';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if app_hidden.workflow_mode() = 'off' then
    if (new.status, new.validated_by, new.closed_by, new.reject_reason, new.is_deleted)
       is distinct from (old.status, old.validated_by, old.closed_by, old.reject_reason, old.is_deleted) then
      perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
    end if;
    if old.status in ('validated', 'paid') and
       (new.type, new.invoice_ref, new.invoice_date, new.due_date, new.period_start, new.period_end,
        new.currency, new.subsidiary_id, new.supplier_id)
       is distinct from
       (old.type, old.invoice_ref, old.invoice_date, old.due_date, old.period_start, old.period_end,
        old.currency, old.subsidiary_id, old.supplier_id) then
      perform app_hidden.fail('CannotEditClosedInvoice', 'A validated or paid invoice cannot be edited. Reset it to Open first.');
    end if;
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_invoices__guard() is 'Outside the workflow functions an invoices status, validator, closer, reject reason and deletion do not change, and a validated or paid invoice keeps its terms (CannotChangeStatus).';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__guard_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if app_hidden.workflow_mode() = 'off' and (new.status <> 'draft' or new.is_deleted) then
    perform app_hidden.fail('CannotChangeStatus', 'Cannot change status.');
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_invoices__guard_insert() is 'Outside the workflow functions an invoice is created as a live draft.';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__not_paid_twice()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
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
$function$;
comment on function app_private.tg_invoices__not_paid_twice() is 'Refuses an invoice with the supplier and number of a live paid one (DuplicateInvoice).';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__notify()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  params jsonb := jsonb_build_object('kind', 'invoice', 'id', new.id::text, 'reference', new.invoice_ref);
begin
  if new.status = 'rejected' then
    perform app_private.notify(new.created_by, 'invoice_rejected', format('Invoice %s was rejected', new.invoice_ref),
      new.reject_reason, new.id::text, params || jsonb_build_object('reason', new.reject_reason));
  elsif new.status = 'validated' then
    perform app_private.notify(new.created_by, 'invoice_validated', format('Invoice %s was validated', new.invoice_ref),
      null, new.id::text, params);
  elsif new.status = 'paid' then
    perform app_private.notify(new.created_by, 'invoice_paid', format('Invoice %s was closed as paid', new.invoice_ref),
      null, new.id::text, params);
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_invoices__notify() is 'Tells an invoices creator that it was rejected (with the reason), validated or closed.';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__payment_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.refresh_invoice_payments(new.id);
  return null;
end;
$function$;
comment on function app_private.tg_invoices__payment_status() is 'A change of an invoice''s or bill''s total changes how paid it is.';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__reprice_costs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.costs set amount = amount where invoice_id = new.id;
  return null;
end;
$function$;
comment on function app_private.tg_invoices__reprice_costs() is 'A change of invoice date or currency re-prices its costs in USD.';

CREATE OR REPLACE FUNCTION app_private.tg_invoices__to_costs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.costs set subsidiary_id = new.subsidiary_id, currency = new.currency
   where invoice_id = new.id and (subsidiary_id, currency) is distinct from (new.subsidiary_id, new.currency);
  return null;
end;
$function$;
comment on function app_private.tg_invoices__to_costs() is 'An invoices subsidiary and currency are its costs.';

CREATE OR REPLACE FUNCTION app_private.tg_invoices_payments__refresh()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  item integer;
begin
  for item in select distinct x from unnest(array[
      case when tg_op <> 'DELETE' then new.invoice_id end,
      case when tg_op <> 'INSERT' then old.invoice_id end]) x where x is not null order by x loop
    perform app_hidden.lock_invoice(item);
    perform app_private.refresh_invoice_payments(item);
  end loop;
  return null;
end;
$function$;
comment on function app_private.tg_invoices_payments__refresh() is 'Payment links lock what they pay before its summary is recomputed.';

CREATE OR REPLACE FUNCTION app_private.tg_payment_links__single_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if exists (select from app_public.invoices_payments where payment_id = new.payment_id)
     and exists (select from app_public.bills_payments where payment_id = new.payment_id) then
    raise exception 'A payment belongs to one invoice or one bill.' using errcode = '23514',
      constraint = 'payments_single_owner';
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_payment_links__single_owner() is '@constraint payments_single_owner
@code PaymentOwner
A payment belongs to one invoice or one bill.
Raised after a payment is linked: a payment settles one invoice or one bill, never both.';

CREATE OR REPLACE FUNCTION app_private.tg_payment_links__subsidiary()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'DELETE' then
    update app_public.payments p set invoice_id = null, bill_id = null, project_ids = '{}'
     where p.id = old.payment_id;
    return null;
  end if;
  if tg_table_name = 'invoices_payments' then
    update app_public.payments p set subsidiary_id = i.subsidiary_id, invoice_id = i.id, bill_id = null,
           project_ids = i.project_ids
      from app_public.invoices i where i.id = new.invoice_id and p.id = new.payment_id;
  else
    update app_public.payments p set subsidiary_id = b.subsidiary_id, bill_id = b.id, invoice_id = null,
           project_ids = case when b.project_id is null then '{}'::uuid[] else array[b.project_id] end
      from app_public.bills b where b.id = new.bill_id and p.id = new.payment_id;
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_payment_links__subsidiary() is 'A payment takes the subsidiary, the key and the projects of the invoice or bill it is linked to (its policies read them); a removed link leaves it without an owner.';

CREATE OR REPLACE FUNCTION app_private.tg_payment_owner__projects()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_table_name = 'invoices' then
    update app_public.payments p set project_ids = new.project_ids
     where p.invoice_id = new.id and p.project_ids is distinct from new.project_ids;
  else
    update app_public.payments p
       set project_ids = case when new.project_id is null then '{}'::uuid[] else array[new.project_id] end
     where p.bill_id = new.id;
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_payment_owner__projects() is 'An invoice''s or bill''s projects are its payments'' too (the project-limited policy of payments reads them).';

CREATE OR REPLACE FUNCTION app_private.tg_payment_owner__subsidiary()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_table_name = 'invoices' then
    update app_public.payments p set subsidiary_id = new.subsidiary_id
      from app_public.invoices_payments ip where ip.invoice_id = new.id and p.id = ip.payment_id;
  else
    update app_public.payments p set subsidiary_id = new.subsidiary_id
      from app_public.bills_payments bp where bp.bill_id = new.id and p.id = bp.payment_id;
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_payment_owner__subsidiary() is 'An invoices or bills new subsidiary is its payments too.';

CREATE OR REPLACE FUNCTION app_private.tg_payments__not_in_future()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if new.payment_date::date > current_date then
    perform app_hidden.fail('PaymentDateInFuture',
      format('A payment cannot be dated in the future: %s is after today (%s).',
             to_char(new.payment_date::date, 'YYYY-MM-DD'), to_char(current_date, 'YYYY-MM-DD')));
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_payments__not_in_future() is 'Refuses a payment dated after today (PaymentDateInFuture).';

CREATE OR REPLACE FUNCTION app_private.tg_payments__refresh()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  item integer;
begin
  for item in select ip.invoice_id from app_public.invoices_payments ip where ip.payment_id = new.id loop
    perform app_hidden.lock_invoice(item);
    perform app_private.refresh_invoice_payments(item);
  end loop;
  for item in select bp.bill_id from app_public.bills_payments bp where bp.payment_id = new.id loop
    perform app_hidden.lock_bill(item);
    perform app_private.refresh_bill_payments(item);
  end loop;
  return null;
end;
$function$;
comment on function app_private.tg_payments__refresh() is 'A payments new amount or date recomputes what it pays, each invoice and bill locked first.';

CREATE OR REPLACE FUNCTION app_private.tg_role_scopes__need_scope()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.check_role_has_scope(old.role_id);
  return null;
end;
$function$;
comment on function app_private.tg_role_scopes__need_scope() is 'Removing a scope from a role checks at commit that the role keeps one.';

CREATE OR REPLACE FUNCTION app_private.tg_roles__need_scope()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_private.check_role_has_scope(new.id);
  return null;
end;
$function$;
comment on function app_private.tg_roles__need_scope() is 'A new role must have a scope by the end of the transaction.';

CREATE OR REPLACE FUNCTION app_private.tg_subsidiaries__controls()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'UPDATE' and (new.approval_limit_usd, new.lock_date) is not distinct from (old.approval_limit_usd, old.lock_date) then
    return new;
  end if;
  if tg_op = 'INSERT' and new.approval_limit_usd is null and new.lock_date is null then
    return new;
  end if;
  if app_hidden.current_user_id() is not null and not app_hidden.has_scope('admin') then
    perform app_hidden.fail('Forbidden', 'Only an administrator sets the approval limit and the lock date.');
  end if;
  insert into app_public.subsidiary_control_changes (subsidiary_id, control, old_value, new_value, user_id, user_role)
  select new.id, c.control, c.old_value, c.new_value, app_hidden.current_user_id(), app_hidden.current_role_name()
    from (values ('approval_limit_usd', case when tg_op = 'UPDATE' then old.approval_limit_usd::text end, new.approval_limit_usd::text),
                 ('lock_date', case when tg_op = 'UPDATE' then old.lock_date::text end, new.lock_date::text)) c(control, old_value, new_value)
   where c.old_value is distinct from c.new_value;
  return new;
end;
$function$;
comment on function app_private.tg_subsidiaries__controls() is 'Only an administrator sets a subsidiary''s approval limit and lock date (Forbidden); every change is logged in app_public.subsidiary_control_changes.';

CREATE OR REPLACE FUNCTION app_private.tg_subsidiaries__sync_linked_document()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if new.linked_document_id is not null then
    update app_public.documents d set principal_id = new.id
     where d.id = new.linked_document_id and d.principal_id is distinct from new.id;
  end if;
  return null;
end;
$function$;
comment on function app_private.tg_subsidiaries__sync_linked_document() is 'A subsidiarys linked document has the subsidiary as its principal.';

CREATE OR REPLACE FUNCTION app_private.tg_transitions__preconditions()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if exists (select from unnest(new.preconditions) p where p not in (select name from app_private.preconditions)) then
    raise exception 'Unknown precondition in %', new.preconditions;
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_transitions__preconditions() is 'A transition names only known preconditions (app_private.preconditions).';

CREATE OR REPLACE FUNCTION app_private.tg_users__active()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if old.is_active and not new.is_active then
    if new.id = app_hidden.current_user_id() then
      perform app_hidden.fail('CannotDeactivateSelf', 'You cannot deactivate your own user.');
    end if;
    perform from app_private.refresh_tokens t where t.user_id = new.id for update;
    update app_private.refresh_tokens t set revoked_at = coalesce(t.revoked_at, now()) where t.user_id = new.id;
  end if;
  return new;
end;
$function$;
comment on function app_private.tg_users__active() is 'A user cannot deactivate themselves (CannotDeactivateSelf); a deactivated user''s refresh tokens are revoked in the same transaction, whoever deactivates them.';

CREATE OR REPLACE FUNCTION app_private.tg_users__keep_avatar()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  update app_public.files set expires_at = null where id = new.avatar_file_id and expires_at is not null;
  return null;
end;
$function$;
comment on function app_private.tg_users__keep_avatar() is 'A users avatar file no longer expires once set.';

CREATE OR REPLACE FUNCTION app_public."current_user"()
 RETURNS app_public.users
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select u.* from app_public.users u where u.id = app_hidden.current_user_id()
$function$;
comment on function app_public."current_user"() is 'The signed-in user, or null.';
grant execute on function app_public."current_user"() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.accept_bank_match(line_id uuid, allocations app_public.bank_allocation[])
 RETURNS app_public.bank_statement_lines
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  line app_public.bank_statement_lines := app_hidden.bank_line_for_change(line_id);
  a app_public.bank_allocation;
  stmt_ref text;
  line_reference text;
  payment_id uuid;
  record_subsidiary uuid;
  total numeric := 0;
begin
  perform app_hidden.require_ids(allocations);
  if line.status = 'ignored' then
    perform app_hidden.fail('BankLineIgnored', 'The line is marked as not an invoice or bill payment; undo that first.');
  end if;
  select s.statement_ref into stmt_ref from app_public.bank_statements s where s.id = line.statement_id;
  line_reference := coalesce(line.bank_reference, stmt_ref || '/' || line.position);
  foreach a in array allocations loop
    if (a.invoice_id is null) = (a.bill_id is null) then
      perform app_hidden.fail('MissingPaymentTarget', 'A payment needs an invoice id or a bill id.');
    end if;
    total := total + coalesce(a.amount, 0);
  end loop;
  if line.matched_amount + total > abs(line.amount) then
    perform app_hidden.fail('BankMatchExceedsLine',
      format('The payments (%s) would be more than what is left of the line (%s %s).',
             total, abs(line.amount) - line.matched_amount, line.currency));
  end if;
  foreach a in array allocations loop
    if a.invoice_id is not null then
      select i.subsidiary_id into record_subsidiary from app_public.invoices i where i.id = a.invoice_id;
      perform app_hidden.check_bank_allocation(line, 'invoice', coalesce(record_subsidiary, line.subsidiary_id), a.amount);
      payment_id := (app_public.create_invoice_payment(a.invoice_id, a.amount, line.currency::text,
                       line.value_date::timestamptz, 'transaction')).payment_id;
    else
      select b.subsidiary_id into record_subsidiary from app_public.bills b where b.id = a.bill_id;
      perform app_hidden.check_bank_allocation(line, 'bill', coalesce(record_subsidiary, line.subsidiary_id), a.amount);
      payment_id := (app_public.create_bill_payment(a.bill_id, a.amount, line.currency::text,
                       line.value_date::timestamptz, 'transaction')).payment_id;
    end if;
    update app_public.payments p set reference = line_reference where p.id = payment_id;
    perform app_hidden.bank_line_link(line.id, payment_id, true);
  end loop;
  perform app_hidden.bank_line_refresh(line.id);
  select * into line from app_public.bank_statement_lines l where l.id = line.id;
  return line;
end;
$function$;
comment on function app_public.accept_bank_match(uuid,app_public.bank_allocation[]) is 'Pays invoices or bills from a statement line: one payment per allocation (method transaction, the line''s value date and reference), all or nothing.';
grant execute on function app_public.accept_bank_match(uuid,app_public.bank_allocation[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.accept_high_confidence_matches(statement_id uuid)
 RETURNS SETOF app_public.bank_statement_lines
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  l record;
begin
  perform app_hidden.require_scope('payment:write');
  if not exists (select from app_public.bank_statements s where s.id = statement_id) then
    perform app_hidden.fail('BankStatementNotFound', 'The bank statement was not found.');
  end if;
  for l in
    select line.id, abs(line.amount) as amount, line.suggested_invoice_id, line.suggested_bill_id
      from app_public.bank_statement_lines line
     where line.statement_id = accept_high_confidence_matches.statement_id and line.status = 'unmatched'
       and line.suggestion_confidence = 'high'
     order by line.position
  loop
    if exists (select from app_hidden.open_payables c
                where c.invoice_id is not distinct from l.suggested_invoice_id
                  and c.bill_id is not distinct from l.suggested_bill_id and c.remaining = l.amount) then
      return next app_public.accept_bank_match(l.id,
        array[row(l.suggested_invoice_id, l.suggested_bill_id, l.amount)::app_public.bank_allocation]);
    end if;
  end loop;
end;
$function$;
comment on function app_public.accept_high_confidence_matches(uuid) is 'Accepts every high-confidence suggestion of a statement that still holds, all at once.';
grant execute on function app_public.accept_high_confidence_matches(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.access_pattern_matches(pattern text, access_key text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  with token as (
    select t like '!%' as exclude,
           '^' || replace(replace(ltrim(t, '!'), '.', '\.'), '*', '.*') || '$' as regex
      from unnest(app_public.access_pattern_tokens(pattern)) t
  )
  select (not exists (select from token where not exclude)
          or exists (select from token where not exclude and access_key ~ regex))
     and not exists (select from token where exclude and access_key ~ regex)
$function$;
comment on function app_public.access_pattern_matches(text,text) is 'Whether a project access key is matched by an access pattern.';
grant execute on function app_public.access_pattern_matches(text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.access_pattern_tokens(pattern text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(array_remove(regexp_split_to_array(btrim(pattern), '[\s,]+'), ''), '{}')
$function$;
comment on function app_public.access_pattern_tokens(text) is '@omit
The tokens of a project access pattern.';
grant execute on function app_public.access_pattern_tokens(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.accounts_effective_scopes(a app_public.accounts)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.account_scopes(a.id)
$function$;
comment on function app_public.accounts_effective_scopes(app_public.accounts) is 'Every scope the account grants: its role''s, its own, and what they imply.';
grant execute on function app_public.accounts_effective_scopes(app_public.accounts) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.accounts_is_default(a app_public.accounts)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select exists (select from app_public.default_accounts d where d.account_id = a.id and d.user_id = a.user_id)
$function$;
comment on function app_public.accounts_is_default(app_public.accounts) is 'Whether this is the user''s main account.';
grant execute on function app_public.accounts_is_default(app_public.accounts) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.add_bill_files(bill_id integer, file_ids uuid[])
 RETURNS SETOF app_public.bills_files
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_visible_files(file_ids);
  perform app_hidden.require_transition('bill', 'add_files', add_bill_files.bill_id);
  return query insert into app_public.bills_files (bill_id, file_id)
    select add_bill_files.bill_id, f from unnest(file_ids) f group by f
    on conflict on constraint bills_files_unique do nothing returning *;
end;
$function$;
comment on function app_public.add_bill_files(integer,uuid[]) is 'Attaches files to a bill you may write: your own unattached uploads, or files attached to a record you may write.';
grant execute on function app_public.add_bill_files(integer,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.add_cost_files(cost_id integer, file_ids uuid[])
 RETURNS SETOF app_public.costs_files
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_visible_files(file_ids);
  perform app_hidden.require_transition('cost', 'add_files', add_cost_files.cost_id);
  return query insert into app_public.costs_files (cost_id, file_id)
    select add_cost_files.cost_id, f from unnest(file_ids) f group by f
    on conflict on constraint costs_files_unique do nothing returning *;
end;
$function$;
comment on function app_public.add_cost_files(integer,uuid[]) is 'Attaches files to a cost you may write: your own unattached uploads, or files attached to a record you may write.';
grant execute on function app_public.add_cost_files(integer,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.add_document_files(document_id uuid, file_ids uuid[])
 RETURNS SETOF app_public.documents_files
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_visible_files(file_ids);
  if not exists (select from app_public.documents d where d.id = add_document_files.document_id) then
    perform app_hidden.fail('DocumentNotFound', 'Document not found');
  end if;
  return query insert into app_public.documents_files (document_id, file_id)
    select add_document_files.document_id, f from unnest(file_ids) f group by f
    on conflict on constraint documents_files_unique do nothing returning *;
end;
$function$;
comment on function app_public.add_document_files(uuid,uuid[]) is 'Attaches files to a document you may write: your own unattached uploads, or files attached to a record you may write.';
grant execute on function app_public.add_document_files(uuid,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.add_invoice_files(invoice_id integer, file_ids uuid[])
 RETURNS SETOF app_public.invoices_files
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_visible_files(file_ids);
  perform app_hidden.require_transition('invoice', 'add_files', add_invoice_files.invoice_id);
  return query insert into app_public.invoices_files (invoice_id, file_id)
    select add_invoice_files.invoice_id, f from unnest(file_ids) f group by f
    on conflict on constraint invoices_files_unique do nothing returning *;
end;
$function$;
comment on function app_public.add_invoice_files(integer,uuid[]) is 'Attaches files to an invoice you may write: your own unattached uploads, or files attached to a record you may write.';
grant execute on function app_public.add_invoice_files(integer,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.approve_cost(cost_id integer)
 RETURNS app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  perform app_hidden.require_transition('cost', 'approve', cost.id);
  previous := app_hidden.set_workflow_mode('on');
  if app_hidden.cost_needs_two_approvals(cost.subsidiary_id, cost.amount_usd_w_vat) and cost.first_approved_by is null then
    -- The first of two approvals: recorded; the cost waits for the second.
    update app_public.costs c set first_approved_by = app_hidden.require_user() where c.id = cost_id returning * into cost;
  else
    update app_public.costs c set status = 'approved', approved_by = app_hidden.require_user(), reject_reason = null
     where c.id = cost_id returning * into cost;
    perform app_hidden.open_when_costs_approved(cost.invoice_id);
  end if;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$function$;
comment on function app_public.approve_cost(integer) is 'To approve → approved, recording the approver; above the subsidiary''s approval limit the first approval is recorded and a second by another user (approve_cost_high) approves. A draft invoice whose last live cost is approved opens.';
grant execute on function app_public.approve_cost(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.approve_costs(ids integer[])
 RETURNS SETOF app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array array(select distinct unnest(ids) order by 1) loop
    return next app_public.approve_cost(item);
  end loop;
end;
$function$;
comment on function app_public.approve_costs(integer[]) is 'Approves each cost (approve_cost), all or nothing.';
grant execute on function app_public.approve_costs(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.approve_invoices(ids integer[])
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  item integer;
  cost integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop
    perform app_hidden.invoice_for_update(item);
    for cost in select c.id from app_public.costs c
                 where c.invoice_id = item and not c.is_deleted and c.status = 'to_approve' order by c.id loop
      perform app_public.approve_cost(cost);
    end loop;
    return query select * from app_public.invoices i where i.id = item;
  end loop;
end;
$function$;
comment on function app_public.approve_invoices(integer[]) is 'Approves every cost still to approve on each invoice (approve_cost).';
grant execute on function app_public.approve_invoices(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.archive_and_delete_invoices(ids integer[])
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop
    return next app_public.delete_invoice(item, false);
  end loop;
end;
$function$;
comment on function app_public.archive_and_delete_invoices(integer[]) is 'Deletes several invoices (at least one id), all or nothing.';
grant execute on function app_public.archive_and_delete_invoices(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.audit_trail_event(a app_public.audit_trail)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case
    when a.table_name like '%\_files' then case a.action when 'INSERT' then 'file_added' when 'DELETE' then 'file_removed' else 'edited' end
    when a.table_name like '%\_payments' then case a.action when 'INSERT' then 'payment_added' when 'DELETE' then 'payment_removed' else 'edited' end
    when a.action = 'INSERT' then 'created'
    when a.action = 'DELETE' then 'deleted'
    when a.action = 'UPDATE' and not exists (
           select from jsonb_object_keys(a.changes) k where k <> all (app_hidden.audit_derived_columns(a.table_name)))
      then 'recalculated'
    when a.changes ? 'is_deleted' then
      case when (a.changes -> 'is_deleted' ->> 'new')::boolean
           then case when a.table_name = 'documents' then 'archived' else 'deleted' end
           else 'restored' end
    when a.table_name = 'costs' and a.changes ? 'status' then
      case a.changes -> 'status' ->> 'new' when 'approved' then 'approved' when 'rejected' then 'rejected' else 'returned' end
    when a.changes ? 'status' then 'status'
    when a.table_name = 'documents' and a.changes ? 'contract_reference' then
      case when a.changes -> 'contract_reference' ->> 'new' is null then 'disconnected' else 'connected' end
    when a.table_name = 'payments' then 'payment_edited'
    else 'edited'
  end
$function$;
comment on function app_public.audit_trail_event(app_public.audit_trail) is 'The kind of event: created, edited, deleted, approved, rejected, returned, status, archived, restored, connected, disconnected, file_added, file_removed, payment_added, payment_removed, payment_edited, recalculated.';
grant execute on function app_public.audit_trail_event(app_public.audit_trail) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.audit_trail_reference_names(a app_public.audit_trail)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  kinds constant jsonb := '{"subsidiary_id": "subsidiary", "principal_id": "subsidiary", "supplier_id": "supplier",
    "contractor_id": "supplier", "client_id": "client", "project_id": "project", "cost_type_id": "cost_type",
    "default_cost_type_id": "cost_type", "service_id": "service", "contract_reference": "document",
    "document_id": "document", "act_id": "file", "file_id": "file"}';
  result jsonb := '{}';
  ref_field text;
  ref_id text;
  ref_name text;
begin
  for ref_field, ref_id in
    select 'contract_reference', a.row_data ->> 'contract_reference'
    union
    select c.key, v.value
      from jsonb_each(coalesce(a.changes, '{}')) c
      cross join lateral (values (c.value ->> 'old'), (c.value ->> 'new')) v(value)
     where kinds ? c.key
  loop
    continue when ref_id is null or result ? ref_id
      or ref_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    ref_name := case kinds ->> ref_field
      when 'subsidiary' then (select coalesce(s.short_name, s.legal_name) from app_public.subsidiaries s where s.id = ref_id::uuid)
      when 'supplier' then (select coalesce(s.short_name, s.legal_name) from app_public.suppliers s where s.id = ref_id::uuid)
      when 'client' then (select coalesce(c.short_name, c.legal_name) from app_public.clients c where c.id = ref_id::uuid)
      when 'project' then (select p.name from app_public.projects p where p.id = ref_id::uuid)
      when 'cost_type' then (select t.name from app_public.cost_types t where t.id = ref_id::uuid)
      when 'service' then (select s.name from app_public.services s where s.id = ref_id::uuid)
      when 'document' then (select d.name from app_public.documents d where d.id = ref_id::uuid)
      when 'file' then (select f.name from app_public.files f where f.id = ref_id::uuid)
    end;
    if ref_name is not null then
      result := result || jsonb_build_object(ref_id, ref_name);
    end if;
  end loop;
  return result;
end;
$function$;
comment on function app_public.audit_trail_reference_names(app_public.audit_trail) is 'Names of the subsidiaries, suppliers, clients, projects, cost types, services, documents and files the row refers to, keyed by id.';
grant execute on function app_public.audit_trail_reference_names(app_public.audit_trail) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.audit_trail_subsidiary_name(a app_public.audit_trail)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(s.short_name, s.legal_name) from app_public.subsidiaries s where s.id = a.subsidiary_id
$function$;
comment on function app_public.audit_trail_subsidiary_name(app_public.audit_trail) is 'The short name of the subsidiary of the changed record.';
grant execute on function app_public.audit_trail_subsidiary_name(app_public.audit_trail) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.audit_trail_summary(a app_public.audit_trail)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(jsonb_object_agg(e.key, e.value), '{}')
    from jsonb_each(a.row_data) e
   where e.key = any ('{name,invoice_ref,currency,status,reject_reason,amount,payment_date,payment_method,invoice_id,bill_id,document_id,contract_reference,file,cost,payment}'::text[])
$function$;
comment on function app_public.audit_trail_summary(app_public.audit_trail) is 'The fields of row_data a history shows: name or number, currency, status, reason, amount, linked ids, and the file, cost or payment.';
grant execute on function app_public.audit_trail_summary(app_public.audit_trail) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.audit_trail_user_name(a app_public.audit_trail)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.user_display_name(a.user_id)
$function$;
comment on function app_public.audit_trail_user_name(app_public.audit_trail) is 'The display name of who made the change.';
grant execute on function app_public.audit_trail_user_name(app_public.audit_trail) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.audit_trail_user_names(a app_public.audit_trail)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
declare
  result jsonb := '{}';
  ref_id text;
  ref_name text;
begin
  for ref_id in
    select v.value
      from jsonb_each(coalesce(a.changes, '{}')) c
      cross join lateral (values (c.value ->> 'old'), (c.value ->> 'new')) v(value)
     where c.key like '%\_by' or c.key = 'user_id'
  loop
    continue when ref_id is null or ref_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    select app_public.users_display_name(u) into ref_name from app_public.users u where u.id = ref_id::uuid;
    if ref_name is not null then
      result := result || jsonb_build_object(ref_id, ref_name);
    end if;
  end loop;
  return result;
end;
$function$;
comment on function app_public.audit_trail_user_names(app_public.audit_trail) is 'Display names of the users the row names, keyed by user id.';
grant execute on function app_public.audit_trail_user_names(app_public.audit_trail) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_line_payments_record_label(link app_public.bank_line_payments)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select coalesce(
    (select i.invoice_ref from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
      where ip.payment_id = link.payment_id),
    (select coalesce(b.invoice_ref, b.name) from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id
      where bp.payment_id = link.payment_id))
$function$;
comment on function app_public.bank_line_payments_record_label(app_public.bank_line_payments) is 'The number of the invoice or bill the matched payment settles.';
grant execute on function app_public.bank_line_payments_record_label(app_public.bank_line_payments) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_lines_to_match_count()
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when app_hidden.has_scope('payment:write') then
    (select count(*)::integer from app_public.bank_statement_lines l where l.status in ('unmatched', 'partly_matched'))
  end
$function$;
comment on function app_public.bank_lines_to_match_count() is 'How many statement lines wait for a match (null when the account may not match).';
grant execute on function app_public.bank_lines_to_match_count() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_reconciliation(bank_account_id uuid, from_date date, to_date date)
 RETURNS app_public.bank_reconciliation
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with account as (
    select a.* from app_public.bank_accounts a where a.id = bank_reconciliation.bank_account_id
  ), lines as (
    select l.* from app_public.bank_statement_lines l
     where l.bank_account_id = bank_reconciliation.bank_account_id
       and l.value_date between from_date and to_date
  )
  select a.id, from_date, to_date, a.currency::text,
         (select s.opening_balance from app_public.bank_statements s
           where s.bank_account_id = a.id and s.to_date >= from_date and s.from_date <= to_date
           order by s.from_date, s.imported_at limit 1),
         (select s.closing_balance from app_public.bank_statements s
           where s.bank_account_id = a.id and s.to_date >= from_date and s.from_date <= to_date
           order by s.to_date desc, s.imported_at desc limit 1),
         coalesce((select sum(amount) from lines), 0),
         coalesce((select sum(sign(amount) * matched_amount) from lines), 0),
         coalesce((select sum(amount) from lines where status = 'ignored'), 0),
         coalesce((select sum(amount - sign(amount) * matched_amount) from lines where status in ('unmatched', 'partly_matched')), 0),
         (select count(*)::integer from lines where status in ('unmatched', 'partly_matched')),
         coalesce((select sum(p.amount) from app_public.bank_unseen_payments(a.id, from_date, to_date) p), 0),
         (select count(*)::integer from app_public.bank_unseen_payments(a.id, from_date, to_date))
    from account a
$function$;
comment on function app_public.bank_reconciliation(uuid,date,date) is 'Statement balances and movement of a bank account over a period against the matched payments, the unmatched lines and the payments never seen on a statement.';
grant execute on function app_public.bank_reconciliation(uuid,date,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_statement_lines_available_actions(line app_public.bank_statement_lines)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when not app_hidden.has_scope('payment:write') then '{}'::text[] else
    array_remove(array[
      case when line.status in ('unmatched', 'partly_matched') then 'accept' end,
      case when line.status = 'unmatched' then 'ignore' end,
      case when line.status <> 'unmatched' then 'undo' end
    ], null) end
$function$;
comment on function app_public.bank_statement_lines_available_actions(app_public.bank_statement_lines) is 'What the account may do to the line: accept (a match), ignore (not a payment), undo.';
grant execute on function app_public.bank_statement_lines_available_actions(app_public.bank_statement_lines) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_statement_lines_find_records(line app_public.bank_statement_lines, search text)
 RETURNS SETOF app_public.bank_match_suggestion
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select c.kind, c.invoice_id, c.bill_id, c.number, c.party_name, c.remaining, c.currency, c.due_date,
         0, c.remaining = abs(line.amount) - line.matched_amount, false, false, 'low'
    from app_hidden.open_payables c
   where c.subsidiary_id = line.subsidiary_id and c.currency = line.currency::text
     and c.direction = sign(line.amount)::integer and c.remaining > 0
     and line.status in ('unmatched', 'partly_matched')
     and length(btrim(search)) >= 2
     and (strpos(lower(coalesce(c.number, '')), lower(btrim(search))) > 0
          or strpos(lower(c.party_name), lower(btrim(search))) > 0
          or strpos(lower(c.party_legal_name), lower(btrim(search))) > 0)
   order by c.due_date desc, c.invoice_id, c.bill_id
   limit 20
$function$;
comment on function app_public.bank_statement_lines_find_records(app_public.bank_statement_lines,text) is 'Open invoices or bills this line may pay whose number or party name contains the text (at least 2 characters; at most 20).';
grant execute on function app_public.bank_statement_lines_find_records(app_public.bank_statement_lines,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_statement_lines_payment_candidates(line app_public.bank_statement_lines)
 RETURNS SETOF app_public.payments
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
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
$function$;
comment on function app_public.bank_statement_lines_payment_candidates(app_public.bank_statement_lines) is 'Payments recorded by hand that this line may be, closest first (at most 10).';
grant execute on function app_public.bank_statement_lines_payment_candidates(app_public.bank_statement_lines) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_statement_lines_suggestions(line app_public.bank_statement_lines)
 RETURNS SETOF app_public.bank_match_suggestion
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with iban_parties as (
    -- The parties whose records were paid from or to this IBAN before.
    select 'invoice'::text as kind, i.supplier_id as party_id
      from app_public.bank_statement_lines l
      join app_public.bank_line_payments blp on blp.line_id = l.id
      join app_public.invoices_payments ip on ip.payment_id = blp.payment_id
      join app_public.invoices i on i.id = ip.invoice_id
     where l.counterparty_iban = line.counterparty_iban
    union
    select 'bill', b.client_id
      from app_public.bank_statement_lines l
      join app_public.bank_line_payments blp on blp.line_id = l.id
      join app_public.bills_payments bp on bp.payment_id = blp.payment_id
      join app_public.bills b on b.id = bp.bill_id
     where l.counterparty_iban = line.counterparty_iban
  ), scored as (
    select c.kind, c.invoice_id, c.bill_id, c.number, c.party_name, c.remaining, c.currency, c.due_date,
           c.remaining = abs(line.amount) - line.matched_amount as amount_matches,
           app_hidden.number_in_text(c.number, coalesce(line.remittance, '') || ' ' || coalesce(line.bank_reference, '')) as number_matches,
           (app_hidden.party_name_matches(line.counterparty_name, c.party_name, c.party_legal_name)
            or (c.kind, c.party_id) in (select kind, party_id from iban_parties)) as party_matches,
           abs(c.due_date - line.value_date) as days
      from app_hidden.open_payables c
     where c.subsidiary_id = line.subsidiary_id and c.currency = line.currency::text
       and c.direction = sign(line.amount)::integer and c.remaining > 0
       and line.status in ('unmatched', 'partly_matched')
  ), ranked as (
    select s.*, (case when amount_matches then 50 else 0 end + case when number_matches then 40 else 0 end
                 + case when party_matches then 20 else 0 end
                 + case when days <= 30 then 10 when days <= 90 then 5 else 0 end) as score,
           count(*) filter (where amount_matches and number_matches) over () as exact
      from scored s
     where amount_matches or number_matches or party_matches
  )
  select kind, invoice_id, bill_id, number, party_name, remaining, currency, due_date, score,
         amount_matches, number_matches, party_matches,
         case when amount_matches and number_matches and exact = 1 then 'high'
              when amount_matches or number_matches then 'medium' else 'low' end
    from ranked
   order by score desc, due_date, invoice_id, bill_id
   limit 20
$function$;
comment on function app_public.bank_statement_lines_suggestions(app_public.bank_statement_lines) is 'Open invoices or bills this line may pay, best first (at most 20).';
grant execute on function app_public.bank_statement_lines_suggestions(app_public.bank_statement_lines) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_statements_available_actions(statement app_public.bank_statements)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when app_hidden.has_scope('payment:write') and exists (
                select from app_public.bank_statement_lines l
                 where l.statement_id = statement.id and l.status = 'unmatched' and l.suggestion_confidence = 'high')
              then array['accept_high_confidence'] else '{}'::text[] end
$function$;
comment on function app_public.bank_statements_available_actions(app_public.bank_statements) is 'What the account may do to the statement: accept_high_confidence (its sure matches at once).';
grant execute on function app_public.bank_statements_available_actions(app_public.bank_statements) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bank_unseen_payments(bank_account_id uuid, from_date date, to_date date)
 RETURNS SETOF app_public.payments
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select p.* from app_public.payments p
    join app_public.bank_accounts a on a.id = bank_unseen_payments.bank_account_id
   where p.subsidiary_id = a.subsidiary_id and p.currency = a.currency and p.payment_method = 'transaction'
     and p.payment_date >= from_date::timestamptz and p.payment_date < (to_date + 1)::timestamptz
     and not exists (select from app_public.bank_line_payments blp where blp.payment_id = p.id)
   order by p.payment_date, p.id
$function$;
comment on function app_public.bank_unseen_payments(uuid,date,date) is 'Payments by transaction of the account''s subsidiary and currency in the period that no statement line is matched to.';
grant execute on function app_public.bank_unseen_payments(uuid,date,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_available_actions(bill app_public.bills)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.available_actions('bill', bill.id)
$function$;
comment on function app_public.bills_available_actions(app_public.bills) is 'The workflow actions you may take on this bill now (validate, close_as_paid, edit, archive, unarchive, delete, force_delete, add_payment, delete_payment, add_files, remove_files).';
grant execute on function app_public.bills_available_actions(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_closed_by_name(bill app_public.bills)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.user_display_name(bill.closed_by)
$function$;
comment on function app_public.bills_closed_by_name(app_public.bills) is 'The display name of who closed the bill as paid.';
grant execute on function app_public.bills_closed_by_name(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_created_by_name(bill app_public.bills)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.user_display_name(bill.created_by)
$function$;
comment on function app_public.bills_created_by_name(app_public.bills) is 'The display name of who created the bill.';
grant execute on function app_public.bills_created_by_name(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_feeds(bill app_public.bills)
 RETURNS SETOF app_public.audit_trail
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.audit_trail a
   where a.table_name = 'bills' and a.row_id = bill.id
   order by a.created_at desc, a.id desc
$function$;
comment on function app_public.bills_feeds(app_public.bills) is 'What happened to the bill, newest first.';
grant execute on function app_public.bills_feeds(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_has_payments(bill app_public.bills)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select bill.last_payment_date is not null
$function$;
comment on function app_public.bills_has_payments(app_public.bills) is 'Whether any payment was recorded on the bill.';
grant execute on function app_public.bills_has_payments(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_history(bill app_public.bills)
 RETURNS SETOF app_public.audit_trail
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('bills:' || bill.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$function$;
comment on function app_public.bills_history(app_public.bills) is 'What happened to the bill, its costs, payments and files, newest first.';
grant execute on function app_public.bills_history(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_is_overdue(b app_public.bills)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select b.due_date < current_date and app_public.bills_outstanding(b) > 0
$function$;
comment on function app_public.bills_is_overdue(app_public.bills) is '@behavior +filterBy
Outstanding and its due date has passed (before today).';
grant execute on function app_public.bills_is_overdue(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_locked_through(bill app_public.bills)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select l from app_hidden.lock_date(bill.subsidiary_id) l where app_hidden.period_date(bill.year, bill.period) <= l
$function$;
comment on function app_public.bills_locked_through(app_public.bills) is 'The lock date of the bill''s subsidiary when the bill''s period is closed, else null.';
grant execute on function app_public.bills_locked_through(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_outstanding(b app_public.bills)
 RETURNS numeric
 LANGUAGE sql
 STABLE
AS $function$
  select case when not b.is_deleted and b.status in ('open', 'validated')
              then greatest(b.amount_w_vat - b.paid_amount, 0) else 0 end::numeric(18,2)
$function$;
comment on function app_public.bills_outstanding(app_public.bills) is '@behavior +filterBy +orderBy
What the client still owes on the bill, in its currency: the amount with VAT less the payments while it is live and open or validated; 0 otherwise.';
grant execute on function app_public.bills_outstanding(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_outstanding_usd(b app_public.bills)
 RETURNS numeric
 LANGUAGE sql
 STABLE
AS $function$
  select case when b.amount_w_vat = 0 then 0
              else round(b.amount_usd_w_vat * app_public.bills_outstanding(b) / b.amount_w_vat, 2) end::numeric(18,2)
$function$;
comment on function app_public.bills_outstanding_usd(app_public.bills) is '@behavior +filterBy +orderBy
The outstanding amount in USD, at the bill''s own rate.';
grant execute on function app_public.bills_outstanding_usd(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_remaining(ids integer[])
 RETURNS SETOF app_public.remaining_amount
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select b.id, app_public.bills_remaining_amount(b), b.currency::text
    from app_public.bills b where b.id = any(ids) order by b.id
$function$;
comment on function app_public.bills_remaining(integer[]) is 'Remaining amount (amount with VAT minus payments) of each visible bill.';
grant execute on function app_public.bills_remaining(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_remaining_amount(bill app_public.bills)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select bill.amount_w_vat - bill.paid_amount
$function$;
comment on function app_public.bills_remaining_amount(app_public.bills) is 'Amount with VAT minus the payments (SPEC §5); never negative.';
grant execute on function app_public.bills_remaining_amount(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_usd_rate_date(bill app_public.bills)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when bill.currency <> 'USD' then
    (select max(r.rate_date) from app_public.exchange_rates r
      where r.currency = bill.currency and r.rate_date <= bill.invoice_date) end
$function$;
comment on function app_public.bills_usd_rate_date(app_public.bills) is 'The date of the exchange rate the USD amounts use (the latest on or before the invoice date); null for USD.';
grant execute on function app_public.bills_usd_rate_date(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.bills_vat_amount(bill app_public.bills)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$ select bill.amount_w_vat - bill.amount $function$;
comment on function app_public.bills_vat_amount(app_public.bills) is 'The VAT of the bill: amount with VAT minus amount.';
grant execute on function app_public.bills_vat_amount(app_public.bills) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.check_exchange_rates(rows jsonb)
 RETURNS SETOF app_public.exchange_rate_problem
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with input as (
    select r.line::int, btrim(r.value ->> 'currency') as currency,
           btrim(r.value ->> 'rateDate') as rate_date, btrim(r.value ->> 'usdPerUnit') as rate
      from jsonb_array_elements(case when jsonb_typeof(rows) = 'array' then rows else '[]' end)
           with ordinality as r(value, line)
  ),
  problems as (
    select line, 'UnknownCurrency' as code, 'The currency must be from the currency list.' as message, 1 as k
      from input i
     where not exists (select from app_public.currencies c where c.value = upper(coalesce(i.currency, '')))
    union all
    select line, 'InvalidPaymentDate', 'Date is invalid', 2
      from input where not coalesce(case
        when rate_date !~ '^\d{4}-\d{2}-\d{2}$' then false
        when substr(rate_date, 6, 2)::int not between 1 and 12 or substr(rate_date, 1, 4)::int < 1 then false
        else substr(rate_date, 9, 2)::int between 1 and extract(day from
          make_date(substr(rate_date, 1, 4)::int, substr(rate_date, 6, 2)::int, 1) + interval '1 month - 1 day')::int
      end, false)
    union all
    select line, 'InvalidAmount', 'The rate must be a number above 0.', 3
      from input where not coalesce(case when rate ~ '^\d{1,10}(\.\d{1,8})?$' then rate::numeric > 0 else false end, false)
    union all
    select i.line, 'DuplicateRate', 'The file has this currency and date more than once.', 4
      from input i
     where exists (select from input o where o.line < i.line
                      and upper(o.currency) = upper(i.currency) and o.rate_date = i.rate_date)
  )
  select line, code, message from problems order by line, k
$function$;
comment on function app_public.check_exchange_rates(jsonb) is 'The problems of each row of an exchange-rate import, before anything is written.';
grant execute on function app_public.check_exchange_rates(jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.close_bill_as_paid(bill_id integer, final_payment_method app_public.payment_method DEFAULT NULL::app_public.payment_method, final_payment_date timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS app_public.bills
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  remaining numeric;
  previous text;
begin
  perform app_hidden.require_transition('bill', 'close_as_paid', bill.id);
  perform app_hidden.require_user();
  remaining := app_public.bills_remaining_amount(bill);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('BillNotFullyPaid',
        format('The bill is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, bill.currency));
    end if;
    perform app_public.create_bill_payment(bill.id, remaining, bill.currency, final_payment_date, final_payment_method);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'paid', closed_by = app_hidden.current_user_id()
   where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$function$;
comment on function app_public.close_bill_as_paid(integer,app_public.payment_method,timestamp with time zone) is 'Validated → paid. When money remains, give the method and date of a final payment of the remaining amount, recorded in the same call; otherwise refused (BillNotFullyPaid).';
grant execute on function app_public.close_bill_as_paid(integer,app_public.payment_method,timestamp with time zone) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.close_invoice_as_paid(invoice_id integer, final_payment_method app_public.payment_method DEFAULT NULL::app_public.payment_method, final_payment_date timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  remaining numeric;
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'close_as_paid', invoice.id);
  perform app_hidden.require_user();
  remaining := app_public.invoices_remaining_amount(invoice);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('InvoiceNotFullyPaid',
        format('The invoice is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, invoice.currency));
    end if;
    perform app_public.create_invoice_payment(invoice.id, remaining, invoice.currency, final_payment_date, final_payment_method);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'paid', closed_by = app_hidden.current_user_id()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$function$;
comment on function app_public.close_invoice_as_paid(integer,app_public.payment_method,timestamp with time zone) is 'Validated → paid. When money remains, give the method and date of a final payment of the remaining amount, recorded in the same call; without them closing is refused (InvoiceNotFullyPaid).';
grant execute on function app_public.close_invoice_as_paid(integer,app_public.payment_method,timestamp with time zone) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.close_invoices_as_paid(ids integer[], final_payment_method app_public.payment_method DEFAULT NULL::app_public.payment_method, final_payment_date timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop
    return next app_public.close_invoice_as_paid(item, final_payment_method, final_payment_date);
  end loop;
end;
$function$;
comment on function app_public.close_invoices_as_paid(integer[],app_public.payment_method,timestamp with time zone) is 'Closes each invoice as paid (all or nothing); the final payment method and date settle whatever remains on each.';
grant execute on function app_public.close_invoices_as_paid(integer[],app_public.payment_method,timestamp with time zone) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.close_invoices_as_paid_preview(ids integer[], final_payment_method app_public.payment_method DEFAULT NULL::app_public.payment_method, final_payment_date timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS SETOF app_public.close_as_paid_preview
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
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
$function$;
comment on function app_public.close_invoices_as_paid_preview(integer[],app_public.payment_method,timestamp with time zone) is 'What closeInvoicesAsPaid would do to each invoice, without doing it: the final payment it records, or the code and reason of its refusal.';
grant execute on function app_public.close_invoices_as_paid_preview(integer[],app_public.payment_method,timestamp with time zone) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.contractors()
 RETURNS SETOF app_public.company
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select s.id, 'supplier', s.legal_name, s.short_name from app_public.suppliers s order by s.legal_name
$function$;
comment on function app_public.contractors() is 'Every contractor a document may name (suppliers).';
grant execute on function app_public.contractors() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.contracts()
 RETURNS SETOF app_public.documents
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select d.* from app_public.documents d where d.type = 'Contract' and not d.is_deleted order by d.name
$function$;
comment on function app_public.contracts() is 'Live contracts, by name: the parents a document can belong to.';
grant execute on function app_public.contracts() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.costs_approvals_needed(cost app_public.costs)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when app_hidden.cost_needs_two_approvals(cost.subsidiary_id, cost.amount_usd_w_vat) then 2 else 1 end
$function$;
comment on function app_public.costs_approvals_needed(app_public.costs) is 'How many approvals the cost needs: 2 above its subsidiary''s approval limit, else 1.';
grant execute on function app_public.costs_approvals_needed(app_public.costs) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.costs_approved_by_name(cost app_public.costs)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from app_public.users u where u.id = cost.approved_by
$function$;
comment on function app_public.costs_approved_by_name(app_public.costs) is 'The name of the user who approved (or rejected) the cost; for a cost with two approvals, the second.';
grant execute on function app_public.costs_approved_by_name(app_public.costs) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.costs_available_actions(cost app_public.costs)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.available_actions('cost', cost.id)
$function$;
comment on function app_public.costs_available_actions(app_public.costs) is 'The workflow actions you may take on this cost now (approve, reject, return_to_approval, edit, delete, force_delete, add_files, remove_files).';
grant execute on function app_public.costs_available_actions(app_public.costs) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.costs_file_count(cost app_public.costs)
 RETURNS integer
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select count(*)::integer from app_public.costs_files cf where cf.cost_id = cost.id
$function$;
comment on function app_public.costs_file_count(app_public.costs) is 'How many files are attached to this cost.';
grant execute on function app_public.costs_file_count(app_public.costs) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.costs_first_approved_by_name(cost app_public.costs)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from app_public.users u where u.id = cost.first_approved_by
$function$;
comment on function app_public.costs_first_approved_by_name(app_public.costs) is 'The name of the user who gave the first of two approvals.';
grant execute on function app_public.costs_first_approved_by_name(app_public.costs) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.costs_history(cost app_public.costs)
 RETURNS SETOF app_public.audit_trail
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('costs:' || cost.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$function$;
comment on function app_public.costs_history(app_public.costs) is 'What happened to the cost and its files, newest first.';
grant execute on function app_public.costs_history(app_public.costs) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.costs_locked_through(cost app_public.costs)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select l from app_hidden.lock_date(cost.subsidiary_id) l where app_hidden.period_date(cost.year, cost.period) <= l
$function$;
comment on function app_public.costs_locked_through(app_public.costs) is 'The lock date of the cost''s subsidiary when the cost''s period is closed, else null.';
grant execute on function app_public.costs_locked_through(app_public.costs) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.country_code(name text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select c.code from app_public.countries c
   where upper(btrim(name)) in (c.code, c.alpha3)
      or lower(btrim(regexp_replace(name, '\s+', ' ', 'g'))) = any (c.names)
   order by c.code limit 1
$function$;
comment on function app_public.country_code(text) is 'The ISO 3166 code of a country given by its code or name (English or Russian), or null.';
grant execute on function app_public.country_code(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.create_bill_payment(bill_id integer, amount numeric, currency text, payment_date timestamp with time zone, payment_method app_public.payment_method)
 RETURNS app_public.bills_payments
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills;
  payment_id uuid;
  link app_public.bills_payments;
begin
  perform app_hidden.require_scope('payment:write');
  bill := app_hidden.bill_for_payment(bill_id);
  perform app_hidden.require_transition('bill', 'add_payment', bill.id);
  perform app_hidden.check_payment(bill.currency, app_public.bills_remaining_amount(bill), amount, currency,
                                   payment_date, payment_method);
  payment_id := gen_random_uuid();
  insert into app_public.payments (id, amount, currency, payment_date, payment_method)
  values (payment_id, amount, currency, payment_date, payment_method);
  insert into app_public.bills_payments (bill_id, payment_id) values (bill.id, payment_id) returning * into link;
  return link;
end;
$function$;
comment on function app_public.create_bill_payment(integer,numeric,text,timestamp with time zone,app_public.payment_method) is 'Records a payment on a bill, in its currency, up to the remaining amount; returns the link with the payment.';
grant execute on function app_public.create_bill_payment(integer,numeric,text,timestamp with time zone,app_public.payment_method) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.create_bill_with_costs(name text, client_id uuid, subsidiary_id uuid, invoice_date date, period integer, year integer, currency text, vat numeric, amount numeric, cost_ids integer[] DEFAULT '{}'::integer[], project_id uuid DEFAULT NULL::uuid, service_id uuid DEFAULT NULL::uuid, description text DEFAULT NULL::text, invoice_ref text DEFAULT NULL::text, due_date date DEFAULT NULL::date, act_id uuid DEFAULT NULL::uuid, file_ids uuid[] DEFAULT '{}'::uuid[])
 RETURNS app_public.bills
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills;
  attached integer;
begin
  perform app_hidden.require_scope('bill:write');
  insert into app_public.bills (name, client_id, subsidiary_id, invoice_date, period, year, currency, vat, amount,
                                project_id, service_id, description, invoice_ref, due_date, act_id)
  values (name, client_id, subsidiary_id, invoice_date, period, year, currency, vat, amount,
          project_id, service_id, description, invoice_ref, due_date, act_id)
  returning * into bill;
  if cardinality(coalesce(cost_ids, '{}')) > 0 then
    update app_public.costs c set bill_id = bill.id, to_bill = true
     where c.id = any(cost_ids) and c.status = 'approved' and not c.is_deleted and c.bill_id is null
       and c.subsidiary_id = bill.subsidiary_id;
    get diagnostics attached = row_count;
    if attached <> cardinality(array(select distinct unnest(cost_ids))) then
      perform app_hidden.fail('CostsNotBillable', 'Only approved, unbilled costs of the bill''s subsidiary can be billed.');
    end if;
  end if;
  if cardinality(coalesce(file_ids, '{}')) > 0 then
    perform app_public.add_bill_files(bill.id, file_ids);
  end if;
  select * into bill from app_public.bills b where b.id = bill.id;
  return bill;
end;
$function$;
comment on function app_public.create_bill_with_costs(text,uuid,uuid,date,integer,integer,text,numeric,numeric,integer[],uuid,uuid,text,text,date,uuid,uuid[]) is 'Creates a bill, attaches the selected approved, unbilled costs of its subsidiary and the given uploaded files, in one call (bill:write): all or nothing.';
grant execute on function app_public.create_bill_with_costs(text,uuid,uuid,date,integer,integer,text,numeric,numeric,integer[],uuid,uuid,text,text,date,uuid,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.create_invoice_payment(invoice_id integer, amount numeric, currency text, payment_date timestamp with time zone, payment_method app_public.payment_method)
 RETURNS app_public.invoices_payments
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices;
  payment_id uuid;
  link app_public.invoices_payments;
begin
  perform app_hidden.require_scope('payment:write');
  invoice := app_hidden.invoice_for_payment(invoice_id);
  perform app_hidden.require_transition('invoice', 'add_payment', invoice.id);
  perform app_hidden.check_payment(invoice.currency, app_public.invoices_remaining_amount(invoice), amount, currency,
                                   payment_date, payment_method);
  payment_id := gen_random_uuid();
  insert into app_public.payments (id, amount, currency, payment_date, payment_method)
  values (payment_id, amount, currency, payment_date, payment_method);
  insert into app_public.invoices_payments (invoice_id, payment_id) values (invoice.id, payment_id) returning * into link;
  return link;
end;
$function$;
comment on function app_public.create_invoice_payment(integer,numeric,text,timestamp with time zone,app_public.payment_method) is 'Records a payment on an invoice, in its currency, up to the remaining amount; returns the link with the payment.';
grant execute on function app_public.create_invoice_payment(integer,numeric,text,timestamp with time zone,app_public.payment_method) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.create_invoice_with_costs(invoice_type app_public.invoice_type, invoice_ref text, invoice_date date, currency text, subsidiary_id uuid, supplier_id uuid, costs jsonb, due_date date DEFAULT NULL::date, default_cost_type_id uuid DEFAULT NULL::uuid, file_ids uuid[] DEFAULT '{}'::uuid[])
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices;
begin
  perform app_hidden.require_scope('invoice:write');
  perform app_hidden.require_scope('cost:write');
  if costs is null or jsonb_typeof(costs) <> 'array' or jsonb_array_length(costs) = 0 then
    perform app_hidden.fail('CostsRequired', 'An invoice needs at least one cost.');
  end if;
  insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, subsidiary_id,
                                   supplier_id, default_cost_type_id)
  values (coalesce(invoice_type, 'regular'), invoice_ref, invoice_date, due_date, currency, subsidiary_id,
          supplier_id, default_cost_type_id)
  returning * into invoice;
  insert into app_public.costs (name, description, amount, vat, invoice_id, to_bill, cost_type_id, project_id,
                                period, year)
  select c.name, nullif(btrim(c.description), ''), c.amount, c.vat, invoice.id, coalesce(c.to_bill, false),
         coalesce(c.cost_type_id, create_invoice_with_costs.default_cost_type_id), c.project_id, c.period, c.year
    from jsonb_array_elements(costs) with ordinality as e(item, position),
         jsonb_to_record(e.item) as c(name text, description text, amount numeric, vat numeric, to_bill boolean,
                                      cost_type_id uuid, project_id uuid, period smallint, year smallint)
   order by e.position;
  if cardinality(coalesce(file_ids, '{}')) > 0 then
    perform app_public.add_invoice_files(invoice.id, file_ids);
  end if;
  select * into invoice from app_public.invoices i where i.id = invoice.id;
  return invoice;
end;
$function$;
comment on function app_public.create_invoice_with_costs(app_public.invoice_type,text,date,text,uuid,uuid,jsonb,date,uuid,uuid[]) is 'Creates an invoice with its costs (a JSON array of {name, description, amount, vat, toBill as to_bill, cost_type_id, project_id, period, year}) and attaches already uploaded files, all or nothing (invoice:write, cost:write).';
grant execute on function app_public.create_invoice_with_costs(app_public.invoice_type,text,date,text,uuid,uuid,jsonb,date,uuid,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.create_payments(payments app_public.payment_input[])
 RETURNS SETOF app_public.payments
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  p app_public.payment_input;
  link_payment uuid;
begin
  perform app_hidden.require_ids(payments);
  foreach p in array payments loop
    if (p.invoice_id is null) = (p.bill_id is null) then
      perform app_hidden.fail('MissingPaymentTarget', 'A payment needs an invoice id or a bill id.');
    end if;
    if p.invoice_id is not null then
      select (app_public.create_invoice_payment(p.invoice_id, p.amount, p.currency, p.payment_date, p.payment_method)).payment_id into link_payment;
    else
      select (app_public.create_bill_payment(p.bill_id, p.amount, p.currency, p.payment_date, p.payment_method)).payment_id into link_payment;
    end if;
    return query select * from app_public.payments where id = link_payment;
  end loop;
end;
$function$;
comment on function app_public.create_payments(app_public.payment_input[]) is 'Records several payments (each with an invoice id or a bill id), all or nothing.';
grant execute on function app_public.create_payments(app_public.payment_input[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.create_role(name text, scopes text[])
 RETURNS app_public.roles
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  role app_public.roles;
begin
  if coalesce(btrim(name), '') = '' then
    perform app_hidden.fail('FieldRequired', 'Field is required');
  end if;
  if cardinality(coalesce(scopes, '{}')) = 0 then
    perform app_hidden.fail('RoleNeedsScope', 'A role needs at least one scope.');
  end if;
  insert into app_public.roles (name) values (btrim(name)) returning * into role;
  insert into app_public.role_scopes (role_id, scope) select role.id, s from unnest(scopes) s group by s;
  return role;
end;
$function$;
comment on function app_public.create_role(text,text[]) is 'Creates a role with a name and at least one scope (admin:role).';
grant execute on function app_public.create_role(text,text[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.current_account()
 RETURNS app_public.accounts
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.accounts a
   where a.id = app_hidden.current_account_id() and a.user_id = app_hidden.current_user_id()
$function$;
comment on function app_public.current_account() is 'The account the signed-in user is working in, or null.';
grant execute on function app_public.current_account() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.delete_bill(bill_id integer, force boolean DEFAULT false)
 RETURNS app_public.bills
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  payment_ids uuid[];
  previous text;
begin
  if not force and exists (select from app_public.bills_payments bp where bp.bill_id = bill.id) then
    perform app_hidden.fail('BillHasPayments', 'The bill has payments: delete them first, or force delete.');
  end if;
  perform app_hidden.require_transition('bill', case when force then 'force_delete' else 'delete' end, bill.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = true where b.id = bill.id;
  perform app_hidden.set_workflow_mode('force');
  select array_agg(bp.payment_id) into payment_ids from app_public.bills_payments bp where bp.bill_id = bill.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.bills_payments bp where bp.bill_id = bill.id;
  if force then
    delete from app_public.costs c where c.bill_id = bill.id;
  else
    update app_public.costs c set bill_id = null where c.bill_id = bill.id;
  end if;
  delete from app_public.bills b where b.id = bill.id;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$function$;
comment on function app_public.delete_bill(integer,boolean) is 'Deletes a bill and detaches its costs; refused while payments exist unless force (admin:bill), which removes its payments and costs too.';
grant execute on function app_public.delete_bill(integer,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.delete_cost(cost_id integer, force boolean DEFAULT false)
 RETURNS app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  if cost.status = 'approved' and not force then
    perform app_hidden.fail('CannotDeleteApprovedCost', 'Cannot delete an approved cost.');
  end if;
  perform app_hidden.require_transition('cost', case when force and cost.status = 'approved' then 'force_delete' else 'delete' end, cost.id);
  previous := app_hidden.set_workflow_mode(case when cost.status = 'approved' then 'force' else app_hidden.workflow_mode() end);
  delete from app_public.costs c where c.id = cost_id;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$function$;
comment on function app_public.delete_cost(integer,boolean) is 'Deletes a cost. An approved cost needs force, which needs admin:cost:write and may leave its invoice inconsistent.';
grant execute on function app_public.delete_cost(integer,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.delete_invoice(invoice_id integer, force boolean DEFAULT false)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  payment_ids uuid[];
  previous text;
begin
  if not force then
    if invoice.status in ('validated', 'paid') then
      perform app_hidden.fail('CannotDeleteClosedInvoice', 'A validated or paid invoice can only be force deleted.');
    end if;
    if exists (select from app_public.invoices_payments ip where ip.invoice_id = invoice.id) then
      perform app_hidden.fail('InvoiceHasPayments', 'The invoice has payments: delete them first, or force delete.');
    end if;
  end if;
  perform app_hidden.require_transition('invoice', case when force then 'force_delete' else 'delete' end, invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set is_deleted = true where i.id = invoice.id;
  update app_public.costs c set is_deleted = true where c.invoice_id = invoice.id;
  perform app_hidden.set_workflow_mode('purge');
  select array_agg(ip.payment_id) into payment_ids from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.costs c where c.invoice_id = invoice.id;
  delete from app_public.invoices i where i.id = invoice.id;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$function$;
comment on function app_public.delete_invoice(integer,boolean) is 'Deletes an invoice with its costs. Refused for validated or paid invoices and while payments exist, unless force (admin:invoice:write), which removes its payments too.';
grant execute on function app_public.delete_invoice(integer,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.delete_payment(payment_id uuid)
 RETURNS app_public.payments
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  payment app_public.payments;
  paid_invoice_id integer;
  paid_bill_id integer;
begin
  perform app_hidden.require_scope('payment:write');
  select * into payment from app_public.payments p where p.id = payment_id for update;
  if payment.id is null then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  select ip.invoice_id into paid_invoice_id from app_public.invoices_payments ip where ip.payment_id = payment.id;
  select bp.bill_id into paid_bill_id from app_public.bills_payments bp where bp.payment_id = payment.id;
  if (paid_invoice_id is not null and (select i.status from app_public.invoices i where i.id = paid_invoice_id) = 'paid')
     or (paid_bill_id is not null and (select b.status from app_public.bills b where b.id = paid_bill_id) = 'paid') then
    perform app_hidden.fail('PaymentOfClosedRecord',
      'The payment belongs to an invoice or bill closed as paid and cannot be deleted. Reset the invoice to open first.');
  end if;
  if paid_invoice_id is not null then
    perform app_hidden.require_transition('invoice', 'delete_payment', paid_invoice_id);
  elsif paid_bill_id is not null then
    perform app_hidden.require_transition('bill', 'delete_payment', paid_bill_id);
  end if;
  delete from app_public.payments p where p.id = payment.id;
  if found is false then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  return payment;
end;
$function$;
comment on function app_public.delete_payment(uuid) is 'Deletes a payment and its link; refused for a record closed as paid.';
grant execute on function app_public.delete_payment(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.document_parent_candidates(child_type text, contractor_id uuid DEFAULT NULL::uuid, principal_id uuid DEFAULT NULL::uuid, search text DEFAULT NULL::text, document_id uuid DEFAULT NULL::uuid)
 RETURNS SETOF app_public.documents
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with recursive below(id) as (
    select document_id where document_id is not null
    union select d.id from app_public.documents d join below b on d.contract_reference = b.id
  )
  select d.* from app_public.documents d
    left join app_public.suppliers s on s.id = d.contractor_id
   where not d.is_deleted
     and d.type in (select p.parent_type from app_public.document_type_parents p where p.child_type = document_parent_candidates.child_type)
     and d.contractor_id is not distinct from document_parent_candidates.contractor_id
     and d.principal_id is not distinct from document_parent_candidates.principal_id
     and (coalesce(btrim(search), '') = '' or d.name ilike '%' || btrim(search) || '%'
          or s.legal_name ilike '%' || btrim(search) || '%')
     and d.id not in (select id from below)
   order by d.name
   limit 25
$function$;
comment on function app_public.document_parent_candidates(text,uuid,uuid,text,uuid) is 'Documents a document of childType may be under: live, of a parent type, with the same contractor and principal, matching the search (name or contractor); not the document itself or one under it.';
grant execute on function app_public.document_parent_candidates(text,uuid,uuid,text,uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.documents_available_actions(document app_public.documents)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select array_remove(array[
    case when app_public.documents_can_edit(document) then 'edit' end,
    case when app_public.documents_can_delete(document) and not document.is_deleted then 'archive' end,
    case when app_public.documents_can_delete(document) and document.is_deleted then 'restore' end,
    case when app_public.documents_can_delete(document) then 'share' end,
    case when app_public.documents_can_delete(document) and not document.is_deleted
              and exists (select from app_public.document_type_parents p where p.parent_type = document.type)
         then 'add_child' end
  ], null)
$function$;
comment on function app_public.documents_available_actions(app_public.documents) is 'What you may do to this document: edit, archive, restore, share, add_child.';
grant execute on function app_public.documents_available_actions(app_public.documents) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.documents_can_delete(document app_public.documents)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.has_scope('documents:write') and not app_hidden.is_supplier_user()
     and coalesce(app_hidden.subsidiary_visible(document.principal_id, app_hidden.visible_subsidiary_ids()), true)
$function$;
comment on function app_public.documents_can_delete(app_public.documents) is 'Whether you may archive or delete this document (a writer of its subsidiary; editors may not).';
grant execute on function app_public.documents_can_delete(app_public.documents) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.documents_can_edit(document app_public.documents)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select (app_hidden.has_scope('documents:write') and not app_hidden.is_supplier_user()
          and coalesce(app_hidden.subsidiary_visible(document.principal_id, app_hidden.visible_subsidiary_ids()), true))
      or document.id = any (app_hidden.document_ids_shared_with_me(true))
$function$;
comment on function app_public.documents_can_edit(app_public.documents) is 'Whether you may change this document, its files and its child documents (a writer of its subsidiary, or an editor of it).';
grant execute on function app_public.documents_can_edit(app_public.documents) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.documents_history(document app_public.documents)
 RETURNS SETOF app_public.audit_trail
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('documents:' || document.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$function$;
comment on function app_public.documents_history(app_public.documents) is 'What happened to the document, its files and the documents connected to it, newest first.';
grant execute on function app_public.documents_history(app_public.documents) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.documents_parent_name(document app_public.documents)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select p.name from app_public.documents p where p.id = document.contract_reference
$function$;
comment on function app_public.documents_parent_name(app_public.documents) is 'The name of the parent document (the contract this one belongs to).';
grant execute on function app_public.documents_parent_name(app_public.documents) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.documents_status(document app_public.documents)
 RETURNS app_public.contract_status
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.contract_status(document.signing_date, document.expiration_date,
    document.expiration_extends_contract, document.terminated_on, current_date)
$function$;
comment on function app_public.documents_status(app_public.documents) is 'Draft, active, expired or terminated, from the signing, expiration and termination dates (today).';
grant execute on function app_public.documents_status(app_public.documents) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.duplicate_invoice(invoice_id integer)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  source app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  copy app_public.invoices;
  suffix text := case when coalesce(current_setting('app.language', true), '') = 'ru' then ' (копия)'
                      else ' (copy)' end;
begin
  perform app_hidden.require_transition('invoice', 'duplicate', source.id);
  insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, period_start, period_end, currency,
                                   subsidiary_id, supplier_id, default_cost_type_id)
  values (source.type, source.invoice_ref || suffix, source.invoice_date, source.due_date, source.period_start,
          source.period_end, source.currency, source.subsidiary_id, source.supplier_id, source.default_cost_type_id)
  returning * into copy;
  insert into app_public.costs (name, description, amount, vat, invoice_id, to_bill, cost_type_id, project_id, period, year)
  select c.name, c.description, c.amount, c.vat, copy.id, c.to_bill, c.cost_type_id, c.project_id, c.period, c.year
    from app_public.costs c where c.invoice_id = source.id and not c.is_deleted order by c.id;
  select * into copy from app_public.invoices i where i.id = copy.id;
  return copy;
end;
$function$;
comment on function app_public.duplicate_invoice(integer) is 'A new draft copy of the invoice, reference "… (copy)" or "… (копия)" in the caller''s language (app.language), with copies of its live costs to approve again.';
grant execute on function app_public.duplicate_invoice(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.duplicate_invoices(ids integer[])
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.duplicate_invoice(item); end loop;
end;
$function$;
comment on function app_public.duplicate_invoices(integer[]) is 'Duplicates each invoice as a new draft, all or nothing.';
grant execute on function app_public.duplicate_invoices(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.edit_document(document_id uuid, data jsonb DEFAULT '{}'::jsonb, connect_ids uuid[] DEFAULT '{}'::uuid[], disconnect_ids uuid[] DEFAULT '{}'::uuid[], move_ids uuid[] DEFAULT '{}'::uuid[])
 RETURNS app_public.documents
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  allowed constant text[] := array['name', 'type', 'description', 'comments', 'email', 'amount', 'currency',
    'signing_date', 'expiration_date', 'expiration_conditions', 'expiration_extends_contract',
    'contract_reference', 'contractor_id', 'principal_id', 'client_id', 'service_id',
    'contract_number', 'terminated_on'];
  document app_public.documents := app_hidden.document_for_update(document_id);
  key text;
  changed integer;
  elsewhere text;
begin
  for key in select jsonb_object_keys(coalesce(data, '{}')) loop
    if not key = any(allowed) then
      perform app_hidden.fail('InvalidInput', format('The field %s cannot be changed here.', key));
    end if;
  end loop;
  if coalesce(data, '{}') <> '{}' then
    update app_public.documents d
       set name = p.name, type = p.type, description = p.description, comments = p.comments, email = p.email,
           amount = p.amount, currency = p.currency, signing_date = p.signing_date,
           expiration_date = p.expiration_date, expiration_conditions = p.expiration_conditions,
           expiration_extends_contract = p.expiration_extends_contract, contract_reference = p.contract_reference,
           contractor_id = p.contractor_id, principal_id = p.principal_id, client_id = p.client_id,
           service_id = p.service_id, contract_number = p.contract_number, terminated_on = p.terminated_on
      from jsonb_populate_record(document, data) p
     where d.id = document.id;
  end if;
  if cardinality(coalesce(disconnect_ids, '{}')) > 0 then
    update app_public.documents d set contract_reference = null
     where d.id = any(disconnect_ids) and d.contract_reference = document.id;
  end if;
  if cardinality(coalesce(connect_ids, '{}')) > 0 then
    if document.id = any(connect_ids) then
      perform app_hidden.fail('DocumentCycle', 'A document cannot be under itself or under one of its own children.');
    end if;
    select string_agg(format('"%s" is under "%s"', c.name, coalesce(p.name, '?')), '; ') into elsewhere
      from app_public.documents c left join app_public.documents p on p.id = c.contract_reference
     where c.id = any(connect_ids) and c.contract_reference is not null and c.contract_reference <> document.id
       and not c.id = any(coalesce(move_ids, '{}'));
    if elsewhere is not null then
      perform app_hidden.fail('DocumentHasParent', format('%s. Confirm moving it.', elsewhere));
    end if;
    update app_public.documents d set contract_reference = document.id where d.id = any(connect_ids);
    get diagnostics changed = row_count;
    if changed <> cardinality(array(select distinct unnest(connect_ids))) then
      perform app_hidden.fail('DocumentNotFound', 'Document not found');
    end if;
  end if;
  select * into document from app_public.documents d where d.id = edit_document.document_id;
  return document;
end;
$function$;
comment on function app_public.edit_document(uuid,jsonb,uuid[],uuid[],uuid[]) is 'Changes the given fields of a document (column names as keys) and, in the same transaction, disconnects and connects child documents. A child under another parent moves only when it is also in moveIds.';
grant execute on function app_public.edit_document(uuid,jsonb,uuid[],uuid[],uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.files_attached_to(file app_public.files)
 RETURNS SETOF app_public.file_attachment
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select 'bill', l.bill_id::text from app_public.bills_files l join app_public.bills b on b.id = l.bill_id where l.file_id = file.id
  union all select 'invoice', l.invoice_id::text from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id where l.file_id = file.id
  union all select 'cost', l.cost_id::text from app_public.costs_files l join app_public.costs c on c.id = l.cost_id where l.file_id = file.id
  union all select 'document', l.document_id::text from app_public.documents_files l join app_public.documents d on d.id = l.document_id where l.file_id = file.id
  union all select 'act', b.id::text from app_public.bills b where b.act_id = file.id
$function$;
comment on function app_public.files_attached_to(app_public.files) is 'The records (visible to you) this file is attached to.';
grant execute on function app_public.files_attached_to(app_public.files) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.find_client_by_name(pattern text)
 RETURNS app_public.clients
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select c.* from app_public.clients c where c.legal_name ilike pattern order by c.legal_name, c.id limit 1
$function$;
comment on function app_public.find_client_by_name(text) is 'The first client (by legal name) whose legal name matches the pattern (ILIKE).';
grant execute on function app_public.find_client_by_name(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.find_contractor_by_name(pattern text)
 RETURNS app_public.company
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select c.* from app_public.contractors() c where c.legal_name ilike pattern limit 1
$function$;
comment on function app_public.find_contractor_by_name(text) is 'The first contractor whose legal name matches the pattern (ILIKE).';
grant execute on function app_public.find_contractor_by_name(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.find_files_by_hashes(hashes text[])
 RETURNS SETOF app_public.files
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select f.* from app_public.files f where f.sha256 = any(hashes) order by f.uploaded_at
$function$;
comment on function app_public.find_files_by_hashes(text[]) is 'Stored files (that you can see) with these sha256 hashes: duplicate detection before an upload.';
grant execute on function app_public.find_files_by_hashes(text[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.find_principal_by_name(pattern text)
 RETURNS app_public.company
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select c.* from app_public.principals() c where c.legal_name ilike pattern limit 1
$function$;
comment on function app_public.find_principal_by_name(text) is 'The first principal whose legal name matches the pattern (ILIKE).';
grant execute on function app_public.find_principal_by_name(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.find_subsidiary_by_name(pattern text)
 RETURNS app_public.subsidiaries
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select s.* from app_public.subsidiaries s where s.legal_name ilike pattern order by s.legal_name, s.id limit 1
$function$;
comment on function app_public.find_subsidiary_by_name(text) is 'The first visible subsidiary (by legal name) whose legal name matches the pattern (ILIKE).';
grant execute on function app_public.find_subsidiary_by_name(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.find_supplier_by_name(pattern text)
 RETURNS app_public.suppliers
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select s.* from app_public.suppliers s where s.legal_name ilike pattern order by s.legal_name, s.id limit 1
$function$;
comment on function app_public.find_supplier_by_name(text) is 'The first supplier (by legal name) whose legal name matches the pattern (ILIKE).';
grant execute on function app_public.find_supplier_by_name(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.get_cost_invoice_id(cost_id integer)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  result integer;
begin
  select c.invoice_id into result from app_public.costs c where c.id = cost_id;
  if result is null then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  return result;
end;
$function$;
comment on function app_public.get_cost_invoice_id(integer) is 'The invoice of a visible cost (for links to a cost''s invoice).';
grant execute on function app_public.get_cost_invoice_id(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.get_document_prep_vals(document_id uuid)
 RETURNS app_public.document_prep_vals
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  result app_public.document_prep_vals;
begin
  select d.principal_id, d.client_id, d.service_id, d.contractor_id into result
    from app_public.documents d where d.id = document_id;
  if not found then
    perform app_hidden.fail('DocumentNotFound', 'Document not found');
  end if;
  return result;
end;
$function$;
comment on function app_public.get_document_prep_vals(uuid) is 'The parties of a document (principal, client, service, contractor), to prefill a related one.';
grant execute on function app_public.get_document_prep_vals(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.global_search(search text, per_kind integer DEFAULT 5)
 RETURNS SETOF app_public.search_hit
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with t as (
    select btrim(search) typed, lower(btrim(search)) low,
           least(greatest(coalesce(per_kind, 5), 1), 50) n
  ),
  invoices as (
    select 'invoice'::text kind, i.id::text id, i.invoice_ref title,
           coalesce(s.short_name, s.legal_name) party, i.invoice_date record_date, i.amount_w_vat amount,
           i.currency::text currency, null::text detail, i.exact, i.r
      from (select i.*, lower(i.invoice_ref) = t.low or i.id::text = t.typed exact,
                   row_number() over (order by lower(i.invoice_ref) = t.low or i.id::text = t.typed desc,
                                               i.invoice_date desc, i.id desc) r, t.n
              from t, app_public.invoices i
             where i.id = any ((select app_hidden.search_candidates('invoice', search, 2 * n) from t)::integer[])) i
      left join app_public.suppliers s on s.id = i.supplier_id
     where i.r <= i.n
  ),
  bills as (
    select 'bill', b.id::text, b.name, coalesce(c.short_name, c.legal_name), b.invoice_date,
           b.amount_w_vat, b.currency::text, nullif(b.invoice_ref, ''), b.exact, b.r
      from (select b.*, lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low or b.id::text = t.typed exact,
                   row_number() over (order by lower(b.name) = t.low or lower(coalesce(b.invoice_ref, '')) = t.low
                                               or b.id::text = t.typed desc, b.invoice_date desc, b.id desc) r, t.n
              from t, app_public.bills b
             where b.id = any ((select app_hidden.search_candidates('bill', search, 2 * n) from t)::integer[])) b
      left join app_public.clients c on c.id = b.client_id
     where b.r <= b.n
  ),
  costs as (
    select 'cost', c.id::text, c.name, coalesce(s.short_name, s.legal_name), i.invoice_date,
           c.amount_w_vat, c.currency::text, i.invoice_ref, c.exact, c.r
      from (select c.*, lower(c.name) = t.low or c.id::text = t.typed exact,
                   row_number() over (order by lower(c.name) = t.low or c.id::text = t.typed desc,
                                               c.created_at desc, c.id desc) r, t.n
              from t, app_public.costs c
             where c.id = any ((select app_hidden.search_candidates('cost', search, 2 * n) from t)::integer[])) c
      left join app_public.invoices i on i.id = c.invoice_id
      left join app_public.suppliers s on s.id = i.supplier_id
     where c.r <= c.n
  ),
  documents as (
    select 'document', d.id::text, d.name, null::text, d.signing_date, d.amount, d.currency::text,
           d.contract_number,
           lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low,
           row_number() over (order by lower(d.name) = t.low or lower(coalesce(d.contract_number, '')) = t.low desc,
                                       d.created_at desc, d.id)
      from t, app_public.documents d
     where d.id = any ((select app_hidden.search_candidates('document', search, 2 * n) from t)::uuid[])
  ),
  suppliers as (
    select 'supplier', s.id::text, coalesce(s.short_name, s.legal_name), null::text, null::date,
           null::numeric, null::text, concat_ws(' · ', s.legal_name, s.tax_id, s.country),
           lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low or s.tax_id = t.typed,
           row_number() over (order by lower(s.legal_name) = t.low or lower(coalesce(s.short_name, '')) = t.low
                                       or s.tax_id = t.typed desc, s.is_archived, s.legal_name, s.id)
      from t, app_public.suppliers s
     where s.id = any ((select app_hidden.search_candidates('supplier', search, 2 * n) from t)::uuid[])
  ),
  clients as (
    select 'client', c.id::text, coalesce(c.short_name, c.legal_name), null::text, null::date,
           null::numeric, null::text, concat_ws(' · ', c.legal_name, c.tax_id, c.country),
           lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low or c.tax_id = t.typed,
           row_number() over (order by lower(c.legal_name) = t.low or lower(coalesce(c.short_name, '')) = t.low
                                       or c.tax_id = t.typed desc, c.is_archived, c.legal_name, c.id)
      from t, app_public.clients c
     where c.id = any ((select app_hidden.search_candidates('client', search, 2 * n) from t)::uuid[])
  )
  select kind, id, title, party, record_date, amount, currency, detail, exact from (
    select * from invoices union all select * from bills union all select * from costs
    union all select * from documents union all select * from suppliers union all select * from clients
  ) hits
   where r <= (select n from t)
   order by array_position(array['invoice', 'bill', 'cost', 'document', 'supplier', 'client'], kind), r
$function$;
comment on function app_public.global_search(text,integer) is 'The global search: up to perKind (1 to 50, default 5) invoices, bills, costs, documents, suppliers and clients the caller may read whose number or name contains the text (at least 3 characters, or an id typed in full), exact matches first, then the newest. Ordered by kind.';
grant execute on function app_public.global_search(text,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.ignore_bank_line(line_id uuid, note text)
 RETURNS app_public.bank_statement_lines
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  line app_public.bank_statement_lines := app_hidden.bank_line_for_change(line_id);
begin
  if note is null or btrim(note) = '' then
    perform app_hidden.fail('BankLineNoteRequired', 'Say why the line is not an invoice or bill payment.');
  end if;
  if line.matched_amount > 0 then
    perform app_hidden.fail('BankLineHasMatches', 'The line already pays invoices or bills; undo them first.');
  end if;
  perform app_hidden.bank_line_refresh(line.id, btrim(note));
  select * into line from app_public.bank_statement_lines l where l.id = line.id;
  return line;
end;
$function$;
comment on function app_public.ignore_bank_line(uuid,text) is 'Marks a statement line as not an invoice or bill payment (bank fee, own transfer), with a note.';
grant execute on function app_public.ignore_bank_line(uuid,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.import_exchange_rates(rows jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  problems integer;
  written integer;
begin
  if not (select app_hidden.has_scope('admin')) then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  select count(distinct line) into problems from app_public.check_exchange_rates(rows);
  if problems > 0 then
    perform app_hidden.fail('ImportHasErrors', format('%s rows have errors; nothing was imported.', problems));
  end if;
  if coalesce(jsonb_array_length(rows), 0) = 0 then
    perform app_hidden.fail('NoRows', 'The file has no rows.');
  end if;
  insert into app_public.exchange_rates (currency, rate_date, usd_per_unit)
  select upper(btrim(r ->> 'currency')), (r ->> 'rateDate')::date, (btrim(r ->> 'usdPerUnit'))::numeric
    from jsonb_array_elements(rows) r
  on conflict (currency, rate_date) do update set usd_per_unit = excluded.usd_per_unit;
  get diagnostics written = row_count;
  return written;
end;
$function$;
comment on function app_public.import_exchange_rates(jsonb) is 'Writes every row of an exchange-rate import (a rate for an existing currency and date replaces it), or none if any row has a problem (admin).';
grant execute on function app_public.import_exchange_rates(jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.import_reference_data(kind text, rows jsonb, dry_run boolean DEFAULT true)
 RETURNS SETOF app_public.import_problem
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  columns text[];
  item record;
  problems app_public.import_problem[] := '{}';
  state text;
  hint text;
  constraint_name text;
  message text;
begin
  columns := case kind
    when 'clients' then array['legal_name', 'short_name', 'country', 'tax_id', 'tax_reason_code', 'registration_number',
      'legal_form', 'registered_address', 'primary_activity_code', 'org_status', 'ceo_full_name', 'ceo_position']
    when 'suppliers' then array['legal_name', 'short_name', 'country', 'tax_id']
    when 'projects' then array['name', 'access_key'] end;
  if columns is null then
    perform app_hidden.fail('InvalidInput', 'The value is not allowed.');
  end if;
  if jsonb_typeof(rows) is distinct from 'array' or jsonb_array_length(rows) = 0 then
    perform app_hidden.fail('NoRows', 'The file has no rows.');
  end if;
  begin
    for item in select r.value, r.line::integer as line from jsonb_array_elements(rows) with ordinality r(value, line) loop
      begin
        -- Only the importable columns, blanks as null.
        execute format('insert into app_public.%I (%s) select %s from jsonb_populate_record(null::app_public.%I, $1) p',
                       kind,
                       (select string_agg(quote_ident(c), ', ') from unnest(columns) c),
                       (select string_agg(format('nullif(btrim(p.%I), '''')', c), ', ') from unnest(columns) c),
                       kind)
          using (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(item.value) where key = any(columns));
      exception when others then
        get stacked diagnostics state = returned_sqlstate, hint = pg_exception_hint,
                                constraint_name = constraint_name, message = message_text;
        problems := problems || row(item.line, app_hidden.import_error_code(state, hint, constraint_name), message)::app_public.import_problem;
      end;
    end loop;
    if dry_run or cardinality(problems) > 0 then
      -- Undo every row written above; the problems survive in the variable.
      raise exception using errcode = 'LL002', message = 'undo';
    end if;
  exception when sqlstate 'LL002' then
    null;
  end;
  if not dry_run and cardinality(problems) > 0 then
    perform app_hidden.fail('ImportHasErrors', 'Some rows have errors; nothing was imported.');
  end if;
  return query select * from unnest(problems) order by 1;
end;
$function$;
comment on function app_public.import_reference_data(text,jsonb,boolean) is 'Checks (dryRun, the default) or imports clients, suppliers or projects: each row''s problems with its line; an import writes all rows or none (ImportHasErrors).';
grant execute on function app_public.import_reference_data(text,jsonb,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_available_actions(invoice app_public.invoices)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.available_actions('invoice', invoice.id)
$function$;
comment on function app_public.invoices_available_actions(app_public.invoices) is 'The workflow actions you may take on this invoice now: those of app_private.transitions whose state, scopes and preconditions hold (open, validate, reject, reopen, reset_to_open, close_as_paid, edit, archive, unarchive, delete, force_delete, duplicate, add_payment, delete_payment, add_files, remove_files).';
grant execute on function app_public.invoices_available_actions(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_closed_by_name(invoice app_public.invoices)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.user_display_name(invoice.closed_by)
$function$;
comment on function app_public.invoices_closed_by_name(app_public.invoices) is 'The display name of who closed the invoice as paid.';
grant execute on function app_public.invoices_closed_by_name(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_created_by_name(invoice app_public.invoices)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.user_display_name(invoice.created_by)
$function$;
comment on function app_public.invoices_created_by_name(app_public.invoices) is 'The display name of who created the invoice.';
grant execute on function app_public.invoices_created_by_name(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_feeds(invoice app_public.invoices)
 RETURNS SETOF app_public.audit_trail
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.audit_trail a
   where a.table_name = 'invoices' and a.row_id = invoice.id
   order by a.created_at desc, a.id desc
$function$;
comment on function app_public.invoices_feeds(app_public.invoices) is 'What happened to the invoice, newest first.';
grant execute on function app_public.invoices_feeds(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_has_payments(invoice app_public.invoices)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select invoice.last_payment_date is not null
$function$;
comment on function app_public.invoices_has_payments(app_public.invoices) is 'Whether any payment was recorded on the invoice.';
grant execute on function app_public.invoices_has_payments(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_hidden_cost_count(invoice app_public.invoices)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select v.hidden_cost_count from app_hidden.invoice_cost_view(invoice.id) v
$function$;
comment on function app_public.invoices_hidden_cost_count(app_public.invoices) is 'How many live costs of this invoice are outside your access (0 when you see them all).';
grant execute on function app_public.invoices_hidden_cost_count(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_history(invoice app_public.invoices)
 RETURNS SETOF app_public.audit_trail
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.audit_trail a
   where a.id = any (array(select app_hidden.audit_row_ids('invoices:' || invoice.id)))
     and app_public.audit_trail_event(a) <> 'recalculated'
   order by a.created_at desc, a.id desc
$function$;
comment on function app_public.invoices_history(app_public.invoices) is 'What happened to the invoice, its costs, payments and files, newest first.';
grant execute on function app_public.invoices_history(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_is_overdue(i app_public.invoices)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select i.due_date < current_date and app_public.invoices_outstanding(i) > 0
$function$;
comment on function app_public.invoices_is_overdue(app_public.invoices) is '@behavior +filterBy
Outstanding and its due date has passed (before today).';
grant execute on function app_public.invoices_is_overdue(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_locked_through(invoice app_public.invoices)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select l from app_hidden.lock_date(invoice.subsidiary_id) l where invoice.invoice_date <= l
$function$;
comment on function app_public.invoices_locked_through(app_public.invoices) is 'The lock date of the invoice''s subsidiary when the invoice is dated on or before it (its period is closed), else null.';
grant execute on function app_public.invoices_locked_through(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_outstanding(i app_public.invoices)
 RETURNS numeric
 LANGUAGE sql
 STABLE
AS $function$
  select case when not i.is_deleted and i.status in ('draft', 'open', 'validated')
              then greatest(i.amount_w_vat - i.paid_amount, 0) else 0 end::numeric(18,2)
$function$;
comment on function app_public.invoices_outstanding(app_public.invoices) is '@behavior +filterBy +orderBy
What is still owed on the invoice, in its currency: the amount with VAT less the payments while it is live and draft, open or validated; 0 otherwise.';
grant execute on function app_public.invoices_outstanding(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_outstanding_usd(i app_public.invoices)
 RETURNS numeric
 LANGUAGE sql
 STABLE
AS $function$
  select case when i.amount_w_vat = 0 then 0
              else round(i.amount_usd_w_vat * app_public.invoices_outstanding(i) / i.amount_w_vat, 2) end::numeric(18,2)
$function$;
comment on function app_public.invoices_outstanding_usd(app_public.invoices) is '@behavior +filterBy +orderBy
The outstanding amount in USD, at the invoice''s own rate.';
grant execute on function app_public.invoices_outstanding_usd(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_remaining(ids integer[])
 RETURNS SETOF app_public.remaining_amount
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select i.id, app_public.invoices_remaining_amount(i), i.currency::text
    from app_public.invoices i where i.id = any(ids) order by i.id
$function$;
comment on function app_public.invoices_remaining(integer[]) is 'Remaining amount (amount with VAT minus payments) of each visible invoice.';
grant execute on function app_public.invoices_remaining(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_remaining_amount(invoice app_public.invoices)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select invoice.amount_w_vat - invoice.paid_amount
$function$;
comment on function app_public.invoices_remaining_amount(app_public.invoices) is 'Amount with VAT minus the payments (SPEC §5); never negative.';
grant execute on function app_public.invoices_remaining_amount(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_usd_rate_date(invoice app_public.invoices)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when invoice.currency <> 'USD' then
    (select max(r.rate_date) from app_public.exchange_rates r
      where r.currency = invoice.currency and r.rate_date <= invoice.invoice_date) end
$function$;
comment on function app_public.invoices_usd_rate_date(app_public.invoices) is 'The date of the exchange rate the USD amounts use (the latest on or before the invoice date); null for USD.';
grant execute on function app_public.invoices_usd_rate_date(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_validated_by_name(invoice app_public.invoices)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.user_display_name(invoice.validated_by)
$function$;
comment on function app_public.invoices_validated_by_name(app_public.invoices) is 'The display name of who validated the invoice.';
grant execute on function app_public.invoices_validated_by_name(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_vat_amount(invoice app_public.invoices)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$ select invoice.amount_w_vat - invoice.amount $function$;
comment on function app_public.invoices_vat_amount(app_public.invoices) is 'The VAT of the invoice: amount with VAT minus amount.';
grant execute on function app_public.invoices_vat_amount(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_visible_amount(invoice app_public.invoices)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select v.visible_amount from app_hidden.invoice_cost_view(invoice.id) v
$function$;
comment on function app_public.invoices_visible_amount(app_public.invoices) is 'The sum without VAT of the live costs of this invoice you see; null when you see them all.';
grant execute on function app_public.invoices_visible_amount(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_visible_amount_usd_w_vat(invoice app_public.invoices)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select v.visible_amount_usd_w_vat from app_hidden.invoice_cost_view(invoice.id) v
$function$;
comment on function app_public.invoices_visible_amount_usd_w_vat(app_public.invoices) is 'The sum with VAT in USD of the live costs of this invoice you see; null when you see them all.';
grant execute on function app_public.invoices_visible_amount_usd_w_vat(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.invoices_visible_amount_w_vat(invoice app_public.invoices)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select v.visible_amount_w_vat from app_hidden.invoice_cost_view(invoice.id) v
$function$;
comment on function app_public.invoices_visible_amount_w_vat(app_public.invoices) is 'The sum with VAT of the live costs of this invoice you see; null when you see them all.';
grant execute on function app_public.invoices_visible_amount_w_vat(app_public.invoices) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.is_valid_access_pattern(pattern text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select cardinality(app_public.access_pattern_tokens(pattern)) > 0
     and not exists (
       select from unnest(app_public.access_pattern_tokens(pattern)) t
        where t !~ '^!?[A-Za-z0-9_.*]+$'
     )
$function$;
comment on function app_public.is_valid_access_pattern(text) is 'Whether a project access pattern is well formed: include and !exclude tokens of Latin letters, digits, underscore, dot and * wildcards.';
grant execute on function app_public.is_valid_access_pattern(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.likely_duplicate_invoices(supplier_id uuid, invoice_ref text, invoice_date date, amount_w_vat numeric)
 RETURNS SETOF app_public.invoices
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select i.* from app_public.invoices i
   where i.supplier_id = likely_duplicate_invoices.supplier_id
     and (lower(btrim(i.invoice_ref)) = lower(btrim(likely_duplicate_invoices.invoice_ref))
          or (i.invoice_date = likely_duplicate_invoices.invoice_date
              and i.amount_w_vat = likely_duplicate_invoices.amount_w_vat))
   order by i.id desc
   limit 20
$function$;
comment on function app_public.likely_duplicate_invoices(uuid,text,date,numeric) is 'Visible invoices of the supplier with the same number, or with the same amount with VAT and invoice date.';
grant execute on function app_public.likely_duplicate_invoices(uuid,text,date,numeric) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.link_bank_line_payment(line_id uuid, payment_id uuid)
 RETURNS app_public.bank_statement_lines
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  line app_public.bank_statement_lines := app_hidden.bank_line_for_change(line_id);
  payment app_public.payments;
  kind text;
  record_subsidiary uuid;
begin
  if line.status = 'ignored' then
    perform app_hidden.fail('BankLineIgnored', 'The line is marked as not an invoice or bill payment; undo that first.');
  end if;
  select * into payment from app_public.payments p where p.id = link_bank_line_payment.payment_id;
  if payment.id is null then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  if exists (select from app_public.bank_line_payments blp where blp.payment_id = payment.id) then
    perform app_hidden.fail('PaymentAlreadyMatched', 'The payment is already matched to a statement line.');
  end if;
  select 'invoice', i.subsidiary_id into kind, record_subsidiary
    from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id where ip.payment_id = payment.id;
  if kind is null then
    select 'bill', b.subsidiary_id into kind, record_subsidiary
      from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id where bp.payment_id = payment.id;
  end if;
  perform app_hidden.check_bank_allocation(line, kind, record_subsidiary, payment.amount);
  if payment.currency <> line.currency then
    perform app_hidden.fail('PaymentCurrencyMismatch', format('The payment must be in %s, the currency of the record it pays.', line.currency));
  end if;
  if line.matched_amount + payment.amount > abs(line.amount) then
    perform app_hidden.fail('BankMatchExceedsLine',
      format('The payments (%s) would be more than what is left of the line (%s %s).',
             payment.amount, abs(line.amount) - line.matched_amount, line.currency));
  end if;
  perform app_hidden.bank_line_link(line.id, payment.id, false);
  perform app_hidden.bank_line_refresh(line.id);
  select * into line from app_public.bank_statement_lines l where l.id = line.id;
  return line;
end;
$function$;
comment on function app_public.link_bank_line_payment(uuid,uuid) is 'Matches a payment recorded by hand to the statement line it was seen on.';
grant execute on function app_public.link_bank_line_payment(uuid,uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.mark_all_notifications_read()
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  changed integer;
begin
  update app_public.notifications n set is_read = true, read_at = now()
   where n.user_id = app_hidden.current_user_id() and not n.is_read;
  get diagnostics changed = row_count;
  return changed;
end;
$function$;
comment on function app_public.mark_all_notifications_read() is 'Marks all your notifications read; returns how many changed.';
grant execute on function app_public.mark_all_notifications_read() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.mark_notification_read(notification_id uuid)
 RETURNS app_public.notifications
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  result app_public.notifications;
begin
  update app_public.notifications n set is_read = true, read_at = coalesce(n.read_at, now())
   where n.id = notification_id returning * into result;
  if result.id is null then
    perform app_hidden.fail('NotificationNotFound', 'Notification not found');
  end if;
  return result;
end;
$function$;
comment on function app_public.mark_notification_read(uuid) is 'Marks one of your notifications read.';
grant execute on function app_public.mark_notification_read(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.offers()
 RETURNS SETOF app_public.documents
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select d.* from app_public.documents d where d.type = 'Offer' and not d.is_deleted order by d.name
$function$;
comment on function app_public.offers() is 'Live offers, by name (each with parentName).';
grant execute on function app_public.offers() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.open_invoice(invoice_id integer)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'open', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open' where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$function$;
comment on function app_public.open_invoice(integer) is 'Draft → open, once every live cost is approved (invoice:write).';
grant execute on function app_public.open_invoice(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.open_invoices(ids integer[])
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.open_invoice(item); end loop;
end;
$function$;
comment on function app_public.open_invoices(integer[]) is 'Opens each draft invoice, all or nothing.';
grant execute on function app_public.open_invoices(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.payables_aging(as_of date DEFAULT NULL::date)
 RETURNS SETOF app_public.aging_row
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select * from app_hidden.aging('payable', as_of)
$function$;
comment on function app_public.payables_aging(date) is 'Accounts payable aging: outstanding supplier invoices the account may see, by subsidiary and days past due, in USD; the last row is the total.';
grant execute on function app_public.payables_aging(date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.payments_bank_line_id(payment app_public.payments)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select blp.line_id from app_public.bank_line_payments blp where blp.payment_id = payment.id
$function$;
comment on function app_public.payments_bank_line_id(app_public.payments) is 'The bank statement line the payment is matched to (null: not seen on a statement yet).';
grant execute on function app_public.payments_bank_line_id(app_public.payments) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.principals()
 RETURNS SETOF app_public.company
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select s.id, 'subsidiary', s.legal_name, s.short_name from app_public.subsidiaries s order by s.legal_name
$function$;
comment on function app_public.principals() is 'Every principal a document may name (the visible subsidiaries).';
grant execute on function app_public.principals() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.projects_matching_access_pattern(pattern text)
 RETURNS SETOF app_public.projects
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select p.* from app_public.projects p
   where app_public.is_valid_access_pattern(pattern) and app_public.access_pattern_matches(pattern, p.access_key)
   order by p.name
$function$;
comment on function app_public.projects_matching_access_pattern(text) is 'Preview: the projects (visible to you) an access pattern would allow.';
grant execute on function app_public.projects_matching_access_pattern(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.receivables_aging(as_of date DEFAULT NULL::date)
 RETURNS SETOF app_public.aging_row
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select * from app_hidden.aging('receivable', as_of)
$function$;
comment on function app_public.receivables_aging(date) is 'Accounts receivable aging: outstanding bills the account may see, by subsidiary and days past due, in USD; the last row is the total.';
grant execute on function app_public.receivables_aging(date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.record_dependent_rows(table_name text, id uuid, per_table integer DEFAULT 5)
 RETURNS SETOF app_public.record_dependent_row
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  fk record;
begin
  if table_name not in ('clients', 'suppliers', 'subsidiaries', 'services', 'projects', 'cost_types', 'roles') then
    perform app_hidden.fail('InvalidInput', 'The value is not allowed.');
  end if;
  for fk in
    select c.conrelid::regclass as child, cl.relname::text as child_name, a.attname::text as col
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = ('app_public.' || table_name)::regclass
       and array_length(c.conkey, 1) = 1 and c.confdeltype in ('r', 'a')
     order by cl.relname, a.attname
  loop
    return query execute format(
      'select %L::text, r.id::text,
              coalesce(to_jsonb(r) ->> ''name'', to_jsonb(r) ->> ''invoice_ref'', to_jsonb(r) ->> ''legal_name'', r.id::text)
         from %s r where r.%I = $1 order by r.id desc limit $2',
      fk.child_name, fk.child, fk.col)
      using id, least(greatest(coalesce(per_table, 5), 1), 20);
  end loop;
end;
$function$;
comment on function app_public.record_dependent_rows(text,uuid,integer) is 'The records you can see that refer to this one and keep it from being deleted: up to perTable (5) per table.';
grant execute on function app_public.record_dependent_rows(text,uuid,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.record_dependents(table_name text, id uuid)
 RETURNS SETOF app_public.record_dependent
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  visible boolean;
begin
  if table_name not in ('clients', 'suppliers', 'subsidiaries', 'services', 'projects',
                        'cost_types', 'roles') then
    perform app_hidden.fail('InvalidInput', 'The value is not allowed.');
  end if;
  -- As the caller: row-level security decides whether the record is there at all.
  execute format('select exists (select 1 from app_public.%I where id = $1)', table_name)
    into visible using id;
  if not visible then
    return;
  end if;
  return query select * from app_hidden.record_dependents(('app_public.' || table_name)::regclass, id);
end;
$function$;
comment on function app_public.record_dependents(text,uuid) is 'What refers to a record (clients, suppliers, subsidiaries, services, projects, cost_types, roles) and so keeps it from being deleted: rows per table.';
grant execute on function app_public.record_dependents(text,uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.reject_cost(cost_id integer, reason text)
 RETURNS app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  perform app_hidden.require_transition('cost', 'reject', cost.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', approved_by = app_hidden.require_user(), reject_reason = reason,
                                first_approved_by = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$function$;
comment on function app_public.reject_cost(integer,text) is 'To approve or approved → rejected with a reason; records who rejected (approve_cost).';
grant execute on function app_public.reject_cost(integer,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.reject_costs(ids integer[], reason text)
 RETURNS SETOF app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array array(select distinct unnest(ids) order by 1) loop
    return next app_public.reject_cost(item, reason);
  end loop;
end;
$function$;
comment on function app_public.reject_costs(integer[],text) is 'Rejects each cost with the reason (approve_cost), all or nothing.';
grant execute on function app_public.reject_costs(integer[],text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.reject_invoice(invoice_id integer, reason text)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  perform app_hidden.require_transition('invoice', 'reject', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', reject_reason = 'invoice_rejected', approved_by = app_hidden.current_user_id(),
                                first_approved_by = null
   where c.invoice_id = invoice.id and not c.is_deleted;
  update app_public.invoices i set status = 'rejected', reject_reason = reason, validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$function$;
comment on function app_public.reject_invoice(integer,text) is 'Open or validated → rejected with a reason; its live costs are rejected as invoice_rejected (validate_invoice).';
grant execute on function app_public.reject_invoice(integer,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.reject_invoices(ids integer[], reason text)
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.reject_invoice(item, reason); end loop;
end;
$function$;
comment on function app_public.reject_invoices(integer[],text) is 'Rejects each invoice with the reason, all or nothing.';
grant execute on function app_public.reject_invoices(integer[],text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.remove_bill_files(bill_id integer, file_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_ids(file_ids);
  perform app_hidden.require_transition('bill', 'remove_files', remove_bill_files.bill_id);
  with gone as (delete from app_public.bills_files l where l.bill_id = remove_bill_files.bill_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$function$;
comment on function app_public.remove_bill_files(integer,uuid[]) is 'Detaches files from a bill; a file nothing else refers to is deleted.';
grant execute on function app_public.remove_bill_files(integer,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.remove_cost_files(cost_id integer, file_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_ids(file_ids);
  perform app_hidden.require_transition('cost', 'remove_files', remove_cost_files.cost_id);
  with gone as (delete from app_public.costs_files l where l.cost_id = remove_cost_files.cost_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$function$;
comment on function app_public.remove_cost_files(integer,uuid[]) is 'Detaches files from a cost; a file nothing else refers to is deleted.';
grant execute on function app_public.remove_cost_files(integer,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.remove_document_files(document_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  unlinked uuid[];
begin
  perform app_hidden.document_for_update(document_id);
  with gone as (delete from app_public.documents_files l where l.document_id = remove_document_files.document_id returning l.file_id)
  select coalesce(array_agg(file_id), '{}') into unlinked from gone;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$function$;
comment on function app_public.remove_document_files(uuid) is 'Detaches every file of a document you may write; a file nothing else refers to is deleted.';
grant execute on function app_public.remove_document_files(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.remove_invoice_files(invoice_id integer, file_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_ids(file_ids);
  perform app_hidden.require_transition('invoice', 'remove_files', remove_invoice_files.invoice_id);
  with gone as (delete from app_public.invoices_files l where l.invoice_id = remove_invoice_files.invoice_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$function$;
comment on function app_public.remove_invoice_files(integer,uuid[]) is 'Detaches files from an invoice; a file nothing else refers to is deleted.';
grant execute on function app_public.remove_invoice_files(integer,uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.reopen_invoice(invoice_id integer)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'reopen', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open', reject_reason = null where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$function$;
comment on function app_public.reopen_invoice(integer) is 'Rejected → open, once every live cost is approved again (invoice:write).';
grant execute on function app_public.reopen_invoice(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.reopen_invoices(ids integer[])
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.reopen_invoice(item); end loop;
end;
$function$;
comment on function app_public.reopen_invoices(integer[]) is 'Reopens each rejected invoice, all or nothing.';
grant execute on function app_public.reopen_invoices(integer[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.report_cost_types(project_ids uuid[], start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS SETOF app_public.report_share
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with costs as (
    select c.cost_type_id as id, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.cost_type_id
  ), names as (
    select * from app_hidden.reference_names('cost_type', (select array_agg(id) from costs))
  )
  select c.id, n.name, c.total,
         case when sum(c.total) over () = 0 then null else round(c.total * 100 / sum(c.total) over (), 2) end
    from costs c left join names n on n.id = c.id
   order by c.total desc, n.name nulls last;
end;
$function$;
comment on function app_public.report_cost_types(uuid[],integer,integer,integer,integer) is 'Approved costs of the report by cost type, largest first (create_report).';
grant execute on function app_public.report_cost_types(uuid[],integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.report_months(project_ids uuid[], start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS SETOF app_public.report_month
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with months as (
    select (m / 12)::integer as year, (m % 12 + 1)::integer as month
      from generate_series(start_year * 12 + start_month - 1, end_year * 12 + end_month - 1) m
  ), costs as (
    select c.year, c.period, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.year, c.period
  ), bills as (
    select b.year, b.period, sum(b.amount_usd) as total
      from app_hidden.report_bills(project_ids, start_year, start_month, end_year, end_month) b
     group by b.year, b.period
  ), rows as (
    select m.year, m.month, coalesce(c.total, 0) as costs_usd, coalesce(b.total, 0) as bills_usd
      from months m
      left join costs c on c.year = m.year and c.period = m.month
      left join bills b on b.year = m.year and b.period = m.month
  )
  select * from (
    select r.year, r.month, r.costs_usd, r.bills_usd, r.bills_usd - r.costs_usd,
           app_hidden.margin_percent(r.costs_usd, r.bills_usd), false
      from rows r
    union all
    select null, null, sum(r.costs_usd), sum(r.bills_usd), sum(r.bills_usd) - sum(r.costs_usd),
           app_hidden.margin_percent(sum(r.costs_usd), sum(r.bills_usd)), true
      from rows r
  ) t order by 7, 1, 2;
end;
$function$;
comment on function app_public.report_months(uuid[],integer,integer,integer,integer) is 'Analytics by month over the period range (SPEC §5), every month of the range, then the total (create_report; null projects: all the account may see).';
grant execute on function app_public.report_months(uuid[],integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.report_projects()
 RETURNS SETOF app_public.report_project
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('create_report');
  return query
  select p.id, p.name from app_public.projects p
   where (select app_hidden.allowed_project_ids()) is null
      or p.id = any ((select app_hidden.allowed_project_ids())::uuid[])
   order by lower(p.name), p.id;
end;
$function$;
comment on function app_public.report_projects() is 'Projects the account may report on (its allowed projects, or all), by name (create_report).';
grant execute on function app_public.report_projects() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.report_projects_summary(project_ids uuid[], start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS SETOF app_public.report_project_row
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with costs as (
    select c.project_id, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.project_id
  ), bills as (
    select b.project_id, sum(b.amount_usd) as total
      from app_hidden.report_bills(project_ids, start_year, start_month, end_year, end_month) b
     group by b.project_id
  ), rows as (
    select x.project_id as id, sum(x.costs_usd) as costs_usd, sum(x.bills_usd) as bills_usd
      from (select c.project_id, c.total as costs_usd, 0 as bills_usd from costs c
            union all
            select b.project_id, 0, b.total from bills b) x
     group by x.project_id
  ), names as (
    select * from app_hidden.reference_names('project', (select array_agg(id) from rows))
  )
  select r.id, n.name, r.costs_usd, r.bills_usd, r.bills_usd - r.costs_usd,
         app_hidden.margin_percent(r.costs_usd, r.bills_usd)
    from rows r left join names n on n.id = r.id
   order by r.bills_usd - r.costs_usd desc, n.name nulls last;
end;
$function$;
comment on function app_public.report_projects_summary(uuid[],integer,integer,integer,integer) is 'The report across projects, highest margin first (create_report).';
grant execute on function app_public.report_projects_summary(uuid[],integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.report_suppliers(project_ids uuid[], start_year integer, start_month integer, end_year integer, end_month integer)
 RETURNS SETOF app_public.report_share
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  with by_invoice as (
    select c.invoice_id, sum(c.amount_usd) as total
      from app_hidden.report_costs(project_ids, start_year, start_month, end_year, end_month) c
     group by c.invoice_id
  ), suppliers as (
    select s.supplier_id, s.invoice_id from app_hidden.invoice_suppliers((select array_agg(invoice_id) from by_invoice)) s
  ), costs as (
    select s.supplier_id as id, sum(b.total) as total
      from by_invoice b join suppliers s on s.invoice_id = b.invoice_id
     group by s.supplier_id
  ), names as (
    select * from app_hidden.reference_names('supplier', (select array_agg(id) from costs))
  )
  select c.id, n.name, c.total,
         case when sum(c.total) over () = 0 then null else round(c.total * 100 / sum(c.total) over (), 2) end
    from costs c left join names n on n.id = c.id
   order by c.total desc, n.name nulls last;
end;
$function$;
comment on function app_public.report_suppliers(uuid[],integer,integer,integer,integer) is 'Approved costs of the report by supplier (of the cost''s invoice), largest first (create_report).';
grant execute on function app_public.report_suppliers(uuid[],integer,integer,integer,integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.reset_invoice_to_open(invoice_id integer)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'reset_to_open', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open', validated_by = null, reject_reason = null, closed_by = null
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$function$;
comment on function app_public.reset_invoice_to_open(integer) is 'Validated, rejected or paid → open; clears validated_by, reject_reason and closed_by (validate_invoice; from paid also close_invoice).';
grant execute on function app_public.reset_invoice_to_open(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.return_cost_to_approval(cost_id integer)
 RETURNS app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  perform app_hidden.require_transition('cost', 'return_to_approval', cost.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'to_approve', reject_reason = null, approved_by = null, first_approved_by = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$function$;
comment on function app_public.return_cost_to_approval(integer) is 'Rejected (or approved) → to approve; clears the reject reason.';
grant execute on function app_public.return_cost_to_approval(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.scopes_implies(s app_public.scopes)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select array(select x from unnest(app_hidden.scope_closure(array[s.name])) x where x <> s.name order by x)
$function$;
comment on function app_public.scopes_implies(app_public.scopes) is 'The other scopes this scope grants by implication.';
grant execute on function app_public.scopes_implies(app_public.scopes) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.search_currencies(pattern text DEFAULT '%'::text)
 RETURNS SETOF app_public.currencies
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select c.* from app_public.currencies c
    left join (values
      ('AED', 'дирхам ОАЭ'),
      ('AFN', 'афгани'),
      ('ALL', 'албанский лек'),
      ('AMD', 'армянский драм'),
      ('ANG', 'нидерландский антильский гульден'),
      ('AOA', 'ангольская кванза'),
      ('ARS', 'аргентинский песо'),
      ('AUD', 'австралийский доллар'),
      ('AWG', 'арубанский флорин'),
      ('AZN', 'азербайджанский манат'),
      ('BAM', 'конвертируемая марка Боснии и Герцеговины'),
      ('BBD', 'барбадосский доллар'),
      ('BDT', 'бангладешская така'),
      ('BGN', 'болгарский лев'),
      ('BHD', 'бахрейнский динар'),
      ('BIF', 'бурундийский франк'),
      ('BMD', 'бермудский доллар'),
      ('BND', 'брунейский доллар'),
      ('BOB', 'боливийский боливиано'),
      ('BRL', 'бразильский реал'),
      ('BSD', 'багамский доллар'),
      ('BTN', 'бутанский нгултрум'),
      ('BWP', 'ботсванская пула'),
      ('BYN', 'белорусский рубль'),
      ('BZD', 'белизский доллар'),
      ('CAD', 'канадский доллар'),
      ('CDF', 'конголезский франк'),
      ('CHF', 'швейцарский франк'),
      ('CLP', 'чилийский песо'),
      ('CNY', 'китайский юань'),
      ('COP', 'колумбийский песо'),
      ('CRC', 'костариканский колон'),
      ('CUC', 'кубинский конвертируемый песо'),
      ('CUP', 'кубинский песо'),
      ('CVE', 'эскудо Кабо-Верде'),
      ('CZK', 'чешская крона'),
      ('DJF', 'франк Джибути'),
      ('DKK', 'датская крона'),
      ('DOP', 'доминиканский песо'),
      ('DZD', 'алжирский динар'),
      ('EGP', 'египетский фунт'),
      ('ERN', 'эритрейская накфа'),
      ('ETB', 'эфиопский быр'),
      ('EUR', 'евро'),
      ('FJD', 'доллар Фиджи'),
      ('FKP', 'фунт Фолклендских островов'),
      ('GBP', 'британский фунт стерлингов'),
      ('GEL', 'грузинский лари'),
      ('GHS', 'ганский седи'),
      ('GIP', 'гибралтарский фунт'),
      ('GMD', 'гамбийский даласи'),
      ('GNF', 'гвинейский франк'),
      ('GTQ', 'гватемальский кетсаль'),
      ('GYD', 'гайанский доллар'),
      ('HKD', 'гонконгский доллар'),
      ('HNL', 'гондурасская лемпира'),
      ('HTG', 'гаитянский гурд'),
      ('HUF', 'венгерский форинт'),
      ('IDR', 'индонезийская рупия'),
      ('ILS', 'новый израильский шекель'),
      ('INR', 'индийская рупия'),
      ('IQD', 'иракский динар'),
      ('IRR', 'иранский риал'),
      ('ISK', 'исландская крона'),
      ('JMD', 'ямайский доллар'),
      ('JOD', 'иорданский динар'),
      ('JPY', 'японская иена'),
      ('KES', 'кенийский шиллинг'),
      ('KGS', 'киргизский сом'),
      ('KHR', 'камбоджийский риель'),
      ('KMF', 'коморский франк'),
      ('KPW', 'северокорейская вона'),
      ('KRW', 'южнокорейская вона'),
      ('KWD', 'кувейтский динар'),
      ('KYD', 'доллар Островов Кайман'),
      ('KZT', 'казахский тенге'),
      ('LAK', 'лаосский кип'),
      ('LBP', 'ливанский фунт'),
      ('LKR', 'шри-ланкийская рупия'),
      ('LRD', 'либерийский доллар'),
      ('LSL', 'лоти'),
      ('LYD', 'ливийский динар'),
      ('MAD', 'марокканский дирхам'),
      ('MDL', 'молдавский лей'),
      ('MGA', 'малагасийский ариари'),
      ('MKD', 'македонский денар'),
      ('MMK', 'мьянманский кьят'),
      ('MNT', 'монгольский тугрик'),
      ('MOP', 'патака Макао'),
      ('MRU', 'мавританская угия'),
      ('MUR', 'маврикийская рупия'),
      ('MVR', 'мальдивская руфия'),
      ('MWK', 'малавийская квача'),
      ('MXN', 'мексиканский песо'),
      ('MYR', 'малайзийский ринггит'),
      ('MZN', 'мозамбикский метикал'),
      ('NAD', 'доллар Намибии'),
      ('NGN', 'нигерийская найра'),
      ('NIO', 'никарагуанская кордоба'),
      ('NOK', 'норвежская крона'),
      ('NPR', 'непальская рупия'),
      ('NZD', 'новозеландский доллар'),
      ('OMR', 'оманский риал'),
      ('PAB', 'панамский бальбоа'),
      ('PEN', 'перуанский соль'),
      ('PGK', 'кина Папуа – Новой Гвинеи'),
      ('PHP', 'филиппинский песо'),
      ('PKR', 'пакистанская рупия'),
      ('PLN', 'польский злотый'),
      ('PYG', 'парагвайский гуарани'),
      ('QAR', 'катарский риал'),
      ('RON', 'румынский лей'),
      ('RSD', 'сербский динар'),
      ('RUB', 'российский рубль'),
      ('RWF', 'франк Руанды'),
      ('SAR', 'саудовский риял'),
      ('SBD', 'доллар Соломоновых Островов'),
      ('SCR', 'сейшельская рупия'),
      ('SDG', 'суданский фунт'),
      ('SEK', 'шведская крона'),
      ('SGD', 'сингапурский доллар'),
      ('SHP', 'фунт острова Святой Елены'),
      ('SLE', 'леоне'),
      ('SOS', 'сомалийский шиллинг'),
      ('SRD', 'суринамский доллар'),
      ('SSP', 'южносуданский фунт'),
      ('STN', 'добра Сан-Томе и Принсипи'),
      ('SVC', 'Сальвадорский колон'),
      ('SYP', 'сирийский фунт'),
      ('SZL', 'свазилендский лилангени'),
      ('THB', 'таиландский бат'),
      ('TJS', 'таджикский сомони'),
      ('TMT', 'новый туркменский манат'),
      ('TND', 'тунисский динар'),
      ('TOP', 'тонганская паанга'),
      ('TRY', 'турецкая лира'),
      ('TTD', 'доллар Тринидада и Тобаго'),
      ('TWD', 'новый тайваньский доллар'),
      ('TZS', 'танзанийский шиллинг'),
      ('UAH', 'украинская гривна'),
      ('UGX', 'угандийский шиллинг'),
      ('USD', 'доллар США'),
      ('UYU', 'уругвайский песо'),
      ('UZS', 'узбекский сум'),
      ('VES', 'венесуэльский боливар'),
      ('VND', 'вьетнамский донг'),
      ('VUV', 'вату Вануату'),
      ('WST', 'самоанская тала'),
      ('XAF', 'франк КФА BEAC'),
      ('XCD', 'восточно-карибский доллар'),
      ('XOF', 'франк КФА ВСЕАО'),
      ('XPF', 'французский тихоокеанский франк'),
      ('YER', 'йеменский риал'),
      ('ZAR', 'южноафриканский рэнд'),
      ('ZMW', 'замбийская квача'),
      ('ZWG', 'зимбабвийский золотой')
    ) as ru (value, name) on ru.value = c.value
   where c.value ilike coalesce(pattern, '%') or c.name ilike coalesce(pattern, '%')
      or ru.name ilike coalesce(pattern, '%')
   order by c.value limit 25
$function$;
comment on function app_public.search_currencies(text) is 'Currencies whose code, English name or Russian name matches the pattern, at most 25.';
grant execute on function app_public.search_currencies(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.search_scopes(pattern text DEFAULT '%'::text)
 RETURNS SETOF app_public.scopes
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select s.* from app_public.scopes s where s.name ilike coalesce(pattern, '%') order by s.name limit 25
$function$;
comment on function app_public.search_scopes(text) is 'Scopes (that you can see) whose name matches the pattern, at most 25.';
grant execute on function app_public.search_scopes(text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.set_bill_deleted(bill_id integer, is_deleted boolean)
 RETURNS app_public.bills
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  previous text;
begin
  perform app_hidden.require_transition('bill', case when set_bill_deleted.is_deleted then 'archive' else 'unarchive' end, bill.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = set_bill_deleted.is_deleted where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$function$;
comment on function app_public.set_bill_deleted(integer,boolean) is 'Archives (true) or restores (false) a bill.';
grant execute on function app_public.set_bill_deleted(integer,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.set_default_account(account_id uuid, user_id uuid)
 RETURNS app_public.default_accounts
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  account app_public.accounts := app_hidden.account_exists(set_default_account.account_id);
  result app_public.default_accounts;
begin
  if account.user_id <> set_default_account.user_id then
    perform app_hidden.fail('AccountOwnerNotFound',
      format('Cannot get the account owner. Probably account ''%s'' doesn''t exist', set_default_account.account_id));
  end if;
  insert into app_public.default_accounts (user_id, account_id) values (account.user_id, account.id)
  on conflict on constraint default_accounts_pkey do update set account_id = excluded.account_id
  returning * into result;
  return result;
end;
$function$;
comment on function app_public.set_default_account(uuid,uuid) is 'Makes an account the user''s main account, used at sign-in (one''s own, or with admin:user).';
grant execute on function app_public.set_default_account(uuid,uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.set_document_deleted(document_id uuid, is_deleted boolean)
 RETURNS app_public.documents
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  document app_public.documents := app_hidden.document_for_update(document_id);
begin
  if not app_public.documents_can_delete(document) then
    perform app_hidden.fail('Forbidden', 'You don''t have the permission for this action.');
  end if;
  update app_public.documents d
     set is_deleted = set_document_deleted.is_deleted,
         deleted_by = case when set_document_deleted.is_deleted then app_hidden.current_user_id() end
   where d.id = document.id returning * into document;
  return document;
end;
$function$;
comment on function app_public.set_document_deleted(uuid,boolean) is 'Archives (true) or restores (false) a document; records who archived it.';
grant execute on function app_public.set_document_deleted(uuid,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.set_invoice_deleted(invoice_id integer, is_deleted boolean)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', case when set_invoice_deleted.is_deleted then 'archive' else 'unarchive' end, invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  -- An archived invoice sums all its costs, a live one its live costs: archiving changes the
  -- invoice first and restoring its costs first, so that its totals never drop in between (a
  -- restored invoice with payments was refused: its payments were above the amount of no costs).
  if set_invoice_deleted.is_deleted then
    update app_public.invoices i set is_deleted = true where i.id = invoice.id;
    update app_public.costs c set is_deleted = true where c.invoice_id = invoice.id;
  else
    update app_public.costs c set is_deleted = false where c.invoice_id = invoice.id;
    update app_public.invoices i set is_deleted = false where i.id = invoice.id;
  end if;
  perform app_hidden.set_workflow_mode(previous);
  select * into invoice from app_public.invoices i where i.id = invoice.id;
  return invoice;
end;
$function$;
comment on function app_public.set_invoice_deleted(integer,boolean) is 'Archives (true) or restores (false) an invoice with all its costs; its figures stay.';
grant execute on function app_public.set_invoice_deleted(integer,boolean) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.set_subsidiary_controls(subsidiary_id uuid, approval_limit_usd numeric, lock_date date)
 RETURNS app_public.subsidiaries
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  subsidiary app_public.subsidiaries;
begin
  perform app_hidden.require_scope('admin');
  update app_public.subsidiaries s
     set approval_limit_usd = set_subsidiary_controls.approval_limit_usd, lock_date = set_subsidiary_controls.lock_date
   where s.id = set_subsidiary_controls.subsidiary_id returning * into subsidiary;
  if subsidiary.id is null then
    perform app_hidden.fail('SubsidiaryNotFound', 'Subsidiary not found');
  end if;
  return subsidiary;
end;
$function$;
comment on function app_public.set_subsidiary_controls(uuid,numeric,date) is 'Sets a subsidiary''s approval limit in USD and lock date (null clears); admin only, logged in subsidiaryControlChanges.';
grant execute on function app_public.set_subsidiary_controls(uuid,numeric,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.similar_companies(name text, tax_id text DEFAULT NULL::text)
 RETURNS SETOF app_public.company
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with target as (select app_hidden.normalized_company_name(name) as n, nullif(btrim(tax_id), '') as tax_id),
  companies as (
    select id, 'client' as type, legal_name, short_name, c.tax_id from app_public.clients c
    union all select id, 'supplier', legal_name, short_name, s.tax_id from app_public.suppliers s
    union all select id, 'subsidiary', legal_name, short_name, null from app_public.subsidiaries
  )
  select c.id, c.type, c.legal_name, c.short_name
    from companies c, target t
   where (t.n <> '' and (app_hidden.normalized_company_name(c.legal_name) = t.n
          or app_hidden.normalized_company_name(c.short_name) = t.n
          or position(t.n in app_hidden.normalized_company_name(c.legal_name)) > 0
          or position(app_hidden.normalized_company_name(c.legal_name) in t.n) > 0))
      or (t.tax_id is not null and c.tax_id = t.tax_id)
   order by (t.tax_id is not null and c.tax_id = t.tax_id) desc, c.legal_name limit 10
$function$;
comment on function app_public.similar_companies(text,text) is 'Clients, suppliers and subsidiaries whose name is like the given one (ignoring case, punctuation and legal forms) or that have the given tax id.';
grant execute on function app_public.similar_companies(text,text) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.undo_bank_match(line_id uuid)
 RETURNS app_public.bank_statement_lines
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  line app_public.bank_statement_lines := app_hidden.bank_line_for_change(line_id);
  m record;
begin
  if line.status = 'unmatched' then
    perform app_hidden.fail('BankLineNotMatched', 'The line has no match to undo.');
  end if;
  for m in select blp.payment_id, blp.created from app_public.bank_line_payments blp where blp.line_id = line.id loop
    if m.created then
      perform app_public.delete_payment(m.payment_id);
    else
      perform app_hidden.bank_line_unlink(line.id, m.payment_id);
    end if;
  end loop;
  perform app_hidden.bank_line_refresh(line.id);
  select * into line from app_public.bank_statement_lines l where l.id = line.id;
  return line;
end;
$function$;
comment on function app_public.undo_bank_match(uuid) is 'Removes the payments a line''s match created (or unlinks hand-made ones), or its not-a-payment mark.';
grant execute on function app_public.undo_bank_match(uuid) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.unpaid_bills_total()
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select (coalesce((select sum(s.outstanding_usd) from app_public.bill_outstanding_by_subsidiary s), 0)
        + coalesce((select sum(p.outstanding_usd) from app_public.bill_outstanding_by_project p
                     where p.project_id = any ((select app_hidden.allowed_project_ids())::uuid[])), 0))::numeric(18,2)
$function$;
comment on function app_public.unpaid_bills_total() is 'What every live bill you may see still owes, in USD: the unpaid view''s total without filters, the same sum as outstandingUsdTotal of the bills with outstanding > 0, from totals kept per subsidiary and project.';
grant execute on function app_public.unpaid_bills_total() to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.update_account_projects(account_id uuid, add uuid[] DEFAULT '{}'::uuid[], remove uuid[] DEFAULT '{}'::uuid[])
 RETURNS app_public.accounts
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  account app_public.accounts := app_hidden.account_exists(account_id);
begin
  delete from app_public.accounts_projects s where s.account_id = account.id and s.project_id = any(coalesce(remove, '{}'));
  insert into app_public.accounts_projects (account_id, project_id)
  select account.id, s from unnest(coalesce(add, '{}')) s group by s on conflict do nothing;
  return account;
end;
$function$;
comment on function app_public.update_account_projects(uuid,uuid[],uuid[]) is 'Adds and removes the projects an account is limited to (admin:user).';
grant execute on function app_public.update_account_projects(uuid,uuid[],uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.update_account_scopes(account_id uuid, add text[] DEFAULT '{}'::text[], remove_ids uuid[] DEFAULT '{}'::uuid[])
 RETURNS app_public.accounts
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  account app_public.accounts := app_hidden.account_exists(account_id);
begin
  delete from app_public.accounts_scopes s where s.account_id = account.id and s.id = any(coalesce(remove_ids, '{}'));
  insert into app_public.accounts_scopes (account_id, scope)
  select account.id, s from unnest(coalesce(add, '{}')) s group by s
  on conflict on constraint accounts_scopes_unique do nothing;
  return account;
end;
$function$;
comment on function app_public.update_account_scopes(uuid,text[],uuid[]) is 'Adds scopes to an account and removes its additional scope rows (admin:user).';
grant execute on function app_public.update_account_scopes(uuid,text[],uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.update_account_subsidiaries(account_id uuid, add uuid[] DEFAULT '{}'::uuid[], remove uuid[] DEFAULT '{}'::uuid[])
 RETURNS app_public.accounts
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  account app_public.accounts := app_hidden.account_exists(account_id);
begin
  delete from app_public.accounts_subsidiaries s where s.account_id = account.id and s.subsidiary_id = any(coalesce(remove, '{}'));
  insert into app_public.accounts_subsidiaries (account_id, subsidiary_id)
  select account.id, s from unnest(coalesce(add, '{}')) s group by s on conflict do nothing;
  return account;
end;
$function$;
comment on function app_public.update_account_subsidiaries(uuid,uuid[],uuid[]) is 'Adds and removes the subsidiaries an account is limited to (admin:user).';
grant execute on function app_public.update_account_subsidiaries(uuid,uuid[],uuid[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.update_costs(ids integer[], patch jsonb)
 RETURNS SETOF app_public.costs
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  allowed constant text[] := array['name', 'description', 'amount', 'vat', 'to_bill', 'cost_type_id', 'project_id', 'period', 'year'];
  key text;
begin
  perform app_hidden.require_ids(ids);
  for key in select jsonb_object_keys(coalesce(patch, '{}')) loop
    if not key = any(allowed) then
      perform app_hidden.fail('InvalidInput', format('The field %s cannot be changed here.', key));
    end if;
  end loop;
  if coalesce(patch, '{}') = '{}' then
    perform app_hidden.fail('NoChanges', 'No changes found. Do not update.');
  end if;
  if (select count(*) from app_public.costs c where c.id = any(ids)) <> cardinality(array(select distinct unnest(ids))) then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  return query
  update app_public.costs c
     set name = p.name, description = p.description, amount = p.amount, vat = p.vat, to_bill = p.to_bill,
         cost_type_id = p.cost_type_id, project_id = p.project_id, period = p.period, year = p.year
    from app_public.costs old
    cross join lateral jsonb_populate_record(old, patch) p
   where c.id = old.id and old.id = any(ids)
  returning c.*;
end;
$function$;
comment on function app_public.update_costs(integer[],jsonb) is 'Sets the same fields on several costs: patch keys are column names (name, description, amount, vat, to_bill, cost_type_id, project_id, period, year).';
grant execute on function app_public.update_costs(integer[],jsonb) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.update_role_scopes(role_id uuid, add text[] DEFAULT '{}'::text[], remove text[] DEFAULT '{}'::text[])
 RETURNS app_public.roles
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  role app_public.roles;
begin
  select * into role from app_public.roles r where r.id = role_id;
  if role.id is null then
    perform app_hidden.fail('RoleNotFound', 'The role not found');
  end if;
  delete from app_public.role_scopes rs where rs.role_id = role.id and rs.scope = any(coalesce(remove, '{}'));
  insert into app_public.role_scopes (role_id, scope)
  select role.id, s from unnest(coalesce(add, '{}')) s group by s
  on conflict on constraint role_scopes_unique do nothing;
  return role;
end;
$function$;
comment on function app_public.update_role_scopes(uuid,text[],text[]) is 'Adds and removes scopes of a role; a role keeps at least one (admin:role).';
grant execute on function app_public.update_role_scopes(uuid,text[],text[]) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.usd_rate(currency text, on_date date)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select app_hidden.usd_rate(currency, on_date)
$function$;
comment on function app_public.usd_rate(text,date) is 'USD per unit of the currency on the date (the latest rate on or before it), as cost amounts in USD use.';
grant execute on function app_public.usd_rate(text,date) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.users_current_account(u app_public.users)
 RETURNS app_public.accounts
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select a.* from app_public.accounts a
   where u.id = app_hidden.current_user_id() and a.user_id = u.id and a.id = app_hidden.current_account_id()
$function$;
comment on function app_public.users_current_account(app_public.users) is 'For the signed-in user: the account they are working in.';
grant execute on function app_public.users_current_account(app_public.users) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.users_display_name(u app_public.users)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select btrim(concat_ws(' ', u.first_name,
    nullif(concat(left(btrim(u.last_name), 1) || '.', left(nullif(btrim(u.additional_name), ''), 1) || '.'), '')))
$function$;
comment on function app_public.users_display_name(app_public.users) is 'First name plus the initials of the last name and additional name, e.g. "Anna K.P.".';
grant execute on function app_public.users_display_name(app_public.users) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.users_effective_scopes(u app_public.users)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when u.id = app_hidden.current_user_id() then app_hidden.current_scopes() end
$function$;
comment on function app_public.users_effective_scopes(app_public.users) is 'For the signed-in user: every scope the current account grants (role, additional scopes and implications).';
grant execute on function app_public.users_effective_scopes(app_public.users) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.users_unread_notifications_count(u app_public.users)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select count(*)::integer from app_public.notifications n where n.user_id = u.id and not n.is_read
$function$;
comment on function app_public.users_unread_notifications_count(app_public.users) is 'How many of the user''s notifications are unread (only your own are visible).';
grant execute on function app_public.users_unread_notifications_count(app_public.users) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.validate_bill(bill_id integer)
 RETURNS app_public.bills
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  previous text;
begin
  perform app_hidden.require_transition('bill', 'validate', bill.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'validated' where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$function$;
comment on function app_public.validate_bill(integer) is 'Open → validated: valid and payable (bill:write).';
grant execute on function app_public.validate_bill(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.validate_invoice(invoice_id integer)
 RETURNS app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'validate', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'validated', validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$function$;
comment on function app_public.validate_invoice(integer) is 'Open → validated, every live cost approved; records the validator (validate_invoice).';
grant execute on function app_public.validate_invoice(integer) to ledgerline_visitor;

CREATE OR REPLACE FUNCTION app_public.validate_invoices(ids integer[])
 RETURNS SETOF app_public.invoices
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare item integer;
begin
  perform app_hidden.require_ids(ids);
  foreach item in array ids loop return next app_public.validate_invoice(item); end loop;
end;
$function$;
comment on function app_public.validate_invoices(integer[]) is 'Validates each invoice, all or nothing.';
grant execute on function app_public.validate_invoices(integer[]) to ledgerline_visitor;
