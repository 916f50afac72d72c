-- Each refusal's code beside the rule it names (docs/errors.md "Constraints"): a violated
-- constraint or unique index carries its error code and English message in its comment, read by
-- the server at start-up (server/src/graphql/constraint-codes.ts), where a map in TypeScript kept
-- them before. The form, one tag a line and then the message:
--
--   comment on constraint <name> on <table> is E'@code <Code>\n<message>';
--   comment on index <schema>.<name> is E'@code <Code>\n<message>';
--
-- A rule raised by a trigger function under a constraint name (raise ... using constraint = …)
-- has the comment on that function, with `@constraint <name>` naming it.

comment on constraint invoices_due_date_not_before_invoice_date on app_public.invoices is E'@code DueDateBeforeInvoiceDate\nThe due date cannot be earlier than the invoice date.';
comment on constraint bills_due_date_not_before_invoice_date on app_public.bills is E'@code DueDateBeforeInvoiceDate\nThe due date cannot be earlier than the invoice date.';
comment on constraint invoices_period_order on app_public.invoices is E'@code PeriodEndBeforeStart\nThe period end cannot be earlier than its start.';
comment on constraint bills_vat_range on app_public.bills is E'@code VatOutOfRange\nVAT must be above 0 and at most 100.';
comment on constraint costs_vat_range on app_public.costs is E'@code VatOutOfRange\nVAT must be above 0 and at most 100.';
comment on constraint bills_period_month on app_public.bills is E'@code InvalidPeriod\nThe period must be a month from 1 to 12.';
comment on constraint costs_period_month on app_public.costs is E'@code InvalidPeriod\nThe period must be a month from 1 to 12.';
comment on constraint documents_expiration_not_before_signing on app_public.documents is E'@code ExpirationBeforeSigning\nThe expiration date cannot be earlier than the signing date.';
comment on constraint clients_tax_id_format on app_public.clients is E'@code InvalidTaxId\nThe tax id must be 10 or 12 digits.';
comment on constraint clients_tax_reason_code_format on app_public.clients is E'@code InvalidTaxReasonCode\nThe tax reason code must be 9 digits.';
comment on constraint clients_registration_number_format on app_public.clients is E'@code InvalidRegistrationNumber\nThe registration number must be 13 to 15 digits.';
comment on constraint subsidiaries_country_required on app_public.subsidiaries is E'@code CountryRequired\nCountry is required.';
comment on constraint suppliers_country_required on app_public.suppliers is E'@code CountryRequired\nCountry is required.';
comment on constraint projects_access_key_format on app_public.projects is E'@code InvalidAccessKey\nThe access key allows only Latin letters, digits, underscore and dot.';
comment on constraint projects_access_key_unique on app_public.projects is E'@code AccessKeyTaken\nAnother project already has this access key.';
comment on constraint accounts_access_pattern_valid on app_public.accounts is E'@code InvalidAccessToken\nInvalid project access token.';
comment on constraint roles_name_unique on app_public.roles is E'@code RoleNameTaken\nA role with this name already exists.';
comment on index app_public.cost_types_name_unique is E'@code NameTaken\nA cost type with this name already exists.';
comment on index app_public.services_name_unique is E'@code NameTaken\nA service with this name already exists.';
comment on index app_public.projects_name_unique is E'@code NameTaken\nA project with this name already exists.';
comment on index app_public.users_username_key is E'@code UsernameTaken\nThis username is already taken.';
comment on constraint invoices_paid_not_above_amount on app_public.invoices is E'@code PaymentsExceedAmount\nThe payments would be more than the amount. Delete a payment first.';
comment on constraint bills_paid_not_above_amount on app_public.bills is E'@code PaymentsExceedAmount\nThe payments would be more than the amount. Delete a payment first.';
comment on constraint payments_amount_positive on app_public.payments is E'@code InvalidAmount\nThe amount must be above 0.';
comment on function app_private.tg_payment_links__single_owner() is E'@constraint payments_single_owner\n@code PaymentOwner\nA payment belongs to one invoice or one bill.\nRaised after a payment is linked: a payment settles one invoice or one bill, never both.';
