// The audit trail in the browser (issue 27), in Russian and English: an invoice created by the
// accountant goes through its whole flow as the admin (approve two costs, reject one with a
// reason, return it, approve it, open, validate, pay, close), and the invoice page tells each step
// in words with names, amounts and dates formatted; the audit screen finds the flow by user and by
// date. Screenshots at 1440×900 in test-results/e2e/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const SCREENSHOTS = path.resolve('test-results', 'e2e');

const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await e2e.app.db.owner.query<T>(text, values)).rows;

/** A draft EUR invoice of Northwind NL with three costs, created by the accountant. */
async function seedInvoiceByAccountant(ref: string): Promise<number> {
  const client = await e2e.app.db.owner.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('jwt.claims.user_id', (select id::text from app_public.users where username = 'accountant'), true)`,
    );
    const { rows } = await client.query<{ id: number }>(
      `insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, subsidiary_id, supplier_id)
       select 'regular', $1, date '2026-10-01', date '2026-10-31', 'EUR', s.id,
              (select id from app_public.suppliers where short_name = 'Dune')
         from app_public.subsidiaries s where s.short_name = 'Northwind NL'
       returning id`,
      [ref],
    );
    const id = rows[0]!.id;
    for (const [name, amount] of [
      ['QA hosting', '1000.50'],
      ['Support', '200.00'],
      ['Licences', '300.25'],
    ]) {
      await client.query(
        `insert into app_public.costs (invoice_id, name, year, period, amount, vat, project_id, cost_type_id)
         values ($1, $2, 2026, 10, $3, 20, (select id from app_public.projects where access_key = 'ops.platform'),
                 (select id from app_public.cost_types where name = 'Contractors'))`,
        [id, name, amount],
      );
    }
    await client.query('commit');
    return id;
  } finally {
    client.release();
  }
}

async function adminPage(language: 'ru' | 'en'): Promise<Page> {
  const page = await signedInPage(e2e, 'admin', language);
  await page.setViewportSize({ width: 1440, height: 900 });
  return page;
}

const status = async (id: number) =>
  (await sql<{ status: string }>('select status from app_public.invoices where id = $1', [id]))[0]
    ?.status;
const costStatus = async (id: number, name: string) =>
  (
    await sql<{ status: string }>(
      'select status from app_public.costs where invoice_id = $1 and name = $2',
      [id, name],
    )
  )[0]?.status;

async function costAction(page: Page, id: number, name: string, action: string) {
  const row: Locator = page.getByTestId('cost-row').filter({ hasText: name });
  await row.getByTestId('cost-actions').click();
  await page.getByTestId(`cost-${action}`).click();
  if (action === 'reject') {
    const dialog = page.getByTestId('cost-reject-dialog');
    await dialog.locator('textarea[name=reason]').fill('Duplicate of the March invoice');
    await dialog.getByTestId('dialog-save').click();
  }
  const expected = { approve: 'approved', reject: 'rejected', return_to_approval: 'to_approve' }[
    action
  ];
  await expect.poll(() => costStatus(id, name)).toBe(expected);
}

async function runFlow(page: Page, id: number) {
  await page.goto(`/invoices/${id}`);
  await page.getByTestId('page-title').waitFor();
  await costAction(page, id, 'QA hosting', 'approve');
  await costAction(page, id, 'Support', 'approve');
  await costAction(page, id, 'Licences', 'reject');
  await costAction(page, id, 'Licences', 'return_to_approval');
  // The last cost approved, the draft opens by itself (docs/workflows.md).
  await costAction(page, id, 'Licences', 'approve');
  await expect.poll(() => status(id)).toBe('open');
  await page.getByTestId('action-validate').click();
  await expect.poll(() => status(id)).toBe('validated');
  // The page has its validated state (the action offered only then) before a payment is added:
  // under load a click on the payments section while it re-renders opened no dialog.
  await page.getByTestId('action-close_as_paid').waitFor();
  await page.getByTestId('add-payment').click();
  const payment = page.getByTestId('payment-dialog');
  await payment.locator('input[name=amount]').fill('500');
  await payment.getByTestId('dialog-save').click();
  await expect.poll(() => page.getByTestId('payment-row').count()).toBe(1);
  await page.getByTestId('action-close_as_paid').click();
  await page.getByTestId('close-confirm').click();
  await expect.poll(() => status(id)).toBe('paid');
}

const historyText = async (page: Page) =>
  (await page.getByTestId('history-entry').allInnerTexts()).join('\n');

const EXPECTED = {
  en: {
    steps: [
      'Closed the invoice as paid',
      'Recorded a payment of 500.00 EUR',
      'Validated the invoice',
      'Opened the invoice',
      'Approved cost “Licences”',
      'Returned cost “Licences” to approval',
      'Rejected cost “Licences” — reason: Duplicate of the March invoice',
      'Approved cost “Support”',
      'Approved cost “QA hosting”',
      'Added cost “QA hosting”',
      'Created invoice AUD-E2E-en',
    ],
    date: /\w{3} \d{1,2}, 2026/,
  },
  ru: {
    steps: [
      'Счёт закрыт как оплаченный',
      'Записан платёж 500,00 EUR',
      'Счёт подтверждён',
      'Счёт открыт',
      'Утверждён расход «Licences»',
      'Расход «Licences» возвращён на утверждение',
      'Отклонён расход «Licences» — причина: Duplicate of the March invoice',
      'Утверждён расход «Support»',
      'Утверждён расход «QA hosting»',
      'Добавлен расход «QA hosting»',
      'Создан счёт AUD-E2E-ru',
    ],
    date: /\d{1,2} \S+ 2026/,
  },
};

describe('audit trail', () => {
  for (const language of ['ru', 'en'] as const) {
    it(`the invoice page tells each step of the flow in words, in ${language}; the audit screen finds it by user and date`, async () => {
      const ref = `AUD-E2E-${language}`;
      const id = await seedInvoiceByAccountant(ref);
      const page = await adminPage(language);
      await runFlow(page, id);
      await page.reload();
      await page.getByTestId('record-history').waitFor();
      const expected = EXPECTED[language];
      await expect.poll(() => historyText(page)).toContain(expected.steps[0]);
      const text = await historyText(page);
      let position = -1;
      for (const step of expected.steps) {
        const found = text.indexOf(step, position + 1);
        expect(found, `${step} after the previous step in:\n${text}`).toBeGreaterThan(position);
        position = found;
      }
      expect(text).toMatch(expected.date);
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/); // no user or record ids
      const names = await sql<{ admin: string; accountant: string }>(
        `select app_public.users_display_name(a) as admin, app_public.users_display_name(b) as accountant
           from app_public.users a, app_public.users b where a.username = 'admin' and b.username = 'accountant'`,
      );
      expect(text).toContain(names[0]!.admin);
      expect(text).toContain(names[0]!.accountant);
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.getByTestId('history-section').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(SCREENSHOTS, `audit-invoice-history-${language}.png`),
      });

      // The audit screen: by the admin's user, then by today's date, the flow's rows are there.
      const [admin] = await sql<{ id: string; name: string }>(
        `select id, app_public.users_display_name(u) as name from app_public.users u where username = 'admin'`,
      );
      await page.goto(
        `/admin/audit?user=${admin!.id}~${encodeURIComponent(admin!.name)}&record=${id}&kind=invoices`,
      );
      const table = page.getByTestId('audit-table');
      await expect
        .poll(async () => (await table.innerText()).includes(expected.steps[0]!))
        .toBe(true);
      expect(await table.innerText()).toContain(expected.steps[2]);
      const today = new Date().toISOString().slice(0, 10);
      await page.goto(`/admin/audit?from=${today}&to=${today}&kind=costs`);
      await expect
        .poll(async () => (await table.innerText()).includes(expected.steps[6]!))
        .toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOTS, `audit-screen-${language}.png`) });
      // Each row links to its record.
      await page.getByTestId('open').first().click();
      await expect.poll(() => page.url()).toMatch(/\/invoices\/\d+$/);
    }, 120_000);
  }
});
