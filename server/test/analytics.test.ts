// Analytics and the home page's aging (issue 16, SPEC §5 "Analytics period", §6 create_report): the
// sums come from SQL, exact, and each account sums only the rows it may see.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  createTestDatabase,
  errorCode,
  gql,
  login,
  rowsAs,
  type TestApp,
  type TestDatabase,
} from './helpers.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

/** The code of a refused statement (our SQL functions put it in the hint), or undefined. */
async function refusal(username: string, sql: string, params: unknown[] = []) {
  return asUser(db, username, async (client) => {
    try {
      await client.query(sql, params);
      return undefined;
    } catch (error) {
      return (error as { hint?: string }).hint;
    }
  });
}

async function ownerRows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.owner.query(sql, params)).rows as T[];
}

async function projectId(accessKey: string): Promise<string> {
  const rows = await ownerRows<{ id: string }>(
    'select id from app_public.projects where access_key = $1',
    [accessKey],
  );
  return rows[0]!.id;
}

const MONTHS = `select year, month, costs_usd::text, bills_usd::text, margin_usd::text,
  margin_percent::text, is_total from app_public.report_months($1, $2, $3, $4, $5)`;

describe('analytics period (SPEC §5)', () => {
  it('a start later than the end is refused with InvalidPeriodRange', async () => {
    expect(await refusal('admin', MONTHS, [null, 2026, 3, 2026, 2])).toBe('InvalidPeriodRange');
    expect(await refusal('admin', MONTHS, [null, 2026, 1, 2025, 12])).toBe('InvalidPeriodRange');
  });

  it('same year: the months between start and end', async () => {
    const rows = await rowsAs(db, 'admin', MONTHS, [null, 2025, 3, 2025, 6]);
    expect(rows.filter((row) => !row.is_total).map((row) => [row.year, row.month])).toEqual([
      [2025, 3],
      [2025, 4],
      [2025, 5],
      [2025, 6],
    ]);
  });

  it('across years: the start year from its month, whole years between, the end year up to its month', async () => {
    const rows = await rowsAs(db, 'admin', MONTHS, [null, 2023, 11, 2025, 2]);
    const months = rows.filter((row) => !row.is_total).map((row) => `${row.year}-${row.month}`);
    expect(months).toHaveLength(2 + 12 + 2);
    expect(months.slice(0, 3)).toEqual(['2023-11', '2023-12', '2024-1']);
    expect(months.slice(-3)).toEqual(['2024-12', '2025-1', '2025-2']);
  });

  it('needs create_report: the viewer and the accountant are refused', async () => {
    expect(await refusal('viewer', MONTHS, [null, 2025, 1, 2025, 2])).toBe('Forbidden');
    expect(await refusal('accountant', 'select * from app_public.report_projects()')).toBe(
      'Forbidden',
    );
  });
});

describe('analytics sums (issue 16)', () => {
  it("the manager's months equal a direct SQL sum of approved live costs and live bills of the project", async () => {
    const project = await projectId('ops.platform');
    const rows = await rowsAs(db, 'manager', MONTHS, [[project], 2024, 11, 2026, 2]);
    const costs = await ownerRows<{ year: number; period: number; total: string }>(
      `select year, period, sum(amount_usd_w_vat)::text as total from app_public.costs
        where project_id = $1 and status = 'approved' and not is_deleted
          and (year * 12 + period) between 2024 * 12 + 11 and 2026 * 12 + 2
        group by year, period`,
      [project],
    );
    const bills = await ownerRows<{ year: number; period: number; total: string }>(
      `select year, period, sum(amount_usd_w_vat)::text as total from app_public.bills
        where project_id = $1 and not is_deleted
          and (year * 12 + period) between 2024 * 12 + 11 and 2026 * 12 + 2
        group by year, period`,
      [project],
    );
    expect(costs.length).toBeGreaterThan(0);
    expect(bills.length).toBeGreaterThan(0);
    for (const row of rows.filter((r) => !r.is_total)) {
      const cost = costs.find((c) => c.year === row.year && c.period === row.month);
      const bill = bills.find((b) => b.year === row.year && b.period === row.month);
      expect(row.costs_usd, `${row.year}-${row.month}`).toBe(cost?.total ?? '0');
      expect(row.bills_usd, `${row.year}-${row.month}`).toBe(bill?.total ?? '0');
    }
    const [total] = await ownerRows<{ costs: string; bills: string }>(
      `select (select sum(amount_usd_w_vat) from app_public.costs
                where project_id = $1 and status = 'approved' and not is_deleted
                  and (year * 12 + period) between 2024 * 12 + 11 and 2026 * 12 + 2)::text as costs,
              (select sum(amount_usd_w_vat) from app_public.bills
                where project_id = $1 and not is_deleted
                  and (year * 12 + period) between 2024 * 12 + 11 and 2026 * 12 + 2)::text as bills`,
      [project],
    );
    const totalRow = rows.find((row) => row.is_total)!;
    expect(totalRow.costs_usd).toBe(total!.costs);
    expect(totalRow.bills_usd).toBe(total!.bills);
    const [margin] = await ownerRows<{ margin: string; percent: string }>(
      `select ($2::numeric - $1::numeric)::text as margin,
              round(($2::numeric - $1::numeric) * 100 / $2::numeric, 2)::text as percent`,
      [total!.costs, total!.bills],
    );
    expect(totalRow.margin_usd).toBe(margin!.margin);
    expect(totalRow.margin_percent).toBe(margin!.percent);
  });

  it("the manager's report leaves out a project outside the account's limit (ops.legacy)", async () => {
    const legacy = await projectId('ops.legacy');
    const projects = await rowsAs<{ id: string }>(
      db,
      'manager',
      'select id from app_public.report_projects()',
    );
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.map((p) => p.id)).not.toContain(legacy);
    const asManager = await rowsAs(db, 'manager', MONTHS, [[legacy], 2024, 1, 2026, 12]);
    expect(asManager.find((row) => row.is_total)).toMatchObject({ costs_usd: '0', bills_usd: '0' });
    const asAdmin = await rowsAs(db, 'admin', MONTHS, [[legacy], 2024, 1, 2026, 12]);
    expect(asAdmin.find((row) => row.is_total)!.costs_usd).not.toBe('0');
  });

  it('the breakdowns by cost type, by supplier and by project add up to the same total; projects sorted by margin', async () => {
    const args = [null, 2024, 11, 2026, 2];
    const months = await rowsAs(db, 'manager', MONTHS, args);
    const total = months.find((row) => row.is_total)!;
    const sum = async (fn: string, column: string) =>
      (
        await rowsAs<{ total: string }>(
          db,
          'manager',
          `select sum(${column})::text as total from app_public.${fn}($1, $2, $3, $4, $5)`,
          args,
        )
      )[0]!.total;
    expect(await sum('report_cost_types', 'costs_usd')).toBe(total.costs_usd);
    expect(await sum('report_suppliers', 'costs_usd')).toBe(total.costs_usd);
    expect(await sum('report_projects_summary', 'costs_usd')).toBe(total.costs_usd);
    expect(await sum('report_projects_summary', 'bills_usd')).toBe(total.bills_usd);
    const projects = await rowsAs<{ name: string | null; margin_usd: string }>(
      db,
      'manager',
      'select name, margin_usd::text from app_public.report_projects_summary($1, $2, $3, $4, $5)',
      args,
    );
    // Names show although the manager may not read the projects table; ordered by margin.
    expect(projects.every((p) => p.name)).toBe(true);
    const margins = projects.map((p) => p.margin_usd);
    const [sorted] = await ownerRows<{ ok: boolean }>(
      `select coalesce(bool_and(a >= b), true) as ok from (
         select m::numeric a, lead(m::numeric) over (order by k) b from unnest($1::text[]) with ordinality t(m, k)) x
        where b is not null`,
      [margins],
    );
    expect(sorted!.ok).toBe(true);
    const suppliers = await rowsAs<{ name: string | null }>(
      db,
      'manager',
      'select name from app_public.report_suppliers($1, $2, $3, $4, $5)',
      args,
    );
    expect(suppliers.length).toBeGreaterThan(0);
    expect(suppliers.every((s) => s.name)).toBe(true);
  });
});

const AGING = `select subsidiary_id, subsidiary_name, current_usd::text, days_1_30_usd::text,
  days_31_60_usd::text, days_61_90_usd::text, over_90_usd::text, total_usd::text, count
  from app_public.%s_aging($1)`;

describe('aging on the home page (issue 16)', () => {
  it('each demo account sees the outstanding amounts of the rows it may see only', async () => {
    const nl = (
      await ownerRows<{ id: string }>(
        `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
      )
    )[0]!.id;
    for (const kind of ['payables', 'receivables']) {
      const sql = AGING.replace('%s', kind);
      const accountant = await rowsAs(db, 'accountant', sql, [null]);
      expect(accountant.filter((row) => row.subsidiary_id).map((row) => row.subsidiary_id)).toEqual(
        [nl],
      );
      const admin = await rowsAs(db, 'admin', sql, [null]);
      expect(admin.filter((row) => row.subsidiary_id).length).toBe(3);
      expect(admin.find((row) => row.subsidiary_id === nl)).toEqual(accountant[0]);
      // The viewer sees the whole group; the blocked account and an anonymous visitor nothing.
      expect(await rowsAs(db, 'viewer', sql, [null])).toEqual(admin);
      const anonymous = await rowsAs(db, null, sql, [null]);
      expect(anonymous.filter((row) => row.subsidiary_id)).toEqual([]);
    }
  });

  it('totals equal a direct SQL sum of unpaid amounts (the manager: only bills of its projects)', async () => {
    const [expected] = await ownerRows<{ total: string; n: number }>(
      `select sum(round(amount_usd_w_vat * (amount_w_vat - paid_amount) / amount_w_vat, 2))::text as total,
              count(*)::int as n
         from app_public.bills b join app_public.projects p on p.id = b.project_id
        where not is_deleted and status in ('open', 'validated') and amount_w_vat > paid_amount
          and p.access_key like 'ops.%' and p.access_key <> 'ops.legacy'`,
    );
    const rows = await rowsAs(db, 'manager', AGING.replace('%s', 'receivables'), [null]);
    const total = rows.find((row) => !row.subsidiary_id)!;
    expect(total.total_usd).toBe(expected!.total);
    expect(total.count).toBe(expected!.n);
  });

  it('an invoice moves from 1–30 to 31–60 days past due on its 31st day', async () => {
    await asUser(db, 'admin', async (client) => {
      // Only one outstanding invoice: the others archived for this (rolled back) transaction.
      await client.query('reset role');
      const { rows } = await client.query<{ id: number; due: string; outstanding: string }>(
        `select id, due_date::text as due,
                round(amount_usd_w_vat * (amount_w_vat - paid_amount) / amount_w_vat, 2)::text as outstanding
           from app_public.invoices where status = 'validated' and not is_deleted
            and amount_w_vat > paid_amount order by id limit 1`,
      );
      const invoice = rows[0]!;
      // Arranged as the owner without a user (as seeds are), so that the period lock, which
      // checks users' writes, leaves the old invoices of a closed period to this arrangement too.
      const user = (await client.query(`select current_setting('jwt.claims.user_id') as id`))
        .rows[0].id;
      await client.query(
        `select set_config('jwt.claims.user_id', '', true);
         set local ledgerline.workflow = 'on';
         update app_public.invoices set is_deleted = true where id <> ${invoice.id}`,
      );
      await client.query(`select set_config('jwt.claims.user_id', $1, true)`, [user]);
      await client.query('set local role ledgerline_visitor');
      const at = async (days: number) =>
        (
          await client.query(`${AGING.replace('%s', 'payables')} where subsidiary_id is null`, [
            (
              await client.query<{ d: string }>(`select ($1::date + $2::int)::text as d`, [
                invoice.due,
                days,
              ])
            ).rows[0]!.d,
          ])
        ).rows[0];
      expect(await at(0)).toMatchObject({ current_usd: invoice.outstanding, days_1_30_usd: '0' });
      expect(await at(30)).toMatchObject({ current_usd: '0', days_1_30_usd: invoice.outstanding });
      expect(await at(31)).toMatchObject({
        days_1_30_usd: '0',
        days_31_60_usd: invoice.outstanding,
      });
      expect(await at(91)).toMatchObject({ over_90_usd: invoice.outstanding, count: 1 });
    });
  });
});

describe('through the API (what the screens send)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  const REPORT = `query($from: Int!, $to: Int!) {
    reportMonths(projectIds: null, startYear: 2026, startMonth: $from, endYear: 2026, endMonth: $to, first: 500) {
      nodes { year month costsUsd isTotal }
    }
  }`;

  it('a start after the end is refused with the code the web translates (InvalidPeriodRange)', async () => {
    const token = (await login(t.app, 'manager')).accessToken;
    const refused = await gql(t.app, REPORT, { from: 3, to: 2 }, token);
    expect(errorCode(refused)).toBe('InvalidPeriodRange');
    const fine = await gql<{ reportMonths: { nodes: unknown[] } }>(
      t.app,
      REPORT,
      { from: 1, to: 2 },
      token,
    );
    expect(fine.errors).toBeUndefined();
    expect(fine.data!.reportMonths.nodes).toHaveLength(3);
  });

  it('an account without create_report is refused (Forbidden); one without rights sees no aging', async () => {
    const viewer = (await login(t.app, 'viewer')).accessToken;
    expect(errorCode(await gql(t.app, REPORT, { from: 1, to: 2 }, viewer))).toBe('Forbidden');
    const anonymous = await gql<{ payablesAging: { nodes: { subsidiaryId: string | null }[] } }>(
      t.app,
      `{ payablesAging(asOf: "2026-01-31", first: 50) { nodes { subsidiaryId totalUsd } } }`,
    );
    expect((anonymous.data?.payablesAging?.nodes ?? []).filter((row) => row.subsidiaryId)).toEqual(
      [],
    );
  });
});
