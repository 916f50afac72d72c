// Bills for the bills e2e tests, seeded through the API as the accountant (each test its own).
import { format, subDays } from 'date-fns';
import { expect } from 'vitest';
import { gql, login } from '../server/test/helpers.ts';
import type { E2E } from './browser.ts';

const CREATE_BILL = `mutation ($input: CreateBillWithCostsInput!) {
  createBillWithCosts(input: $input) { result { id } }
}`;
const PAY = `mutation ($billId: Int!, $amount: BigFloat!, $date: Datetime!) {
  createBillPayment(input: { billId: $billId, amount: $amount, currency: "EUR",
    paymentDate: $date, paymentMethod: transaction }) { result { paymentId } }
}`;

/** A minimal PDF (the storage sniffs the content). */
export const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

let sequence = 0;

/**
 * A bill of the accountant's subsidiary (Northwind NL, EUR) with `costs` approved, unbilled costs
 * and an uploaded act; amount 833.42 + 20 % VAT = 1000.10 EUR, due ten days ago.
 */
export async function seedBill(e2e: E2E, costs = 3): Promise<{ id: number; name: string }> {
  const { accessToken } = await login(e2e.app.app, 'accountant');
  const owner = e2e.app.db.owner;
  const subsidiary = await owner.query<{ id: string }>(
    `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
  );
  const client = await owner.query<{ id: string }>(
    `select id from app_public.clients order by legal_name limit 1`,
  );
  const costRows = await owner.query<{ id: number }>(
    `select c.id from app_public.costs c join app_public.invoices i on i.id = c.invoice_id
      where c.subsidiary_id = $1 and c.status = 'approved' and not c.is_deleted
        and c.bill_id is null and i.status in ('open', 'draft')
      order by c.id limit $2`,
    [subsidiary.rows[0]!.id, costs],
  );
  expect(costRows.rows).toHaveLength(costs);
  const form = new FormData();
  form.append('file[]', new Blob([PDF], { type: 'application/pdf' }), 'act.pdf');
  const upload = await fetch(`${e2e.base}/api/storage/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  const uploaded = (await upload.json()) as { data: { fileIds: string[] } };
  const today = new Date();
  const name = `E2E bill ${Date.now()}-${++sequence}`;
  const result = await gql<{ createBillWithCosts: { result: { id: number } } }>(
    e2e.app.app,
    CREATE_BILL,
    {
      input: {
        name,
        clientId: client.rows[0]!.id,
        subsidiaryId: subsidiary.rows[0]!.id,
        invoiceDate: format(subDays(today, 40), 'yyyy-MM-dd'),
        dueDate: format(subDays(today, 10), 'yyyy-MM-dd'),
        period: today.getMonth() + 1,
        year: today.getFullYear(),
        currency: 'EUR',
        vat: '20',
        amount: '833.42',
        invoiceRef: `INV-${sequence}`,
        costIds: costRows.rows.map((row) => row.id),
        actId: uploaded.data.fileIds[0],
      },
    },
    accessToken,
  );
  expect(result.errors).toBeUndefined();
  return { id: result.data!.createBillWithCosts.result.id, name };
}

export async function pay(e2e: E2E, billId: number, amount: string) {
  const { accessToken } = await login(e2e.app.app, 'accountant');
  const result = await gql<{ createBillPayment: { result: { paymentId: string } } }>(
    e2e.app.app,
    PAY,
    { billId, amount, date: new Date().toISOString() },
    accessToken,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createBillPayment.result.paymentId;
}
