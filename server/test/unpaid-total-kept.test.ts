// The unpaid view's total outstanding (SPEC §2 Bills, the unpaid view; 0308): what the bills it
// selects still owe in USD. Without filters it is read from totals the bills' triggers keep per
// subsidiary and project, which must always equal the sum over the bills themselves, for every
// account (the totals carry the bills' own select policies) and after every kind of change.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
const ACCOUNTS = ['admin', 'accountant', 'manager', 'viewer'] as const;
const token: Record<string, string> = {};

const BOTH = `{
  unpaidBillsTotal
  allBills(first: 0, filter: { outstanding: { greaterThan: "0" } }) { outstandingUsdTotal }
}`;

/** The kept totals (per subsidiary, per subsidiary and project) and the same summed from the bills. */
async function keptAndSummed() {
  const rows = async (sql: string) => (await t.db.owner.query(sql)).rows;
  const summed = (keys: string) =>
    rows(
      `select ${keys}, sum(app_public.bills_outstanding_usd(b))::numeric(18,2)::text as outstanding_usd,
              count(*)::int as bill_count
         from app_public.bills b
        where app_public.bills_outstanding(b) > 0
        group by ${keys} order by ${keys}`,
    );
  const kept = (table: string, keys: string) =>
    rows(
      `select ${keys}, outstanding_usd::text, bill_count from app_public.${table}
        where bill_count <> 0 or outstanding_usd <> 0 order by ${keys}`,
    );
  return {
    bySubsidiary: await kept('bill_outstanding_by_subsidiary', 'subsidiary_id'),
    summedBySubsidiary: await summed('subsidiary_id'),
    byProject: await kept('bill_outstanding_by_project', 'subsidiary_id, project_id'),
    summedByProject: await summed('subsidiary_id, project_id'),
  };
}

async function expectKeptEqualsSummed(after: string) {
  const totals = await keptAndSummed();
  expect(totals.summedBySubsidiary.length, after).toBeGreaterThan(0);
  expect(totals.bySubsidiary, after).toEqual(totals.summedBySubsidiary);
  expect(totals.byProject, after).toEqual(totals.summedByProject);
}

/** A new open bill like an existing one of the first subsidiary (the owner writes, no guards). */
async function newBill(amount: string): Promise<number> {
  const { rows } = await t.db.owner.query<{ id: number }>(
    `insert into app_public.bills (name, invoice_date, period, year, currency, vat, amount, client_id, subsidiary_id, project_id)
     select 'Unpaid total check', invoice_date, period, year, currency, vat, $1, client_id, subsidiary_id, project_id
       from app_public.bills where project_id is not null order by id limit 1
     returning id`,
    [amount],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ACCOUNTS) token[user] = (await login(t.app, user)).accessToken;
});

describe('the unpaid total without filters is the sum of every visible unpaid bill', () => {
  it.each(ACCOUNTS)(
    'as %s: unpaidBillsTotal equals the bills’ own sum (outstandingUsdTotal)',
    async (user) => {
      const result = await gql(t.app, BOTH, {}, token[user]);
      expect(result.errors).toBeUndefined();
      expect(Number(result.data!.unpaidBillsTotal)).toBeGreaterThan(0);
      expect(result.data!.unpaidBillsTotal).toBe(result.data!.allBills.outstandingUsdTotal);
    },
  );

  it('the manager (a project limit) sees less than the administrator, as in the list', async () => {
    const admin = await gql(t.app, BOTH, {}, token.admin);
    const manager = await gql(t.app, BOTH, {}, token.manager);
    expect(Number(manager.data!.unpaidBillsTotal)).toBeLessThan(
      Number(admin.data!.unpaidBillsTotal),
    );
  });
});

describe('the kept totals follow every change to the bills', () => {
  it('as seeded, and after a bill is added, changed, validated, paid in part, paid, moved, archived and deleted', async () => {
    await expectKeptEqualsSummed('seeded');
    const id = await newBill('1000.00');
    await expectKeptEqualsSummed('added');
    /** One change to the new bill, then the totals checked against the bills. */
    const change = async (after: string, set: string, value?: unknown) => {
      await t.db.owner.query(
        `update app_public.bills set ${set} where id = $1`,
        value === undefined ? [id] : [id, value],
      );
      await expectKeptEqualsSummed(after);
    };
    await change('amount changed', 'amount = 2500.50');
    await change('validated', "status = 'validated'");
    const pay = async (share: string) => {
      const { rows } = await t.db.owner.query<{ id: string }>(
        `insert into app_public.payments (amount, currency, payment_date, payment_method)
         select round(amount_w_vat * $2, 2), currency, now(), 'transaction' from app_public.bills where id = $1
         returning id`,
        [id, share],
      );
      await t.db.owner.query(
        `insert into app_public.bills_payments (bill_id, payment_id) values ($1, $2)`,
        [id, rows[0]!.id],
      );
    };
    await pay('0.4');
    await expectKeptEqualsSummed('paid in part');
    const { rows: moved } = await t.db.owner.query<{ project: string; subsidiary: string }>(
      `select (select id from app_public.projects p where p.id is distinct from b.project_id order by p.id limit 1) as project,
              (select id from app_public.subsidiaries s where s.id <> b.subsidiary_id order by s.id limit 1) as subsidiary
         from app_public.bills b where b.id = $1`,
      [id],
    );
    await change('moved to another project', 'project_id = $2', moved[0]!.project);
    await change('without a project', 'project_id = null');
    await change('moved to another subsidiary', 'subsidiary_id = $2', moved[0]!.subsidiary);
    await change('archived', 'is_deleted = true');
    await change('restored', 'is_deleted = false');
    await pay('0.6');
    await expectKeptEqualsSummed('paid');
    const second = await newBill('300.00');
    await t.db.owner.query(`delete from app_public.bills where id = $1`, [second]);
    await expectKeptEqualsSummed('deleted');
  });

  it('a statement that changes many bills at once, and one rolled back, leave the totals right', async () => {
    await t.db.owner.query(
      `update app_public.bills set amount = amount + 10 where status in ('open', 'validated')`,
    );
    await expectKeptEqualsSummed('many bills changed');
    const client = await t.db.owner.connect();
    try {
      await client.query('begin');
      await client.query(`update app_public.bills set status = 'paid'`);
      await client.query('rollback');
    } finally {
      client.release();
    }
    await expectKeptEqualsSummed('rolled back');
    const admin = await gql(t.app, BOTH, {}, token.admin);
    expect(admin.data!.unpaidBillsTotal).toBe(admin.data!.allBills.outstandingUsdTotal);
  });
});

describe('the kept totals carry the bills’ select policies', () => {
  it('the subsidiary totals have the policy of an account that sees its subsidiaries whole, the project totals that of a project-limited one; a supplier’s user neither', async () => {
    const policies = async (table: string) =>
      (
        await t.db.owner.query(
          `select policyname, permissive, roles::text[] as roles, qual
             from pg_policies
            where schemaname = 'app_public' and tablename = $1 and cmd = 'SELECT'
            order by policyname`,
          [table],
        )
      ).rows;
    const bills = await policies('bills');
    const named = (...names: string[]) => bills.filter((p) => names.includes(p.policyname));
    expect(bills.map((p) => p.policyname)).toEqual([
      'select_allowed',
      'select_not_supplier',
      'select_project_limited',
    ]);
    expect(await policies('bill_outstanding_by_subsidiary')).toEqual(
      named('select_allowed', 'select_not_supplier'),
    );
    expect(await policies('bill_outstanding_by_project')).toEqual(
      named('select_not_supplier', 'select_project_limited'),
    );
    const { rows } = await t.db.owner.query(
      `select relname, relrowsecurity from pg_class
        where oid in ('app_public.bill_outstanding_by_subsidiary'::regclass, 'app_public.bill_outstanding_by_project'::regclass)`,
    );
    expect(rows.map((row) => row.relrowsecurity)).toEqual([true, true]);
  });
});
