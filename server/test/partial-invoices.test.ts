// What a limited account sees adds up (issue 32, item 6; docs/invoices.md "Lines outside your
// access"): an account that sees part of an invoice gets the number of live costs outside its
// access (no amounts) and the sum of the costs it sees, in the list and on the record; an account
// that sees every cost gets 0 and no separate subtotal.
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
const token: Record<string, string> = {};

const LIST = `{ allInvoices(first: 200, orderBy: ID_ASC) { nodes { id amountWVat hiddenCostCount visibleAmount visibleAmountWVat visibleAmountUsdWVat } } }`;

/** For every invoice, its live costs inside and outside the manager's projects (ops.* !ops.legacy). */
async function expectedForManager() {
  const { rows } = await t.db.owner.query<{
    id: number;
    hidden: number;
    visible_amount: string;
    visible_w_vat: string;
    visible_usd: string;
  }>(
    `with allowed as (
       select unnest(aa.allowed_project_ids) id from app_private.account_access aa
         join app_public.accounts a on a.id = aa.account_id
         join app_public.users u on u.id = a.user_id where u.username = 'manager')
     select c.invoice_id as id,
            count(*) filter (where c.project_id is null or c.project_id not in (select id from allowed))::int as hidden,
            coalesce(sum(c.amount) filter (where c.project_id in (select id from allowed)), 0)::text as visible_amount,
            coalesce(sum(c.amount_w_vat) filter (where c.project_id in (select id from allowed)), 0)::text as visible_w_vat,
            coalesce(sum(c.amount_usd_w_vat) filter (where c.project_id in (select id from allowed)), 0)::text as visible_usd
       from app_public.costs c where not c.is_deleted group by c.invoice_id`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

beforeAll(async () => {
  t = await createTestApp({ graphqlExplain: true });
  for (const user of ['admin', 'manager']) token[user] = (await login(t.app, user)).accessToken;
});

describe('an account that sees part of an invoice sees the visible subtotal and how many lines are hidden', () => {
  it('the manager: every listed invoice says how many of its costs are outside its projects and their visible sum', async () => {
    const expected = await expectedForManager();
    const result = await gql(t.app, LIST, {}, token.manager);
    expect(result.errors).toBeUndefined();
    const nodes = result.data!.allInvoices.nodes as {
      id: number;
      hiddenCostCount: number;
      visibleAmount: string | null;
      visibleAmountWVat: string | null;
      visibleAmountUsdWVat: string | null;
    }[];
    expect(nodes.length).toBeGreaterThan(0);
    let partial = 0;
    for (const node of nodes) {
      const want = expected.get(node.id) ?? {
        hidden: 0,
        visible_amount: '0',
        visible_w_vat: '0',
        visible_usd: '0',
      };
      expect(node.hiddenCostCount, `invoice ${node.id}`).toBe(want.hidden);
      if (want.hidden > 0) {
        partial += 1;
        expect(node.visibleAmount).toBe(want.visible_amount);
        expect(node.visibleAmountWVat).toBe(want.visible_w_vat);
        expect(node.visibleAmountUsdWVat).toBe(want.visible_usd);
      } else {
        expect(node.visibleAmount).toBeNull();
        expect(node.visibleAmountWVat).toBeNull();
        expect(node.visibleAmountUsdWVat).toBeNull();
      }
    }
    // The demo data has invoices with costs both inside and outside ops.*.
    expect(partial).toBeGreaterThan(0);
  });

  it('the same figures on the invoice record as in the list', async () => {
    const expected = await expectedForManager();
    const list = await gql(t.app, LIST, {}, token.manager);
    const partial = (
      list.data!.allInvoices.nodes as { id: number; hiddenCostCount: number }[]
    ).find((node) => node.hiddenCostCount > 0)!;
    const record = await gql(
      t.app,
      `query R($id: Int!) { invoiceById(id: $id) { hiddenCostCount visibleAmountWVat } }`,
      { id: partial.id },
      token.manager,
    );
    const want = expected.get(partial.id)!;
    expect(record.data!.invoiceById).toMatchObject({
      hiddenCostCount: want.hidden,
      visibleAmountWVat: want.visible_w_vat,
    });
  });

  it('an account that sees every cost (admin) gets 0 hidden lines and no separate subtotal', async () => {
    const result = await gql(t.app, LIST, {}, token.admin);
    const nodes = result.data!.allInvoices.nodes as {
      hiddenCostCount: number;
      visibleAmountWVat: string | null;
    }[];
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) {
      expect(node.hiddenCostCount).toBe(0);
      expect(node.visibleAmountWVat).toBeNull();
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Actual Loops': number;
  Output?: string[];
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

// db/migrations/0313-invoice-cost-view-inlined.sql: the figures cost a read of each invoice's costs,
// not the account's checks again for every row.
describe("a page's figures are read in its own statement, the account's checks once", () => {
  it('PostgreSQL inlines app_hidden.invoice_cost_view: no call of it per row, and whether the account sees whole invoices is asked once for five rows', async () => {
    const plan = await asUser(t.db, 'manager', async (client) => {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, verbose, format json)
         select (select v.hidden_cost_count from app_hidden.invoice_cost_view(i.id) v),
                (select v.visible_amount_w_vat from app_hidden.invoice_cost_view(i.id) v)
           from (select id from app_public.invoices order by id limit 5) i`,
      );
      return rows[0]!['QUERY PLAN'][0].Plan;
    });
    const nodes = planNodes(plan);
    expect(plan['Node Type']).not.toBe('Function Scan');
    expect(nodes.filter((node) => node['Node Type'] === 'Function Scan')).toEqual([]);
    const asked = nodes.filter((node) =>
      node.Output?.some((output) => output.includes('sees_whole_invoices()')),
    );
    expect(asked.length).toBeGreaterThan(0);
    for (const node of asked) expect(node['Actual Loops']).toBe(1);
    const costReads = nodes.filter((node) =>
      node.Output?.some((output) => output.includes('count(*)')),
    );
    expect(costReads.some((node) => node['Actual Loops'] === 5)).toBe(true);
  });

  it.each(['manager', 'admin'])(
    'the invoices list as the %s selects the four figures from the view in the statement that reads the invoices',
    async (user) => {
      const result = await gql(t.app, LIST, {}, token[user]);
      expect(result.errors).toBeUndefined();
      const operations = (
        result as { extensions?: { explain?: { operations: { type: string; query?: string }[] } } }
      ).extensions!.explain!.operations;
      const page = operations.filter(
        (operation) => operation.type === 'sql' && operation.query!.includes('"invoices"'),
      );
      expect(page).toHaveLength(1);
      for (const column of [
        'hidden_cost_count',
        'visible_amount',
        'visible_amount_w_vat',
        'visible_amount_usd_w_vat',
      ]) {
        expect(page[0]!.query).toContain(
          `(select v."${column}" from app_hidden.invoice_cost_view(`,
        );
      }
      expect(page[0]!.query).not.toMatch(/invoices_(hidden_cost_count|visible_amount)/);
    },
  );

  it("the fields' functions, which a mutation's invoice and any SQL caller use, give the manager the same figures", async () => {
    const expected = await expectedForManager();
    const rows = await asUser(t.db, 'manager', async (client) => {
      const result = await client.query<{
        id: number;
        hidden: number;
        visible_amount: string | null;
        visible_w_vat: string | null;
        visible_usd: string | null;
      }>(
        `select i.id, app_public.invoices_hidden_cost_count(i) as hidden,
                app_public.invoices_visible_amount(i)::text as visible_amount,
                app_public.invoices_visible_amount_w_vat(i)::text as visible_w_vat,
                app_public.invoices_visible_amount_usd_w_vat(i)::text as visible_usd
           from app_public.invoices i`,
      );
      return result.rows;
    });
    expect(rows.filter((row) => row.hidden > 0).length).toBeGreaterThan(0);
    for (const row of rows) {
      const want = expected.get(row.id);
      const hidden = want?.hidden ?? 0;
      expect(row.hidden, `invoice ${row.id}`).toBe(hidden);
      expect([row.visible_amount, row.visible_w_vat, row.visible_usd]).toEqual(
        hidden > 0
          ? [want!.visible_amount, want!.visible_w_vat, want!.visible_usd]
          : [null, null, null],
      );
    }
  });

  it("an invoice a mutation returns keeps its figures (the fields' functions): the admin's 0 hidden lines and no subtotal", async () => {
    const list = await gql(t.app, LIST, {}, token.admin);
    const first = (list.data!.allInvoices.nodes as { id: number }[])[0]!;
    const record = await gql(
      t.app,
      `query R($id: Int!) { invoiceById(id: $id) { invoiceRef } }`,
      { id: first.id },
      token.admin,
    );
    const updated = await gql(
      t.app,
      `mutation U($id: Int!, $ref: String!) { updateInvoiceById(input: { id: $id, patch: { invoiceRef: $ref } }) {
         invoice { hiddenCostCount visibleAmount visibleAmountWVat visibleAmountUsdWVat } } }`,
      { id: first.id, ref: record.data!.invoiceById.invoiceRef },
      token.admin,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateInvoiceById.invoice).toEqual({
      hiddenCostCount: 0,
      visibleAmount: null,
      visibleAmountWVat: null,
      visibleAmountUsdWVat: null,
    });
  });
});
