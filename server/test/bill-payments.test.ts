// Payments removed with their links (migration 0026): deletePayment, and the force delete of a bill
// or an invoice "also removes its payments" (SPEC §2, §7: "The link is removed, then the
// payment"), leaving no payment row behind, not even one nobody can see.
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
