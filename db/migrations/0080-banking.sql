-- Bank accounts, imported bank statements and their lines, and the matching of lines to invoices
-- and bills (docs/reconciliation.md).
--
-- Visibility follows the subsidiary, as for invoices and bills: a bank account, its statements and
-- lines are seen with payment:read in a visible subsidiary. Bank accounts are written with
-- company:write_subsidiary (the people who manage the subsidiaries). Statements are imported and
-- matched with payment:write: matching creates payments through the same SQL functions as a
-- payment typed by hand (create_invoice_payment, create_bill_payment, delete_payment), so every
-- check of a hand-made payment holds for a matched one too.
--
-- Statements and lines are written only by the functions below: the tables grant the visitor no
-- insert, update or delete; the bookkeeping helpers are security definer in app_hidden and are
-- called only after the public function has checked the caller's scope and that the caller sees
-- the line.

--------------------------------------------------------------------------------------------------
-- IBAN (ISO 13616): two letters, two check digits, up to 30 letters and digits; the number made of
-- the rearranged IBAN (letters as 10..35) leaves 1 when divided by 97.

create function app_hidden.normalize_iban(iban text) returns text
language sql immutable set search_path = pg_catalog as $$
  select nullif(upper(regexp_replace(iban, '\s', '', 'g')), '')
$$;
comment on function app_hidden.normalize_iban(text) is 'An IBAN without spaces, upper case; null for an empty one.';

create function app_hidden.iban_valid(iban text) returns boolean
language plpgsql immutable set search_path = pg_catalog as $$
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
$$;
comment on function app_hidden.iban_valid(text) is 'Whether a normalized IBAN has the ISO 13616 form and mod-97 check digits.';
grant execute on function app_hidden.normalize_iban(text), app_hidden.iban_valid(text) to ledgerline_visitor;

--------------------------------------------------------------------------------------------------
-- Bank accounts

create table app_public.bank_accounts (
  id uuid primary key default gen_random_uuid(),
  subsidiary_id uuid not null references app_public.subsidiaries (id) on delete restrict,
  name text not null constraint bank_accounts_name_required check (btrim(name) <> ''),
  iban text constraint bank_accounts_iban_valid check (iban is null or app_hidden.iban_valid(iban)),
  account_number text,
  bic text constraint bank_accounts_bic_format check (bic is null or bic ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  currency char(3) not null references app_public.currencies (value) on update cascade on delete restrict,
  csv_mapping jsonb constraint bank_accounts_csv_mapping_object check (csv_mapping is null or jsonb_typeof(csv_mapping) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bank_accounts_identifier_required check (iban is not null or nullif(btrim(account_number), '') is not null),
  constraint bank_accounts_name_unique unique (subsidiary_id, name)
);
comment on table app_public.bank_accounts is 'A bank account of a subsidiary: its statements are imported and matched to invoices and bills.';
comment on column app_public.bank_accounts.iban is 'IBAN (ISO 13616, checked), stored without spaces in upper case.';
comment on column app_public.bank_accounts.account_number is 'The account number, for an account without an IBAN.';
comment on column app_public.bank_accounts.csv_mapping is 'How a CSV statement of this account is read: columns of date, amount, counterparty, remittance; saved at the last CSV import.';
create unique index bank_accounts_iban_unique on app_public.bank_accounts (iban) where iban is not null;
create index bank_accounts_subsidiary_id_idx on app_public.bank_accounts (subsidiary_id);
create index bank_accounts_currency_idx on app_public.bank_accounts (currency);
create trigger _100_timestamps before insert or update on app_public.bank_accounts for each row execute function app_private.tg__timestamps();

create function app_private.tg_bank_accounts__normalize() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  new.iban := app_hidden.normalize_iban(new.iban);
  new.bic := nullif(upper(btrim(new.bic)), '');
  new.account_number := nullif(btrim(new.account_number), '');
  return new;
end;
$$;
create trigger _050_normalize before insert or update on app_public.bank_accounts
  for each row execute function app_private.tg_bank_accounts__normalize();

alter table app_public.bank_accounts enable row level security;
create policy select_allowed on app_public.bank_accounts for select using (
  (select app_hidden.has_scope('payment:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
);
create policy insert_writer on app_public.bank_accounts for insert with check (
  (select app_hidden.has_scope('company:write_subsidiary'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
);
create policy update_writer on app_public.bank_accounts for update using (
  (select app_hidden.has_scope('company:write_subsidiary'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
) with check (
  app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
);
create policy delete_writer on app_public.bank_accounts for delete using (
  (select app_hidden.has_scope('company:write_subsidiary'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
);
grant select, delete on app_public.bank_accounts to ledgerline_visitor;
grant insert (subsidiary_id, name, iban, account_number, bic, currency),
      update (name, iban, account_number, bic, currency)
  on app_public.bank_accounts to ledgerline_visitor;

--------------------------------------------------------------------------------------------------
-- Statements and lines

create table app_public.bank_statements (
  id uuid primary key default gen_random_uuid(),
  bank_account_id uuid not null references app_public.bank_accounts (id) on delete restrict,
  subsidiary_id uuid not null references app_public.subsidiaries (id) on delete restrict,
  format text not null constraint bank_statements_format check (format in ('camt053', 'mt940', 'csv')),
  statement_ref text not null constraint bank_statements_ref_required check (btrim(statement_ref) <> ''),
  content_sha256 text not null constraint bank_statements_sha256_format check (content_sha256 ~ '^[0-9a-f]{64}$'),
  file_id uuid references app_public.files (id) on delete set null,
  currency char(3) not null references app_public.currencies (value) on update cascade on delete restrict,
  from_date date not null,
  to_date date not null,
  opening_balance numeric(18, 2) not null,
  closing_balance numeric(18, 2) not null,
  line_count integer not null default 0,
  imported_by uuid references app_public.users (id) on delete set null,
  imported_at timestamptz not null default now(),
  constraint bank_statements_dates_order check (to_date >= from_date),
  constraint bank_statements_ref_unique unique (bank_account_id, statement_ref),
  constraint bank_statements_content_unique unique (content_sha256)
);
comment on table app_public.bank_statements is 'A bank statement imported from a camt.053, MT940 or CSV file; its file is kept.';
comment on column app_public.bank_statements.subsidiary_id is E'@behavior -*\nThe bank account''s subsidiary (kept for the visibility rule).';
comment on column app_public.bank_statements.content_sha256 is 'SHA-256 of the imported file: the same file is never imported twice.';
create index bank_statements_account_idx on app_public.bank_statements (bank_account_id, to_date desc);
create index bank_statements_subsidiary_id_idx on app_public.bank_statements (subsidiary_id);
create index bank_statements_file_id_idx on app_public.bank_statements (file_id);
create index bank_statements_imported_by_idx on app_public.bank_statements (imported_by);

create table app_public.bank_statement_lines (
  id uuid primary key default gen_random_uuid(),
  statement_id uuid not null references app_public.bank_statements (id) on delete cascade,
  bank_account_id uuid not null references app_public.bank_accounts (id) on delete restrict,
  subsidiary_id uuid not null references app_public.subsidiaries (id) on delete restrict,
  position integer not null,
  booking_date date not null,
  value_date date not null,
  amount numeric(18, 2) not null constraint bank_statement_lines_amount_nonzero check (amount <> 0),
  currency char(3) not null references app_public.currencies (value) on update cascade on delete restrict,
  counterparty_name text,
  counterparty_iban text,
  remittance text,
  bank_reference text,
  status text not null default 'unmatched'
    constraint bank_statement_lines_status check (status in ('unmatched', 'partly_matched', 'matched', 'ignored')),
  matched_amount numeric(18, 2) not null default 0,
  ignore_note text,
  suggested_invoice_id integer references app_public.invoices (id) on delete set null,
  suggested_bill_id integer references app_public.bills (id) on delete set null,
  suggestion_confidence text constraint bank_statement_lines_confidence check (suggestion_confidence in ('high', 'medium')),
  constraint bank_statement_lines_position_unique unique (statement_id, position),
  constraint bank_statement_lines_note_when_ignored check (status <> 'ignored' or btrim(ignore_note) <> '')
);
comment on table app_public.bank_statement_lines is 'A booked line of a bank statement: money in (positive, settles bills) or out (negative, pays invoices).';
comment on column app_public.bank_statement_lines.subsidiary_id is E'@behavior -*\nThe bank account''s subsidiary (kept for the visibility rule).';
comment on column app_public.bank_statement_lines.status is 'unmatched, partly_matched, matched (payments cover the whole amount) or ignored (not an invoice or bill payment, with a note).';
comment on column app_public.bank_statement_lines.matched_amount is 'The sum of the payments matched to the line (always positive).';
comment on column app_public.bank_statement_lines.suggestion_confidence is 'The best suggestion found at import: high (the one open record with this remaining amount and its number in the remittance) or medium (the one with this remaining amount).';
create index bank_statement_lines_queue_idx on app_public.bank_statement_lines (bank_account_id, status, value_date, id);
create index bank_statement_lines_statement_idx on app_public.bank_statement_lines (statement_id, position);
create index bank_statement_lines_subsidiary_status_idx on app_public.bank_statement_lines (subsidiary_id, status);
create index bank_statement_lines_suggested_invoice_idx on app_public.bank_statement_lines (suggested_invoice_id);
create index bank_statement_lines_suggested_bill_idx on app_public.bank_statement_lines (suggested_bill_id);
create index bank_statement_lines_counterparty_iban_idx on app_public.bank_statement_lines (counterparty_iban) where counterparty_iban is not null;

-- A payment matched to a statement line; created: the match created the payment (undo deletes it),
-- otherwise a payment typed by hand was linked (undo only unlinks it).
create table app_public.bank_line_payments (
  id uuid primary key default gen_random_uuid(),
  line_id uuid not null references app_public.bank_statement_lines (id) on delete cascade,
  payment_id uuid not null references app_public.payments (id) on delete cascade,
  subsidiary_id uuid not null references app_public.subsidiaries (id) on delete restrict,
  created boolean not null,
  created_by uuid references app_public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint bank_line_payments_payment_unique unique (payment_id)
);
comment on table app_public.bank_line_payments is 'A payment matched to a bank statement line (a line may be split over several payments).';
comment on column app_public.bank_line_payments.subsidiary_id is E'@behavior -*\nThe line''s subsidiary (kept for the visibility rule).';
comment on column app_public.bank_line_payments.created is 'Whether accepting the match created the payment (undo deletes it) or a hand-made payment was linked (undo unlinks it).';
create index bank_line_payments_line_id_idx on app_public.bank_line_payments (line_id);
create index bank_line_payments_subsidiary_id_idx on app_public.bank_line_payments (subsidiary_id);
create index bank_line_payments_created_by_idx on app_public.bank_line_payments (created_by);

do $$
declare
  t text;
begin
  foreach t in array array['bank_statements', 'bank_statement_lines', 'bank_line_payments'] loop
    execute format('alter table app_public.%I enable row level security', t);
    execute format($p$create policy select_allowed on app_public.%I for select using (
      (select app_hidden.has_scope('payment:read'))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids())))$p$, t);
    execute format('grant select on app_public.%I to ledgerline_visitor', t);
  end loop;
end;
$$;

-- The statement file is visible to whoever sees the statement.
drop policy select_visible on app_public.files;
create policy select_visible on app_public.files for select using (
  uploaded_by = (select app_hidden.current_user_id())
  or exists (select from app_public.bills_files l join app_public.bills b on b.id = l.bill_id where l.file_id = files.id)
  or exists (select from app_public.invoices_files l join app_public.invoices i on i.id = l.invoice_id where l.file_id = files.id)
  or exists (select from app_public.costs_files l join app_public.costs c on c.id = l.cost_id where l.file_id = files.id)
  or exists (select from app_public.documents_files l join app_public.documents d on d.id = l.document_id where l.file_id = files.id)
  or exists (select from app_public.bills b where b.act_id = files.id)
  or exists (select from app_public.bank_statements s where s.file_id = files.id)
  or ((select app_hidden.current_user_id()) is not null
      and exists (select from app_public.users u where u.avatar_file_id = files.id))
);

--------------------------------------------------------------------------------------------------
-- Payments carry a reference (a statement line's bank reference when a match created them).

alter table app_public.payments add column reference text;
comment on column app_public.payments.reference is 'The payment''s reference: the bank reference of the statement line it was matched from, or what the payer typed.';
create index payments_reference_idx on app_public.payments (lower(reference)) where reference is not null;
grant insert (reference), update (reference) on app_public.payments to ledgerline_visitor;

-- The statement line a payment was matched to, if any.
create function app_public.payments_bank_line_id(payment app_public.payments) returns uuid
language sql stable set search_path = pg_catalog as $$
  select blp.line_id from app_public.bank_line_payments blp where blp.payment_id = payment.id
$$;
comment on function app_public.payments_bank_line_id(app_public.payments) is 'The bank statement line the payment is matched to (null: not seen on a statement yet).';

--------------------------------------------------------------------------------------------------
-- Import

-- Saves the CSV column mapping of an account at a CSV import (by whoever may import; the caller
-- has been checked to see the account).
create function app_hidden.save_bank_csv_mapping(bank_account_id uuid, mapping jsonb) returns void
language sql volatile security definer set search_path = pg_catalog as $$
  update app_public.bank_accounts a set csv_mapping = mapping where a.id = bank_account_id
$$;
revoke execute on function app_hidden.save_bank_csv_mapping(uuid, jsonb) from public;
grant execute on function app_hidden.save_bank_csv_mapping(uuid, jsonb) to ledgerline_visitor;

-- Writes a checked statement and its lines (security definer: the visitor has no write grants on
-- the statement tables; the caller, import_bank_statement, has checked the scope, the account and
-- the balances). Refuses a duplicate across all accounts: the same file is never imported twice.
create function app_hidden.store_bank_statement(account app_public.bank_accounts, statement_format text, ref text,
  content_sha256 text, file_id uuid, opening numeric, closing numeric, line_total integer, statement jsonb)
returns app_public.bank_statements
language plpgsql volatile security definer set search_path = pg_catalog as $$
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
$$;
revoke execute on function app_hidden.store_bank_statement(app_public.bank_accounts, text, text, text, uuid, numeric, numeric, integer, jsonb) from public;
grant execute on function app_hidden.store_bank_statement(app_public.bank_accounts, text, text, text, uuid, numeric, numeric, integer, jsonb) to ledgerline_visitor;

-- Stores a parsed statement: refuses a statement already imported (the same account and statement
-- id, or the same file), one in another currency than the account, and one whose lines do not add
-- up from the opening to the closing balance. All or nothing (the caller's transaction).
-- statement: {statementId, currency, openingBalance, closingBalance, fromDate, toDate,
--             lines: [{line, bookingDate, valueDate, amount, counterpartyName, counterpartyIban,
--                      remittance, reference}]}
create function app_hidden.import_bank_statement(bank_account_id uuid, statement_format text, file_id uuid,
  content_sha256 text, statement jsonb, csv_mapping jsonb default null) returns app_public.bank_statements
language plpgsql volatile set search_path = pg_catalog as $$
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
$$;
comment on function app_hidden.import_bank_statement(uuid, text, uuid, text, jsonb, jsonb) is 'Stores a parsed bank statement and its lines after the duplicate and balance checks.';
grant execute on function app_hidden.import_bank_statement(uuid, text, uuid, text, jsonb, jsonb) to ledgerline_visitor;

--------------------------------------------------------------------------------------------------
-- Suggestions

-- Open invoices and bills with what is left to pay: the candidates of a match. Invoices are paid
-- with money going out (direction -1), bills with money coming in (+1). Runs as the caller, so
-- only the records the caller sees are candidates.
create view app_hidden.open_payables with (security_invoker = true) as
select 'invoice'::text as kind, i.id as invoice_id, null::integer as bill_id, i.id as record_id, -1 as direction,
       i.subsidiary_id, i.currency::text as currency, i.invoice_ref as number,
       i.amount_w_vat - coalesce(paid.amount, 0) as remaining, coalesce(i.due_date, i.invoice_date) as due_date,
       i.supplier_id as party_id, coalesce(s.short_name, s.legal_name) as party_name, s.legal_name as party_legal_name
  from app_public.invoices i
  join app_public.suppliers s on s.id = i.supplier_id
  left join lateral (select sum(p.amount) as amount from app_public.invoices_payments ip
                       join app_public.payments p on p.id = ip.payment_id where ip.invoice_id = i.id) paid on true
 where i.status in ('open', 'validated') and not i.is_deleted and i.payment_status <> 'paid'
union all
select 'bill', null, b.id, b.id, 1, b.subsidiary_id, b.currency::text, b.invoice_ref,
       b.amount_w_vat - coalesce(paid.amount, 0), coalesce(b.due_date, b.invoice_date),
       b.client_id, coalesce(c.short_name, c.legal_name), c.legal_name
  from app_public.bills b
  join app_public.clients c on c.id = b.client_id
  left join lateral (select sum(p.amount) as amount from app_public.bills_payments bp
                       join app_public.payments p on p.id = bp.payment_id where bp.bill_id = b.id) paid on true
 where b.status in ('open', 'validated') and not b.is_deleted and b.payment_status <> 'paid';
comment on view app_hidden.open_payables is 'Open invoices (paid with outgoing money) and bills (paid with incoming money) with their remaining amount, as the caller sees them.';
grant select on app_hidden.open_payables to ledgerline_visitor;

-- Whether a record's number appears in a remittance text (numbers shorter than 3 characters are
-- never taken as found: they would be found everywhere).
create function app_hidden.number_in_text(number text, body text) returns boolean
language sql immutable set search_path = pg_catalog as $$
  select coalesce(length(btrim(number)) >= 3 and strpos(lower(body), lower(btrim(number))) > 0, false)
$$;

-- Whether a counterparty name on a line names the party (one contains the other, case ignored).
create function app_hidden.party_name_matches(line_name text, party_name text, party_legal_name text) returns boolean
language sql immutable set search_path = pg_catalog as $$
  select coalesce(length(btrim(line_name)) >= 3 and (
           strpos(lower(line_name), lower(btrim(party_name))) > 0
        or strpos(lower(party_legal_name), lower(btrim(line_name))) > 0
        or strpos(lower(line_name), lower(btrim(party_legal_name))) > 0), false)
$$;

-- Stores the best suggestion of every open line of a statement, set-based (one pass, for a
-- 10,000-line statement): the one open record of the subsidiary and currency, on the side of the
-- money, whose remaining amount is the line's amount; high when exactly one record of that amount
-- has its number in the remittance text, medium when it is the only record of that amount.
-- Runs as the caller (the candidates are the records the caller sees); the suggestion columns are
-- written by a security definer helper.
create function app_hidden.suggest_bank_matches(statement_id uuid) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  found_lines uuid[];
  found_invoices integer[];
  found_bills integer[];
  found_confidence text[];
begin
  with lines as (
    select l.id, l.subsidiary_id, l.currency::text as currency, sign(l.amount)::integer as direction,
           abs(l.amount) - l.matched_amount as amount,
           coalesce(l.remittance, '') || ' ' || coalesce(l.bank_reference, '') as body
      from app_public.bank_statement_lines l
     where l.statement_id = suggest_bank_matches.statement_id and l.status in ('unmatched', 'partly_matched')
  ), candidates as (
    select l.id as line_id, c.invoice_id, c.bill_id,
           app_hidden.number_in_text(c.number, l.body) as by_number
      from lines l
      join app_hidden.open_payables c
        on c.subsidiary_id = l.subsidiary_id and c.currency = l.currency and c.direction = l.direction
       and c.remaining = l.amount
  ), best as (
    select line_id,
           count(*) as total,
           count(*) filter (where by_number) as numbered,
           (array_agg(invoice_id order by by_number desc, invoice_id, bill_id))[1] as invoice_id,
           (array_agg(bill_id order by by_number desc, invoice_id, bill_id))[1] as bill_id
      from candidates group by line_id
  )
  select array_agg(line_id), array_agg(invoice_id), array_agg(bill_id),
         array_agg(case when numbered = 1 then 'high' else 'medium' end)
    into found_lines, found_invoices, found_bills, found_confidence
    from best where numbered = 1 or total = 1;
  return app_hidden.bank_lines_store_suggestions(coalesce(found_lines, '{}'), coalesce(found_invoices, '{}'),
                                                 coalesce(found_bills, '{}'), coalesce(found_confidence, '{}'));
end;
$$;
comment on function app_hidden.suggest_bank_matches(uuid) is 'Stores the best suggestion (high or medium confidence) of each open line of a statement.';

create function app_hidden.bank_lines_store_suggestions(line_ids uuid[], invoice_ids integer[], bill_ids integer[],
  confidences text[]) returns integer
language plpgsql volatile security definer set search_path = pg_catalog as $$
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
$$;
revoke execute on function app_hidden.bank_lines_store_suggestions(uuid[], integer[], integer[], text[]) from public;
grant execute on function app_hidden.suggest_bank_matches(uuid),
  app_hidden.bank_lines_store_suggestions(uuid[], integer[], integer[], text[]) to ledgerline_visitor;

create type app_public.bank_match_suggestion as (
  kind text,
  invoice_id integer,
  bill_id integer,
  number text,
  party_name text,
  remaining numeric,
  currency text,
  due_date date,
  score integer,
  amount_matches boolean,
  number_matches boolean,
  party_matches boolean,
  confidence text
);
comment on type app_public.bank_match_suggestion is 'An open invoice or bill that a statement line may pay, with why it was proposed (score: higher is better).';

-- The ranked suggestions for one line: open invoices (money out) or bills (money in) of the line's
-- subsidiary and currency that the caller sees. Score: remaining amount equal to the line's 50,
-- the number in the remittance 40, the counterparty (name, or an IBAN seen on its earlier
-- payments) 20, the due date within 30 days of the value date 10 (5 within 90). High confidence:
-- the one candidate with both the amount and the number.
create function app_public.bank_statement_lines_suggestions(line app_public.bank_statement_lines)
returns setof app_public.bank_match_suggestion
language sql stable set search_path = pg_catalog as $$
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
$$;
comment on function app_public.bank_statement_lines_suggestions(app_public.bank_statement_lines) is 'Open invoices or bills this line may pay, best first (at most 20).';

--------------------------------------------------------------------------------------------------
-- Matching

-- The line as the caller sees it, with every change to it serialized; 'BankLineNotFound' otherwise.
create function app_hidden.bank_line_for_change(line_id uuid) returns app_public.bank_statement_lines
language plpgsql volatile set search_path = pg_catalog as $$
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
$$;

-- Bookkeeping of a line the caller has been checked to see and change (security definer: the
-- visitor has no write grants on these tables).
create function app_hidden.bank_line_link(line_id uuid, payment_id uuid, created boolean) returns void
language plpgsql volatile security definer set search_path = pg_catalog as $$
begin
  insert into app_public.bank_line_payments (line_id, payment_id, subsidiary_id, created, created_by)
  select l.id, bank_line_link.payment_id, l.subsidiary_id, bank_line_link.created, app_hidden.current_user_id()
    from app_public.bank_statement_lines l where l.id = bank_line_link.line_id;
end;
$$;

create function app_hidden.bank_line_unlink(line_id uuid, payment_id uuid) returns void
language sql volatile security definer set search_path = pg_catalog as $$
  delete from app_public.bank_line_payments blp
   where blp.line_id = bank_line_unlink.line_id and blp.payment_id = bank_line_unlink.payment_id
$$;

-- Sets a line's matched amount and status from its payments (or marks it ignored with a note).
create function app_hidden.bank_line_refresh(line_id uuid, ignore_note text default null) returns void
language plpgsql volatile security definer set search_path = pg_catalog as $$
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
$$;
revoke execute on function app_hidden.bank_line_link(uuid, uuid, boolean), app_hidden.bank_line_unlink(uuid, uuid),
  app_hidden.bank_line_refresh(uuid, text) from public;
grant execute on function app_hidden.bank_line_link(uuid, uuid, boolean), app_hidden.bank_line_unlink(uuid, uuid),
  app_hidden.bank_line_refresh(uuid, text), app_hidden.bank_line_for_change(uuid),
  app_hidden.number_in_text(text, text), app_hidden.party_name_matches(text, text, text) to ledgerline_visitor;

-- Checks that a record may be paid from a line: the same subsidiary, the side of the money, and
-- the amount within what is left of the line.
create function app_hidden.check_bank_allocation(line app_public.bank_statement_lines, kind text,
  record_subsidiary uuid, amount numeric) returns void
language plpgsql stable set search_path = pg_catalog as $$
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
$$;

grant execute on function app_hidden.check_bank_allocation(app_public.bank_statement_lines, text, uuid, numeric) to ledgerline_visitor;

create type app_public.bank_allocation as (
  invoice_id integer,
  bill_id integer,
  amount numeric
);
comment on type app_public.bank_allocation is 'Part of a statement line paying an invoice (invoice_id) or a bill (bill_id).';

-- Accepts a match: one payment per allocation, created by the same functions as a hand-made
-- payment (method transaction, dated the line's value date, the line's reference), in one
-- transaction. A line may be split over several records; the allocations may not exceed what is
-- left of the line.
create function app_public.accept_bank_match(line_id uuid, allocations app_public.bank_allocation[])
returns app_public.bank_statement_lines
language plpgsql volatile set search_path = pg_catalog as $$
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
$$;
comment on function app_public.accept_bank_match(uuid, app_public.bank_allocation[]) is 'Pays invoices or bills from a statement line: one payment per allocation (method transaction, the line''s value date and reference), all or nothing.';

-- Links a payment typed by hand to the line it was seen on.
create function app_public.link_bank_line_payment(line_id uuid, payment_id uuid)
returns app_public.bank_statement_lines
language plpgsql volatile set search_path = pg_catalog as $$
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
$$;
comment on function app_public.link_bank_line_payment(uuid, uuid) is 'Matches a payment recorded by hand to the statement line it was seen on.';

-- Undoes a line's matches (the payments the match created are deleted through delete_payment,
-- linked hand-made payments are only unlinked), or its "not a payment" mark.
create function app_public.undo_bank_match(line_id uuid) returns app_public.bank_statement_lines
language plpgsql volatile set search_path = pg_catalog as $$
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
$$;
comment on function app_public.undo_bank_match(uuid) is 'Removes the payments a line''s match created (or unlinks hand-made ones), or its not-a-payment mark.';

-- Marks a line as not an invoice or bill payment (a bank fee, a transfer between own accounts).
create function app_public.ignore_bank_line(line_id uuid, note text) returns app_public.bank_statement_lines
language plpgsql volatile set search_path = pg_catalog as $$
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
$$;
comment on function app_public.ignore_bank_line(uuid, text) is 'Marks a statement line as not an invoice or bill payment (bank fee, own transfer), with a note.';

-- Accepts every high-confidence suggestion of a statement still valid now (the record still open
-- with exactly the line's amount left), in one transaction; returns the lines matched.
create function app_public.accept_high_confidence_matches(statement_id uuid) returns setof app_public.bank_statement_lines
language plpgsql volatile set search_path = pg_catalog as $$
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
$$;
comment on function app_public.accept_high_confidence_matches(uuid) is 'Accepts every high-confidence suggestion of a statement that still holds, all at once.';

--------------------------------------------------------------------------------------------------
-- Reconciliation

create type app_public.bank_reconciliation as (
  bank_account_id uuid,
  from_date date,
  to_date date,
  currency text,
  opening_balance numeric,
  closing_balance numeric,
  statement_total numeric,
  matched_total numeric,
  ignored_total numeric,
  unmatched_total numeric,
  unmatched_count integer,
  unseen_payments_total numeric,
  unseen_payments_count integer
);
comment on type app_public.bank_reconciliation is 'A bank account over a period: the statements'' balances and movement against the matched payments, what is unmatched, and the payments never seen on a statement.';

-- Payments in the account's subsidiary and currency, by transaction, dated in the period, that no
-- statement line is matched to.
create function app_public.bank_unseen_payments(bank_account_id uuid, from_date date, to_date date)
returns setof app_public.payments
language sql stable set search_path = pg_catalog as $$
  select p.* from app_public.payments p
    join app_public.bank_accounts a on a.id = bank_unseen_payments.bank_account_id
   where p.subsidiary_id = a.subsidiary_id and p.currency = a.currency and p.payment_method = 'transaction'
     and p.payment_date >= from_date::timestamptz and p.payment_date < (to_date + 1)::timestamptz
     and not exists (select from app_public.bank_line_payments blp where blp.payment_id = p.id)
   order by p.payment_date, p.id
$$;
comment on function app_public.bank_unseen_payments(uuid, date, date) is 'Payments by transaction of the account''s subsidiary and currency in the period that no statement line is matched to.';

create function app_public.bank_reconciliation(bank_account_id uuid, from_date date, to_date date)
returns app_public.bank_reconciliation
language sql stable set search_path = pg_catalog as $$
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
$$;
comment on function app_public.bank_reconciliation(uuid, date, date) is 'Statement balances and movement of a bank account over a period against the matched payments, the unmatched lines and the payments never seen on a statement.';

-- For the home page: the statement lines the caller may match that are still waiting (null for an
-- account that may not match).
create function app_public.bank_lines_to_match_count() returns integer
language sql stable set search_path = pg_catalog as $$
  select case when app_hidden.has_scope('payment:write') then
    (select count(*)::integer from app_public.bank_statement_lines l where l.status in ('unmatched', 'partly_matched'))
  end
$$;
comment on function app_public.bank_lines_to_match_count() is 'How many statement lines wait for a match (null when the account may not match).';
