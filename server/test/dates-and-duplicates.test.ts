// Dates and amounts that make sense (issue 32, item 5; docs/invoices.md "Dates and duplicates"):
// no payment is dated after today, whatever writes it; an invoice repeating the supplier and number
// of a paid one is refused, an unpaid match stays a warning; a bulk close-as-paid is previewed
// invoice by invoice (the final payment each records, or why it is refused) without changing
// anything.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
const token: Record<string, string> = {};
const as = (user: string, query: string, variables: Record<string, unknown> = {}) =>
  gql(t.app, query, variables, token[user]);

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.db.owner.query(sql, params);
  return rows[0] as T;
}

const PAY = `mutation P($id: Int!, $amount: BigFloat!, $currency: String!, $date: Datetime!) {
  createInvoicePayment(input: { invoiceId: $id, amount: $amount, currency: $currency, paymentDate: $date,
    paymentMethod: transaction }) { result { id } } }`;

const CREATE = `mutation Create($ref: String!, $subsidiary: UUID!, $supplier: UUID!, $currency: String!, $costs: JSON!) {
  createInvoiceWithCosts(input: { invoiceType: regular, invoiceRef: $ref, invoiceDate: "2026-10-15",
    currency: $currency, subsidiaryId: $subsidiary, supplierId: $supplier, costs: $costs }) { result { id } } }`;

const PREVIEW = `mutation Preview($ids: [Int]!, $date: Datetime) {
  closeInvoicesAsPaidPreview(input: { ids: $ids, finalPaymentMethod: transaction, finalPaymentDate: $date }) {
    result { invoiceId invoiceRef currency finalPayment refusalCode refusalMessage status isDeleted } } }`;

/** A validated invoice of the accountant's subsidiary with money left to pay. */
async function unpaidValidated(offset = 0) {
  return one<{ id: number; currency: string; remaining: string; invoice_date: string }>(
    `select i.id, i.currency, (i.amount_w_vat - i.paid_amount)::text as remaining,
            to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date
       from app_public.invoices i
       join app_public.accounts_subsidiaries s on s.subsidiary_id = i.subsidiary_id
       join app_public.accounts a on a.id = s.account_id
       join app_public.users u on u.id = a.user_id and u.username = 'accountant'
      where i.status = 'validated' and not i.is_deleted and i.amount_w_vat - i.paid_amount > 10
      order by i.id offset $1 limit 1`,
    [offset],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'accountant', 'viewer'])
    token[user] = (await login(t.app, user)).accessToken;
});

describe('a payment is never dated after today', () => {
  it('a payment dated 01.01.2030 is refused with PaymentDateInFuture, and nothing is recorded', async () => {
    const invoice = await unpaidValidated();
    const before = await one(
      'select count(*)::int n from app_public.invoices_payments where invoice_id = $1',
      [invoice.id],
    );
    const result = await as('accountant', PAY, {
      id: invoice.id,
      amount: '1.00',
      currency: invoice.currency,
      date: '2030-01-01T00:00:00Z',
    });
    expect(errorCode(result)).toBe('PaymentDateInFuture');
    expect(result.errors![0]!.message).toContain('2030-01-01');
    const after = await one(
      'select count(*)::int n from app_public.invoices_payments where invoice_id = $1',
      [invoice.id],
    );
    expect(after.n).toBe(before.n);
  });

  it('a payment dated today, and a prepayment dated before the invoice date, are accepted', async () => {
    const invoice = await unpaidValidated();
    const today = await as('accountant', PAY, {
      id: invoice.id,
      amount: '1.00',
      currency: invoice.currency,
      date: new Date().toISOString(),
    });
    expect(today.errors).toBeUndefined();
    const prepayment = await as('accountant', PAY, {
      id: invoice.id,
      amount: '1.00',
      currency: invoice.currency,
      date: `${invoice.invoice_date}T00:00:00Z`.replace(/^(\d{4})/, (y) => String(Number(y) - 1)),
    });
    expect(prepayment.errors).toBeUndefined();
  });

  it('moving a payment into the future is refused by the table itself, whoever writes it', async () => {
    const payment = await one<{ id: string }>('select id from app_public.payments limit 1');
    await expect(
      t.db.owner.query(
        `update app_public.payments set payment_date = now() + interval '2 days' where id = $1`,
        [payment.id],
      ),
    ).rejects.toMatchObject({ code: 'LL001', hint: 'PaymentDateInFuture' });
  });
});

describe('an invoice repeating a paid one is refused; an unpaid match only warns', () => {
  async function wizardInputs(status: 'paid' | 'open') {
    return one<{
      id: number;
      ref: string;
      subsidiary_id: string;
      supplier_id: string;
      currency: string;
      project_id: string;
      cost_type_id: string;
    }>(
      `select i.id, i.invoice_ref as ref, i.subsidiary_id, i.supplier_id, i.currency, c.project_id, c.cost_type_id
         from app_public.invoices i join app_public.costs c on c.invoice_id = i.id
        where i.status = $1 and not i.is_deleted and c.project_id is not null
          and not exists (select from app_public.invoices o
                           where o.supplier_id = i.supplier_id and o.status = 'paid' and o.id <> i.id
                             and lower(btrim(o.invoice_ref)) = lower(btrim(i.invoice_ref)))
        order by i.id limit 1`,
      [status],
    );
  }
  const costs = (row: { project_id: string; cost_type_id: string }) => [
    {
      name: 'Hosting',
      amount: '10.00',
      vat: '20',
      period: 10,
      year: 2026,
      project_id: row.project_id,
      cost_type_id: row.cost_type_id,
    },
  ];

  it('the same supplier and number as a paid invoice (other case and spaces) is refused with DuplicateInvoice naming it', async () => {
    const paid = await wizardInputs('paid');
    const before = await one('select count(*)::int n from app_public.invoices');
    const result = await as('admin', CREATE, {
      ref: `  ${paid.ref.toLowerCase()} `,
      subsidiary: paid.subsidiary_id,
      supplier: paid.supplier_id,
      currency: paid.currency,
      costs: costs(paid),
    });
    expect(errorCode(result)).toBe('DuplicateInvoice');
    expect(result.errors![0]!.message).toContain(paid.ref);
    expect(result.errors![0]!.message).toContain(`#${paid.id}`);
    // The same, as parameters for the translated message.
    expect(result.errors![0]!.extensions).toMatchObject({
      invoiceId: paid.id,
      invoiceRef: paid.ref,
    });
    expect((await one('select count(*)::int n from app_public.invoices')).n).toBe(before.n);
  });

  it('changing an invoice to the supplier and number of a paid one is refused too', async () => {
    const paid = await wizardInputs('paid');
    const draft = await one<{ id: number }>(
      `select id from app_public.invoices where status = 'draft' and supplier_id = $1 and not is_deleted limit 1`,
      [paid.supplier_id],
    );
    const result = await as(
      'admin',
      `mutation U($id: Int!, $ref: String!) { updateInvoiceById(input: { id: $id, patch: { invoiceRef: $ref } }) { invoice { id } } }`,
      { id: draft.id, ref: paid.ref },
    );
    expect(errorCode(result)).toBe('DuplicateInvoice');
  });

  it('the number of an unpaid invoice of the supplier is accepted and listed as a likely duplicate', async () => {
    const open = await wizardInputs('open');
    const likely = await as(
      'admin',
      `query L($s: UUID!, $r: String!) { likelyDuplicateInvoices(supplierId: $s, invoiceRef: $r, invoiceDate: "2026-10-15", amountWVat: "12") { nodes { id } } }`,
      { s: open.supplier_id, r: open.ref },
    );
    expect(likely.data!.likelyDuplicateInvoices.nodes.map((n: { id: number }) => n.id)).toContain(
      open.id,
    );
    const result = await as('admin', CREATE, {
      ref: open.ref,
      subsidiary: open.subsidiary_id,
      supplier: open.supplier_id,
      currency: open.currency,
      costs: costs(open),
    });
    expect(result.errors).toBeUndefined();
  });
});

describe('a bulk close-as-paid is previewed invoice by invoice before it runs', () => {
  it('each invoice shows the final payment it will record; nothing is written by the preview', async () => {
    const a = await unpaidValidated(1);
    const b = await unpaidValidated(2);
    const payments = await one('select count(*)::int n from app_public.payments');
    const result = await as('accountant', PREVIEW, {
      ids: [a.id, b.id],
      date: new Date().toISOString(),
    });
    expect(result.errors).toBeUndefined();
    const rows = result.data!.closeInvoicesAsPaidPreview.result;
    expect(rows.map((r: any) => [r.invoiceId, r.finalPayment, r.refusalCode])).toEqual([
      [a.id, a.remaining, null],
      [b.id, b.remaining, null],
    ]);
    expect((await one('select count(*)::int n from app_public.payments')).n).toBe(payments.n);
    expect(
      (await one('select status::text from app_public.invoices where id = $1', [a.id])).status,
    ).toBe('validated');
  });

  it('an invoice that would be refused is named with the code and the reason; the others still show', async () => {
    const a = await unpaidValidated(3);
    const draft = await one<{ id: number; invoice_ref: string }>(
      `select i.id, i.invoice_ref from app_public.invoices i
        where i.status = 'draft' and not i.is_deleted and i.subsidiary_id in (
          select subsidiary_id from app_public.invoices where id = $1) limit 1`,
      [a.id],
    );
    const result = await as('accountant', PREVIEW, {
      ids: [a.id, draft.id],
      date: new Date().toISOString(),
    });
    const rows = result.data!.closeInvoicesAsPaidPreview.result;
    expect(rows[0].refusalCode).toBeNull();
    expect(rows[1]).toMatchObject({
      invoiceId: draft.id,
      invoiceRef: draft.invoice_ref,
      status: 'draft',
      isDeleted: false,
    });
    expect(rows[1].refusalCode).toBeTruthy();
    expect(rows[1].refusalMessage).toBeTruthy();
  });

  it('a final payment dated in the future is shown as the refusal of every invoice with money left', async () => {
    const a = await unpaidValidated(4);
    const result = await as('accountant', PREVIEW, { ids: [a.id], date: '2030-01-01T00:00:00Z' });
    expect(result.data!.closeInvoicesAsPaidPreview.result[0].refusalCode).toBe(
      'PaymentDateInFuture',
    );
  });

  it('an account without payment:write sees each invoice refused with Forbidden', async () => {
    const a = await unpaidValidated(5);
    const result = await as('viewer', PREVIEW, { ids: [a.id], date: new Date().toISOString() });
    expect(result.data!.closeInvoicesAsPaidPreview.result[0].refusalCode).toBe('Forbidden');
  });
});
