-- What the banking screens sort and search by (PostGraphile offers orderBy and filter on indexed
-- columns only; these are searched within one bank account, or in a table of a few rows).
comment on column app_public.bank_accounts.name is E'@behavior +filterBy +orderBy\nThe account''s name, e.g. "ABN AMRO current account".';
comment on column app_public.bank_accounts.iban is E'@behavior +filterBy\nIBAN (ISO 13616, checked), stored without spaces in upper case.';
comment on column app_public.bank_accounts.account_number is E'@behavior +filterBy\nThe account number, for an account without an IBAN.';
comment on column app_public.bank_accounts.created_at is E'@behavior +filterBy +orderBy';
comment on column app_public.bank_statement_lines.counterparty_name is E'@behavior +filterBy\nWho paid or was paid, as the bank names them.';
comment on column app_public.bank_statement_lines.remittance is E'@behavior +filterBy\nThe remittance text (what the payer wrote).';
comment on column app_public.bank_statement_lines.bank_reference is E'@behavior +filterBy\nThe bank''s or the payer''s reference (end-to-end id).';
create index bank_statement_lines_account_amount_idx on app_public.bank_statement_lines (bank_account_id, amount, id);
-- Payments are searched by their reference.
comment on column app_public.payments.reference is E'@behavior +filterBy\nThe payment''s reference: the bank reference of the statement line it was matched from, or what the payer typed.';
