// Bills and payments in the browser (issue 13, SPEC §2 "Bills table", "Bill details", §4 bill
// statuses and closing, §5 payments, §8 "Bill #{id} not found or you don't have access."). Each
// test seeds its own bill through the API as the accountant, so the tests do not depend on order.
import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PDF, seedBill, seedCosts, pay } from './bill-seeds.ts';
import { asUser } from '../server/test/helpers.ts';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

/** A flow through several screens and dialogs takes longer than the default 30 s under load. */
const FLOW = 120_000;

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** Home's count of overdue bills (not fully paid, due before today). */
async function homeOverdueCount(page: Page): Promise<number> {
  await page.goto('/');
  const count = page.getByTestId('home-overdueBills-count');
  await count.waitFor();
  return Number((await count.innerText()).replace(/\D/g, ''));
}

async function addPayment(page: Page, amount: string) {
  await page.getByTestId('add-payment').click();
  await page.locator('input[name=amount]').fill(amount);
  await page.getByTestId('dialog-save').click();
  await page.getByTestId('payment-dialog').waitFor({ state: 'detached' });
}

describe('bill details: validate, pay, close as paid', () => {
  it(
    'the accountant validates a bill of three costs with an act, pays it in part and closes it with a final payment of the exact remainder (SPEC §4)',
    async () => {
      const bill = await seedBill(e2e, 3);
      const page = await signedInPage(e2e, 'accountant');
      const unpaidBefore = await homeOverdueCount(page);
      // Home's link opens the unpaid view of the bills overdue (due before today).
      await page.getByTestId('home-overdueBills-all').click();
      await page.getByTestId('unpaid-bills-table').waitFor();
      expect(page.url()).toMatch(/\/bills\?unpaid=1&dueTo=\d{4}-\d{2}-\d{2}$/);
      expect(await page.getByTestId('filter-chips').innerText()).toMatch(/Due to/);

      // The unpaid view lists it with the remaining amount and the days overdue.
      await page.goto(`/bills?unpaid=1&search=${encodeURIComponent(bill.name)}`);
      const unpaidRow = page.locator(
        `[data-testid="unpaid-bills-table"] .ag-row[row-id="${bill.id}"]`,
      );
      await expect
        .poll(() => unpaidRow.first().innerText(), { timeout: 20_000 })
        .toMatch(/1,000\.10 EUR/);
      expect(await unpaidRow.first().innerText()).toMatch(/10 days/);

      await page.goto(`/bills/${bill.id}`);
      expect(await text(page, 'bill-status')).toBe('Open');
      expect(await page.getByTestId('cost-row').count()).toBe(3);
      expect(await text(page, 'bill-files')).toMatch(/act\.pdf/);
      expect(await text(page, 'amount-amountWVat')).toMatch(/^1,000\.10 EUR/);
      expect(await page.getByTestId('badge-overdue').count()).toBe(1);

      await page.getByTestId('action-validate').click();
      await expect.poll(() => text(page, 'bill-status'), { timeout: 20_000 }).toBe('Validated');

      await addPayment(page, '333.37');
      await expect
        .poll(() => text(page, 'amount-remaining'), { timeout: 20_000 })
        .toBe('666.73 EUR');
      expect(await page.getByTestId('badge-partial').count()).toBe(1);
      await addPayment(page, '333.37');
      await expect
        .poll(() => text(page, 'amount-remaining'), { timeout: 20_000 })
        .toBe('333.36 EUR');

      // A payment above the remaining amount is refused with the message, before and after shown.
      await page.getByTestId('add-payment').click();
      expect(await text(page, 'remaining-before')).toBe('Remaining now: 333.36 EUR');
      await page.locator('input[name=amount]').fill('400');
      expect(await text(page, 'remaining-after')).toBe('Remaining after this payment: -66.64 EUR');
      await page.getByTestId('dialog-save').click();
      expect(await text(page, 'payment-dialog')).toMatch(
        /The payment is larger than the remaining amount\./,
      );
      await page.getByTestId('payment-dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('payment-dialog').waitFor({ state: 'detached' });

      await page.getByTestId('action-close_as_paid').click();
      expect(await text(page, 'close-dialog')).toMatch(/333\.36 EUR remains unpaid/);
      await page.getByTestId('close-confirm').click();
      await expect.poll(() => text(page, 'bill-status'), { timeout: 20_000 }).toBe('Paid');
      expect(await page.getByTestId('payment-row').count()).toBe(3);
      // Each payment in its currency and in USD (SPEC §3 Payment.amount_usd).
      expect(await page.getByTestId('payment-row').first().innerText()).toMatch(
        /333\.3\d EUR\s+[\d,]+\.\d\d USD/,
      );
      expect(await text(page, 'amount-remaining')).toBe('0.00 EUR');
      expect(
        await page.getByTestId('bill-actions').locator('button').allInnerTexts(),
      ).not.toContain('Close as paid');
      const sum = await e2e.app.db.owner.query<{ paid: string }>(
        `select sum(p.amount)::text as paid from app_public.bills_payments bp
         join app_public.payments p on p.id = bp.payment_id where bp.bill_id = $1`,
        [bill.id],
      );
      expect(sum.rows[0]!.paid).toBe('1000.10');

      // Neither the unpaid view nor the home count shows it any more.
      await page.goto(`/bills?unpaid=1&search=${encodeURIComponent(bill.name)}`);
      await page
        .locator('[data-testid="unpaid-bills-table"] [data-testid="table-empty"]')
        .waitFor();
      expect(await homeOverdueCount(page)).toBe(unpaidBefore - 1);
    },
    FLOW,
  );

  it(
    'the accountant deletes a payment and the remaining amount grows back; the viewer has no delete',
    async () => {
      const bill = await seedBill(e2e, 1);
      await pay(e2e, bill.id, '100.00');
      const viewer = await signedInPage(e2e, 'viewer', 'en', `/bills/${bill.id}`);
      await viewer.getByTestId('payment-row').waitFor();
      expect(await viewer.getByTestId('delete-payment').count()).toBe(0);
      await viewer.context().close();

      const page = await signedInPage(e2e, 'accountant', 'en', `/bills/${bill.id}`);
      expect(await text(page, 'amount-remaining')).toBe('900.10 EUR');
      await page.getByTestId('delete-payment').click();
      await page.getByTestId('confirm').click();
      await expect
        .poll(() => text(page, 'amount-remaining'), { timeout: 20_000 })
        .toBe('1,000.10 EUR');
      expect(await page.getByTestId('payment-row').count()).toBe(0);
    },
    FLOW,
  );

  it(
    'the viewer sees a bill without any action or payment button (read-only)',
    async () => {
      const bill = await seedBill(e2e, 1);
      const page = await signedInPage(e2e, 'viewer', 'en', `/bills/${bill.id}`);
      expect(await text(page, 'bill-title')).toBe(`Bill #${bill.id} · ${bill.name}`);
      expect(await page.getByTestId('bill-actions').locator('button').count()).toBe(0);
      expect(await page.getByTestId('add-payment').count()).toBe(0);
      expect(await page.getByTestId('add-files').count()).toBe(0);
      expect(await page.getByTestId('remove-file').count()).toBe(0);
      await page.goto('/bills');
      await page.getByTestId('bills-table').waitFor();
      expect(await page.getByTestId('add-bill').count()).toBe(0);
      await page.goto('/bills/new');
      await page.waitForURL(/\/no-access/);
    },
    FLOW,
  );
});

describe('bill files', () => {
  it(
    'the accountant attaches a file to a bill and removes it again',
    async () => {
      const bill = await seedBill(e2e, 1);
      const page = await signedInPage(e2e, 'accountant', 'en', `/bills/${bill.id}`);
      await page.getByTestId('add-files').click();
      const name = `contract-${Date.now()}.pdf`;
      await page
        .getByTestId('bill-files-drop')
        .locator('input[type=file]')
        .setInputFiles({
          name,
          mimeType: 'application/pdf',
          buffer: Buffer.from(`${PDF}% ${name}\n`),
        });
      await page.getByTestId('bill-files-drop').getByText(name).waitFor();
      await page.getByTestId('files-save').click();
      await page.getByTestId('bill-files').getByText(name).waitFor();
      expect(
        (
          await e2e.app.db.owner.query(
            `select count(*)::int as n from app_public.bills_files bf join app_public.files f on f.id = bf.file_id
            where bf.bill_id = $1 and f.name = $2`,
            [bill.id, name],
          )
        ).rows[0],
      ).toEqual({ n: 1 });
      await page.getByTestId('remove-file').click();
      await page.getByTestId('bill-files').getByText(name).waitFor({ state: 'detached' });
      expect(
        (
          await e2e.app.db.owner.query(
            'select count(*)::int as n from app_public.files where name = $1',
            [name],
          )
        ).rows[0],
      ).toEqual({ n: 0 });
    },
    FLOW,
  );
});

describe('deleting a bill with payments', () => {
  it(
    'the accountant is offered neither delete (BillHasPayments: not while payments exist) nor force delete; the admin force deletes it with its payments (SPEC §2)',
    async () => {
      const bill = await seedBill(e2e, 2);
      const paymentId = await pay(e2e, bill.id, '100.00');

      const accountant = await signedInPage(e2e, 'accountant', 'en', `/bills/${bill.id}`);
      await accountant.getByTestId('action-archive').waitFor();
      expect(await accountant.getByTestId('action-delete').count()).toBe(0);
      expect(await accountant.getByTestId('action-force_delete').count()).toBe(0);
      await accountant.context().close();

      const admin = await signedInPage(e2e, 'admin', 'en', `/bills/${bill.id}`);
      await admin.getByTestId('action-force_delete').click();
      expect(await admin.getByRole('dialog').innerText()).toMatch(
        /also removes its payments and its costs/,
      );
      await admin.getByTestId('confirm').click();
      await admin.waitForURL(/\/bills$/);
      const left = await e2e.app.db.owner.query(
        `select (select count(*) from app_public.payments where id = $1)::int as payments,
              (select count(*) from app_public.bills where id = $2)::int as bills`,
        [paymentId, bill.id],
      );
      expect(left.rows[0]).toEqual({ payments: 0, bills: 0 });
    },
    FLOW,
  );
});

describe('bills table', () => {
  it(
    'a search from the URL shows the bill with its columns, and the selection summary sums it in USD',
    async () => {
      const bill = await seedBill(e2e, 1);
      const page = await signedInPage(
        e2e,
        'accountant',
        'en',
        `/bills?search=${encodeURIComponent(bill.name)}&status=open`,
      );
      const row = page.locator(`[data-testid="bills-table"] .ag-row[row-id="${bill.id}"]`);
      await row.first().waitFor();
      expect(await page.getByTestId('filter-chips').innerText()).toMatch(/Status: Open/);
      await row.locator('input[type=checkbox]').first().check();
      expect(await text(page, 'summary-values')).toMatch(
        /Sum: .+ USD · VAT: .+ USD · Total: .+ USD/,
      );
      const cell = (column: string) =>
        page
          .locator(`[data-testid="bills-table"] .ag-row[row-id="${bill.id}"] [col-id="${column}"]`)
          .first();
      // The wide table scrolls sideways; AG Grid draws the columns in view.
      await page
        .locator('[data-testid="bills-table"] .ag-body-horizontal-scroll-viewport')
        .evaluate((el) => (el.scrollLeft = 1400));
      await cell('amountWVat').waitFor();
      expect(await cell('amountWVat').innerText()).toBe('1,000.10 EUR');
      expect(await cell('vat').innerText()).toBe('20.00 %');
      // Validated only: the open bill is gone.
      await page.goto(`/bills?search=${encodeURIComponent(bill.name)}&status=validated`);
      await page.locator('[data-testid="bills-table"] [data-testid="table-empty"]').waitFor();
    },
    FLOW,
  );

  it(
    'the accountant filters by a client chosen in the filter dialog; the chip names it and the URL keeps it',
    async () => {
      const bill = await seedBill(e2e, 1);
      const page = await signedInPage(e2e, 'accountant', 'en', '/bills');
      await page.getByTestId('toggle-filters').click();
      const dialog = page.getByTestId('bill-filters');
      const client = dialog.getByRole('combobox', { name: 'Client' });
      await client.click();
      await client.fill('Alfa');
      await page
        .getByRole('option', { name: /Alfa Retail/ })
        .first()
        .click();
      await dialog.locator('input[name=search]').fill(bill.name);
      await page.getByTestId('apply-filters').click();
      await page
        .locator(`[data-testid="bills-table"] .ag-row[row-id="${bill.id}"]`)
        .first()
        .waitFor();
      expect(await page.getByTestId('filter-chips').innerText()).toMatch(/Client: Alfa Retail/);
      expect(decodeURIComponent(page.url())).toMatch(/client=[0-9a-f-]{36}~Alfa(\+| )Retail/);
      await page.reload();
      await page
        .locator(`[data-testid="bills-table"] .ag-row[row-id="${bill.id}"]`)
        .first()
        .waitFor();
      // Home's aging links name the subsidiary by its id alone: the chip names it after the rows.
      const nl = await e2e.app.db.owner.query<{ id: string }>(
        `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
      );
      await page.goto(`/bills?unpaid=1&subsidiary=${nl.rows[0]!.id}`);
      await page.locator('[data-testid="unpaid-bills-table"] .ag-row').first().waitFor();
      await expect
        .poll(() => page.getByTestId('filter-chips').innerText(), { timeout: 20_000 })
        .toMatch(/Subsidiary: Northwind NL/);
    },
    FLOW,
  );

  it(
    'row actions from the server: the accountant archives a bill from the list and restores it; the viewer has none',
    async () => {
      const bill = await seedBill(e2e, 1);
      const viewer = await signedInPage(
        e2e,
        'viewer',
        'en',
        `/bills?search=${encodeURIComponent(bill.name)}`,
      );
      const viewerRow = viewer.locator(`[data-testid="bills-table"] .ag-row[row-id="${bill.id}"]`);
      await viewerRow.first().waitFor();
      expect(await viewerRow.locator('[data-testid^="row-"]').count()).toBe(0);
      await viewer.context().close();

      const page = await signedInPage(
        e2e,
        'accountant',
        'en',
        `/bills?search=${encodeURIComponent(bill.name)}`,
      );
      const row = page.locator(`[data-testid="bills-table"] .ag-row[row-id="${bill.id}"]`);
      await row.locator('[data-testid="row-validate"]').first().waitFor();
      await row.locator('[data-testid="row-archive"]').first().click();
      await page.locator('[data-testid="bills-table"] [data-testid="table-empty"]').waitFor();
      await page.goto(`/bills?search=${encodeURIComponent(bill.name)}&archived=archived`);
      await row.locator('[data-testid="row-unarchive"]').first().click();
      await page.locator('[data-testid="bills-table"] [data-testid="table-empty"]').waitFor();
      expect(
        (
          await e2e.app.db.owner.query('select is_deleted from app_public.bills where id = $1', [
            bill.id,
          ])
        ).rows[0],
      ).toEqual({ is_deleted: false });
    },
    FLOW,
  );

  it(
    'the accountant edits a bill: a new VAT changes the amount with VAT; a paid bill offers no edit',
    async () => {
      const bill = await seedBill(e2e, 1);
      const page = await signedInPage(e2e, 'accountant', 'en', `/bills/${bill.id}`);
      await page.getByTestId('action-edit').click();
      const dialog = page.getByTestId('bill-edit-dialog');
      await dialog.locator('input[name=vat]').fill('10');
      await dialog.locator('input[name=name]').fill(`${bill.name} (edited)`);
      await dialog.getByTestId('dialog-save').click();
      await dialog.waitFor({ state: 'detached' });
      // 833.42 + 10 % = 916.762, rounded by the database to 916.76.
      await expect
        .poll(() => text(page, 'amount-amountWVat'), { timeout: 20_000 })
        .toMatch(/^916\.76 EUR/);
      expect(await text(page, 'bill-title')).toMatch(/\(edited\)$/);
      await page.getByTestId('action-validate').click();
      await page.getByTestId('action-close_as_paid').click();
      await page.getByTestId('close-confirm').click();
      await expect.poll(() => text(page, 'bill-status'), { timeout: 20_000 }).toBe('Paid');
      expect(await page.getByTestId('action-edit').count()).toBe(0);
    },
    FLOW,
  );

  it(
    'a bill that does not exist, or of a subsidiary the account may not see, says so with a link back (SPEC §8)',
    async () => {
      const other = await e2e.app.db.owner.query<{ id: number }>(
        `select b.id from app_public.bills b join app_public.subsidiaries s on s.id = b.subsidiary_id
        where s.short_name <> 'Northwind NL' limit 1`,
      );
      const page = await signedInPage(e2e, 'accountant');
      for (const id of [99999999, other.rows[0]!.id]) {
        await page.goto(`/bills/${id}`);
        expect(await text(page, 'bill-not-found')).toMatch(
          new RegExp(`Bill #${id} not found or you don't have access\\.`),
        );
      }
      await page.getByRole('link', { name: 'Back to bills' }).click();
      await page.waitForURL(/\/bills$/);
    },
    FLOW,
  );
});

describe('bill wizard', () => {
  /** Picks an option of a server-search field after typing part of its name. */
  async function choose(page: Page, label: string, typed: string, option: RegExp) {
    const input = page.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  }

  /** Types into a date or month field of the kit, section by section. */
  async function typeDate(page: Page, label: string, keys: string) {
    await page.getByRole('group', { name: label }).click();
    await page.keyboard.type(keys);
  }

  it(
    'the setup step repeats SPEC §5 for a quick message: required fields, a due date before the invoice date, VAT above 100',
    async () => {
      const page = await signedInPage(e2e, 'accountant', 'en', '/bills/new');
      await page.getByTestId('wizard-next').click();
      const setup = page.getByTestId('wizard-setup');
      await expect
        .poll(() => setup.getByText('Field is required').count(), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(6);
      await page.locator('input[name=vat]').fill('120');
      await typeDate(page, 'Invoice date', '11102026');
      await typeDate(page, 'Due date', '11052026');
      await page.getByTestId('wizard-next').click();
      await setup.getByText('VAT must be above 0 and at most 100').waitFor();
      await setup.getByText('The due date cannot be before the invoice date').waitFor();
      // Still on the first step.
      expect(await page.getByTestId('wizard-costs').count()).toBe(0);
    },
    FLOW,
  );

  it(
    'a step that fails (a chosen cost billed meanwhile) is named, leaves no bill and deletes the uploaded act',
    async () => {
      const owner = e2e.app.db.owner;
      const costs = { rows: (await seedCosts(e2e, 2, true)).map((id) => ({ id })) };
      const page = await signedInPage(e2e, 'accountant', 'en', '/bills/new');
      const name = `Failing wizard bill ${Date.now()}`;
      await choose(page, 'Client', 'Alfa', /Alfa Retail/);
      await choose(page, 'Subsidiary', 'NL', /Northwind NL/);
      await page.locator('input[name=name]').fill(name);
      await choose(page, 'Currency', 'EUR', /^EUR/);
      await page.locator('input[name=vat]').fill('20');
      const now = new Date();
      await typeDate(page, 'Period', `${now.getMonth() + 1}${now.getFullYear()}`);
      await typeDate(page, 'Invoice date', format(now, 'MMddyyyy'));
      await page.getByTestId('wizard-next').click();
      for (const { id } of costs.rows) {
        await page.getByTestId('wizard-costs').locator(`[data-cost-id="${id}"]`).click();
      }
      await page.getByTestId('wizard-next').click();
      const act = `act-${Date.now()}.pdf`;
      await page
        .getByTestId('act-drop')
        .locator('input[type=file]')
        .setInputFiles({
          name: act,
          mimeType: 'application/pdf',
          buffer: Buffer.from(`${PDF}% ${name}\n`),
        });
      await page.getByTestId('act-drop').getByText(act).waitFor();
      // Someone bills one of the chosen costs before this bill is created.
      const other = await seedBill(e2e, 0);
      await owner.query('update app_public.costs set bill_id = $1 where id = $2', [
        other.id,
        costs.rows[0]!.id,
      ]);
      await page.getByTestId('wizard-next').click();

      const failure = page.getByTestId('wizard-failure');
      await failure.waitFor();
      expect(await failure.innerText()).toBe(
        `Step "Create the bill" failed: Only approved, unbilled costs of the bill's subsidiary can be billed. No bill was created.`,
      );
      expect(await page.getByTestId('progress-uploadAct').getAttribute('data-state')).toBe('done');
      expect(await page.getByTestId('progress-createBill').getAttribute('data-state')).toBe(
        'failed',
      );
      expect(await page.getByTestId('wizard-show').count()).toBe(0);
      const left = async () =>
        (
          await owner.query(
            `select (select count(*) from app_public.bills where name = $1)::int as bills,
              (select count(*) from app_public.files where name = $2)::int as files,
              (select count(*) from app_public.costs where id = $3 and bill_id is null)::int as unbilled`,
            [name, act, costs.rows[1]!.id],
          )
        ).rows[0];
      expect(await left()).toEqual({ bills: 0, files: 0, unbilled: 1 });
      // Back to the form keeps what was entered.
      await page.getByTestId('wizard-fix').click();
      expect(await page.getByTestId('act-drop').innerText()).toMatch(act);
    },
    FLOW,
  );

  it(
    'the accountant creates a bill from three approved costs marked to bill, with an act; progress shows each step, then the bill',
    async () => {
      const owner = e2e.app.db.owner;
      const costs = { rows: (await seedCosts(e2e, 3, true)).map((id) => ({ id })) };
      expect(costs.rows).toHaveLength(3);
      const expected = await owner.query<{ amount: string }>(
        'select sum(amount)::text as amount from app_public.costs where id = any($1::int[])',
        [costs.rows.map((row) => row.id)],
      );
      const page = await signedInPage(e2e, 'accountant', 'en', '/bills/new');
      const name = `Wizard bill ${Date.now()}`;
      await choose(page, 'Client', 'Alfa', /Alfa Retail/);
      await choose(page, 'Subsidiary', 'NL', /Northwind NL/);
      await page.locator('input[name=name]').fill(name);
      await choose(page, 'Currency', 'EUR', /^EUR/);
      await page.locator('input[name=vat]').fill('20');
      const now = new Date();
      await typeDate(page, 'Period', `${now.getMonth() + 1}${now.getFullYear()}`);
      await typeDate(page, 'Invoice date', format(now, 'MMddyyyy'));
      await page.getByTestId('wizard-next').click();

      const step = page.getByTestId('wizard-costs');
      await step.waitFor();
      for (const { id } of costs.rows) {
        await step.locator(`[data-cost-id="${id}"]`).click();
      }
      expect(await page.getByTestId('running-total').innerText()).toMatch(/3 costs chosen/);
      expect(await page.locator('input[name=amount]').inputValue()).toBe(expected.rows[0]!.amount);
      await page.getByTestId('wizard-next').click();

      await page
        .getByTestId('act-drop')
        .locator('input[type=file]')
        .setInputFiles({
          name: 'act.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(`${PDF}% ${name}\n`),
        });
      // A content not stored before (the drop zone skips duplicates).
      await page.getByTestId('act-drop').getByText('act.pdf').waitFor();
      await page.getByTestId('wizard-next').click();

      await page.getByTestId('wizard-show').waitFor();
      for (const [step, state] of [
        ['uploadAttachments', 'skipped'],
        ['uploadAct', 'done'],
        ['createBill', 'done'],
        ['updateCosts', 'done'],
        ['created', 'done'],
      ]) {
        expect(await page.getByTestId(`progress-${step}`).getAttribute('data-state')).toBe(state);
      }
      await page.getByTestId('wizard-show').click();
      await page.waitForURL(/\/bills\/\d+$/);
      expect(await text(page, 'bill-title')).toMatch(name);
      expect(await page.getByTestId('cost-row').count()).toBe(3);
      expect(await text(page, 'bill-files')).toMatch(/act\.pdf/);
      expect(await text(page, 'amount-amount')).toMatch(
        new RegExp(
          `^${expected.rows[0]!.amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace('.', '\\.')} EUR`,
        ),
      );
    },
    FLOW,
  );

  for (const language of ['ru', 'en'] as const) {
    it(
      `${language}: the unpaid view's total outstanding is every visible unpaid bill's, summed by the database, with and without a filter`,
      async () => {
        // Every unpaid bill the accountant may see, under its own row-level policies: all of
        // them, and those of the client it has most of.
        const sums = await asUser(e2e.app.db, 'accountant', async (client) => {
          const result = await client.query<{ client: string | null; total: string; n: number }>(
            `select b.client_id as client, coalesce(sum(app_public.bills_outstanding_usd(b)), 0)::numeric(18,2)::text total,
                    count(*)::int n
               from app_public.bills b where app_public.bills_outstanding(b) > 0
              group by rollup (b.client_id) order by b.client_id is not null, count(*) desc, b.client_id`,
          );
          return result.rows;
        });
        const all = sums[0]!;
        const oneClient = sums[1]!;
        expect(all.client).toBeNull();
        expect(oneClient.n).toBeGreaterThan(0);
        expect(oneClient.n).toBeLessThan(all.n);
        const page = await signedInPage(e2e, 'accountant', language);
        await page.setViewportSize({ width: 1440, height: 900 });
        const total = page.getByTestId('unpaid-total');
        // The figure as the reader's language writes it: "12 345,67" in ru, "12,345.67" in en.
        const shownValue = async () => {
          const shown = await total.innerText();
          expect(shown).toMatch(language === 'ru' ? /^Остаток к оплате: / : /^Outstanding: /);
          expect(shown).not.toMatch(/≥/);
          const figure = shown.replace(/[^\d,.]/g, '');
          return language === 'ru'
            ? figure.replace(/\./g, '').replace(',', '.')
            : figure.replace(/,/g, '');
        };
        // Without filters: the totals the database keeps (unpaidBillsTotal).
        await page.goto('/bills?unpaid=1');
        await page.locator('[data-testid="unpaid-bills-table"] .ag-row').first().waitFor();
        await expect.poll(() => total.innerText(), { timeout: 20_000 }).toMatch(/\d/);
        expect(await shownValue()).toBe(all.total);
        // With a filter: the sum over the bills it selects (outstandingUsdTotal).
        await page.goto(`/bills?unpaid=1&client=${oneClient.client}~Client`);
        await page.locator('[data-testid="unpaid-bills-table"] .ag-row').first().waitFor();
        await expect.poll(shownValue, { timeout: 20_000 }).toBe(oneClient.total);
      },
      FLOW,
    );
  }
});
