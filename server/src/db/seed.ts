import pg from 'pg';
import { transaction } from './transaction.ts';
import { hashPassword } from '../auth/passwords.ts';
import { seedBanking } from '../banking/demo.ts';

/** Every demo user signs in with this password. */
export const DEMO_PASSWORD = 'Demo#2026pass';

export const DEMO_USERS = [
  { username: 'admin', role: 'admin', description: 'administrator: every screen and action' },
  {
    username: 'accountant',
    role: 'accountant',
    description: 'invoices, costs, bills, payments; one subsidiary only',
  },
  {
    username: 'manager',
    role: 'manager',
    description: 'read-only, projects ops.* except ops.legacy',
  },
  { username: 'viewer', role: 'viewer', description: 'read-only, everything' },
  { username: 'blocked', role: 'viewer', description: 'deactivated: cannot sign in' },
] as const;

export const ROLES: Record<string, string[]> = {
  admin: ['admin'],
  accountant: [
    'invoice:write',
    'cost:write',
    'bill:write',
    'payment:write',
    'validate_invoice',
    'close_invoice',
    'approve_cost',
  ],
  manager: [
    'invoice:read',
    'cost:read',
    'bill:read',
    'payment:read',
    'documents:read',
    'create_report',
  ],
  viewer: [
    'invoice:read',
    'cost:read',
    'bill:read',
    'payment:read',
    'documents:read',
    'company:read',
    'project:read',
    'cost_type:read',
    'service:read',
  ],
};

const PEOPLE: Record<string, [string, string, string | null]> = {
  admin: ['Anna', 'Kovalenko', 'Petrovna'],
  accountant: ['Boris', 'Smirnov', null],
  manager: ['Clara', 'Meyer', null],
  viewer: ['Daniel', 'Okafor', null],
  blocked: ['Eva', 'Lindqvist', null],
};

const SUBSIDIARIES = [
  ['Northwind Holding B.V.', 'Northwind NL', 'NL', 'EUR'],
  ['Northwind Rus LLC', 'Northwind RU', 'RU', 'RUB'],
  ['Northwind Trading Ltd', 'Northwind UK', 'GB', 'GBP'],
] as const;

const CLIENTS = [
  ['Alfa Retail JSC', 'Alfa Retail', 'RU', '7701234560', '1027700132195', '770101001'],
  ['Baltic Logistics LLC', 'Baltic Logistics', 'RU', '7802345676', '1037800045678', '780201001'],
  ['Contoso Pharma GmbH', 'Contoso', 'DE', null, null, null],
  ['Delta Energy PLC', 'Delta Energy', 'GB', null, null, null],
  ['Evergreen Foods B.V.', 'Evergreen', 'NL', null, null, null],
  ['Fabrikam Motors AG', 'Fabrikam', 'CH', null, null, null],
  ['Globex Telecom LLC', 'Globex', 'RU', '500100732259', '1045002012340', '500101001'],
  ['Helios Solar S.A.', 'Helios', 'ES', null, null, null],
  ['Initech Software Inc.', 'Initech', 'US', null, null, null],
  ['Juniper Hotels Ltd', 'Juniper', 'GB', null, null, null],
  ['Kestrel Mining JSC', 'Kestrel', 'KZ', null, null, null],
  ['Lumen Media OOO', 'Lumen', 'RU', '7703456784', '1057700123458', '770301001'],
] as const;

const SUPPLIERS = [
  ['Acme Office Supplies Ltd', 'Acme', 'GB', null],
  ['Bright Cloud Hosting B.V.', 'Bright Cloud', 'NL', 'NL123456789B01'],
  ['Cobalt IT Services OOO', 'Cobalt IT', 'RU', '7728012340'],
  ['Dune Facilities GmbH', 'Dune', 'DE', 'DE123456789'],
  ['Eastern Couriers LLC', 'Eastern Couriers', 'RU', '7801023450'],
  ['Fjord Consulting AS', 'Fjord', 'NO', null],
  ['Granite Legal LLP', 'Granite Legal', 'GB', null],
  ['Harbor Travel Agency', 'Harbor Travel', 'NL', null],
  ['Ion Telecom JSC', 'Ion Telecom', 'RU', '7715011236'],
  ['Jade Design Studio', 'Jade Design', 'FR', null],
  ['Krona Recruitment AB', 'Krona', 'SE', null],
  ['Lattice Hardware GmbH', 'Lattice', 'DE', null],
  ['Meridian Insurance PLC', 'Meridian', 'GB', null],
  ['Nimbus Software Licensing', 'Nimbus', 'IE', null],
  ['Orbit Marketing OOO', 'Orbit', 'RU', '7804014567'],
  ['Pioneer Security Services', 'Pioneer', 'NL', null],
] as const;

/** Projects of the demo group (the benchmark data starts from the same ones). */
export const PROJECTS = [
  ['Platform core', 'ops.platform'],
  ['Mobile apps', 'ops.mobile'],
  ['Data warehouse', 'ops.data'],
  ['Legacy billing', 'ops.legacy'],
  ['CRM rollout', 'sales.crm'],
  ['Partner programme', 'sales.partners'],
  ['Brand refresh', 'mkt.brand'],
  ['Trade shows 2026', 'mkt.events_2026'],
  ['Machine learning lab', 'rnd.ml'],
  ['Payments research', 'rnd.payments'],
  ['Office move Amsterdam', 'adm.office_ams'],
  ['ISO 27001 audit', 'adm.iso27001'],
  ['Customer support', 'ops.support'],
] as const;

export const COST_TYPES = [
  'Software licences',
  'Cloud hosting',
  'Contractors',
  'Office rent',
  'Travel',
  'Legal services',
  'Marketing',
  'Hardware',
  'Insurance',
  'Recruitment',
];
export const SERVICES = [
  'Software development',
  'Consulting',
  'Support and maintenance',
  'Hosting',
  'Training',
  'Data analytics',
];

/** USD per unit at the start of 2024; rates drift by month from there. */
const BASE_RATES: Record<string, number> = {
  USD: 1,
  EUR: 1.09,
  GBP: 1.27,
  RUB: 0.0111,
  CHF: 1.13,
  SEK: 0.096,
};

/**
 * Seeds a realistic demo group into an empty database (no users yet): reference data, roles,
 * the demo users, two years of invoices with costs, bills, payments, documents and
 * notifications. Deterministic: the same data on every machine. Returns false if the database
 * already has users.
 */
export async function seedDemoData(ownerUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    return await transaction(client, async () => {
      await client.query('lock table app_public.users in exclusive mode');
      const { rows } = await client.query<{ count: string }>(
        'select count(*) from app_public.users',
      );
      if (rows[0]!.count !== '0') return false;
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      await insertReferenceData(client);
      await insertIdentity(client, passwordHash);
      await client.query(GENERATED_DATA_SQL);
      await seedBanking(client);
      return true;
    });
  } finally {
    await client.end();
  }
}

async function insertReferenceData(client: pg.Client): Promise<void> {
  for (const [legalName, shortName, country] of SUBSIDIARIES) {
    await client.query(
      'insert into app_public.subsidiaries (legal_name, short_name, country) values ($1, $2, $3)',
      [legalName, shortName, country],
    );
  }
  for (const [legalName, shortName, country, taxId, registration, reason] of CLIENTS) {
    await client.query(
      `insert into app_public.clients (legal_name, short_name, country, tax_id, registration_number,
         tax_reason_code, legal_form, registered_address)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        legalName,
        shortName,
        country,
        taxId,
        registration,
        reason,
        legalName.split(' ').at(-1),
        `${shortName} House, ${country}`,
      ],
    );
  }
  for (const [legalName, shortName, country, taxId] of SUPPLIERS) {
    await client.query(
      'insert into app_public.suppliers (legal_name, short_name, country, tax_id) values ($1, $2, $3, $4)',
      [legalName, shortName, country, taxId],
    );
  }
  for (const [name, accessKey] of PROJECTS) {
    await client.query('insert into app_public.projects (name, access_key) values ($1, $2)', [
      name,
      accessKey,
    ]);
  }
  for (const name of COST_TYPES) {
    await client.query('insert into app_public.cost_types (name) values ($1)', [name]);
  }
  for (const name of SERVICES) {
    await client.query('insert into app_public.services (name) values ($1)', [name]);
  }
  // Monthly rates from January 2024 to this month, drifting a little; rates are text all the way.
  for (const [currency, base] of Object.entries(BASE_RATES)) {
    await client.query(
      `insert into app_public.exchange_rates (currency, rate_date, usd_per_unit)
       select $1::char(3), d::date,
              case when $1::char(3) = 'USD' then 1
                   else round(($2::numeric * (1 + 0.03 * sin(extract(epoch from d) / 5e6)))::numeric, 8) end
         from generate_series(date '2024-01-01', date_trunc('month', now()), interval '1 month') d`,
      [currency, String(base)],
    );
  }
}

async function insertIdentity(client: pg.Client, passwordHash: string): Promise<void> {
  const roleIds: Record<string, string> = {};
  for (const [name, scopes] of Object.entries(ROLES)) {
    const { rows } = await client.query<{ id: string }>(
      'insert into app_public.roles (name) values ($1) returning id',
      [name],
    );
    roleIds[name] = rows[0]!.id;
    await client.query(
      'insert into app_public.role_scopes (role_id, scope) select $1, unnest($2::text[])',
      [rows[0]!.id, scopes],
    );
  }
  for (const user of DEMO_USERS) {
    const [firstName, lastName, additionalName] = PEOPLE[user.username]!;
    const { rows } = await client.query<{ id: string }>(
      `insert into app_public.users (username, first_name, last_name, additional_name, is_active)
       values ($1, $2, $3, $4, $5) returning id`,
      [user.username, firstName, lastName, additionalName, user.username !== 'blocked'],
    );
    const userId = rows[0]!.id;
    await client.query(
      'insert into app_private.user_secrets (user_id, password_hash) values ($1, $2)',
      [userId, passwordHash],
    );
    const account = await client.query<{ id: string }>(
      `insert into app_public.accounts (name, user_id, role_id, access_pattern_projects)
       values ($1, $2, $3, $4) returning id`,
      [
        user.role.charAt(0).toUpperCase() + user.role.slice(1),
        userId,
        roleIds[user.role],
        user.username === 'manager' ? 'ops.* !ops.legacy' : null,
      ],
    );
    const accountId = account.rows[0]!.id;
    await client.query(
      'insert into app_public.default_accounts (user_id, account_id) values ($1, $2)',
      [userId, accountId],
    );
    if (user.username === 'accountant') {
      await client.query(
        `insert into app_public.accounts_subsidiaries (account_id, subsidiary_id)
         select $1, id from app_public.subsidiaries where short_name = 'Northwind NL'`,
        [accountId],
      );
      // A second, read-only account across the whole group, to switch to.
      const viewer = await client.query<{ id: string }>(
        `insert into app_public.accounts (name, user_id, role_id) values ('Group viewer', $1, $2) returning id`,
        [userId, roleIds.viewer],
      );
      void viewer;
    }
  }
}

/**
 * Generated finance data, deterministic through setseed(). Amounts are computed here in SQL with
 * numeric arithmetic: amount with VAT, USD at the latest rate on or before the invoice date, and
 * invoice and bill totals as sums of their costs.
 */
const GENERATED_DATA_SQL = `
select setseed(0.2026);

create temporary table seed_subsidiary on commit drop as
  select s.id, row_number() over (order by s.legal_name) as n,
         case s.short_name when 'Northwind NL' then 'EUR' when 'Northwind RU' then 'RUB' else 'GBP' end as currency
    from app_public.subsidiaries s;
create temporary table seed_supplier on commit drop as
  select id, row_number() over (order by legal_name) as n from app_public.suppliers;
create temporary table seed_client on commit drop as
  select id, short_name, row_number() over (order by legal_name) as n from app_public.clients;
create temporary table seed_project on commit drop as
  select id, row_number() over (order by access_key) as n from app_public.projects;
create temporary table seed_cost_type on commit drop as
  select id, name, row_number() over (order by name) as n from app_public.cost_types;
create temporary table seed_service on commit drop as
  select id, name, row_number() over (order by name) as n from app_public.services;
create temporary table seed_user on commit drop as
  select id, username from app_public.users;

-- 240 invoices over the last two years.
insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, period_start, period_end,
  currency, status, subsidiary_id, supplier_id, default_cost_type_id, created_by, reject_reason, created_at)
select (array['regular','regular','regular','regular','prepayment','credit_note'])[1 + (g % 6)]::app_public.invoice_type,
       'INV-' || to_char(d, 'YYYY') || '-' || lpad(g::text, 4, '0'),
       d, d + 30, date_trunc('month', d)::date, (date_trunc('month', d) + interval '1 month - 1 day')::date,
       case when g % 7 = 0 then 'USD' else s.currency end,
       st::app_public.invoice_status,
       s.id, sup.id, ct.id,
       (select id from seed_user where username = case when g % 3 = 0 then 'admin' else 'accountant' end),
       case when st = 'rejected' then 'Amounts do not match the contract' end,
       d::timestamptz + interval '9 hours'
  from generate_series(1, 240) g
  cross join lateral (select (current_date - (g * 3 + (random() * 2)::int))::date as d) dd
  cross join lateral (select case
      when g <= 24 then 'draft' when g <= 40 then 'open' when g <= 52 then 'rejected'
      when g % 5 = 0 then 'validated' when g % 11 = 0 then 'static' else 'paid' end as st) ss
  join seed_subsidiary s on s.n = 1 + (g % 3)
  join seed_supplier sup on sup.n = 1 + (g % 16)
  join seed_cost_type ct on ct.n = 1 + (g % 10);

-- Segregation of duties (docs/permissions.md): nobody validates an invoice they created.
update app_public.invoices
   set validated_by = (select id from seed_user
                        where username = case when created_by = (select id from seed_user where username = 'accountant')
                                              then 'admin' else 'accountant' end)
 where status in ('validated', 'paid', 'rejected');
update app_public.invoices set closed_by = (select id from seed_user where username = 'accountant')
 where status = 'paid';

-- One to four costs per invoice, booked to projects and cost types.
insert into app_public.costs (name, description, amount, vat, invoice_id, to_bill, cost_type_id, project_id,
  period, year, status, reject_reason, approved_by, created_by)
select ct.name || ' ' || to_char(i.invoice_date, 'Mon YYYY'),
       case when k = 1 then 'As per contract' end,
       round((50 + random() * 4950)::numeric, 2),
       (array[20, 21, 19, 10, 5])[1 + ((i.id + k) % 5)],
       i.id, (i.id + k) % 4 = 0, ct.id, p.id,
       extract(month from i.invoice_date)::smallint, extract(year from i.invoice_date)::smallint,
       (case when i.status = 'draft' then (case when k % 2 = 0 then 'approved' else 'to_approve' end)
             when i.status = 'rejected' then 'rejected' else 'approved' end)::app_public.cost_status,
       case when i.status = 'rejected' then 'invoice_rejected' end,
       -- Approved by someone other than the creator (segregation of duties).
       case when i.status <> 'draft' or k % 2 = 0 then
         (select id from seed_user where username = case when i.created_by = (select id from seed_user where username = 'accountant')
                                                         then 'admin' else 'accountant' end) end,
       i.created_by
  from app_public.invoices i
  cross join lateral generate_series(1, 1 + (i.id % 4)) k
  join seed_cost_type ct on ct.n = 1 + ((i.id * 7 + k) % 10)
  join seed_project p on p.n = 1 + ((i.id * 3 + k) % 13);

-- Derived amounts, exact in numeric.
update app_public.costs c
   set amount_w_vat = round(c.amount * (1 + c.vat / 100), 2),
       amount_usd = round(c.amount * r.usd_per_unit, 2),
       amount_usd_w_vat = round(round(c.amount * (1 + c.vat / 100), 2) * r.usd_per_unit, 2)
  from app_public.invoices i
  cross join lateral (select usd_per_unit from app_public.exchange_rates er
                       where er.currency = i.currency and er.rate_date <= i.invoice_date
                       order by er.rate_date desc limit 1) r
 where i.id = c.invoice_id;

update app_public.invoices i
   set amount = t.amount, amount_w_vat = t.amount_w_vat, amount_usd = t.amount_usd,
       amount_usd_w_vat = t.amount_usd_w_vat,
       costs_status = case when t.statuses = 1 then t.status::text::app_public.costs_status else 'mixed' end
  from (select invoice_id, sum(amount) amount, sum(amount_w_vat) amount_w_vat, sum(amount_usd) amount_usd,
               sum(amount_usd_w_vat) amount_usd_w_vat, count(distinct status) statuses, min(status::text) status
          from app_public.costs where not is_deleted group by invoice_id) t
 where t.invoice_id = i.id;

-- Payments: paid invoices in full (some in two parts), a third of validated ones partly.
create temporary table seed_invoice_payment on commit drop as
select i.id as invoice_id, i.currency, part,
       case when i.status = 'paid' and i.id % 4 = 0 then round(i.amount_w_vat / 2, 2) + case when part = 2 then i.amount_w_vat - 2 * round(i.amount_w_vat / 2, 2) else 0 end
            when i.status = 'paid' then i.amount_w_vat
            else round(i.amount_w_vat * 0.4, 2) end as amount,
       i.invoice_date::timestamptz + make_interval(days => 10 + part * 7) + interval '12 hours' as payment_date,
       (case when i.id % 9 = 0 then 'cash' else 'transaction' end)::app_public.payment_method as method,
       gen_random_uuid() as payment_id
  from app_public.invoices i
  cross join lateral generate_series(1, case when i.status = 'paid' and i.id % 4 = 0 then 2 else 1 end) part
 where i.status = 'paid' or (i.status = 'validated' and i.id % 3 = 0);

insert into app_public.payments (id, amount, currency, payment_date, payment_method, created_by)
select payment_id, amount, currency, payment_date, method, (select id from seed_user where username = 'accountant')
  from seed_invoice_payment;
insert into app_public.invoices_payments (invoice_id, payment_id)
select invoice_id, payment_id from seed_invoice_payment;

-- 120 bills to clients.
insert into app_public.bills (name, description, invoice_ref, invoice_date, due_date, period, year, currency, vat,
  amount, status, client_id, subsidiary_id, project_id, service_id, created_by, created_at)
select sv.name || ' for ' || c.short_name || ', ' || to_char(d, 'Mon YYYY'),
       case when g % 4 = 0 then 'Monthly retainer' end,
       'BILL-' || to_char(d, 'YYYY') || '-' || lpad(g::text, 4, '0'),
       d, d + 14,
       extract(month from d)::smallint, extract(year from d)::smallint,
       s.currency, (array[20, 21, 19])[1 + (g % 3)],
       round((1000 + random() * 49000)::numeric, 2),
       (case when g <= 30 then 'open' when g <= 55 then 'validated' else 'paid' end)::app_public.bill_status,
       c.id, s.id, p.id, sv.id,
       (select id from seed_user where username = 'accountant'),
       d::timestamptz + interval '10 hours'
  from generate_series(1, 120) g
  cross join lateral (select (current_date - (g * 6 + 3))::date as d) dd
  join seed_subsidiary s on s.n = 1 + ((g + 1) % 3)
  join seed_client c on c.n = 1 + (g % 12)
  join seed_project p on p.n = 1 + ((g * 5) % 13)
  join seed_service sv on sv.n = 1 + (g % 6);

update app_public.bills b
   set amount_w_vat = round(b.amount * (1 + b.vat / 100), 2),
       amount_usd = round(b.amount * r.usd_per_unit, 2),
       amount_usd_w_vat = round(round(b.amount * (1 + b.vat / 100), 2) * r.usd_per_unit, 2),
       closed_by = case when b.status = 'paid' then b.created_by end
  from (select b2.id, (select usd_per_unit from app_public.exchange_rates er
                        where er.currency = b2.currency and er.rate_date <= b2.invoice_date
                        order by er.rate_date desc limit 1) as usd_per_unit
          from app_public.bills b2) r
 where r.id = b.id;

-- Costs marked to bill are billed on a bill of the same subsidiary and project where one exists.
update app_public.costs c set bill_id = b.id
  from (select distinct on (subsidiary_id, project_id) id, subsidiary_id, project_id
          from app_public.bills order by subsidiary_id, project_id, id) b
 where c.to_bill and c.status = 'approved' and b.subsidiary_id = c.subsidiary_id and b.project_id = c.project_id;
update app_public.bills b set costs_status = 'approved'
 where exists (select from app_public.costs c where c.bill_id = b.id);

create temporary table seed_bill_payment on commit drop as
select b.id as bill_id, b.currency,
       case when b.status = 'paid' then b.amount_w_vat else round(b.amount_w_vat * 0.5, 2) end as amount,
       b.invoice_date::timestamptz + interval '20 days 11 hours' as payment_date,
       gen_random_uuid() as payment_id
  from app_public.bills b
 where b.status = 'paid' or (b.status = 'validated' and b.id % 2 = 0);
insert into app_public.payments (id, amount, currency, payment_date, payment_method, created_by)
select payment_id, amount, currency, payment_date, 'transaction', (select id from seed_user where username = 'accountant')
  from seed_bill_payment;
insert into app_public.bills_payments (bill_id, payment_id) select bill_id, payment_id from seed_bill_payment;

-- Payment summaries on invoices and bills.
update app_public.invoices i
   set payment_status = case when p.total >= i.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
       last_payment_date = p.last_date
  from (select ip.invoice_id, sum(pm.amount) total, max(pm.payment_date) last_date
          from app_public.invoices_payments ip join app_public.payments pm on pm.id = ip.payment_id
         group by ip.invoice_id) p
 where p.invoice_id = i.id;
update app_public.bills b
   set payment_status = case when p.total >= b.amount_w_vat then 'paid' else 'partially_paid' end::app_public.payment_status,
       last_payment_date = p.last_date
  from (select bp.bill_id, sum(pm.amount) total, max(pm.payment_date) last_date
          from app_public.bills_payments bp join app_public.payments pm on pm.id = bp.payment_id
         group by bp.bill_id) p
 where p.bill_id = b.id;

-- A few archived records.
update app_public.invoices set is_deleted = true where id in (select id from app_public.invoices where status = 'static');
update app_public.costs set is_deleted = true where invoice_id in (select id from app_public.invoices where is_deleted);
update app_public.bills set is_deleted = true where id % 37 = 0;

-- The controls (docs/permissions.md). Northwind NL: costs above 10,000 USD need a second
-- approval; one draft invoice (created by admin) has such a cost with its first approval given by
-- the accountant, waiting for the second (admin), and one still without any. Northwind RU: the
-- books are closed through the end of the month seventeen months ago.
update app_public.subsidiaries set approval_limit_usd = 10000 where short_name = 'Northwind NL';
update app_public.subsidiaries set lock_date = (date_trunc('month', current_date) - interval '17 months')::date - 1
 where short_name = 'Northwind RU';
insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, period_start, period_end, currency, status,
  subsidiary_id, supplier_id, default_cost_type_id, created_by, created_at)
select 'regular', 'INV-' || to_char(current_date, 'YYYY') || '-HV01', current_date - 2, current_date + 28,
       date_trunc('month', current_date)::date, (date_trunc('month', current_date) + interval '1 month - 1 day')::date,
       'EUR', 'draft', s.id, (select id from seed_supplier where n = 3), (select id from seed_cost_type where n = 2),
       (select id from seed_user where username = 'admin'), now() - interval '2 days'
  from app_public.subsidiaries s where s.short_name = 'Northwind NL';
insert into app_public.costs (name, description, amount, vat, invoice_id, cost_type_id, project_id, period, year, status,
  first_approved_by, created_by)
select c.name, 'Above the approval limit', c.amount, 21, i.id, (select id from seed_cost_type where n = 2),
       (select id from seed_project where n = c.project), extract(month from i.invoice_date)::smallint,
       extract(year from i.invoice_date)::smallint, 'to_approve',
       case when c.first then (select id from seed_user where username = 'accountant') end, i.created_by
  from app_public.invoices i
  cross join (values ('Data centre hardware', 9800.00, 2, true), ('Annual software licences', 11250.00, 5, false))
    c(name, amount, project, first)
 where i.invoice_ref = 'INV-' || to_char(current_date, 'YYYY') || '-HV01';

-- Documents: a contract per supplier, with amendments and orders under some of them, and offers
-- (which have no parent) to the same contractor.
insert into app_public.documents (name, type, description, amount, currency, signing_date, expiration_date,
  expiration_conditions, expiration_extends_contract, contractor_id, principal_id, service_id, email, created_by,
  contract_number)
select 'Framework contract with ' || sup.short_name, 'Contract', 'Master services agreement',
       round((10000 + random() * 90000)::numeric, 2), s.currency,
       current_date - (400 + sup.n * 10)::int, current_date + (300 - sup.n * 10)::int,
       'Extends automatically for one year unless terminated', sup.n % 2 = 0,
       sup.id, s.id, sv.id, lower(replace(sup.short_name, ' ', '.')) || '@example.com',
       (select id from seed_user where username = 'admin'),
       'NW-' || to_char(current_date - (400 + sup.n * 10)::int, 'YYYY') || '/' || lpad(sup.n::text, 3, '0')
  from (select s2.*, row_number() over (order by legal_name) as n from app_public.suppliers s2) sup
  join seed_subsidiary s on s.n = 1 + (sup.n % 3)
  join seed_service sv on sv.n = 1 + (sup.n % 6);

insert into app_public.documents (name, type, description, signing_date, expiration_date, contract_reference,
  contractor_id, principal_id, service_id, client_id, created_by)
select t.type || ' ' || k || ' to ' || d.name, t.type, 'Under ' || d.name,
       d.signing_date + 30 * k, d.expiration_date, case when t.type = 'Offer' then null else d.id end,
       d.contractor_id, d.principal_id, d.service_id,
       (select id from seed_client where n = 1 + (k % 12)),
       (select id from seed_user where username = 'admin')
  from app_public.documents d
  cross join generate_series(1, 2) k
  cross join lateral (select (array['Amendment', 'Order', 'Offer'])[1 + ((k + length(d.name)) % 3)] as type) t
 where d.type = 'Contract';

-- Notifications about the accountant's and admin's work.
insert into app_public.notifications (user_id, title, body, type, ref_id, params, created_at)
select u.id, 'Invoice ' || i.invoice_ref || ' was validated', null, 'invoice_validated', i.id::text,
       jsonb_build_object('kind', 'invoice', 'id', i.id::text, 'reference', i.invoice_ref),
       i.created_at + interval '2 days'
  from app_public.invoices i join seed_user u on u.id = i.created_by
 where i.status = 'validated'
 order by i.id desc limit 12;
insert into app_public.notifications (user_id, title, body, type, ref_id, params, created_at)
select u.id, 'Invoice ' || i.invoice_ref || ' was rejected', i.reject_reason, 'invoice_rejected', i.id::text,
       jsonb_build_object('kind', 'invoice', 'id', i.id::text, 'reference', i.invoice_ref, 'reason', i.reject_reason),
       i.created_at + interval '1 day'
  from app_public.invoices i join seed_user u on u.id = i.created_by
 where i.status = 'rejected';
-- Each user's three newest stay unread, so the bell shows something on the first start.
update app_public.notifications n set is_read = true, read_at = n.created_at + interval '1 hour'
 where n.id not in (select id from (select id, row_number() over (partition by user_id order by created_at desc) k
                                      from app_public.notifications) ranked where k <= 3);
`;
