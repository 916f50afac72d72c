import type pg from 'pg';
import { generateAudit } from './audit.ts';
import { formatCount } from './cli.ts';
import {
  COST_TYPES as SEED_COST_TYPES,
  PROJECTS,
  ROLES as SEED_ROLES,
  SERVICES as SEED_SERVICES,
} from '../../server/src/db/seed.ts';

/**
 * The benchmark data set, generated in SQL from a seed: the same seed and scale give the same
 * rows (ids, names, amounts, dates) on every machine. Random numbers come from hashing
 * (row number, column salt, seed) rather than from random(), so they do not depend on the order
 * in which PostgreSQL happens to evaluate rows.
 *
 * Loading runs as the cluster's superuser with `session_replication_role = replica`, which skips
 * the triggers (audit, totals, guards) and foreign-key triggers for this session only; the
 * derived columns and tables those triggers maintain (cost amounts, invoice totals, cost and
 * payment statuses, the unpaid bills' kept totals) are computed here in set-based SQL instead,
 * and every foreign key is checked afterwards. The secondary indexes of the big tables are
 * dropped before loading and rebuilt from their own definitions afterwards (then checked to be
 * all there).
 */

/** Last day of the generated period; dates spread over the five years before it. */
export const ANCHOR_DATE = '2026-10-31';
const DAYS = 1826;

export interface Counts {
  subsidiaries: number;
  suppliers: number;
  clients: number;
  projects: number;
  costTypes: number;
  services: number;
  staff: number;
  invoices: number;
  costs: number;
  bills: number;
  payments: number;
  documents: number;
}

/** Row counts at a scale: S=1 is 100k invoices, 1M costs, 50k bills, 200k payments, 20k documents. */
export function countsFor(scale: number): Counts {
  const at = (base: number, min: number) => Math.max(min, Math.round(base * scale));
  return {
    subsidiaries: 12,
    suppliers: at(2_000, 16),
    clients: at(500, 12),
    projects: at(300, 13),
    costTypes: 40,
    services: 20,
    staff: at(200, 10),
    invoices: at(100_000, 100),
    costs: at(1_000_000, 1_000),
    bills: at(50_000, 50),
    payments: at(200_000, 200),
    documents: at(20_000, 20),
  };
}

/** Tables whose secondary indexes are rebuilt after loading. */
const BULK_TABLES = [
  'invoices',
  'costs',
  'bills',
  'payments',
  'invoices_payments',
  'bills_payments',
  'documents',
  'notifications',
  'audit_trail',
];

/** The twelve companies of the group; the first three are the demo's (the accountant sees NL). */
const SUBSIDIARIES: [string, string, string, string, number, number, number][] = [
  // legal name, short name, country, currency, weight %, standard VAT, reduced VAT
  ['Northwind Holding B.V.', 'Northwind NL', 'NL', 'EUR', 18, 21, 9],
  ['Northwind Rus LLC', 'Northwind RU', 'RU', 'RUB', 14, 20, 10],
  ['Northwind Trading Ltd', 'Northwind UK', 'GB', 'GBP', 12, 20, 5],
  ['Northwind Deutschland GmbH', 'Northwind DE', 'DE', 'EUR', 10, 19, 7],
  ['Northwind France SAS', 'Northwind FR', 'FR', 'EUR', 8, 20, 5.5],
  ['Northwind Iberia S.L.', 'Northwind ES', 'ES', 'EUR', 7, 21, 10],
  ['Northwind Italia S.r.l.', 'Northwind IT', 'IT', 'EUR', 6, 22, 10],
  ['Northwind Polska Sp. z o.o.', 'Northwind PL', 'PL', 'PLN', 6, 23, 8],
  ['Northwind Sverige AB', 'Northwind SE', 'SE', 'SEK', 5, 25, 12],
  ['Northwind Americas Inc.', 'Northwind US', 'US', 'USD', 5, 8, 4],
  ['Northwind Schweiz AG', 'Northwind CH', 'CH', 'CHF', 5, 8.1, 2.6],
  ['Northwind Kazakhstan LLP', 'Northwind KZ', 'KZ', 'KZT', 4, 12, 12],
];

/** USD per unit; monthly rates drift around these. */
const RATES: [string, number][] = [
  ['USD', 1],
  ['EUR', 1.09],
  ['GBP', 1.27],
  ['RUB', 0.0111],
  ['PLN', 0.25],
  ['SEK', 0.096],
  ['CHF', 1.13],
  ['KZT', 0.0021],
];

/** The demo's projects come first, so the demo accounts' access patterns mean the same here. */
const DEMO_PROJECTS: readonly (readonly [string, string])[] = PROJECTS;

const COST_TYPES = [
  ...SEED_COST_TYPES,
  'Telecommunications',
  'Utilities',
  'Training',
  'Audit fees',
  'Bank charges',
  'Consulting',
  'Courier services',
  'Catering',
  'Cleaning',
  'Security services',
  'Printing',
  'Subscriptions',
  'Conferences',
  'Maintenance',
  'Vehicle leasing',
  'Fuel',
  'Office supplies',
  'Furniture',
  'Translation',
  'Data services',
  'Payroll services',
  'Tax advice',
  'Market research',
  'Advertising',
  'Public relations',
  'Design services',
  'Equipment rental',
  'Storage',
  'Postage',
  'Miscellaneous',
];

const SERVICES = [
  ...SEED_SERVICES,
  'Project management',
  'Quality assurance',
  'UX design',
  'Security audit',
  'Cloud migration',
  'Integration',
  'Managed services',
  'Licensing',
  'Research',
  'Staff augmentation',
  'Localisation',
  'Content production',
  'Digital marketing',
  'Technical writing',
];

/** Scopes of the demo roles (as in server/src/db/seed.ts) plus a clerk role for staff. */
/** The demo's roles, plus a clerk who enters invoices and costs. */
const ROLES: [string, string[]][] = [
  ...Object.entries(SEED_ROLES),
  ['clerk', ['invoice:write', 'cost:write', 'payment:read']],
];

const DEMO_USERS: [string, string, string, string | null, string, boolean][] = [
  // username, first name, last name, additional name, role, active
  ['admin', 'Anna', 'Kovalenko', 'Petrovna', 'admin', true],
  ['accountant', 'Boris', 'Smirnov', null, 'accountant', true],
  ['manager', 'Clara', 'Meyer', null, 'manager', true],
  ['viewer', 'Daniel', 'Okafor', null, 'viewer', true],
  ['blocked', 'Eva', 'Lindqvist', null, 'viewer', false],
];

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlTextArray = (values: readonly string[]) => `array[${values.map(sqlText).join(', ')}]`;

export interface GenerateOptions {
  scale: number;
  seed: number;
  /** argon2id hash of the demo password, shared by every generated user. */
  passwordHash: string;
  log: (message: string) => void;
  /** At most this many audit rows (the trail then starts late; see ./audit.ts). */
  auditRows?: number;
}

/**
 * Fills an empty, migrated database. Runs on one connection (the helper functions live in its
 * pg_temp schema); statements run in autocommit so that progress shows while it loads.
 */
export async function generate(client: pg.Client, options: GenerateOptions): Promise<Counts> {
  const { scale, seed, log } = options;
  const n = countsFor(scale);
  const q = async (sql: string, params: unknown[] = []) => client.query(sql, params);
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    const results = await q(sql, params);
    const last = Array.isArray(results) ? (results as pg.QueryResult[]).at(-1) : results;
    const rows = last?.rowCount ? ` ${formatCount(last.rowCount)} rows` : '';
    log(`${label}:${rows} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  };

  await q(`set session_replication_role = replica;
    set synchronous_commit = off;
    set maintenance_work_mem = '1GB';
    set work_mem = '256MB';
    set statement_timeout = 0;
    set timezone = 'UTC';`);

  // u(n, salt): a uniform number in (0, 1) for row n and column salt, from the seed.
  // id(kind, n): a stable uuid for row n of a kind.
  await q(`
    create function pg_temp.u(n bigint, salt integer) returns float8
    language sql immutable parallel safe as $$
      select (((hashint8extended(n, ${seed}::bigint * 1000 + salt) >> 11) & 9007199254740991)::float8 + 0.5)
             / 9007199254740992.0
    $$;
    create function pg_temp.id(kind text, n bigint) returns uuid
    language sql immutable parallel safe as $$
      select md5('${seed}:' || kind || ':' || n)::uuid
    $$;
    create function pg_temp.normal(n bigint, salt integer) returns float8
    language sql immutable parallel safe as $$
      select sqrt(-2 * ln(pg_temp.u(n, salt))) * cos(2 * pi() * pg_temp.u(n, salt + 1))
    $$;`);

  // ---------------------------------------------------------------------------------------------
  // Reference data.
  const subsidiaryRows = SUBSIDIARIES.map(
    ([legal, short, country, currency, weight, vat, reduced], i) =>
      `(${i + 1}, ${sqlText(legal)}, ${sqlText(short)}, ${sqlText(country)}, ${sqlText(currency)}, ${weight}, ${vat}, ${reduced})`,
  ).join(',\n      ');
  await q(`
    create temporary table t_sub (n integer primary key, legal_name text, short_name text, country text,
      currency char(3), weight numeric, vat numeric, reduced_vat numeric, lo float8, hi float8, id uuid);
    insert into t_sub (n, legal_name, short_name, country, currency, weight, vat, reduced_vat)
    values ${subsidiaryRows};
    update t_sub s set id = pg_temp.id('subsidiary', s.n),
      lo = c.cum_before / 100.0, hi = (c.cum_before + s.weight) / 100.0
      from (select n, coalesce(sum(weight) over (order by n rows between unbounded preceding and 1 preceding), 0) cum_before
              from t_sub) c where c.n = s.n;
    insert into app_public.subsidiaries (id, legal_name, short_name, country, created_at, updated_at)
    select id, legal_name, short_name, country, timestamptz '2021-10-01 09:00+00' + n * interval '1 day',
           timestamptz '2021-10-01 09:00+00' + n * interval '1 day'
      from t_sub order by n;`);

  const rateRows = RATES.map(([currency, base], i) => `(${sqlText(currency)}, ${base}, ${i})`).join(
    ', ',
  );
  await step(
    'exchange rates',
    `insert into app_public.exchange_rates (currency, rate_date, usd_per_unit, created_at, updated_at)
     select r.currency, m::date,
            case when r.currency = 'USD' then 1
                 else round((r.base * (1 + 0.06 * sin(extract(epoch from m) / 4e6 + r.k)))::numeric, 8) end,
            m, m
       from (values ${rateRows}) r(currency, base, k)
      cross join generate_series(date '${ANCHOR_DATE}' - ${DAYS} - 31, date '${ANCHOR_DATE}', interval '1 month') g
      cross join lateral (select date_trunc('month', g)::date::timestamptz as m) mm`,
  );
  await q(`create temporary table t_rate as
    select currency, rate_date as month, usd_per_unit as rate from app_public.exchange_rates;
    create unique index on t_rate (currency, month);`);

  const legalForms: Record<string, string> = {
    NL: 'B.V.',
    RU: 'LLC',
    GB: 'Ltd',
    DE: 'GmbH',
    FR: 'SAS',
    ES: 'S.L.',
    IT: 'S.r.l.',
    PL: 'Sp. z o.o.',
    SE: 'AB',
    US: 'Inc.',
    CH: 'AG',
    KZ: 'LLP',
    IE: 'Ltd',
    NO: 'AS',
  };
  const countries = Object.keys(legalForms);
  const wordsA = [
    'Acme',
    'Bright',
    'Cobalt',
    'Dune',
    'Eastern',
    'Fjord',
    'Granite',
    'Harbor',
    'Ion',
    'Jade',
    'Krona',
    'Lattice',
    'Meridian',
    'Nimbus',
    'Orbit',
    'Pioneer',
    'Quartz',
    'Rapid',
    'Summit',
    'Titan',
    'Unity',
    'Vertex',
    'Willow',
    'Xenon',
    'Yukon',
    'Zenith',
    'Atlas',
    'Beacon',
    'Cedar',
    'Delta',
  ];
  const wordsB = [
    'Office Supplies',
    'Cloud Hosting',
    'IT Services',
    'Facilities',
    'Couriers',
    'Consulting',
    'Legal',
    'Travel',
    'Telecom',
    'Design',
    'Recruitment',
    'Hardware',
    'Insurance',
    'Software',
    'Marketing',
    'Security',
    'Logistics',
    'Energy',
    'Catering',
    'Printing',
  ];
  // A company name: two words, a number once the combinations run out, and the country's form.
  const companyName = (prefix: string) => `
    (${sqlTextArray(wordsA)})[1 + (g - 1) % ${wordsA.length}] || ' ' ||
    (${sqlTextArray(wordsB)})[1 + ((g - 1) / ${wordsA.length}) % ${wordsB.length}] ||
    case when g > ${wordsA.length * wordsB.length} then ' ${prefix}' || g else '' end`;
  const countryOf = (salt: number) =>
    `(${sqlTextArray(countries)})[1 + floor(power(pg_temp.u(g, ${salt}), 1.6) * ${countries.length})::int]`;
  const formOf = (country: string) =>
    `(${sqlText(JSON.stringify(legalForms))}::jsonb ->> ${country})`;

  await step(
    'suppliers',
    `insert into app_public.suppliers (id, legal_name, short_name, country, created_at, updated_at)
     select pg_temp.id('supplier', g), name || ' ' || ${formOf('country')}, name, country, at, at
       from generate_series(1, ${n.suppliers}) g
      cross join lateral (select ${companyName('S')} as name, ${countryOf(11)} as country,
        timestamptz '2021-10-01 10:00+00' + floor(pg_temp.u(g, 12) * ${DAYS}) * interval '1 day' as at) x
      order by at, g`,
  );
  await step(
    'clients',
    `insert into app_public.clients (id, legal_name, short_name, country, legal_form, registered_address, created_at, updated_at)
     select pg_temp.id('client', g), name || ' ' || ${formOf('country')}, name, country, ${formOf('country')},
            g || ' Market Street, ' || country, at, at
       from generate_series(1, ${n.clients}) g
      cross join lateral (select (${sqlTextArray([...wordsA].reverse())})[1 + (g - 1) % ${wordsA.length}] || ' ' ||
                                 (${sqlTextArray(['Retail', 'Logistics', 'Pharma', 'Energy', 'Foods', 'Motors', 'Telecom', 'Solar', 'Software', 'Hotels', 'Mining', 'Media', 'Bank', 'Airlines', 'Textiles', 'Chemicals', 'Games', 'Health', 'Insurance', 'Realty'])})[1 + ((g - 1) / ${wordsA.length}) % 20] ||
                                 case when g > ${wordsA.length * 20} then ' C' || g else '' end as name,
                                 ${countryOf(21)} as country,
                                 timestamptz '2021-10-01 11:00+00' + floor(pg_temp.u(g, 22) * ${DAYS}) * interval '1 day' as at) x
      order by at, g`,
  );
  const demoProjectRows = DEMO_PROJECTS.map(
    ([name, key], i) => `(${i + 1}, ${sqlText(name)}, ${sqlText(key)})`,
  ).join(', ');
  await step(
    'projects',
    `insert into app_public.projects (id, name, access_key, created_at, updated_at)
     select pg_temp.id('project', g), coalesce(d.name, 'Project ' || g),
            coalesce(d.key, (array['ops', 'sales', 'mkt', 'rnd', 'adm', 'fin'])[1 + g % 6] || '.p' || g), at, at
       from generate_series(1, ${n.projects}) g
       left join (values ${demoProjectRows}) d(n, name, key) on d.n = g
      cross join lateral (select timestamptz '2021-10-01 12:00+00' + floor(pg_temp.u(g, 31) * ${DAYS}) * interval '1 day' as at) x
      order by at, g`,
  );
  await q(`
    insert into app_public.cost_types (id, name, created_at, updated_at)
    select pg_temp.id('cost_type', g), (${sqlTextArray(COST_TYPES)})[g], timestamptz '2021-10-01 08:00+00' + g * interval '1 hour',
           timestamptz '2021-10-01 08:00+00' + g * interval '1 hour'
      from generate_series(1, ${n.costTypes}) g;
    insert into app_public.services (id, name, created_at, updated_at)
    select pg_temp.id('service', g), (${sqlTextArray(SERVICES)})[g], timestamptz '2021-10-01 08:00+00' + g * interval '1 hour',
           timestamptz '2021-10-01 08:00+00' + g * interval '1 hour'
      from generate_series(1, ${n.services}) g;
    create temporary table t_supplier as select g as n, pg_temp.id('supplier', g) as id from generate_series(1, ${n.suppliers}) g;
    create temporary table t_client as select g as n, pg_temp.id('client', g) as id from generate_series(1, ${n.clients}) g;
    create temporary table t_project as select g as n, pg_temp.id('project', g) as id from generate_series(1, ${n.projects}) g;
    create temporary table t_cost_type as select g as n, pg_temp.id('cost_type', g) as id, (${sqlTextArray(COST_TYPES)})[g] as name
      from generate_series(1, ${n.costTypes}) g;
    create temporary table t_service as select g as n, pg_temp.id('service', g) as id, (${sqlTextArray(SERVICES)})[g] as name
      from generate_series(1, ${n.services}) g;
    alter table t_supplier add primary key (n); alter table t_client add primary key (n);
    alter table t_project add primary key (n); alter table t_cost_type add primary key (n);
    alter table t_service add primary key (n);`);
  log(
    `reference data: ${n.subsidiaries} subsidiaries, ${formatCount(n.suppliers)} suppliers, ` +
      `${formatCount(n.clients)} clients, ${n.projects} projects, ${n.costTypes} cost types, ${n.services} services`,
  );

  // ---------------------------------------------------------------------------------------------
  // Roles, the demo users (same sign-ins as the demo) and staff users.
  const roleRows = ROLES.map(([name], i) => `(${i + 1}, ${sqlText(name)})`).join(', ');
  const roleScopeRows = ROLES.flatMap(([name, scopes]) =>
    scopes.map((scope) => `(${sqlText(name)}, ${sqlText(scope)})`),
  ).join(', ');
  const demoUserRows = DEMO_USERS.map(
    ([username, first, last, additional, role, active], i) =>
      `(${i + 1}, ${sqlText(username)}, ${sqlText(first)}, ${sqlText(last)}, ${additional ? sqlText(additional) : 'null'}, ${sqlText(role)}, ${active})`,
  ).join(', ');
  const firstNames = [
    'Alex',
    'Maria',
    'Ivan',
    'Sofia',
    'Liam',
    'Olga',
    'Noah',
    'Emma',
    'Pavel',
    'Lucia',
    'Jan',
    'Ingrid',
    'Marco',
    'Aisha',
    'Tomas',
    'Elena',
  ];
  const lastNames = [
    'Jansen',
    'Ivanova',
    'Smith',
    'Schmidt',
    'Dubois',
    'Garcia',
    'Rossi',
    'Nowak',
    'Berg',
    'Miller',
    'Keller',
    'Akhmetov',
    'de Vries',
    'Petrov',
    'Brown',
    'Weber',
  ];
  await q(
    `
    insert into app_public.roles (id, name, created_at, updated_at)
    select pg_temp.id('role', k), name, timestamptz '2021-10-01 07:00+00', timestamptz '2021-10-01 07:00+00'
      from (values ${roleRows}) r(k, name);
    insert into app_public.role_scopes (id, role_id, scope)
    select pg_temp.id('role_scope', row_number() over (order by r.k, s.scope)), pg_temp.id('role', r.k), s.scope
      from (values ${roleScopeRows}) s(role, scope) join (values ${roleRows}) r(k, name) on r.name = s.role;

    create temporary table t_user as
    select k as n, pg_temp.id('user', k) as id, username, first_name, last_name, additional_name, role, active,
           null::uuid as subsidiary_id
      from (values ${demoUserRows}) d(k, username, first_name, last_name, additional_name, role, active)
    union all
    select 100 + g, pg_temp.id('user', 100 + g), 'staff' || lpad(g::text, 4, '0'),
           (${sqlTextArray(firstNames)})[1 + g % ${firstNames.length}],
           (${sqlTextArray(lastNames)})[1 + (g * 7) % ${lastNames.length}], null,
           case when g % 3 = 0 then 'clerk' else 'accountant' end, g % 25 <> 0,
           (select s.id from t_sub s where pg_temp.u(g, 41) >= s.lo and pg_temp.u(g, 41) < s.hi)
      from generate_series(1, ${n.staff}) g;
    insert into app_public.users (id, username, first_name, last_name, additional_name, is_active, created_at, updated_at)
    select id, username, first_name, last_name, additional_name, active,
           timestamptz '2021-10-01 07:00+00' + n * interval '1 hour', timestamptz '2021-10-01 07:00+00' + n * interval '1 hour'
      from t_user order by n;
    insert into app_private.user_secrets (user_id, password_hash, password_changed_at)
    select id, ${client.escapeLiteral(options.passwordHash)}, timestamptz '2021-10-01 07:00+00' from t_user;
    insert into app_public.accounts (id, name, user_id, role_id, access_pattern_projects, created_at, updated_at)
    select pg_temp.id('account', u.n), initcap(u.role), u.id, pg_temp.id('role', r.k),
           case when u.username = 'manager' then 'ops.* !ops.legacy' end,
           timestamptz '2021-10-01 07:00+00' + u.n * interval '1 hour', timestamptz '2021-10-01 07:00+00' + u.n * interval '1 hour'
      from t_user u join (values ${roleRows}) r(k, name) on r.name = u.role;
    insert into app_public.accounts (id, name, user_id, role_id, created_at, updated_at)
    select pg_temp.id('account', 0), 'Group viewer', u.id, pg_temp.id('role', r.k),
           timestamptz '2021-10-01 07:30+00', timestamptz '2021-10-01 07:30+00'
      from t_user u join (values ${roleRows}) r(k, name) on r.name = 'viewer' where u.username = 'accountant';
    insert into app_public.default_accounts (user_id, account_id) select id, pg_temp.id('account', n) from t_user;
    insert into app_public.accounts_subsidiaries (account_id, subsidiary_id)
    select pg_temp.id('account', u.n), coalesce(u.subsidiary_id, (select id from t_sub where short_name = 'Northwind NL'))
      from t_user u where u.username = 'accountant' or u.subsidiary_id is not null;
    create temporary table t_staff as select row_number() over (order by n) as k, id from t_user where n > 100;
    alter table t_staff add primary key (k);`,
  );
  log(`users: ${DEMO_USERS.length} demo sign-ins and ${formatCount(n.staff)} staff`);

  // ---------------------------------------------------------------------------------------------
  // The secondary indexes of the big tables go now and come back after loading.
  const { rows: indexes } = await q(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace ns on ns.oid = t.relnamespace
      where ns.nspname = 'app_public' and t.relname = any($1)
        and not exists (select from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
    [BULK_TABLES],
  );
  for (const index of indexes) await q(`drop index ${index.name as string}`);
  log(`dropped ${indexes.length} secondary indexes for the bulk load`);

  // ---------------------------------------------------------------------------------------------
  // Invoices (attributes first; totals once their costs exist). Ids follow creation time.
  const staffPick = (salt: number, row = 'g') =>
    `(select id from t_staff where k = 1 + floor(pg_temp.u(${row}, ${salt}) * ${n.staff})::int)`;
  await step(
    'invoice plan',
    `create temporary table t_inv as
     with base as (
       select g, date '${ANCHOR_DATE}' - floor(${DAYS} * power(pg_temp.u(g, 101), 1.25))::int as invoice_date,
              pg_temp.u(g, 102) as u_sub, pg_temp.u(g, 104) as u_status, pg_temp.u(g, 105) as u_cur,
              pg_temp.u(g, 106) as u_type, pg_temp.u(g, 108) as u_misc
         from generate_series(1, ${n.invoices}) g
     ), placed as (
       select b.*, s.n as sub_n, s.id as subsidiary_id, s.currency as sub_currency,
              b.invoice_date::timestamptz + (1 + floor(pg_temp.u(g, 109) * 9)) * interval '1 day'
                + floor(pg_temp.u(g, 110) * 36000) * interval '1 second' + interval '7 hours' as created_at,
              date '${ANCHOR_DATE}' - b.invoice_date as age
         from base b join t_sub s on b.u_sub >= s.lo and b.u_sub < s.hi
     )
     select row_number() over (order by created_at, g) as id, g, invoice_date, created_at, sub_n, subsidiary_id,
            (select id from t_supplier where n = 1 + floor(power(pg_temp.u(g, 103), 2.5) * ${n.suppliers})::int) as supplier_id,
            case when u_cur < 0.85 then sub_currency when sub_currency = 'USD' then 'EUR'
                 when u_cur < 0.95 then 'USD' when sub_currency = 'EUR' then 'GBP' else 'EUR' end::char(3) as currency,
            (case when u_type < 0.85 then 'regular' when u_type < 0.95 then 'prepayment' else 'credit_note' end)::app_public.invoice_type as type,
            (case when age > 120 then case when u_status < 0.82 then 'paid' when u_status < 0.90 then 'validated'
                                           when u_status < 0.94 then 'rejected' when u_status < 0.97 then 'static'
                                           when u_status < 0.99 then 'open' else 'draft' end
                  else case when u_status < 0.15 then 'draft' when u_status < 0.45 then 'open'
                            when u_status < 0.75 then 'validated' when u_status < 0.95 then 'paid' else 'rejected' end
             end)::app_public.invoice_status as status,
            u_misc, ${staffPick(111)} as created_by, ${staffPick(112)} as validated_by,
            case when pg_temp.u(g, 113) < 0.5 then (select id from t_cost_type where n = 1 + floor(pg_temp.u(g, 114) * ${n.costTypes})::int) end as default_cost_type_id,
            invoice_date + (array[14, 30, 30, 45, 60])[1 + floor(pg_temp.u(g, 115) * 5)::int] as due_date,
            power(-ln(pg_temp.u(g, 107)), 1.5)::numeric(20, 10) as cost_weight
       from placed`,
  );
  await q(`alter table t_inv add primary key (id)`);
  // Cost lines per invoice: at least one each, the rest spread by a long-tailed weight so that
  // most invoices have a few lines and some have hundreds; the sum is exactly the target.
  await step(
    'cost lines per invoice',
    `alter table t_inv add column n_costs integer, add column cost_offset bigint;
     with w as (select id, sum(cost_weight) over (order by id) as cum, sum(cost_weight) over () as total from t_inv),
          c as (select id, floor(${n.costs - n.invoices}::numeric * cum / total) as upto from w),
          d as (select id, 1 + upto - coalesce(lag(upto) over (order by id), 0) as n_costs from c)
     update t_inv i set n_costs = d.n_costs from d where d.id = i.id;
     with o as (select id, sum(n_costs) over (order by id) - n_costs as cost_offset from t_inv)
     update t_inv i set cost_offset = o.cost_offset from o where o.id = i.id;`,
  );

  // ---------------------------------------------------------------------------------------------
  // Bills (attributes; costs_status and payments later), numbered per subsidiary for costs to pick.
  await step(
    'bill plan',
    `create temporary table t_bill as
     with base as (
       select g, date '${ANCHOR_DATE}' - floor(${DAYS} * power(pg_temp.u(g, 201), 1.25))::int as invoice_date,
              pg_temp.u(g, 202) as u_sub, pg_temp.u(g, 203) as u_status
         from generate_series(1, ${n.bills}) g
     ), placed as (
       select b.*, s.n as sub_n, s.id as subsidiary_id, s.currency as sub_currency, s.vat as sub_vat,
              b.invoice_date::timestamptz + floor(pg_temp.u(g, 204) * 3) * interval '1 day'
                + floor(pg_temp.u(g, 205) * 36000) * interval '1 second' + interval '7 hours' as created_at,
              date '${ANCHOR_DATE}' - b.invoice_date as age
         from base b join t_sub s on b.u_sub >= s.lo and b.u_sub < s.hi
     )
     select row_number() over (order by created_at, g) as id, g, invoice_date, created_at, sub_n, subsidiary_id,
            case when pg_temp.u(g, 206) < 0.9 then sub_currency else 'USD' end::char(3) as currency, sub_vat as vat,
            round(least(2000000, greatest(100, exp(ln(8000) + 1.0 * pg_temp.normal(g, 207))))::numeric, 2) as amount,
            (case when age > 90 then case when u_status < 0.80 then 'paid' when u_status < 0.92 then 'validated' else 'open' end
                  else case when u_status < 0.45 then 'open' when u_status < 0.80 then 'validated' else 'paid' end
             end)::app_public.bill_status as status,
            (select id from t_client where n = 1 + floor(power(pg_temp.u(g, 209), 2) * ${n.clients})::int) as client_id,
            case when pg_temp.u(g, 210) < 0.85 then (select id from t_project where n = 1 + floor(power(pg_temp.u(g, 211), 2) * ${n.projects})::int) end as project_id,
            (select n from t_service where n = 1 + floor(power(pg_temp.u(g, 212), 1.5) * ${n.services})::int) as service_n,
            ${staffPick(213)} as created_by, pg_temp.u(g, 214) as u_misc,
            invoice_date + (array[14, 30, 30, 45])[1 + floor(pg_temp.u(g, 215) * 4)::int] as due_date
       from placed`,
  );
  await q(`alter table t_bill add primary key (id);
    create temporary table t_bill_pick as
      select sub_n, row_number() over (partition by sub_n order by id) as k, id from t_bill where status <> 'open';
    alter table t_bill_pick add primary key (sub_n, k);
    create temporary table t_bill_count as select sub_n, count(*) as cnt from t_bill_pick group by sub_n;`);

  // ---------------------------------------------------------------------------------------------
  // Costs, in batches of invoices, with their amounts computed as the triggers would.
  const batches = Math.min(20, Math.max(1, Math.ceil(n.invoices / 5_000)));
  const perBatch = Math.ceil(n.invoices / batches);
  let loaded = 0;
  for (let batch = 0; batch < batches; batch++) {
    const from = batch * perBatch + 1;
    const to = Math.min(n.invoices, (batch + 1) * perBatch);
    const result = await q(
      `insert into app_public.costs (id, name, description, amount, vat, amount_w_vat, amount_usd, amount_usd_w_vat,
         currency, invoice_id, bill_id, to_bill, cost_type_id, project_id, subsidiary_id, period, year, status,
         reject_reason, is_deleted, approved_by, created_by, created_at, updated_at)
       select c.id, ct.name || ' ' || to_char(i.invoice_date, 'Mon YYYY'),
              case when pg_temp.u(c.id, 301) < 0.3 then 'As per contract' end,
              c.amount, c.vat, round(c.amount * (1 + c.vat / 100), 2), round(c.amount * r.rate, 2),
              round(round(c.amount * (1 + c.vat / 100), 2) * r.rate, 2),
              i.currency, i.id,
              case when c.to_bill and c.status = 'approved' and pg_temp.u(c.id, 302) < 0.7 then
                (select p.id from t_bill_pick p join t_bill_count bc on bc.sub_n = p.sub_n
                  where p.sub_n = i.sub_n and p.k = 1 + floor(pg_temp.u(c.id, 303) * bc.cnt)::int) end,
              c.to_bill, ct.id,
              (select id from t_project where n = 1 + floor(power(pg_temp.u(c.id, 304), 2) * ${n.projects})::int),
              i.subsidiary_id, extract(month from i.invoice_date)::smallint, extract(year from i.invoice_date)::smallint,
              c.status, case when c.status = 'rejected' then 'invoice_rejected' end,
              i.status = 'static' or (c.status <> 'approved' and pg_temp.u(c.id, 305) < 0.01),
              case when c.status = 'approved' then i.validated_by end, i.created_by,
              i.created_at + c.k * interval '1 minute', i.created_at + c.k * interval '1 minute'
         from t_inv i
        cross join lateral generate_series(1, i.n_costs) k
        cross join lateral (
          select i.cost_offset + k as id, k,
                 round(least(250000, greatest(1, exp(ln(300) + 1.3 * pg_temp.normal(i.cost_offset + k, 306))))::numeric, 2) as amount,
                 case when pg_temp.u(i.cost_offset + k, 308) < 0.85 then s.vat else s.reduced_vat end as vat,
                 pg_temp.u(i.cost_offset + k, 309) < 0.2 as to_bill,
                 (case when i.status = 'rejected' then 'rejected'
                       when i.status = 'draft' and pg_temp.u(i.cost_offset + k, 310) < 0.5 then 'to_approve'
                       when i.status = 'open' and pg_temp.u(i.cost_offset + k, 310) < 0.6 then 'to_approve'
                       else 'approved' end)::app_public.cost_status as status
            from t_sub s where s.n = i.sub_n) c
         join t_cost_type ct on ct.n = 1 + floor(power(pg_temp.u(c.id, 311), 1.5) * ${n.costTypes})::int
         join t_rate r on r.currency = i.currency and r.month = date_trunc('month', i.invoice_date)::date
        where i.id between $1 and $2
        order by c.id`,
      [from, to],
    );
    loaded += result.rowCount ?? 0;
    log(`costs: ${formatCount(loaded)} / ${formatCount(n.costs)}`);
  }

  await step(
    'invoice totals',
    `create temporary table t_inv_total as
     select invoice_id, sum(amount) amount, sum(amount_w_vat) amount_w_vat, sum(amount_usd) amount_usd,
            sum(amount_usd_w_vat) amount_usd_w_vat,
            case when count(distinct status) > 1 then 'mixed' else min(status::text) end::app_public.costs_status as costs_status
       from app_public.costs where not is_deleted group by invoice_id;
     alter table t_inv_total add primary key (invoice_id);
     -- The projects of every cost, archived too, as the visibility rule reads them (0031).
     create temporary table t_inv_projects as
     select invoice_id, array_agg(distinct project_id order by project_id) as project_ids
       from app_public.costs where project_id is not null group by invoice_id;
     alter table t_inv_projects add primary key (invoice_id);`,
  );

  // ---------------------------------------------------------------------------------------------
  // Payments: paid invoices and bills in full, some validated ones in part; installments spread
  // so that the number of payments is the target.
  await step(
    'payment plan',
    `create temporary table t_pay_target as
     with targets as (
       select 'invoice' as kind, i.id as record_id, i.currency, i.invoice_date as record_date, t.amount_w_vat as total,
              case when i.status = 'paid' then t.amount_w_vat else round(t.amount_w_vat * 0.4, 2) end as target,
              i.invoice_date + 10 as first_date, i.g * 2 as h
         from t_inv i join t_inv_total t on t.invoice_id = i.id
        where (i.status = 'paid' or (i.status = 'validated' and i.u_misc < 0.35)) and t.amount_w_vat >= 1
       union all
       select 'bill', b.id, b.currency, b.invoice_date, round(b.amount * (1 + b.vat / 100), 2),
              case when b.status = 'paid' then round(b.amount * (1 + b.vat / 100), 2)
                   else round(round(b.amount * (1 + b.vat / 100), 2) * 0.5, 2) end,
              b.invoice_date + 14, b.g * 2 + 1
         from t_bill b where b.status = 'paid' or (b.status = 'validated' and b.u_misc < 0.5)
     ), weighted as (
       select t.*, row_number() over (order by kind, record_id) as rn,
              (-ln(pg_temp.u(h, 401)))::numeric(20, 10) as w from targets t
     ), spread as (
       select w.*, floor(greatest(0, ${n.payments} - count(*) over ())::numeric
                         * sum(w) over (order by rn) / sum(w) over ()) as upto
         from weighted w
     )
     select kind, record_id, currency, record_date, total, target, first_date, h,
            least(1 + upto - coalesce(lag(upto) over (order by rn), 0), floor(target * 100)::bigint) as parts
       from spread;`,
  );
  await step(
    'payments',
    `create temporary table t_pay as
     select row_number() over (order by payment_date, kind, record_id, part) as n, p.*
       from (
         select t.kind, t.record_id, t.currency, part,
                case when part < t.parts then floor(t.target * 100 / t.parts) / 100
                     else t.target - (t.parts - 1) * floor(t.target * 100 / t.parts) / 100 end as amount,
                least(timestamptz '${ANCHOR_DATE} 18:00+00',
                      (t.first_date + (part - 1) * 21 + floor(pg_temp.u(t.h * 10 + part, 402) * 20)::int)::timestamptz
                        + interval '9 hours' + floor(pg_temp.u(t.h * 10 + part, 403) * 28800) * interval '1 second') as payment_date,
                (case when pg_temp.u(t.h * 10 + part, 404) < 0.1 then 'cash' else 'transaction' end)::app_public.payment_method as method,
                r.rate, t.h
           from t_pay_target t
          cross join lateral generate_series(1, t.parts::int) part
           join t_rate r on r.currency = t.currency and r.month = date_trunc('month', t.record_date)::date) p;
     insert into app_public.payments (id, amount, amount_usd, currency, payment_date, payment_method, created_by, created_at, updated_at)
     select pg_temp.id('payment', n), amount, round(amount * rate, 2), currency, payment_date, method,
            ${staffPick(405, 'n')}, payment_date, payment_date
       from t_pay order by n;`,
  );
  await step(
    'payment links',
    `insert into app_public.invoices_payments (id, invoice_id, payment_id)
     select pg_temp.id('invoice_payment', n), record_id, pg_temp.id('payment', n) from t_pay where kind = 'invoice' order by n;
     insert into app_public.bills_payments (id, bill_id, payment_id)
     select pg_temp.id('bill_payment', n), record_id, pg_temp.id('payment', n) from t_pay where kind = 'bill' order by n;`,
  );
  await q(`create temporary table t_paid as
    select kind, record_id, sum(amount) as total, max(payment_date) as last_date from t_pay group by kind, record_id;
    alter table t_paid add primary key (kind, record_id);`);

  await step(
    'invoices',
    `insert into app_public.invoices (id, type, invoice_ref, invoice_date, due_date, period_start, period_end, currency,
       amount, amount_w_vat, amount_usd, amount_usd_w_vat, status, costs_status, payment_status, paid_amount, is_deleted,
       reject_reason, last_payment_date, subsidiary_id, supplier_id, default_cost_type_id, created_by, validated_by,
       closed_by, created_at, updated_at, project_ids)
     select i.id, i.type, 'INV-' || to_char(i.invoice_date, 'YYYY') || '-' || lpad(i.id::text, 6, '0'),
            i.invoice_date, i.due_date, date_trunc('month', i.invoice_date)::date,
            (date_trunc('month', i.invoice_date) + interval '1 month - 1 day')::date, i.currency,
            coalesce(t.amount, 0), coalesce(t.amount_w_vat, 0), coalesce(t.amount_usd, 0), coalesce(t.amount_usd_w_vat, 0),
            i.status, coalesce(t.costs_status, 'none'),
            (case when coalesce(p.total, 0) = 0 then 'unpaid' when p.total >= t.amount_w_vat then 'paid'
                  else 'partially_paid' end)::app_public.payment_status,
            coalesce(p.total, 0),
            i.status = 'static' or i.u_misc > 0.99,
            case when i.status = 'rejected' then (array['Wrong amount', 'Duplicate invoice', 'Missing purchase order',
              'Wrong VAT rate'])[1 + (i.g % 4)] end,
            p.last_date, i.subsidiary_id, i.supplier_id, i.default_cost_type_id, i.created_by,
            case when i.status in ('validated', 'paid', 'rejected', 'static') then i.validated_by end,
            case when i.status = 'paid' then i.validated_by end,
            i.created_at, i.created_at + interval '3 days', coalesce(pj.project_ids, '{}')
       from t_inv i
       left join t_inv_total t on t.invoice_id = i.id
       left join t_inv_projects pj on pj.invoice_id = i.id
       left join t_paid p on p.kind = 'invoice' and p.record_id = i.id
      order by i.id`,
  );
  await step(
    'bills',
    `insert into app_public.bills (id, name, description, invoice_ref, invoice_date, due_date, period, year, currency, vat,
       amount, amount_w_vat, amount_usd, amount_usd_w_vat, status, costs_status, payment_status, paid_amount, is_deleted,
       last_payment_date, client_id, subsidiary_id, project_id, service_id, created_by, closed_by, created_at, updated_at)
     select b.id, sv.name || ' for ' || c.short_name || ', ' || to_char(b.invoice_date, 'Mon YYYY'),
            case when b.u_misc < 0.25 then 'Monthly retainer' end,
            'BILL-' || to_char(b.invoice_date, 'YYYY') || '-' || lpad(b.id::text, 6, '0'),
            b.invoice_date, b.due_date, extract(month from b.invoice_date)::smallint, extract(year from b.invoice_date)::smallint,
            b.currency, b.vat, b.amount, x.w_vat, round(b.amount * r.rate, 2), round(x.w_vat * r.rate, 2), b.status,
            coalesce(cs.costs_status, 'none'),
            (case when coalesce(p.total, 0) = 0 then 'unpaid' when p.total >= x.w_vat then 'paid'
                  else 'partially_paid' end)::app_public.payment_status,
            coalesce(p.total, 0), b.u_misc > 0.99, p.last_date,
            b.client_id, b.subsidiary_id, b.project_id, sv.id, b.created_by,
            case when b.status = 'paid' then b.created_by end, b.created_at, b.created_at + interval '2 days'
       from t_bill b
      cross join lateral (select round(b.amount * (1 + b.vat / 100), 2) as w_vat) x
       join app_public.clients c on c.id = b.client_id
       join t_service sv on sv.n = b.service_n
       join t_rate r on r.currency = b.currency and r.month = date_trunc('month', b.invoice_date)::date
       left join (select bill_id, case when count(distinct status) > 1 then 'mixed' else min(status::text) end::app_public.costs_status as costs_status
                    from app_public.costs where bill_id is not null and not is_deleted group by bill_id) cs on cs.bill_id = b.id
       left join t_paid p on p.kind = 'bill' and p.record_id = b.id
      order by b.id`,
  );

  // ---------------------------------------------------------------------------------------------
  // Documents: contracts with suppliers, and amendments, orders and offers under them.
  const contracts = Math.max(1, Math.round(n.documents * 0.4));
  await step(
    'documents',
    `create temporary table t_contract as
     select g as k, pg_temp.id('document', g) as id,
            (select id from t_supplier where n = 1 + floor(power(pg_temp.u(g, 501), 2) * ${n.suppliers})::int) as contractor_id,
            s.id as principal_id, s.currency,
            date '${ANCHOR_DATE}' - floor(${DAYS} * power(pg_temp.u(g, 503), 1.1))::int as signing_date
       from generate_series(1, ${contracts}) g
       join t_sub s on pg_temp.u(g, 502) >= s.lo and pg_temp.u(g, 502) < s.hi;
     alter table t_contract add primary key (k);
     insert into app_public.documents (id, name, type, description, comments, email, amount, currency, signing_date,
       expiration_date, expiration_conditions, expiration_extends_contract, contract_reference, contractor_id,
       principal_id, client_id, service_id, is_deleted, created_by, deleted_by, created_at, updated_at)
     select d.id, d.type || ' ' || to_char(d.signing_date, 'YYYY') || '/' || lpad(d.g::text, 6, '0') || ' with ' || sp.short_name,
            d.type, case when d.type = 'Contract' then 'Master services agreement' else 'Under contract ' || d.parent_k end,
            case when pg_temp.u(d.g, 511) < 0.2 then 'Reviewed by legal' end,
            case when d.type = 'Contract' then lower(replace(sp.short_name, ' ', '.')) || '@example.com' end,
            case when d.type in ('Contract', 'Order') then round((1000 + pg_temp.u(d.g, 512) * 199000)::numeric, 2) end,
            case when d.type in ('Contract', 'Order') then d.currency end,
            d.signing_date, d.signing_date + (365 * (1 + floor(pg_temp.u(d.g, 513) * 3)))::int,
            case when d.type = 'Contract' then 'Extends automatically for one year unless terminated' end,
            d.type = 'Contract' and pg_temp.u(d.g, 514) < 0.5, case when d.type <> 'Offer' then d.parent_id end,
            d.contractor_id, d.principal_id,
            case when d.type in ('Order', 'Offer') then (select id from t_client where n = 1 + floor(power(pg_temp.u(d.g, 515), 2) * ${n.clients})::int) end,
            (select id from t_service where n = 1 + floor(pg_temp.u(d.g, 516) * ${n.services})::int),
            pg_temp.u(d.g, 517) < 0.02, ${staffPick(518, 'd.g')},
            case when pg_temp.u(d.g, 517) < 0.02 then (select id from t_user where username = 'admin') end,
            d.signing_date::timestamptz - interval '2 days' + floor(pg_temp.u(d.g, 519) * 36000) * interval '1 second',
            d.signing_date::timestamptz + interval '1 day'
       from (
         select c.k as g, c.id, 'Contract' as type, null::uuid as parent_id, null::bigint as parent_k,
                c.contractor_id, c.principal_id, c.currency, c.signing_date
           from t_contract c
         union all
         select ${contracts} + g, pg_temp.id('document', ${contracts} + g),
                case when pg_temp.u(g, 521) < 0.42 then 'Amendment' when pg_temp.u(g, 521) < 0.75 then 'Order' else 'Offer' end,
                c.id, c.k, c.contractor_id, c.principal_id, c.currency,
                least(date '${ANCHOR_DATE}', c.signing_date + floor(pg_temp.u(g, 523) * 700)::int)
           from generate_series(1, ${n.documents - contracts}) g
           join t_contract c on c.k = 1 + floor(pg_temp.u(g, 522) * ${contracts})::int
       ) d
       join app_public.suppliers sp on sp.id = d.contractor_id
      order by d.signing_date, d.g`,
  );

  await step(
    'notifications',
    `insert into app_public.notifications (id, user_id, title, body, type, ref_id, is_read, read_at, created_at)
     select pg_temp.id('notification', u.n * 100000 + m), u.id, 'Invoice ' || i.id || ' was validated', null,
            'invoice_validated', i.id::text, m > 20, case when m > 20 then i.created_at + interval '3 days' end,
            i.created_at + interval '2 days'
       from t_user u
      cross join generate_series(1, ${Math.max(20, Math.round(300 * scale))}) m
       join t_inv i on i.id = 1 + (m * 37 + u.n) % ${n.invoices}
      where u.username in ('admin', 'accountant', 'manager', 'viewer')`,
  );

  // What the link triggers keep on a payment (0034, 0094): its owner's subsidiary, key and projects.
  await step(
    'payment owners',
    `update app_public.payments p
        set subsidiary_id = i.subsidiary_id, invoice_id = i.id, project_ids = i.project_ids
       from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
      where ip.payment_id = p.id;
     update app_public.payments p
        set subsidiary_id = b.subsidiary_id, bill_id = b.id,
            project_ids = case when b.project_id is null then '{}'::uuid[] else array[b.project_id] end
       from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id
      where bp.payment_id = p.id;`,
  );

  // The audit trail of all of it, chained by hash (./audit.ts).
  await generateAudit(client, scale, step, log, options.auditRows);

  // ---------------------------------------------------------------------------------------------
  // Indexes back, identity sequences past the generated ids, every foreign key checked.
  const indexesStarted = Date.now();
  for (const [i, index] of indexes.entries()) {
    const started = Date.now();
    await q(index.definition as string);
    const seconds = (Date.now() - started) / 1000;
    if (seconds >= 1)
      log(`index ${i + 1}/${indexes.length} ${index.name as string} (${seconds.toFixed(1)}s)`);
  }
  log(`rebuilt ${indexes.length} indexes (${((Date.now() - indexesStarted) / 1000).toFixed(1)}s)`);
  const { rows: missing } = await q(
    `select name from unnest($1::text[]) name where to_regclass(name) is null`,
    [indexes.map((index) => index.name as string)],
  );
  if (missing.length) throw new Error(`indexes missing after the load: ${JSON.stringify(missing)}`);
  for (const table of ['invoices', 'costs', 'bills']) {
    await q(
      `select setval(pg_get_serial_sequence('app_public.${table}', 'id'), (select coalesce(max(id), 0) + 1 from app_public.${table}), false)`,
    );
  }
  // What each account may see, which triggers keep outside a load (0033).
  await q(`select app_private.refresh_account_access(array(select id from app_public.accounts))`);
  // What the unpaid bills owe per subsidiary and project, which the bills' triggers keep (0308).
  await q(`select app_private.rebuild_bill_outstanding_totals()`);
  await checkForeignKeys(client, log);
  return n;
}

/** Every foreign key of app_public holds (the load ran without the triggers that enforce them). */
async function checkForeignKeys(client: pg.Client, log: (message: string) => void) {
  const started = Date.now();
  const { rows } = await client.query<{ name: string; sql: string }>(`
    select c.conname as name,
           format('select count(*)::int as orphans from %s child where %s and not exists (select from %s parent where %s)',
             c.conrelid::regclass, string_agg(format('child.%I is not null', ca.attname), ' and ' order by k.i),
             c.confrelid::regclass, string_agg(format('parent.%I = child.%I', pa.attname, ca.attname), ' and ' order by k.i)) as sql
      from pg_constraint c
      join pg_namespace ns on ns.oid = c.connamespace
      cross join lateral unnest(c.conkey, c.confkey) with ordinality k(child_col, parent_col, i)
      join pg_attribute ca on ca.attrelid = c.conrelid and ca.attnum = k.child_col
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = k.parent_col
     where c.contype = 'f' and ns.nspname = 'app_public'
     group by c.oid, c.conname, c.conrelid, c.confrelid
     order by c.conname`);
  for (const fk of rows) {
    const { rows: result } = await client.query<{ orphans: number }>(fk.sql);
    if (result[0]!.orphans > 0) {
      throw new Error(`foreign key ${fk.name} broken by ${result[0]!.orphans} generated rows`);
    }
  }
  log(`foreign keys: all ${rows.length} hold (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}
