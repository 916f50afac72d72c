-- Every foreign key leads an index (rls.test.ts): the currencies of statements and their lines.
create index bank_statements_currency_idx on app_public.bank_statements (currency);
create index bank_statement_lines_currency_idx on app_public.bank_statement_lines (currency);
