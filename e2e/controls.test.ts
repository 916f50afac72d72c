// The controls in the browser (docs/permissions.md): segregation of duties, the second approval
// above a subsidiary's limit, the period lock (banner, nothing offered) and the subsidiary's
// controls, each as an account that may and one that may not.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const SHOTS = process.env.SCREENSHOTS_DIR;

const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await e2e.app.db.owner.query<T>(text, values)).rows;

let counter = 0;

/** A draft invoice of Northwind NL entered by `creator`, with costs of these amounts (EUR). */
async function seedInvoice(creator: string | null, amounts: string[]) {
  counter += 1;
  const ref = `E2E-CTRL-${Date.now()}-${counter}`;
  const [invoice] = await sql<{ id: number }>(
    `insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, subsidiary_id, supplier_id, created_by)
     values ('regular', $1, date '2026-10-01', date '2026-10-31', 'EUR',
             (select id from app_public.subsidiaries where short_name = 'Northwind NL'),
             (select id from app_public.suppliers where short_name = 'Dune'),
             (select id from app_public.users where username = $2))
     returning id`,
    [ref, creator],
  );
  for (const [i, amount] of amounts.entries()) {
    await sql(
      `insert into app_public.costs (invoice_id, name, year, period, amount, vat, project_id, cost_type_id, created_by)
       values ($1, $2, 2026, 10, $3, 20, (select id from app_public.projects where access_key = 'ops.platform'),
               (select id from app_public.cost_types where name = 'Contractors'),
               (select id from app_public.users where username = $4))`,
      [invoice!.id, `E2E cost ${i + 1}`, amount, creator],
    );
  }
  return { id: invoice!.id, ref };
}

const status = async (table: string, id: number) =>
  (await sql<{ status: string }>(`select status from app_public.${table} where id = $1`, [id]))[0]
    ?.status;

async function openInvoice(page: Page, id: number) {
  await page.goto(`/invoices/${id}`);
  await page.getByTestId('page-title').waitFor();
  await page.getByTestId('cost-row').first().waitFor();
}

/** The cost actions the menu of the row offers. */
async function costMenu(page: Page, row: number): Promise<string[]> {
  await page.getByTestId('cost-row').nth(row).getByTestId('cost-actions').click();
  const items = page.locator('[data-testid^="cost-"][role=menuitem]');
  await items.first().waitFor();
  const ids = await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  await page.keyboard.press('Escape');
  return ids.map((id) => String(id).replace(/^cost-/, ''));
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('segregation of duties', () => {
  it('the accountant is not offered approving its own cost; the admin approves it and the invoice opens', async () => {
    const invoice = await seedInvoice('accountant', ['100.00']);
    const accountant = await signedInPage(e2e, 'accountant');
    await openInvoice(accountant, invoice.id);
    const offered = await costMenu(accountant, 0);
    expect(offered).toContain('reject');
    expect(offered).not.toContain('approve');

    const admin = await signedInPage(e2e, 'admin');
    await openInvoice(admin, invoice.id);
    await admin.getByTestId('cost-row').first().getByTestId('cost-actions').click();
    await admin.getByTestId('cost-approve').click();
    await expect.poll(() => status('invoices', invoice.id)).toBe('open');
    // The accountant created it: it may not validate it either; the admin may.
    await accountant.reload();
    await accountant.getByTestId('action-reject').waitFor();
    expect(await accountant.getByTestId('action-validate').count()).toBe(0);
    await admin.reload();
    await admin.getByTestId('action-validate').click();
    await expect.poll(() => status('invoices', invoice.id)).toBe('validated');
  });
});

describe('approval limits', () => {
  it('a cost above the limit waits for a second approval by another user, and shows both approvers', async () => {
    // Northwind NL's demo limit is 10,000 USD; 20,000 EUR with VAT is above it.
    const invoice = await seedInvoice(null, ['20000.00']);
    const accountant = await signedInPage(e2e, 'accountant');
    await openInvoice(accountant, invoice.id);
    await accountant
      .getByTestId('cost-approvers')
      .getByText(/needs two approvals/)
      .waitFor();
    await accountant.getByTestId('cost-row').first().getByTestId('cost-actions').click();
    await accountant.getByTestId('cost-approve').click();
    await accountant
      .getByTestId('cost-approvers')
      .getByText('First approval: Boris Smirnov; waiting for a second approval')
      .waitFor();
    expect(await status('costs', (await costOf(invoice.id)).id)).toBe('to_approve');
    // The first approver may not give the second.
    expect(await costMenu(accountant, 0)).not.toContain('approve');

    const admin = await signedInPage(e2e, 'admin');
    await openInvoice(admin, invoice.id);
    await shot(admin, 'invoice-second-approval-en');
    await admin.getByTestId('cost-row').first().getByTestId('cost-actions').click();
    await admin.getByTestId('cost-approve').click();
    await admin
      .getByTestId('cost-approvers')
      .getByText('Approved by Boris Smirnov and Anna Kovalenko')
      .waitFor();
    await expect.poll(() => status('invoices', invoice.id)).toBe('open');
  });
});

async function costOf(invoiceId: number) {
  return (
    await sql<{ id: number }>('select id from app_public.costs where invoice_id = $1', [invoiceId])
  )[0]!;
}

describe('period lock', () => {
  it('an invoice in the closed period shows the banner and offers nothing, even to the admin', async () => {
    const [locked] = await sql<{ id: number; lock: string }>(
      `select i.id, to_char(s.lock_date, 'MM/DD/YYYY') as lock from app_public.invoices i
         join app_public.subsidiaries s on s.id = i.subsidiary_id
        where s.short_name = 'Northwind RU' and i.invoice_date <= s.lock_date and not i.is_deleted
        order by i.invoice_date desc limit 1`,
    );
    const admin = await signedInPage(e2e, 'admin', 'en', `/invoices/${locked!.id}`);
    const banner = admin.getByTestId('period-locked-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(
      `The books of Northwind RU are closed through ${locked!.lock}`,
    );
    await shot(admin, 'invoice-locked-en');
    expect(await admin.locator('[data-testid^="action-"]').count()).toBe(0);
    expect(await admin.getByTestId('add-payment').count()).toBe(0);
    expect(await admin.getByTestId('upload-files').count()).toBe(0);
    // An invoice of an open period has no banner.
    const open = await seedInvoice(null, ['10.00']);
    await openInvoice(admin, open.id);
    await admin.getByTestId('action-archive').waitFor();
    expect(await admin.getByTestId('period-locked-banner').count()).toBe(0);
  });
});

describe("the subsidiary's controls", () => {
  it('the admin closes the books of Northwind UK through a date; the change is listed; the viewer cannot change them', async () => {
    const [uk] = await sql<{ id: string }>(
      `select id from app_public.subsidiaries where short_name = 'Northwind UK'`,
    );
    const admin = await signedInPage(e2e, 'admin', 'en', `/subsidiaries/${uk!.id}`);
    const controls = admin.getByTestId('subsidiary-controls');
    await controls.getByTestId('lock-date').getByText('Open').waitFor();
    await controls.getByTestId('edit-subsidiary-controls').click();
    const dialog = admin.getByTestId('subsidiary-controls-form');
    await dialog.locator('input[name=approvalLimitUsd]').fill('25000');
    await dialog
      .getByRole('group', { name: /^Books closed through/ })
      .getByRole('spinbutton')
      .first()
      .click();
    await admin.keyboard.type('03312025');
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    await controls.getByTestId('lock-date').getByText('Closed through 03/31/2025').waitFor();
    await controls.getByTestId('approval-limit').getByText('25,000.00 USD (with VAT)').waitFor();
    await controls
      .getByTestId('subsidiary-control-changes')
      .getByText('Books closed through: Open → 03/31/2025')
      .waitFor();
    expect(
      await sql(
        `select lock_date::text as lock, approval_limit_usd::text as limit from app_public.subsidiaries where id = $1`,
        [uk!.id],
      ),
    ).toEqual([{ lock: '2025-03-31', limit: '25000.00' }]);

    const viewer = await signedInPage(e2e, 'viewer', 'en', `/subsidiaries/${uk!.id}`);
    await viewer
      .getByTestId('subsidiary-controls')
      .getByText('Closed through 03/31/2025')
      .waitFor();
    expect(await viewer.getByTestId('edit-subsidiary-controls').count()).toBe(0);
  });

  it('screenshots of the subsidiary page and the invoices in ru and en', async () => {
    if (!SHOTS) return;
    const [nl] = await sql<{ id: string }>(
      `select id from app_public.subsidiaries where short_name = 'Northwind RU'`,
    );
    const [demo] = await sql<{ id: number }>(
      `select invoice_id as id from app_public.costs where first_approved_by is not null and status = 'to_approve' limit 1`,
    );
    for (const language of ['en', 'ru'] as const) {
      const page = await signedInPage(e2e, 'admin', language, `/subsidiaries/${nl!.id}`);
      await page.getByTestId('subsidiary-control-changes').waitFor();
      await shot(page, `subsidiary-${language}`);
      await page.goto(`/invoices/${demo!.id}`);
      await page.getByTestId('cost-approvers').first().waitFor();
      await shot(page, `invoice-demo-${language}`);
    }
  });
});
