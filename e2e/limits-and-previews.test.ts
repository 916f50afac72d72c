// Issue 32, items 5, 6 and 8 in the browser, as the accounts that may and may not:
// - a bulk close-as-paid shows each invoice's final payment and the total before it runs, and names
//   the invoice that refuses and why (docs/invoices.md "Bulk close as paid");
// - a project-limited account sees the visible subtotal and how many lines are outside its access,
//   on the invoice and in the list (docs/invoices.md "Lines outside your access");
// - a supplier's user sees only its supplier's invoices and no bills; a project-limited account
//   with invoice:write creates an invoice in its projects through the wizard, and an invoice
//   repeating a paid one is refused naming it (docs/permissions.md).
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { violations } from './axe.ts';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const SLOW = 90_000;

const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await e2e.app.db.owner.query<T>(text, values)).rows;

let counter = 0;

/** A draft EUR invoice of Northwind NL (supplier Dune) with costs on the given projects. */
async function seedInvoice(projects: string[] = ['ops.platform', 'ops.platform']) {
  counter += 1;
  const ref = `E2E-32B-${Date.now()}-${counter}`;
  const [invoice] = await sql<{ id: number }>(
    `insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, subsidiary_id, supplier_id)
     values ('regular', $1, date '2026-11-02', date '2026-11-30', 'EUR',
             (select id from app_public.subsidiaries where short_name = 'Northwind NL'),
             (select id from app_public.suppliers where short_name = 'Dune'))
     returning id`,
    [ref],
  );
  for (const [i, project] of projects.entries()) {
    await sql(
      `insert into app_public.costs (invoice_id, name, year, period, amount, vat, project_id, cost_type_id)
       values ($1, $2, 2026, 11, $3, 20, (select id from app_public.projects where access_key = $4),
               (select id from app_public.cost_types where name = 'Contractors'))`,
      [invoice!.id, `E2E cost ${i + 1}`, `${100 * (i + 1)}.10`, project],
    );
  }
  return { id: invoice!.id, ref };
}

/** Runs workflow functions as the accountant, as a request of the accountant would. */
async function asAccountant(work: string, params: unknown[]) {
  const client = await e2e.app.db.owner.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('jwt.claims.user_id', u.id::text, true), set_config('jwt.claims.account_id', a.account_id::text, true)
         from app_public.users u join app_public.default_accounts a on a.user_id = u.id
        where u.username = 'accountant'`,
    );
    await client.query('set local role ledgerline_visitor');
    await client.query(work, params);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** A validated invoice: its costs approved, opened (unless that happened by itself), validated. */
async function validatedInvoice() {
  const invoice = await seedInvoice();
  await asAccountant(
    'select app_public.approve_cost(c.id) from app_public.costs c where c.invoice_id = $1',
    [invoice.id],
  );
  await asAccountant(
    `select app_public.open_invoice(i.id) from app_public.invoices i where i.id = $1 and i.status = 'draft'`,
    [invoice.id],
  );
  await asAccountant('select app_public.validate_invoice($1)', [invoice.id]);
  return invoice;
}

const status = async (id: number) =>
  (
    await sql<{ status: string }>('select status::text from app_public.invoices where id = $1', [
      id,
    ])
  )[0]!.status;

async function selectRows(page: Page, ids: number[]) {
  await page.goto(`/invoices?search=E2E-32B&size=100`);
  const table = page.getByTestId('invoices-table');
  for (const id of ids) {
    await table.locator(`.ag-row[row-id="${id}"] .ag-checkbox-input`).first().click();
  }
}

describe('a bulk close-as-paid is previewed before it runs', () => {
  it(
    'the accountant sees each final payment and the total, then closes both',
    async () => {
      const a = await validatedInvoice();
      const b = await validatedInvoice();
      // Part of b is paid already: its final payment is what remains.
      await asAccountant(
        `select app_public.create_invoice_payment($1, 50.00, 'EUR', now(), 'transaction')`,
        [b.id],
      );
      const page = await signedInPage(e2e, 'accountant');
      await selectRows(page, [a.id, b.id]);
      await page.getByTestId('bulk-close').click();
      const preview = page.getByTestId('close-preview');
      // 100.10 + 200.10 with VAT 20 %: 360.24; b has 50.00 paid, so 310.24 remains.
      await expect
        .poll(() => preview.getByTestId(`close-preview-${a.id}`).textContent())
        .toContain('360.24 EUR');
      expect(await preview.getByTestId(`close-preview-${b.id}`).textContent()).toContain(
        '310.24 EUR',
      );
      expect(await preview.getByTestId('close-total-EUR').textContent()).toContain('670.48 EUR');
      await page.getByTestId('close-dialog').getByTestId('dialog-save').click();
      await expect.poll(() => page.getByTestId('bulk-outcome').textContent()).toMatch(/2 invoices/);
      expect(await status(a.id)).toBe('paid');
      expect(await status(b.id)).toBe('paid');
    },
    SLOW,
  );

  it(
    'a draft among them is named with the reason, a future date too, and nothing can be closed',
    async () => {
      const a = await validatedInvoice();
      const draft = await seedInvoice();
      const page = await signedInPage(e2e, 'accountant');
      await selectRows(page, [a.id, draft.id]);
      await page.getByTestId('bulk-close').click();
      const refusals = page.getByTestId('close-refusals');
      await expect
        .poll(() => refusals.textContent())
        .toContain(
          `${draft.ref} (No. ${draft.id}): its status is Draft; only a validated invoice can be closed as paid.`,
        );
      expect(await page.getByTestId('close-dialog').getByTestId('dialog-save').isDisabled()).toBe(
        true,
      );
      expect(await status(a.id)).toBe('validated');
      // Only the validated one, dated 01/01/2030: its final payment is refused.
      await page.keyboard.press('Escape');
      await page.getByTestId('close-dialog').waitFor({ state: 'hidden' });
      await page
        .getByTestId('invoices-table')
        .locator(`.ag-row[row-id="${draft.id}"] .ag-checkbox-input`)
        .first()
        .click();
      await page.getByTestId('bulk-close').click();
      const group = page.getByTestId('close-dialog').getByRole('group', { name: /^Payment date/ });
      await group.getByRole('spinbutton').first().click();
      await page.keyboard.type('01012030');
      await expect
        .poll(() => refusals.textContent())
        .toContain('A payment cannot be dated in the future.');
      expect(await status(a.id)).toBe('validated');
    },
    SLOW,
  );

  it('the viewer is offered no bulk close', async () => {
    const a = await validatedInvoice();
    const page = await signedInPage(e2e, 'viewer', 'en', `/invoices?search=E2E-32B&size=100`);
    await page.getByTestId('invoices-table').locator(`.ag-row[row-id="${a.id}"]`).first().waitFor();
    expect(await page.getByTestId('bulk-close').count()).toBe(0);
  });
});

describe('what a project-limited account sees adds up', () => {
  it('the manager sees the visible subtotal and how many lines are hidden, on the page and in the list', async () => {
    // 100.10 on ops.platform (the manager's), 200.10 on mkt.brand (not): totals 360.24 with VAT.
    const invoice = await seedInvoice(['ops.platform', 'mkt.brand']);
    const page = await signedInPage(e2e, 'manager', 'en', `/invoices/${invoice.id}`);
    const note = page.getByTestId('hidden-lines');
    await expect
      .poll(() => note.textContent())
      .toBe(
        '1 line of this invoice is outside your access: its amount is not shown. The lines you see add up to 120.12 EUR of the invoice total 360.24 EUR.',
      );
    expect(await page.getByTestId('invoice-amounts').textContent()).toContain('Visible lines');
    expect(await violations(page)).toEqual([]);
    await page.goto(`/invoices?search=${invoice.ref}&size=100`);
    const row = page.getByTestId('invoices-table').locator(`.ag-row[row-id="${invoice.id}"]`);
    await expect.poll(() => row.last().textContent()).toContain('120.12 EUR');
    expect(await row.last().textContent()).toContain('1 hidden');
  });

  it('the admin, who sees every line, gets no such note', async () => {
    const invoice = await seedInvoice(['ops.platform', 'mkt.brand']);
    const page = await signedInPage(e2e, 'admin', 'en', `/invoices/${invoice.id}`);
    await page.getByTestId('invoice-amounts').waitFor();
    expect(await page.getByTestId('hidden-lines').count()).toBe(0);
  });
});

describe("who sees what: suppliers' users and project-limited writers", () => {
  afterEach(async () => {
    await sql('update app_public.suppliers set user_id = null where user_id is not null');
  });

  it("the viewer linked to supplier Dune sees only Dune's invoices and no bills; unlinked, all", async () => {
    const count = async (page: Page, url: string, table: string) => {
      await page.goto(url);
      await page.getByTestId(table).waitFor();
      await page.getByTestId(table).locator('.ag-row[row-id]').first().waitFor();
      return page.getByTestId(table).locator('.ag-row[row-id]').count();
    };
    const unlinked = await signedInPage(e2e, 'viewer');
    expect(await count(unlinked, '/bills', 'bills-table')).toBeGreaterThan(0);
    await sql(
      `update app_public.suppliers set user_id = (select id from app_public.users where username = 'viewer')
        where short_name = 'Dune'`,
    );
    const page = await signedInPage(e2e, 'viewer', 'en', '/invoices?size=100');
    const table = page.getByTestId('invoices-table');
    await table.locator('.ag-row[row-id]').first().waitFor();
    const suppliers = await table
      .locator('.ag-row[row-id] [col-id="supplier"]')
      .evaluateAll((cells) => [...new Set(cells.map((c) => c.textContent))]);
    expect(suppliers).toEqual(['Dune']);
    await page.goto('/bills');
    await page.getByTestId('bills-table').waitFor();
    await expect.poll(() => page.getByText('No bills match').count()).toBeGreaterThan(0);
  });

  it(
    'the manager with invoice:write creates an invoice with a cost in ops.platform through the wizard',
    async () => {
      await sql(
        `insert into app_public.accounts_scopes (account_id, scope)
         select a.id, s from app_public.accounts a join app_public.users u on u.id = a.user_id,
                unnest(array['invoice:write', 'cost:write']) s
          where u.username = 'manager' on conflict do nothing`,
      );
      const page = await signedInPage(e2e, 'manager', 'en', '/invoices/new');
      const ref = `E2E-32B-PL-${Date.now()}`;
      await fillSetup(page, ref, 'Northwind NL', 'Dune');
      await fillCost(page, 'Platform core');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-created').waitFor();
      const [created] = await sql<{ n: number }>(
        'select count(*)::int n from app_public.invoices where invoice_ref = $1',
        [ref],
      );
      expect(created!.n).toBe(1);
    },
    SLOW,
  );

  it(
    'an invoice repeating a paid one is refused in the wizard, naming it, and not offered',
    async () => {
      const [paid] = await sql<{ id: number; invoice_ref: string; supplier: string }>(
        `select i.id, i.invoice_ref, coalesce(s.short_name, s.legal_name) supplier
           from app_public.invoices i join app_public.suppliers s on s.id = i.supplier_id
           join app_public.subsidiaries b on b.id = i.subsidiary_id and b.short_name = 'Northwind NL'
          where i.status = 'paid' and not i.is_deleted order by i.id limit 1`,
      );
      const page = await signedInPage(e2e, 'accountant', 'en', '/invoices/new');
      await fillSetup(page, paid!.invoice_ref, 'Northwind NL', paid!.supplier);
      await fillCost(page, 'Platform core');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-next').click();
      // The wizard's check finds the paid match and says at once what the database would refuse
      // (DuplicateInvoice, server/test/dates-and-duplicates.test.ts): no "create anyway".
      const dialog = page.getByTestId('duplicates-dialog');
      await expect
        .poll(() => dialog.getByTestId('paid-duplicate').textContent(), { timeout: 20_000 })
        .toContain(`(No. ${paid!.id}) is already paid`);
      expect(await page.getByTestId('duplicates-continue').count()).toBe(0);
      const [count] = await sql<{ n: number }>(
        'select count(*)::int n from app_public.invoices where invoice_ref = $1',
        [paid!.invoice_ref],
      );
      expect(count!.n).toBe(1);
    },
    SLOW,
  );
});

/** Picks an option of a search field: types, waits for the server's answer, chooses it. */
async function pick(page: Page, scope: ReturnType<Page['locator']>, label: RegExp, text: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text, 'i') })
    .first()
    .click();
}

async function typeDate(scope: ReturnType<Page['locator']>, label: RegExp, digits: string) {
  const group = scope.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await group.page().keyboard.type(digits);
}

async function fillSetup(page: Page, ref: string, subsidiary: string, supplier: string) {
  const wizard = page.getByTestId('invoice-wizard');
  await pick(page, wizard, /^Subsidiary/, subsidiary);
  await pick(page, wizard, /^Supplier/, supplier);
  await wizard.getByRole('textbox', { name: /^Invoice number/ }).fill(ref);
  await pick(page, wizard, /^Currency/, 'EUR');
  await typeDate(wizard, /^Invoice date/, '10152026');
  await typeDate(wizard, /^Due date/, '11152026');
  await page.getByTestId('wizard-next').click();
}

async function fillCost(page: Page, project: string) {
  const card = page.getByTestId('cost-0');
  await card.getByRole('textbox', { name: /^Name/ }).fill('Hosting');
  await pick(page, card, /^Project/, project);
  const period = card.getByRole('group', { name: /^Period/ }).getByRole('spinbutton');
  await period.first().click();
  await page.keyboard.type('October');
  await period.nth(1).click();
  await page.keyboard.type('2026');
  await card.getByRole('textbox', { name: /^Amount/ }).fill('100.00');
  await card.getByRole('textbox', { name: /^VAT/ }).fill('20');
}
