-- Reference data: enumerations kept as tables, scopes, companies, projects, services, cost types,
-- currencies and exchange rates. Row-level security for these tables is in 0004, after the
-- permission helpers it uses.

-- Currencies: ISO 4217 codes in circulation (funds, metals and test codes left out).
create table app_public.currencies (
  value char(3) primary key constraint currencies_value_format check (value ~ '^[A-Z]{3}$'),
  name text not null,
  minor_units smallint not null default 2 check (minor_units between 0 and 4)
);
comment on table app_public.currencies is 'ISO 4217 currencies amounts can be in.';
insert into app_public.currencies (value, name, minor_units) values
  ('AED', 'UAE Dirham', 2),
  ('AFN', 'Afghani', 2),
  ('ALL', 'Lek', 2),
  ('AMD', 'Armenian Dram', 2),
  ('ANG', 'Netherlands Antillean Guilder', 2),
  ('AOA', 'Kwanza', 2),
  ('ARS', 'Argentine Peso', 2),
  ('AUD', 'Australian Dollar', 2),
  ('AWG', 'Aruban Florin', 2),
  ('AZN', 'Azerbaijan Manat', 2),
  ('BAM', 'Convertible Mark', 2),
  ('BBD', 'Barbados Dollar', 2),
  ('BDT', 'Taka', 2),
  ('BGN', 'Bulgarian Lev', 2),
  ('BHD', 'Bahraini Dinar', 3),
  ('BIF', 'Burundi Franc', 0),
  ('BMD', 'Bermudian Dollar', 2),
  ('BND', 'Brunei Dollar', 2),
  ('BOB', 'Boliviano', 2),
  ('BRL', 'Brazilian Real', 2),
  ('BSD', 'Bahamian Dollar', 2),
  ('BTN', 'Ngultrum', 2),
  ('BWP', 'Pula', 2),
  ('BYN', 'Belarusian Ruble', 2),
  ('BZD', 'Belize Dollar', 2),
  ('CAD', 'Canadian Dollar', 2),
  ('CDF', 'Congolese Franc', 2),
  ('CHF', 'Swiss Franc', 2),
  ('CLP', 'Chilean Peso', 0),
  ('CNY', 'Yuan Renminbi', 2),
  ('COP', 'Colombian Peso', 2),
  ('CRC', 'Costa Rican Colon', 2),
  ('CUC', 'Peso Convertible', 2),
  ('CUP', 'Cuban Peso', 2),
  ('CVE', 'Cabo Verde Escudo', 2),
  ('CZK', 'Czech Koruna', 2),
  ('DJF', 'Djibouti Franc', 0),
  ('DKK', 'Danish Krone', 2),
  ('DOP', 'Dominican Peso', 2),
  ('DZD', 'Algerian Dinar', 2),
  ('EGP', 'Egyptian Pound', 2),
  ('ERN', 'Nakfa', 2),
  ('ETB', 'Ethiopian Birr', 2),
  ('EUR', 'Euro', 2),
  ('FJD', 'Fiji Dollar', 2),
  ('FKP', 'Falkland Islands Pound', 2),
  ('GBP', 'Pound Sterling', 2),
  ('GEL', 'Lari', 2),
  ('GHS', 'Ghana Cedi', 2),
  ('GIP', 'Gibraltar Pound', 2),
  ('GMD', 'Dalasi', 2),
  ('GNF', 'Guinean Franc', 0),
  ('GTQ', 'Quetzal', 2),
  ('GYD', 'Guyana Dollar', 2),
  ('HKD', 'Hong Kong Dollar', 2),
  ('HNL', 'Lempira', 2),
  ('HTG', 'Gourde', 2),
  ('HUF', 'Forint', 2),
  ('IDR', 'Rupiah', 2),
  ('ILS', 'New Israeli Sheqel', 2),
  ('INR', 'Indian Rupee', 2),
  ('IQD', 'Iraqi Dinar', 3),
  ('IRR', 'Iranian Rial', 2),
  ('ISK', 'Iceland Krona', 0),
  ('JMD', 'Jamaican Dollar', 2),
  ('JOD', 'Jordanian Dinar', 3),
  ('JPY', 'Yen', 0),
  ('KES', 'Kenyan Shilling', 2),
  ('KGS', 'Som', 2),
  ('KHR', 'Riel', 2),
  ('KMF', 'Comorian Franc ', 0),
  ('KPW', 'North Korean Won', 2),
  ('KRW', 'Won', 0),
  ('KWD', 'Kuwaiti Dinar', 3),
  ('KYD', 'Cayman Islands Dollar', 2),
  ('KZT', 'Tenge', 2),
  ('LAK', 'Lao Kip', 2),
  ('LBP', 'Lebanese Pound', 2),
  ('LKR', 'Sri Lanka Rupee', 2),
  ('LRD', 'Liberian Dollar', 2),
  ('LSL', 'Loti', 2),
  ('LYD', 'Libyan Dinar', 3),
  ('MAD', 'Moroccan Dirham', 2),
  ('MDL', 'Moldovan Leu', 2),
  ('MGA', 'Malagasy Ariary', 2),
  ('MKD', 'Denar', 2),
  ('MMK', 'Kyat', 2),
  ('MNT', 'Tugrik', 2),
  ('MOP', 'Pataca', 2),
  ('MRU', 'Ouguiya', 2),
  ('MUR', 'Mauritius Rupee', 2),
  ('MVR', 'Rufiyaa', 2),
  ('MWK', 'Malawi Kwacha', 2),
  ('MXN', 'Mexican Peso', 2),
  ('MYR', 'Malaysian Ringgit', 2),
  ('MZN', 'Mozambique Metical', 2),
  ('NAD', 'Namibia Dollar', 2),
  ('NGN', 'Naira', 2),
  ('NIO', 'Cordoba Oro', 2),
  ('NOK', 'Norwegian Krone', 2),
  ('NPR', 'Nepalese Rupee', 2),
  ('NZD', 'New Zealand Dollar', 2),
  ('OMR', 'Rial Omani', 3),
  ('PAB', 'Balboa', 2),
  ('PEN', 'Sol', 2),
  ('PGK', 'Kina', 2),
  ('PHP', 'Philippine Peso', 2),
  ('PKR', 'Pakistan Rupee', 2),
  ('PLN', 'Zloty', 2),
  ('PYG', 'Guarani', 0),
  ('QAR', 'Qatari Rial', 2),
  ('RON', 'Romanian Leu', 2),
  ('RSD', 'Serbian Dinar', 2),
  ('RUB', 'Russian Ruble', 2),
  ('RWF', 'Rwanda Franc', 0),
  ('SAR', 'Saudi Riyal', 2),
  ('SBD', 'Solomon Islands Dollar', 2),
  ('SCR', 'Seychelles Rupee', 2),
  ('SDG', 'Sudanese Pound', 2),
  ('SEK', 'Swedish Krona', 2),
  ('SGD', 'Singapore Dollar', 2),
  ('SHP', 'Saint Helena Pound', 2),
  ('SLE', 'Leone', 2),
  ('SOS', 'Somali Shilling', 2),
  ('SRD', 'Surinam Dollar', 2),
  ('SSP', 'South Sudanese Pound', 2),
  ('STN', 'Dobra', 2),
  ('SVC', 'El Salvador Colon', 2),
  ('SYP', 'Syrian Pound', 2),
  ('SZL', 'Lilangeni', 2),
  ('THB', 'Baht', 2),
  ('TJS', 'Somoni', 2),
  ('TMT', 'Turkmenistan New Manat', 2),
  ('TND', 'Tunisian Dinar', 3),
  ('TOP', 'Pa’anga', 2),
  ('TRY', 'Turkish Lira', 2),
  ('TTD', 'Trinidad and Tobago Dollar', 2),
  ('TWD', 'New Taiwan Dollar', 2),
  ('TZS', 'Tanzanian Shilling', 2),
  ('UAH', 'Hryvnia', 2),
  ('UGX', 'Uganda Shilling', 0),
  ('USD', 'US Dollar', 2),
  ('UYU', 'Peso Uruguayo', 2),
  ('UZS', 'Uzbekistan Sum', 2),
  ('VED', 'Bolívar Soberano', 2),
  ('VES', 'Bolívar Soberano', 2),
  ('VND', 'Dong', 0),
  ('VUV', 'Vatu', 0),
  ('WST', 'Tala', 2),
  ('XAF', 'CFA Franc BEAC', 0),
  ('XCD', 'East Caribbean Dollar', 2),
  ('XOF', 'CFA Franc BCEAO', 0),
  ('XPF', 'CFP Franc', 0),
  ('YER', 'Yemeni Rial', 2),
  ('ZAR', 'Rand', 2),
  ('ZMW', 'Zambian Kwacha', 2),
  ('ZWG', 'Zimbabwe Gold', 2);

-- Permission scopes (SPEC §6). Their implications live in app_hidden.scope_closure (0003).
create table app_public.scopes (
  name text primary key constraint scopes_name_format check (name ~ '^[a-z_]+(:[a-z_]+)*$'),
  description text not null
);
comment on table app_public.scopes is 'A permission a role or an account can hold.';
insert into app_public.scopes (name, description) values
  ('admin', 'Everything'),
  ('admin:user', 'Manage users, their accounts and roles'),
  ('admin:role', 'Manage roles'),
  ('admin:invoice', 'Administer invoices: all invoice work, validation and closing'),
  ('admin:invoice:write', 'Administer invoices, including force deletes'),
  ('admin:bill', 'Administer bills'),
  ('admin:documents', 'Administer documents'),
  ('admin:cost', 'Administer costs: all cost work and approval'),
  ('admin:cost:write', 'Administer costs, including force deletes of approved costs'),
  ('admin:payment', 'Administer payments'),
  ('admin:project', 'Manage projects'),
  ('admin:company', 'Manage clients, suppliers and subsidiaries'),
  ('admin:cost_type', 'Manage cost types'),
  ('admin:service', 'Manage services'),
  ('invoice:read', 'See invoices'),
  ('invoice:write', 'Create and change invoices'),
  ('bill:read', 'See bills'),
  ('bill:write', 'Create and change bills'),
  ('documents:read', 'See documents'),
  ('documents:write', 'Create and change documents'),
  ('cost:read', 'See costs'),
  ('cost:write', 'Create and change costs'),
  ('company:read', 'See clients, suppliers and subsidiaries'),
  ('company:write', 'Create and change clients, suppliers and subsidiaries'),
  ('company:write_client', 'Create and change clients'),
  ('company:write_supplier', 'Create and change suppliers'),
  ('company:write_subsidiary', 'Create and change subsidiaries'),
  ('cost_type:read', 'See cost types'),
  ('cost_type:write', 'Create and change cost types'),
  ('service:read', 'See services'),
  ('service:write', 'Create and change services'),
  ('project:read', 'See projects'),
  ('project:write', 'Create and change projects'),
  ('payment:read', 'See payments'),
  ('payment:write', 'Create and delete payments'),
  ('validate_invoice', 'Validate and reject invoices'),
  ('close_invoice', 'Close invoices as paid'),
  ('approve_cost', 'Approve and reject costs'),
  ('create_report', 'See analytics');

create table app_public.document_types (
  value text primary key,
  comment text not null
);
comment on table app_public.document_types is E'@enum\nKinds of contract-style documents.';
insert into app_public.document_types (value, comment) values
  ('Amendment', 'Amendment'),
  ('Contract', 'Contract'),
  ('Offer', 'Offer'),
  ('Order', 'Service Order / Working Order');

create type app_public.invoice_status as enum ('draft', 'open', 'rejected', 'validated', 'paid', 'static');
create type app_public.bill_status as enum ('open', 'validated', 'paid');
create type app_public.cost_status as enum ('to_approve', 'approved', 'rejected');
create type app_public.payment_method as enum ('transaction', 'cash');
create type app_public.payment_status as enum ('unpaid', 'partially_paid', 'paid');
create type app_public.invoice_type as enum ('regular', 'prepayment', 'credit_note');
comment on type app_public.invoice_type is 'regular: goods or services delivered; prepayment: advance invoice; credit_note: correction.';
create type app_public.costs_status as enum ('none', 'to_approve', 'approved', 'rejected', 'mixed');
comment on type app_public.costs_status is 'Summary of the live costs of an invoice or bill: none, all in one status, or mixed.';

create table app_public.subsidiaries (
  id uuid primary key default gen_random_uuid(),
  legal_name text not null constraint subsidiaries_legal_name_required check (btrim(legal_name) <> ''),
  short_name text,
  country text not null constraint subsidiaries_country_required check (btrim(country) <> ''),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subsidiaries_legal_name_idx on app_public.subsidiaries (lower(legal_name));
create index subsidiaries_created_at_idx on app_public.subsidiaries (created_at);
comment on table app_public.subsidiaries is 'A company of the group: it receives invoices and issues bills.';

create table app_public.clients (
  id uuid primary key default gen_random_uuid(),
  legal_name text not null constraint clients_legal_name_required check (btrim(legal_name) <> ''),
  short_name text,
  country text,
  tax_id text constraint clients_tax_id_format check (tax_id ~ '^([0-9]{10}|[0-9]{12})$'),
  registration_number text constraint clients_registration_number_format check (registration_number ~ '^[0-9]{13,15}$'),
  legal_form text,
  tax_reason_code text constraint clients_tax_reason_code_format check (tax_reason_code ~ '^[0-9]{9}$'),
  registered_address text,
  primary_activity_code text,
  org_status text,
  ceo_full_name text,
  ceo_position text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index clients_legal_name_idx on app_public.clients (lower(legal_name));
create index clients_created_at_idx on app_public.clients (created_at);
comment on table app_public.clients is 'A customer the group bills.';

create table app_public.services (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint services_name_required check (btrim(name) <> ''),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index services_name_idx on app_public.services (name);
comment on table app_public.services is 'A service the group sells; bills and documents refer to it.';

create table app_public.cost_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint cost_types_name_required check (btrim(name) <> ''),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cost_types_name_idx on app_public.cost_types (name);
create index cost_types_created_at_idx on app_public.cost_types (created_at);
comment on table app_public.cost_types is 'A category of cost (rent, salaries, software...).';

create table app_public.projects (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint projects_name_required check (btrim(name) <> ''),
  access_key text not null constraint projects_access_key_format check (access_key ~ '^[A-Za-z0-9_.]+$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint projects_access_key_unique unique (access_key)
);
create index projects_name_idx on app_public.projects (name);
create index projects_created_at_idx on app_public.projects (created_at);
comment on table app_public.projects is 'A project costs and bills are booked to. access_key is what account access patterns match.';
comment on column app_public.projects.access_key is 'Latin letters, digits, underscore and dot; matched by account access patterns.';

create table app_public.exchange_rates (
  currency char(3) not null references app_public.currencies (value) on update cascade on delete restrict,
  rate_date date not null,
  usd_per_unit numeric(18, 8) not null constraint exchange_rates_rate_positive check (usd_per_unit > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (currency, rate_date)
);
create index exchange_rates_rate_date_idx on app_public.exchange_rates (rate_date);
comment on table app_public.exchange_rates is 'How many US dollars one unit of the currency was worth on a date. Amounts in USD use the latest rate on or before the document date.';

create trigger _100_timestamps before insert or update on app_public.subsidiaries for each row execute function app_private.tg__timestamps();
create trigger _100_timestamps before insert or update on app_public.clients for each row execute function app_private.tg__timestamps();
create trigger _100_timestamps before insert or update on app_public.services for each row execute function app_private.tg__timestamps();
create trigger _100_timestamps before insert or update on app_public.cost_types for each row execute function app_private.tg__timestamps();
create trigger _100_timestamps before insert or update on app_public.projects for each row execute function app_private.tg__timestamps();
create trigger _100_timestamps before insert or update on app_public.exchange_rates for each row execute function app_private.tg__timestamps();
