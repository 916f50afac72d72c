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
 * `count` approved costs of a new draft invoice of Northwind NL in EUR (entered through the API by
 * the admin and approved by the accountant, who did not create them: segregation of duties), so
 * that tests do not use up the demo data's costs.
 */
export async function seedCosts(e2e: E2E, count: number, toBill = false): Promise<number[]> {
  if (count === 0) return [];
  const tokens = {
    admin: (await login(e2e.app.app, 'admin')).accessToken,
    accountant: (await login(e2e.app.app, 'accountant')).accessToken,
  };
  const ask = async <T>(
    query: string,
    variables: Record<string, unknown>,
    as: keyof typeof tokens = 'admin',
  ) => {
    const result = await gql<T>(e2e.app.app, query, variables, tokens[as]);
    expect(result.errors).toBeUndefined();
    return result.data!;
  };
  const ids = (
    await e2e.app.db.owner.query<{ s: string; p: string }>(
      `select s.id as s, (select id from app_public.suppliers order by legal_name limit 1) as p
         from app_public.subsidiaries s where s.short_name = 'Northwind NL'`,
    )
  ).rows[0]!;
  const today = new Date();
  const invoice = await ask<{ createInvoice: { invoice: { id: number } } }>(
    `mutation C($s: UUID!, $p: UUID!, $ref: String!, $date: Date!) { createInvoice(input: { invoice: {
      invoiceRef: $ref, invoiceDate: $date, currency: "EUR", subsidiaryId: $s, supplierId: $p } }) { invoice { id } } }`,
    {
      s: ids.s,
      p: ids.p,
      ref: `E2E-${Date.now()}-${++sequence}`,
      date: format(today, 'yyyy-MM-dd'),
    },
  );
  const costIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const cost = await ask<{ createCost: { cost: { id: number } } }>(
      `mutation C($i: Int!, $name: String!, $period: Int!, $year: Int!) { createCost(input: { cost: {
        name: $name, amount: "${100 + i}.10", vat: "20", invoiceId: $i, period: $period, year: $year } }) { cost { id } } }`,
      {
        i: invoice.createInvoice.invoice.id,
        name: `E2E work ${i + 1}`,
        period: today.getMonth() + 1,
        year: today.getFullYear(),
      },
    );
    costIds.push(cost.createCost.cost.id);
    await ask(
      `mutation A($id: Int!) { approveCost(input: { costId: $id }) { result { id } } }`,
      { id: cost.createCost.cost.id },
      'accountant',
    );
  }
  if (toBill)
    await e2e.app.db.owner.query('update app_public.costs set to_bill = true where id = any($1)', [
      costIds,
    ]);
  return costIds;
}

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
  const costIds = await seedCosts(e2e, costs);
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
        costIds,
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
