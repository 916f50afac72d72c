// Rules of migration 0026 behind the bills screens:
// - payments removed with their links: deletePayment, and the force delete of a bill or an invoice
//   "also removes its payments" (SPEC §2, §7), leaving no payment row behind, not even one nobody
//   can see;
// - the bill wizard's one call (SPEC §2, §4): bill, costs and attachments together or not at all.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
const token: Record<string, string> = {};

const as = (user: string, query: string, variables: Record<string, unknown> = {}) =>
  gql(t.app, query, variables, token[user]);

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.db.owner.query(sql, params);
  return rows[0] as T;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'accountant']) token[user] = (await login(t.app, user)).accessToken;
});

async function bill(): Promise<number> {
  const ids = await one(
    `select s.id as s, (select id from app_public.clients order by legal_name limit 1) as c
       from app_public.subsidiaries s where s.short_name = 'Northwind NL'`,
  );
  const created = await as(
    'accountant',
    `mutation B($s: UUID!, $c: UUID!) { createBillWithCosts(input: { name: "Payments test",
      clientId: $c, subsidiaryId: $s, invoiceDate: "2026-10-20", period: 10, year: 2026,
      currency: "EUR", vat: "20", amount: "1000.00" }) { result { id } } }`,
    { s: ids.s, c: ids.c },
  );
  expect(created.errors).toBeUndefined();
  return created.data!.createBillWithCosts.result.id;
}

async function payBill(billId: number, amount: string): Promise<string> {
  const result = await as(
    'accountant',
    `mutation P($id: Int!, $a: BigFloat!) { createBillPayment(input: { billId: $id, amount: $a,
      currency: "EUR", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: cash }) { result { paymentId } } }`,
    { id: billId, a: amount },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createBillPayment.result.paymentId;
}

const paymentRows = async (ids: string[]) =>
  (
    await one<{ n: number }>(
      'select count(*)::int as n from app_public.payments where id = any($1::uuid[])',
      [ids],
    )
  ).n;

describe('payments are deleted with their links', () => {
  it('deletePayment removes the payment row, not only its link, and the remaining amount grows back', async () => {
    const id = await bill();
    const first = await payBill(id, '333.37');
    const second = await payBill(id, '100.00');
    const result = await as(
      'accountant',
      `mutation D($p: UUID!) { deletePayment(input: { paymentId: $p }) { clientMutationId } }`,
      { p: first },
    );
    expect(result.errors).toBeUndefined();
    expect(await paymentRows([first])).toBe(0);
    expect(await paymentRows([second])).toBe(1);
    expect(
      await one('select paid_amount::text as paid from app_public.bills where id = $1', [id]),
    ).toEqual({ paid: '100.00' });
  });

  it('a force delete of a bill (admin:bill) removes its payments', async () => {
    const id = await bill();
    const payments = [await payBill(id, '200.00'), await payBill(id, '300.00')];
    const result = await as(
      'admin',
      `mutation D($id: Int!) { deleteBill(input: { billId: $id, force: true }) { clientMutationId } }`,
      { id },
    );
    expect(result.errors).toBeUndefined();
    expect(await paymentRows(payments)).toBe(0);
    expect(
      await one('select count(*)::int as n from app_public.bills_payments where bill_id = $1', [
        id,
      ]),
    ).toEqual({ n: 0 });
  });

  it('a force delete of an invoice removes its payments', async () => {
    const ids = await one(
      `select s.id as s, (select id from app_public.suppliers order by legal_name limit 1) as p
         from app_public.subsidiaries s where s.short_name = 'Northwind NL'`,
    );
    const created = await as(
      'accountant',
      `mutation C($s: UUID!, $p: UUID!) { createInvoice(input: { invoice: { invoiceRef: "PAY-DEL",
        invoiceDate: "2026-10-15", currency: "EUR", subsidiaryId: $s, supplierId: $p } }) { invoice { id } } }`,
      { s: ids.s, p: ids.p },
    );
    const invoiceId: number = created.data!.createInvoice.invoice.id;
    const cost = await as(
      'accountant',
      `mutation C($i: Int!) { createCost(input: { cost: { name: "Work", amount: "100", vat: "20",
        invoiceId: $i, period: 10, year: 2026 } }) { cost { id } } }`,
      { i: invoiceId },
    );
    expect(cost.errors).toBeUndefined();
    const paid = await as(
      'accountant',
      `mutation P($id: Int!) { createInvoicePayment(input: { invoiceId: $id, amount: "50",
        currency: "EUR", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: transaction }) { result { paymentId } } }`,
      { id: invoiceId },
    );
    expect(paid.errors).toBeUndefined();
    const paymentId: string = paid.data!.createInvoicePayment.result.paymentId;
    const result = await as(
      'admin',
      `mutation D($id: Int!) { deleteInvoice(input: { invoiceId: $id, force: true }) { clientMutationId } }`,
      { id: invoiceId },
    );
    expect(result.errors).toBeUndefined();
    expect(await paymentRows([paymentId])).toBe(0);
  });
});

/** An unattached upload of a user (as the storage module records one). */
async function upload(username: string): Promise<string> {
  const row = await one<{ id: string }>(
    `insert into app_public.files (name, content_type, size, sha256, uploaded_by, expires_at)
     select 'attachment.pdf', 'application/pdf', 10, encode(sha256(gen_random_uuid()::text::bytea), 'hex'),
            u.id, now() + interval '1 day'
       from app_public.users u where u.username = $1 returning id`,
    [username],
  );
  return row.id;
}

describe('the bill wizard creates a bill in one call', () => {
  const CREATE = `mutation B($s: UUID!, $c: UUID!, $costs: [Int], $files: [UUID]) {
    createBillWithCosts(input: { name: "Wizard bill", clientId: $c, subsidiaryId: $s,
      invoiceDate: "2026-10-20", period: 10, year: 2026, currency: "EUR", vat: "20",
      amount: "1000.00", costIds: $costs, fileIds: $files }) { result { id billsFiles { totalCount } } } }`;

  async function ids() {
    return one(
      `select s.id as s, (select id from app_public.clients order by legal_name limit 1) as c
         from app_public.subsidiaries s where s.short_name = 'Northwind NL'`,
    );
  }

  it('attaches the uploaded files with the bill and its costs', async () => {
    const { s, c } = await ids();
    const files = [await upload('accountant'), await upload('accountant')];
    const result = await as('accountant', CREATE, { s, c, costs: [], files });
    expect(result.errors).toBeUndefined();
    expect(result.data!.createBillWithCosts.result.billsFiles.totalCount).toBe(2);
    expect(
      await one(
        'select count(*)::int as n from app_public.files where id = any($1::uuid[]) and expires_at is null',
        [files],
      ),
    ).toEqual({ n: 2 });
  });

  it('a cost that cannot be billed leaves no bill and the files unattached (CostsNotBillable)', async () => {
    const { s, c } = await ids();
    const before = await one('select count(*)::int as n from app_public.bills');
    const files = [await upload('accountant')];
    const billed = await one<{ id: number }>(
      'select id from app_public.costs where bill_id is not null limit 1',
    );
    const result = await as('accountant', CREATE, { s, c, costs: [billed.id], files });
    expect(result.errors?.[0]?.extensions?.code).toBe('CostsNotBillable');
    expect(await one('select count(*)::int as n from app_public.bills')).toEqual(before);
    expect(
      await one('select count(*)::int as n from app_public.bills_files where file_id = $1', [
        files[0],
      ]),
    ).toEqual({ n: 0 });
  });

  it("another user's unattached upload cannot be attached, and no bill is made", async () => {
    const { s, c } = await ids();
    const before = await one('select count(*)::int as n from app_public.bills');
    const result = await as('accountant', CREATE, {
      s,
      c,
      costs: [],
      files: [await upload('admin')],
    });
    expect(result.errors).toBeDefined();
    expect(await one('select count(*)::int as n from app_public.bills')).toEqual(before);
  });
});

describe("a payment's amount in USD", () => {
  it('is the amount at the rate of its currency on its date (SPEC §3 Payment.amount_usd)', async () => {
    const id = await bill();
    const paymentId = await payBill(id, '333.37');
    const row = await one<{ usd: string; expected: string }>(
      `select p.amount_usd::text as usd,
              round(p.amount * (select usd_per_unit from app_public.exchange_rates
                                 where currency = 'EUR' and rate_date <= p.payment_date::date
                                 order by rate_date desc limit 1), 2)::text as expected
         from app_public.payments p where p.id = $1`,
      [paymentId],
    );
    expect(row.usd).not.toBeNull();
    expect(row.usd).toBe(row.expected);
    const api = await as(
      'accountant',
      `query P($id: Int!) { billById(id: $id) { billsPayments { nodes { payment { amountUsd } } } } }`,
      { id },
    );
    expect(api.data!.billById.billsPayments.nodes[0].payment.amountUsd).toBe(row.expected);
  });
});
