// Invoices in the browser (issue 12): the table, bulk actions, details with its actions, costs,
// payments and files, as the accounts that may and may not. Each test seeds its own invoices.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await e2e.app.db.owner.query<T>(text, values)).rows;

let counter = 0;

/** A draft EUR invoice of Northwind NL with costs to approve on ops.platform (seen by the manager). */
async function seedInvoice(
  options: { subsidiary?: string; costs?: number; project?: string } = {},
) {
  counter += 1;
  const ref = `E2E-INV-${Date.now()}-${counter}`;
  const [invoice] = await sql<{ id: number }>(
    `insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, subsidiary_id, supplier_id)
     select 'regular', $1, date '2026-10-01', date '2026-10-31', s.currency, s.id,
            (select id from app_public.suppliers where short_name = 'Dune')
       from (select id, case short_name when 'Northwind NL' then 'EUR' when 'Northwind RU' then 'RUB' else 'GBP' end as currency
               from app_public.subsidiaries where short_name = $2) s
     returning id`,
    [ref, options.subsidiary ?? 'Northwind NL'],
  );
  for (let i = 1; i <= (options.costs ?? 2); i++) {
    await sql(
      `insert into app_public.costs (invoice_id, name, year, period, amount, vat, project_id, cost_type_id)
       values ($1, $2, 2026, 10, $3, 20,
               (select id from app_public.projects where access_key = $4),
               (select id from app_public.cost_types where name = 'Contractors'))`,
      [invoice!.id, `E2E cost ${i}`, `${100 * i}.10`, options.project ?? 'ops.platform'],
    );
  }
  return { id: invoice!.id, ref };
}

const invoiceStatus = async (id: number) =>
  (
    await sql<{ status: string; payment_status: string }>(
      'select status, payment_status from app_public.invoices where id = $1',
      [id],
    )
  )[0];

async function openInvoice(page: Page, id: number) {
  await page.goto(`/invoices/${id}`);
  await page.getByTestId('page-title').waitFor();
}

async function costAction(page: Page, row: Locator, action: string) {
  await row.getByTestId('cost-actions').click();
  await page.getByTestId(`cost-${action}`).click();
}

const notice = (page: Page) => page.getByTestId('invoice-notice');

describe('invoice details', () => {
  it('the accountant approves the costs (the invoice opens by itself), validates, pays part and closes with a final payment', async () => {
    const invoice = await seedInvoice();
    const page = await signedInPage(e2e, 'accountant');
    await openInvoice(page, invoice.id);
    const rows = page.getByTestId('cost-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const index of [0, 1]) {
      await costAction(page, rows.nth(index), 'approve');
      await expect
        .poll(() => rows.nth(index).locator('[data-status]').getAttribute('data-status'))
        .toBe('approved');
    }
    // Approving the last cost opened the draft.
    await expect.poll(async () => (await invoiceStatus(invoice.id))?.status).toBe('open');
    await page.getByTestId('action-validate').click();
    await expect.poll(async () => (await invoiceStatus(invoice.id))?.status).toBe('validated');
    // Amount with VAT: 100.10 × 1.2 + 200.10 × 1.2 = 120.12 + 240.12 = 360.24 EUR.
    await expect(page.getByTestId('remaining-amount').textContent()).resolves.toContain(
      'remaining 360.24 EUR',
    );
    await page.getByTestId('add-payment').click();
    const payment = page.getByTestId('payment-dialog');
    await payment.locator('input[name=amount]').fill('400');
    await payment.getByTestId('dialog-save').click();
    await payment.getByText('The payment is larger than the remaining amount.').waitFor();
    await payment.locator('input[name=amount]').fill('100.24');
    await payment.getByTestId('dialog-save').click();
    await expect
      .poll(() => page.getByTestId('remaining-amount').textContent())
      .toContain('remaining 260.00 EUR');
    await expect
      .poll(async () => (await invoiceStatus(invoice.id))?.payment_status)
      .toBe('partially_paid');
    await page.getByTestId('action-close_as_paid').click();
    await expect(page.getByTestId('close-explanation').textContent()).resolves.toContain(
      '260.00 EUR remains unpaid',
    );
    await page.getByTestId('close-confirm').click();
    await expect
      .poll(async () => invoiceStatus(invoice.id))
      .toEqual({ status: 'paid', payment_status: 'paid' });
    await expect
      .poll(() => page.getByTestId('remaining-amount').textContent())
      .toContain('remaining 0.00 EUR');
    await expect.poll(() => page.getByTestId('payment-row').count()).toBe(2);
  });

  it('the viewer sees the same invoice with no actions', async () => {
    const invoice = await seedInvoice();
    const page = await signedInPage(e2e, 'viewer');
    await openInvoice(page, invoice.id);
    await expect.poll(() => page.getByTestId('cost-row').count()).toBe(2);
    expect(await page.locator('[data-testid^="action-"]').count()).toBe(0);
    expect(await page.getByTestId('cost-actions').count()).toBe(0);
    expect(await page.getByTestId('add-cost').count()).toBe(0);
    expect(await page.getByTestId('add-payment').count()).toBe(0);
    expect(await page.getByTestId('upload-files').count()).toBe(0);
    // The USD amounts say which rate they use: the latest EUR rate on or before the invoice date.
    const [rate] = await sql<{ day: string }>(
      `select to_char(max(rate_date), 'MM/DD/YYYY') as day from app_public.exchange_rates
        where currency = 'EUR' and rate_date <= date '2026-10-01'`,
    );
    await expect(page.getByTestId('usd-rate-date').textContent()).resolves.toBe(
      `USD at the EUR rate of ${rate!.day}`,
    );
  });

  it('archive and unarchive', async () => {
    const invoice = await seedInvoice();
    const page = await signedInPage(e2e, 'accountant');
    await openInvoice(page, invoice.id);
    await page.getByTestId('action-archive').click();
    await expect(notice(page).textContent()).resolves.toBe('The invoice is archived');
    await page.getByText('Archived', { exact: true }).waitFor();
    await page.getByTestId('action-unarchive').click();
    await expect
      .poll(() => notice(page).textContent())
      .toBe('The invoice is restored from the archive');
    const [row] = await sql<{ is_deleted: boolean }>(
      'select is_deleted from app_public.invoices where id = $1',
      [invoice.id],
    );
    expect(row?.is_deleted).toBe(false);
  });

  it('open is not offered while costs wait for approval (the database would refuse it)', async () => {
    const invoice = await seedInvoice();
    const page = await signedInPage(e2e, 'accountant');
    await openInvoice(page, invoice.id);
    await page.getByTestId('action-archive').waitFor();
    expect(await page.getByTestId('action-open').count()).toBe(0);
    expect((await invoiceStatus(invoice.id))?.status).toBe('draft');
  });

  it('files: upload a PDF, then download them all as one zip', async () => {
    const invoice = await seedInvoice();
    const page = await signedInPage(e2e, 'accountant');
    await openInvoice(page, invoice.id);
    await page
      .getByTestId('file-drop-zone')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'act.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(`%PDF-1.4\n% e2e ${invoice.ref}\n%%EOF\n`),
      });
    await page.getByTestId('upload-files').click();
    await expect.poll(() => page.getByTestId('file-row').count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('download-zip').click();
    expect((await download).suggestedFilename()).toBe(`invoice-${invoice.id}.zip`);
  });

  it("an invoice of another subsidiary: 'Invoice #N not found or you don't have access.'", async () => {
    const invoice = await seedInvoice({ subsidiary: 'Northwind UK' });
    const page = await signedInPage(e2e, 'accountant', 'en', `/invoices/${invoice.id}`);
    await expect(page.getByTestId('invoice-not-found').textContent()).resolves.toContain(
      `Invoice #${invoice.id} not found or you don't have access.`,
    );
    await page.getByRole('link', { name: 'Back to invoices' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/invoices');
    const ru = await signedInPage(e2e, 'accountant', 'ru', `/invoices/${invoice.id}`);
    await expect(ru.getByTestId('invoice-not-found').textContent()).resolves.toContain(
      `Счёт #${invoice.id} не найден или у вас нет к нему доступа.`,
    );
  });
});

describe('invoices table', () => {
  const rowIds = (page: Page) =>
    page
      .getByTestId('invoices-table')
      .locator('.ag-row[row-id]')
      .evaluateAll((rows) => [...new Set(rows.map((r) => Number(r.getAttribute('row-id'))))]);

  it('the manager sees only invoices with costs of its projects', async () => {
    const own = await seedInvoice({ project: 'ops.platform' });
    const other = await seedInvoice({ project: 'mkt.brand' });
    const page = await signedInPage(
      e2e,
      'manager',
      'en',
      `/invoices?search=${encodeURIComponent('E2E-INV')}&size=100`,
    );
    await expect.poll(() => rowIds(page)).toContain(own.id);
    expect(await rowIds(page)).not.toContain(other.id);
    expect(await page.getByTestId('new-invoice').count()).toBe(0);
  });

  it('a bulk reject needs a reason, then rejects all the selected at once', async () => {
    const a = await seedInvoice();
    const b = await seedInvoice();
    const page = await signedInPage(e2e, 'accountant');
    // Approve their costs in bulk (which opens them), then reject them in bulk.
    await page.goto(`/invoices?search=${encodeURIComponent(a.ref.slice(0, 12))}&size=100`);
    const table = page.getByTestId('invoices-table');
    for (const id of [a.id, b.id]) {
      await table.locator(`.ag-row[row-id="${id}"] .ag-checkbox-input`).first().click();
    }
    await page.getByTestId('bulk-approve').click();
    await expect
      .poll(() => page.getByTestId('bulk-outcome').textContent())
      .toBe('Costs of 2 invoices approved');
    await expect.poll(async () => (await invoiceStatus(b.id))?.status).toBe('open');
    await page.getByTestId('bulk-reject').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.getByTestId('dialog-save').click();
    await dialog.getByText('Give a reason').waitFor();
    expect((await invoiceStatus(a.id))?.status).toBe('open');
    await dialog.locator('textarea[name=reason]').fill('Wrong supplier');
    await dialog.getByTestId('dialog-save').click();
    await expect
      .poll(() => page.getByTestId('bulk-outcome').textContent())
      .toBe('2 invoices rejected');
    expect((await invoiceStatus(a.id))?.status).toBe('rejected');
    expect((await invoiceStatus(b.id))?.status).toBe('rejected');
  });

  it('a bulk action is all or nothing: one refused invoice leaves the others unchanged', async () => {
    const draft = await seedInvoice();
    const other = await seedInvoice();
    const page = await signedInPage(
      e2e,
      'accountant',
      'en',
      `/invoices?search=${encodeURIComponent(draft.ref.slice(0, 12))}&size=100`,
    );
    const table = page.getByTestId('invoices-table');
    for (const id of [draft.id, other.id]) {
      await table.locator(`.ag-row[row-id="${id}"] .ag-checkbox-input`).first().click();
    }
    // Validating needs open invoices: both are drafts, so nothing changes and the refusal names
    // the invoice that refused.
    await page.getByTestId('bulk-validate').click();
    await expect
      .poll(() => page.getByTestId('bulk-outcome').textContent())
      .toMatch(/^invoice #\d+ E2E-INV-\S+: Cannot change status\.$/);
    expect((await invoiceStatus(draft.id))?.status).toBe('draft');
    expect((await invoiceStatus(other.id))?.status).toBe('draft');
  });

  it('filters live in the URL: a linked, filtered list shows the same rows and chips', async () => {
    const invoice = await seedInvoice({ subsidiary: 'Northwind NL' });
    const page = await signedInPage(e2e, 'accountant', 'en', '/invoices');
    await page.getByTestId('open-filters').click();
    const filters = page.getByTestId('invoice-filters');
    await filters.locator('input[name=search]').fill(invoice.ref);
    await page.getByTestId('apply-filters').click();
    await expect.poll(() => rowIds(page)).toEqual([invoice.id]);
    expect(new URL(page.url()).searchParams.get('search')).toBe(invoice.ref);
    await page.getByTestId('filter-chips').getByText(`Search: ${invoice.ref}`).waitFor();
    await expect(page.getByTestId('usd-note').textContent()).resolves.toBe(
      "USD amounts at each record's exchange rate on its invoice date",
    );
    const linked = await signedInPage(
      e2e,
      'accountant',
      'en',
      `/invoices${new URL(page.url()).search}`,
    );
    await expect.poll(() => rowIds(linked)).toEqual([invoice.id]);
  });
});
