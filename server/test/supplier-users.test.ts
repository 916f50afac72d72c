// Who sees what, by the rules users expect (issue 32, item 8; docs/permissions.md "Suppliers' users
// and project-limited writers"):
// - a supplier's user sees only that supplier's invoices, their costs and payments, whatever role
//   its account has: no other supplier's invoices, no bills, no receivables aging;
// - an account limited by projects with invoice:write creates invoices whose costs are in its
//   projects (the new invoice, still without costs, is visible to its creator), and still cannot
//   put a cost outside them.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, gql, login, rowsAs, type TestApp } from './helpers.ts';

let t: TestApp;
let supplierId: string;

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.db.owner.query(sql, params);
  return rows[0] as T;
}

const linkSupplier = (username: string | null) =>
  t.db.owner.query(
    'update app_public.suppliers set user_id = (select id from app_public.users where username = $2) where id = $1',
    [supplierId, username],
  );

beforeAll(async () => {
  t = await createTestApp();
  // The supplier with the most invoices, so that every check below has rows to look at.
  supplierId = (
    await one(
      `select supplier_id from app_public.invoices group by supplier_id order by count(*) desc, supplier_id limit 1`,
    )
  ).supplier_id;
});

afterEach(async () => {
  await linkSupplier(null);
});

describe("a supplier's user sees only that supplier's invoices, costs and payments", () => {
  for (const username of ['viewer', 'admin']) {
    it(`${username} linked to a supplier: its invoices, their costs and payments, no bills, no receivables`, async () => {
      await linkSupplier(username);
      const expected = await one(
        `select (select count(*) from app_public.invoices where supplier_id = $1)::int invoices,
                (select count(*) from app_public.costs c join app_public.invoices i on i.id = c.invoice_id
                  where i.supplier_id = $1)::int costs,
                (select count(*) from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
                  where i.supplier_id = $1)::int payments`,
        [supplierId],
      );
      expect(expected.invoices).toBeGreaterThan(0);
      expect(expected.payments).toBeGreaterThan(0);
      const [seen] = await rowsAs(
        t.db,
        username,
        `select (select count(*) from app_public.invoices)::int invoices,
                (select count(*) from app_public.invoices where supplier_id <> $1)::int other_invoices,
                (select count(*) from app_public.costs)::int costs,
                (select count(*) from app_public.payments)::int payments,
                (select count(*) from app_public.bills)::int bills,
                (select coalesce(sum(total_usd), 0)::text from app_public.receivables_aging() where subsidiary_id is null) receivables`,
        [supplierId],
      );
      expect(seen).toEqual({
        invoices: expected.invoices,
        other_invoices: 0,
        costs: expected.costs,
        payments: expected.payments,
        bills: 0,
        receivables: '0',
      });
    });
  }

  it('through the API: the token of a supplier’s user runs limited and sees the same', async () => {
    await linkSupplier('viewer');
    const { accessToken } = await login(t.app, 'viewer');
    const result = await gql(
      t.app,
      `{ allInvoices { totalCount nodes { supplierId } } allBills { totalCount } }`,
      {},
      accessToken,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.allBills.totalCount).toBe(0);
    expect(new Set(result.data!.allInvoices.nodes.map((n: any) => n.supplierId))).toEqual(
      new Set([supplierId]),
    );
  });

  it('a user no supplier names keeps seeing every invoice its role allows', async () => {
    const [seen] = await rowsAs(t.db, 'viewer', 'select count(*)::int n from app_public.invoices');
    expect(seen!.n).toBe((await one('select count(*)::int n from app_public.invoices')).n);
  });
});

describe('an account limited by projects with invoice:write creates invoices whose costs are in its projects', () => {
  const CREATE = `mutation Create($ref: String!, $subsidiary: UUID!, $supplier: UUID!, $costs: JSON!) {
    createInvoiceWithCosts(input: { invoiceType: regular, invoiceRef: $ref, invoiceDate: "2026-10-15",
      currency: "EUR", subsidiaryId: $subsidiary, supplierId: $supplier, costs: $costs }) {
      result { id amountWVat hiddenCostCount } } }`;

  async function managerWriter() {
    await t.db.owner.query(
      `insert into app_public.accounts_scopes (account_id, scope)
       select a.id, s from app_public.accounts a join app_public.users u on u.id = a.user_id,
              unnest(array['invoice:write', 'cost:write']) s
        where u.username = 'manager' on conflict do nothing`,
    );
    return (await login(t.app, 'manager')).accessToken;
  }
  const inputs = async (key: string) =>
    one<{ subsidiary: string; supplier: string; project: string; cost_type: string }>(
      `select (select id from app_public.subsidiaries order by id limit 1) subsidiary,
              (select id from app_public.suppliers order by id limit 1) supplier,
              (select id from app_public.projects where access_key = $1) project,
              (select id from app_public.cost_types order by id limit 1) cost_type`,
      [key],
    );
  const costs = (input: { project: string; cost_type: string }) => [
    {
      name: 'Hosting',
      amount: '100.00',
      vat: '20',
      period: 10,
      year: 2026,
      project_id: input.project,
      cost_type_id: input.cost_type,
    },
  ];

  it('the manager (ops.*) with invoice:write creates an invoice whose cost is in ops.platform', async () => {
    const token = await managerWriter();
    const input = await inputs('ops.platform');
    const result = await gql(
      t.app,
      CREATE,
      { ref: 'PL-1', subsidiary: input.subsidiary, supplier: input.supplier, costs: costs(input) },
      token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.createInvoiceWithCosts.result).toMatchObject({
      amountWVat: '120.00',
      hiddenCostCount: 0,
    });
  });

  it('a cost outside its projects (ops.legacy) is still refused, and no invoice is left behind', async () => {
    const token = await managerWriter();
    const input = await inputs('ops.legacy');
    const before = (await one('select count(*)::int n from app_public.invoices')).n;
    const result = await gql(
      t.app,
      CREATE,
      { ref: 'PL-2', subsidiary: input.subsidiary, supplier: input.supplier, costs: costs(input) },
      token,
    );
    expect(errorCode(result)).toBeTruthy();
    expect((await one('select count(*)::int n from app_public.invoices')).n).toBe(before);
  });

  it('an invoice without costs is visible to the limited account that created it, not to another', async () => {
    await managerWriter();
    const input = await inputs('ops.platform');
    const created = await one<{ id: number }>(
      `insert into app_public.invoices (type, invoice_ref, invoice_date, currency, subsidiary_id, supplier_id, created_by)
       values ('regular', 'PL-3', '2026-10-15', 'EUR', $1, $2, (select id from app_public.users where username = 'manager'))
       returning id`,
      [input.subsidiary, input.supplier],
    );
    expect(
      await rowsAs(t.db, 'manager', 'select id from app_public.invoices where id = $1', [
        created.id,
      ]),
    ).toHaveLength(1);
    await t.db.owner.query(
      `update app_public.invoices set created_by = (select id from app_public.users where username = 'admin') where id = $1`,
      [created.id],
    );
    expect(
      await rowsAs(t.db, 'manager', 'select id from app_public.invoices where id = $1', [
        created.id,
      ]),
    ).toHaveLength(0);
  });
});
