-- Two rules every table keeps, for the tables and constraints added since 0036:
--
-- 1. A reference a user sets points at a row that user may see (0015-integrity.sql): bank accounts
--    name a subsidiary and a currency, written by the admin's dialog, so they get the same check as
--    every other table with a foreign key the visitor may set.
create trigger _010_references before insert or update on app_public.bank_accounts for each row
  when (app_hidden.current_user_id() is not null)
  execute function app_private.tg__check_references();

-- 2. Each refusal's code beside its rule (0036-constraint-codes.sql, docs/errors.md
--    "Constraints"): the constraints and unique indexes of the counterparty identity rules (0070),
--    the contract registry (0073) and the bank accounts and statements (0080), and the messages of
--    the rules 0070 re-created or reworded.
comment on constraint clients_tax_id_format on app_public.clients is E'@code InvalidTaxId\nThe tax id (ИНН) must be 10 or 12 digits.';
comment on constraint clients_tax_id_checksum on app_public.clients is E'@code TaxIdChecksum\nThe tax id (ИНН) has a wrong check digit.';
comment on constraint clients_tax_reason_code_format on app_public.clients is E'@code InvalidTaxReasonCode\nThe tax reason code (КПП) must be 9 characters: 4 digits, 2 digits or capital letters, 3 digits.';
comment on constraint clients_registration_number_format on app_public.clients is E'@code InvalidRegistrationNumber\nThe registration number must be 13 digits (ОГРН) or 15 (ОГРНИП).';
comment on constraint clients_registration_number_checksum on app_public.clients is E'@code RegistrationNumberChecksum\nThe registration number (ОГРН or ОГРНИП) has a wrong check digit.';
comment on index app_public.clients_tax_id_unique is E'@code TaxIdTaken\nAnother company already has this tax id.';
comment on index app_public.suppliers_tax_id_unique is E'@code TaxIdTaken\nAnother company already has this tax id.';
comment on constraint suppliers_tax_id_valid on app_public.suppliers is E'@code InvalidSupplierTaxId\nThe tax id does not fit the country: an ИНН with valid check digits for Russia, the VAT number in its country''s format in Europe (e.g. DE123456789).';
comment on constraint clients_country_fkey on app_public.clients is E'@code UnknownCountry\nChoose a country from the list.';
comment on constraint suppliers_country_fkey on app_public.suppliers is E'@code UnknownCountry\nChoose a country from the list.';
comment on constraint subsidiaries_country_fkey on app_public.subsidiaries is E'@code UnknownCountry\nChoose a country from the list.';
comment on constraint projects_access_key_words on app_public.projects is E'@code InvalidAccessKey\nThe access key is words of Latin letters, digits and underscore joined by single dots (e.g. ops.platform).';
comment on index app_public.roles_name_unique_ci is E'@code RoleNameTaken\nA role with this name already exists.';
comment on constraint documents_contract_number_not_blank on app_public.documents is E'@code ContractNumberBlank\nThe contract number cannot be blank.';
comment on constraint documents_terminated_not_before_signing on app_public.documents is E'@code TerminationBeforeSigning\nThe termination date cannot be earlier than the signing date.';
comment on constraint bank_accounts_iban_valid on app_public.bank_accounts is E'@code InvalidIban\nThe IBAN is not valid (ISO 13616: country, check digits, account; mod-97 check).';
comment on constraint bank_accounts_bic_format on app_public.bank_accounts is E'@code InvalidBic\nThe BIC must be 8 or 11 letters and digits (bank, country, location, branch).';
comment on constraint bank_accounts_identifier_required on app_public.bank_accounts is E'@code BankAccountIdentifierRequired\nA bank account needs an IBAN or an account number.';
comment on constraint bank_accounts_name_unique on app_public.bank_accounts is E'@code NameTaken\nThe subsidiary already has a bank account with this name.';
comment on index app_public.bank_accounts_iban_unique is E'@code IbanTaken\nAnother bank account already has this IBAN.';
comment on constraint bank_statements_ref_unique on app_public.bank_statements is E'@code StatementAlreadyImported\nThis statement is already imported.';
comment on constraint bank_statements_content_unique on app_public.bank_statements is E'@code StatementAlreadyImported\nThis file is already imported.';
