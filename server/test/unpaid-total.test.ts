// The unpaid bills view's "total outstanding" (issue 28 item 10): one SQL sum over the same filter
// as the list, exact for any number of bills, under the caller's row-level policies; asked in a
// request of its own (UnpaidBillsTotal) so that the page's rows never wait for it (issue 31 item 3).
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { asUser, createTestApp, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'accountant'])
    tokens[username] = (await login(t.app, username)).accessToken;
});

const UNPAID = fs.readFileSync('web/src/features/bills/UnpaidBills.graphql', 'utf8');
const TOTAL = fs.readFileSync('web/src/features/bills/UnpaidBillsTotal.graphql', 'utf8');
const unpaid = { outstanding: { greaterThan: '0' } };

interface Unpaid {
  allBills: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: { id: string; outstandingUsd: string; currency: string }[];
  };
}

/** The list's page of the unpaid view as `user` sees it. */
async function page(user: string, filter: object, first: number, after: string | null = null) {
  const result = await gql<Unpaid>(
    t.app,
    UNPAID,
    { first, offset: 0, after, orderBy: ['DUE_DATE_ASC', 'PRIMARY_KEY_ASC'], filter },
    tokens[user],
  );
  expect(result.errors).toBeUndefined();
  return result.data!.allBills;
}

/** The unpaid view's total as `user` sees it, from its own request, summed over the bills. */
async function total(user: string, filter: object) {
  const result = await gql<{ allBills: { outstandingUsdTotal: string } }>(
    t.app,
    TOTAL,
    { filter, whole: false },
    tokens[user],
  );
  expect(result.errors).toBeUndefined();
  return result.data!.allBills.outstandingUsdTotal;
}

/** The same request without filters (`whole`): the totals the database keeps (0308). */
async function keptTotal(user: string) {
  const result = await gql<{ unpaidBillsTotal: string }>(
    t.app,
    TOTAL,
    { filter: unpaid, whole: true },
    tokens[user],
  );
  expect(result.errors).toBeUndefined();
  expect(result.data).not.toHaveProperty('allBills');
  return result.data!.unpaidBillsTotal;
}

/** Every visible bill the filter selects, page by page. */
async function everyBill(user: string, filter: object) {
  const bills: Unpaid['allBills']['nodes'] = [];
  let after: string | null = null;
  for (;;) {
    const connection = await page(user, filter, 5, after);
    bills.push(...connection.nodes);
    if (!connection.pageInfo.hasNextPage) return bills;
    after = connection.pageInfo.endCursor;
  }
}

const sum = (bills: { outstandingUsd: string }[]) =>
  bills.reduce((total, bill) => total.plus(bill.outstandingUsd), new Decimal(0));

describe('the unpaid bills total', () => {
  const totals: Record<string, string> = {};

  it.each(['admin', 'accountant'])(
    'equals the sum over every unpaid bill %s may see, not only the page',
    async (user) => {
      const shown = await total(user, unpaid);
      const bills = await everyBill(user, unpaid);
      expect(bills.length).toBeGreaterThan(2);
      expect(new Decimal(shown).toFixed(2)).toBe(sum(bills).toFixed(2));
      // The same as PostgreSQL's sum under the user's own policies.
      const sql = await asUser(t.db, user, async (client) => {
        const { rows } = await client.query<{ total: string }>(
          `select coalesce(sum(app_public.bills_outstanding_usd(b)), 0)::numeric(18,2)::text total
             from app_public.bills b where app_public.bills_outstanding(b) > 0`,
        );
        return rows[0]!.total;
      });
      expect(shown).toBe(sql);
      expect(await keptTotal(user)).toBe(sql);
      totals[user] = sql;
    },
  );

  it("is each account's own: the accountant, limited to its subsidiaries, owes less than admin sees", () => {
    expect(new Decimal(totals.accountant!).lessThan(totals.admin!)).toBe(true);
    expect(new Decimal(totals.accountant!).greaterThan(0)).toBe(true);
  });

  it("follows the list's other filters (a currency)", async () => {
    const euros = { and: [unpaid, { currency: { equalTo: 'EUR' } }] };
    const shown = await total('admin', euros);
    const bills = await everyBill('admin', euros);
    expect(bills.every((bill) => bill.currency === 'EUR')).toBe(true);
    expect(new Decimal(shown).toFixed(2)).toBe(sum(bills).toFixed(2));
    expect(new Decimal(shown).lessThan(totals.admin!)).toBe(true);
  });

  it("is not in the page's request: the rows never wait for the sum", async () => {
    const first = await page('admin', unpaid, 1);
    expect(first).not.toHaveProperty('outstandingUsdTotal');
    expect(UNPAID).not.toMatch(/outstandingUsdTotal/);
  });
});
