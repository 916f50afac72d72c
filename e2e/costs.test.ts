// The invoice wizard and the costs table in Chromium (issue 12; docs/invoices.md), as the accounts
// that may and may not: each test seeds its own records through the API or SQL.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, login } from '../server/test/helpers.ts';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
// The wizard fills three steps through real pickers and uploads: more than the default 30 s on a
// busy machine.
const SLOW = 90_000;
const ids = {} as { nl: string; supplier: string; supplierName: string; platform: string };

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await e2e.app.db.owner.query(sql, params);
  return rows[0] as T;
}

const refOf = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  Object.assign(
    ids,
    await one(`select
      (select id from app_public.subsidiaries where short_name = 'Northwind NL') as nl,
      (select id from app_public.suppliers order by legal_name limit 1) as supplier,
      (select coalesce(short_name, legal_name) from app_public.suppliers order by legal_name limit 1) as "supplierName",
      (select id from app_public.projects where access_key = 'ops.platform') as platform`),
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

/** Types a date into a picker field section by section (en: MM/DD/YYYY). */
async function typeDate(scope: ReturnType<Page['locator']>, label: RegExp, digits: string) {
  const group = scope.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await group.page().keyboard.type(digits);
}

/** Fills the wizard's setup step. */
async function fillSetup(page: Page, ref: string) {
  const wizard = page.getByTestId('invoice-wizard');
  await pick(page, wizard, /^Subsidiary/, 'Northwind NL');
  await pick(page, wizard, /^Supplier/, ids.supplierName);
  await wizard.getByRole('textbox', { name: /^Invoice number/ }).fill(ref);
  await pick(page, wizard, /^Currency/, 'EUR');
  await typeDate(wizard, /^Invoice date/, '10152026');
  await typeDate(wizard, /^Due date/, '11152026');
  await page.getByTestId('wizard-next').click();
}

/** Fills cost number `index` (0-based) of the costs step. */
async function fillCost(
  page: Page,
  index: number,
  cost: { name: string; amount: string; vat: string },
) {
  const card = page.getByTestId(`cost-${index}`);
  await card.getByRole('textbox', { name: /^Name/ }).fill(cost.name);
  await pick(page, card, /^Project/, 'Platform core');
  const period = card.getByRole('group', { name: /^Period/ }).getByRole('spinbutton');
  await period.first().click();
  await page.keyboard.type('October');
  await period.nth(1).click();
  await page.keyboard.type('2026');
  await card.getByRole('textbox', { name: /^Amount/ }).fill(cost.amount);
  await card.getByRole('textbox', { name: /^VAT/ }).fill(cost.vat);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('invoice wizard (/invoices/new)', () => {
  it(
    'the accountant creates an invoice with two costs and a PDF; totals in EUR and USD',
    async () => {
      const page = await signedInPage(e2e, 'accountant', 'en', '/invoices/new');
      const ref = refOf('WZ');
      await fillSetup(page, ref);
      await fillCost(page, 0, { name: 'Hosting October', amount: '1000.10', vat: '21' });
      await page.getByTestId('add-cost').click();
      await fillCost(page, 1, { name: 'Support', amount: '0.15', vat: '20' });
      // Running totals: 1000.10 + 0.15; with VAT 1210.12 + 0.18.
      await expect.poll(() => page.getByTestId('total-value').textContent()).toBe('1,210.30 EUR');
      const rate = (
        await one(
          `select usd_per_unit::text as rate from app_public.exchange_rates
          where currency = 'EUR' and rate_date <= '2026-10-15' order by rate_date desc limit 1`,
        )
      ).rate as string;
      // The database's rule: each cost's USD amount rounded, then summed (en format for the screen).
      const expectedUsd = await one(
        `select (round(1210.12 * $1::numeric, 2) + round(0.18 * $1::numeric, 2))::text as usd,
              to_char(round(1210.12 * $1::numeric, 2) + round(0.18 * $1::numeric, 2), 'FM999,999,990.00') as shown`,
        [rate],
      );
      await expect
        .poll(() => page.getByTestId('total-usd').textContent())
        .toBe(`${expectedUsd.shown} USD`);
      await page.getByTestId('wizard-next').click();
      await page
        .getByTestId('invoice-files')
        .locator('input[type=file]')
        .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByText('invoice.pdf').waitFor();
      // Meanwhile someone entered an invoice of the same supplier and number: shown before saving.
      const earlier = await seedInvoice(ref);
      await page.getByTestId('wizard-next').click();
      const dialog = page.getByTestId('duplicates-dialog');
      await dialog.getByText(`Invoice #${earlier}, number ${ref}`).waitFor();
      // Going back saves nothing.
      await page.getByTestId('duplicates-back').click();
      await dialog.waitFor({ state: 'hidden' });
      const count = async () =>
        (
          await one(`select count(*)::int as n from app_public.invoices where invoice_ref = $1`, [
            ref,
          ])
        ).n;
      expect(await count()).toBe(1);
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('duplicates-continue').click();
      await page.getByTestId('wizard-created').waitFor();
      expect(await count()).toBe(2);
      const invoice = await one(
        `select i.id, i.amount_w_vat::text, i.amount_usd_w_vat::text,
              (select count(*) from app_public.costs c where c.invoice_id = i.id)::int as costs,
              (select count(*) from app_public.invoices_files f where f.invoice_id = i.id)::int as files
         from app_public.invoices i where i.invoice_ref = $1 and i.id <> $2`,
        [ref, earlier],
      );
      expect(invoice).toMatchObject({
        amount_w_vat: '1210.30',
        amount_usd_w_vat: expectedUsd.usd,
        costs: 2,
        files: 1,
      });
      expect(await page.getByTestId('show-invoice').getAttribute('href')).toBe(
        `/invoices/${invoice.id}`,
      );
      // "Create another" starts again with an empty form.
      await page.getByTestId('create-another').click();
      await expect(
        page.getByRole('textbox', { name: /^Invoice number/ }).inputValue(),
      ).resolves.toBe('');
    },
    SLOW,
  );

  it('the viewer has no "new invoice" route: no access', async () => {
    const page = await signedInPage(e2e, 'viewer', 'en', '/invoices/new');
    await page.waitForURL(/\/no-access$/);
    await page.getByTestId('no-access').waitFor();
  });

  it(
    'a failed upload is named as the failing step and creates nothing; a retry uploads and creates',
    async () => {
      const page = await signedInPage(e2e, 'accountant', 'en', '/invoices/new');
      const ref = refOf('WU');
      await fillSetup(page, ref);
      await fillCost(page, 0, { name: 'Audit', amount: '300', vat: '20' });
      await page.getByTestId('wizard-next').click();
      await page
        .getByTestId('invoice-files')
        .locator('input[type=file]')
        .setInputFiles({
          name: 'audit.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.concat([PDF, Buffer.from(`% ${ref}\n`)]),
        });
      await page.getByText('audit.pdf').waitFor();
      // The storage answers as a proxy does to a body it finds too large.
      await page.route('**/api/storage/', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 413, body: '' })
          : route.continue(),
      );
      await page.getByTestId('wizard-next').click();
      const failure = page.getByTestId('wizard-failure');
      await failure.waitFor();
      expect(await failure.getAttribute('data-step')).toBe('upload');
      expect(await failure.textContent()).toContain('The files were not uploaded.');
      expect(await failure.textContent()).toContain('Total payload size exceeded the limit.');
      const left = await one(
        `select count(*)::int as n from app_public.invoices where invoice_ref = $1`,
        [ref],
      );
      expect(left.n).toBe(0);
      await page.unroute('**/api/storage/');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-created').waitFor();
      const created = await one(
        `select (select count(*) from app_public.invoices_files f where f.invoice_id = i.id)::int as files
           from app_public.invoices i where i.invoice_ref = $1`,
        [ref],
      );
      expect(created.files).toBe(1);
    },
    SLOW,
  );

  it(
    'a failure leaves nothing: a future period refused by the server, then a retry keeps the entries',
    async () => {
      const page = await signedInPage(e2e, 'accountant', 'en', '/invoices/new');
      const ref = refOf('WF');
      await fillSetup(page, ref);
      await fillCost(page, 0, { name: 'Consulting', amount: '500', vat: '20' });
      await page.getByTestId('add-cost').click();
      await fillCost(page, 1, { name: 'Travel', amount: '70', vat: '10' });
      await page.getByTestId('wizard-next').click();
      // The browser's check bypassed: the second cost's period goes to the server as 2099-12.
      await page.route('**/graphql', async (route) => {
        const body = route.request().postDataJSON() as {
          operationName?: string;
          variables: { costs: { year: number; period: number }[] };
        };
        if (body.operationName !== 'CreateInvoiceWithCosts') return route.continue();
        body.variables.costs[1]!.year = 2099;
        body.variables.costs[1]!.period = 12;
        return route.continue({ postData: JSON.stringify(body) });
      });
      await page.getByTestId('wizard-next').click();
      const failure = page.getByTestId('wizard-failure');
      await failure.waitFor();
      expect(await failure.getAttribute('data-step')).toBe('create');
      expect(await failure.textContent()).toContain(
        'The period cannot be later than the current month.',
      );
      const left = await one(
        `select count(*)::int as n from app_public.invoices where invoice_ref = $1`,
        [ref],
      );
      expect(left.n).toBe(0);
      // Retry without the interference: what was entered is still there.
      await page.unroute('**/graphql');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-created').waitFor();
      const created = await one(
        `select (select count(*) from app_public.costs c where c.invoice_id = i.id)::int as costs
         from app_public.invoices i where i.invoice_ref = $1`,
        [ref],
      );
      expect(created.costs).toBe(2);
    },
    SLOW,
  );
});

/** An invoice of the accountant's subsidiary and the first supplier, by the administrator. */
async function seedInvoice(ref: string, costs: Record<string, unknown>[] = []): Promise<number> {
  const token = (await login(e2e.app.app, 'admin')).accessToken;
  const result = await gql<{ createInvoiceWithCosts: { result: { id: number } } }>(
    e2e.app.app,
    `mutation C($ref: String!, $s: UUID!, $p: UUID!, $costs: JSON!) {
      createInvoiceWithCosts(input: { invoiceType: regular, invoiceRef: $ref, invoiceDate: "2026-09-01",
        currency: "EUR", subsidiaryId: $s, supplierId: $p, costs: $costs }) { result { id } } }`,
    {
      ref,
      s: ids.nl,
      p: ids.supplier,
      costs:
        costs.length > 0
          ? costs
          : [{ name: 'Earlier', amount: '1', vat: '20', period: 9, year: 2026 }],
    },
    token,
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.createInvoiceWithCosts.result.id;
}

/** An invoice of the accountant's subsidiary with costs, through the API; returns the cost ids. */
async function seedCosts(count: number, projectKey = 'ops.platform'): Promise<number[]> {
  const project = await one(`select id from app_public.projects where access_key = $1`, [
    projectKey,
  ]);
  const invoiceId = await seedInvoice(
    refOf('SEED'),
    Array.from({ length: count }, (_, i) => ({
      name: `Seeded ${i + 1}`,
      amount: '100.00',
      vat: '20',
      period: 10,
      year: 2026,
      project_id: project.id,
    })),
  );
  const { rows } = await e2e.app.db.owner.query<{ id: number }>(
    `select id from app_public.costs where invoice_id = $1 order by id`,
    [invoiceId],
  );
  return rows.map((row) => row.id);
}

/**
 * The costs list narrowed to the seeded costs' invoice. Other test files seed costs at the same
 * time, and a row pushed below the grid's drawn rows (the newest first) is not in the page.
 */
async function listOf(costIds: number[]): Promise<string> {
  const { ref } = await one(
    `select i.invoice_ref as ref from app_public.costs c join app_public.invoices i on i.id = c.invoice_id
      where c.id = $1`,
    [costIds[0]],
  );
  return `/costs?search=${encodeURIComponent(ref)}`;
}

const statuses = async (costIds: number[]) =>
  (
    await e2e.app.db.owner.query(
      `select status::text from app_public.costs where id = any($1) order by id`,
      [costIds],
    )
  ).rows.map((row) => row.status);

async function selectRows(page: Page, costIds: number[]) {
  for (const id of costIds) {
    await page
      .locator(`[data-testid=costs-table] .ag-row[row-id="${id}"] .ag-selection-checkbox input`)
      .first()
      .check();
  }
}

describe('costs table (/costs)', () => {
  it('the accountant bulk-approves two costs', async () => {
    const costIds = await seedCosts(2);
    const page = await signedInPage(e2e, 'accountant', 'en', await listOf(costIds));
    await selectRows(page, costIds);
    await page.getByTestId('bulk-approve').click();
    await expect
      .poll(() => page.getByTestId('costs-message').textContent())
      .toBe('2 costs approved');
    expect(await statuses(costIds)).toEqual(['approved', 'approved']);
  });

  it('bulk reject needs a reason; the viewer is offered neither action', async () => {
    const costIds = await seedCosts(2);
    const page = await signedInPage(e2e, 'accountant', 'en', await listOf(costIds));
    await selectRows(page, costIds);
    await page.getByTestId('bulk-reject').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.getByTestId('dialog-save').click();
    await dialog.getByText('Field is required').waitFor();
    expect(await statuses(costIds)).toEqual(['to_approve', 'to_approve']);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Wrong project');
    await dialog.getByTestId('dialog-save').click();
    await expect
      .poll(() => page.getByTestId('costs-message').textContent())
      .toBe('2 costs rejected');
    expect(await statuses(costIds)).toEqual(['rejected', 'rejected']);

    const more = await seedCosts(1);
    const viewer = await signedInPage(e2e, 'viewer', 'en', await listOf(more));
    await selectRows(viewer, more);
    await viewer.getByTestId('selection-summary').waitFor();
    expect(await viewer.getByTestId('bulk-approve').count()).toBe(0);
    expect(await viewer.getByTestId('bulk-reject').count()).toBe(0);
  });

  it('the manager sees only costs of its projects', async () => {
    const [legacy] = await seedCosts(1, 'ops.legacy');
    const [allowed] = await seedCosts(1, 'ops.platform');
    const admin = await signedInPage(e2e, 'admin', 'en', await listOf([legacy!]));
    await admin.locator(`.ag-row[row-id="${legacy}"]`).waitFor();
    const page = await signedInPage(e2e, 'manager', 'en', await listOf([allowed!]));
    await page.locator(`.ag-row[row-id="${allowed}"]`).waitFor();
    await page.goto(await listOf([legacy!]));
    await expect.poll(() => page.getByTestId('pagination').textContent()).toContain('of 0');
    // The whole list's count is every cost of the projects its access pattern admits (other files
    // seed costs meanwhile: counted again after each reload until the two agree).
    await page.goto('/costs');
    await expect
      .poll(async () => {
        const { n } = await one(
          `select count(*)::int as n from app_public.costs c join app_public.projects p on p.id = c.project_id
            where not c.is_deleted and p.access_key like 'ops.%' and p.access_key <> 'ops.legacy'`,
        );
        await page
          .getByTestId('pagination')
          .getByText(/ of \d/)
          .waitFor();
        const agree = (await page.getByTestId('pagination').textContent())!.includes(`of ${n}`);
        if (!agree) await page.reload();
        return agree;
      })
      .toBe(true);
    // Every row of the page is a cost of a project its access pattern admits.
    const shown = [
      ...new Set(
        await page
          .locator('[data-testid=costs-table] .ag-row[row-id]')
          .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('row-id')))),
      ),
    ];
    expect(shown.length).toBe(10);
    const outside = await one(
      `select count(*)::int as n from app_public.costs c left join app_public.projects p on p.id = c.project_id
        where c.id = any($1) and (p.access_key is null or p.access_key not like 'ops.%' or p.access_key = 'ops.legacy')`,
      [shown],
    );
    expect(outside.n).toBe(0);
  });
  it('attaches a file to a cost; the same file for another cost is shown as already attached', async () => {
    const [first, second] = await seedCosts(2);
    const page = await signedInPage(e2e, 'accountant', 'en', await listOf([first!]));
    const scan = Buffer.concat([PDF, Buffer.from(`% cost ${first}\n`)]);
    await page.getByTestId(`attach-${first}`).click();
    await page
      .getByTestId('cost-files')
      .locator('input[type=file]')
      .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: scan });
    await page.getByText('receipt.pdf').waitFor();
    await page.getByTestId('attach-save').click();
    await expect
      .poll(() => page.getByTestId('costs-message').textContent())
      .toBe('1 file attached');
    const attached = await one(
      `select count(*)::int as n from app_public.costs_files where cost_id = $1`,
      [first],
    );
    expect(attached.n).toBe(1);
    await page.getByTestId(`attach-${second}`).click();
    await page
      .getByTestId('cost-files')
      .locator('input[type=file]')
      .setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: scan });
    await page
      .getByText(`copy.pdf: this file is already stored (cost ${first}), skipped`)
      .waitFor();
    expect(await page.getByTestId('attach-save').isDisabled()).toBe(true);
  });

  it('filters live in the URL: a link opens the list filtered, with the named records in the chips', async () => {
    const [cost] = await seedCosts(1, 'ops.data');
    const project = await one(`select id from app_public.projects where access_key = 'ops.data'`);
    const page = await signedInPage(
      e2e,
      'accountant',
      'en',
      `/costs?status=to_approve&project=${project.id}&period=2026-10`,
    );
    const chips = page.getByTestId('filter-chips');
    await chips.getByText('Project: Data warehouse').waitFor();
    await chips.getByText('Status: To approve').waitFor();
    await chips.getByText('Period: 2026-10').waitFor();
    await page.locator(`.ag-row[row-id="${cost}"]`).first().waitFor();
    const shown = [
      ...new Set(
        await page
          .locator('[data-testid=costs-table] .ag-row[row-id]')
          .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('row-id')))),
      ),
    ];
    const { n } = await one(
      `select count(*)::int as n from app_public.costs
        where id = any($1) and project_id = $2 and status = 'to_approve' and year = 2026 and period = 10`,
      [shown, project.id],
    );
    expect(n).toBe(shown.length);
    // Removing a chip removes its filter from the URL.
    await chips
      .getByText('Project: Data warehouse')
      .locator('..')
      .locator('.MuiChip-deleteIcon')
      .click();
    await page.waitForURL((url) => !url.searchParams.has('project'));
    expect(new URL(page.url()).searchParams.get('status')).toBe('to_approve');
  });
  it('exports what the filters select as CSV, money as exact decimals', async () => {
    const [first, second] = await seedCosts(2, 'rnd.ml');
    const project = await one(`select id from app_public.projects where access_key = 'rnd.ml'`);
    const page = await signedInPage(
      e2e,
      'accountant',
      'en',
      `/costs?project=${project.id}&status=to_approve`,
    );
    await page.locator(`.ag-row[row-id="${first}"]`).first().waitFor();
    await page.getByTestId('export-button').click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const expected = await one(
      `select count(*)::int as n from app_public.costs
        where project_id = $1 and status = 'to_approve' and subsidiary_id = $2 and not is_deleted`,
      [project.id, ids.nl],
    );
    expect(lines).toHaveLength(1 + expected.n);
    expect(lines[0]).toContain('ID');
    const row = lines.find(
      (line) => line.startsWith(`"${second}"`) || line.startsWith(`${second},`),
    );
    expect(row).toContain('120.00');
    expect(row).toContain('Machine learning lab');
  });
});

/** A PDF uploaded as the admin and attached to `costId` (the storage and the cost's link). */
async function attachPdf(costId: number, name: string) {
  const token = (await login(e2e.app.app, 'admin')).accessToken;
  const form = new FormData();
  const bytes = Buffer.concat([PDF, Buffer.from(`% ${name} ${costId}\n`)]);
  form.append('file[]', new Blob([bytes], { type: 'application/pdf' }), name);
  const upload = await fetch(`${e2e.base}/api/storage/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { data } = (await upload.json()) as { data: { fileIds: string[] } };
  await e2e.app.db.owner.query(
    'insert into app_public.costs_files (cost_id, file_id) values ($1, $2)',
    [costId, data.fileIds[0]],
  );
}

describe.each(['ru', 'en'] as const)('attachments on the costs list in %s', (language) => {
  it(
    "one click on a cost's paperclip lists its files; a file previews beside the list and downloads; an account that cannot see the cost's project does not see the row",
    async () => {
      const [cost] = await seedCosts(1, 'ops.legacy');
      await attachPdf(cost!, `scan-${language}.pdf`);
      const page = await signedInPage(e2e, 'admin', language);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/costs?search=${cost}`);
      const clip = page.locator(`.ag-row[row-id="${cost}"]`).getByTestId('cost-attachments');
      expect(await clip.getAttribute('aria-label')).toBe(language === 'ru' ? '1 файл' : '1 file');
      // One click, as a mouse gives it (down, up), while the page renders again between the two
      // (as a refetch, the URL or the session make it do at any moment): the list opens. When each
      // render gave the grid a new cell renderer, the cell was mounted again under the pressed
      // button, the release landed on another element and the click was lost.
      const box = (await clip.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.evaluate(() => {
        history.pushState(history.state, '', location.href);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      });
      await page.waitForTimeout(300);
      await page.mouse.up();
      const list = page.getByTestId('cost-attachments-list');
      await list.waitFor({ timeout: 5000 });
      expect(await list.innerText()).toContain(`scan-${language}.pdf`);
      await page.screenshot({ path: `/work/shots/costs/attachments-${language}.png` });
      const download = page.waitForEvent('download');
      await list.getByTestId('download-file').click();
      expect((await download).suggestedFilename()).toBe(`scan-${language}.pdf`);
      await list.getByTestId('preview-file').click();
      const preview = page.getByTestId('file-preview');
      await preview.getByTestId('preview-pdf').waitFor();
      expect(await preview.innerText()).toContain(`scan-${language}.pdf`);
      await page.screenshot({ path: `/work/shots/costs/attachment-preview-${language}.png` });

      const manager = await signedInPage(e2e, 'manager', language, `/costs?search=${cost}`);
      await manager.getByTestId('table-empty').waitFor();
      expect(await manager.locator(`.ag-row[row-id="${cost}"]`).count()).toBe(0);
    },
    SLOW,
  );
});

describe.each(['ru', 'en'] as const)('select all matching in %s', (language) => {
  it(
    'Alt+A by the key place selects the page, then offers every cost the filters match; a bulk approve approves them all',
    async () => {
      const costIds = await seedCosts(12);
      const { ref } = await one(
        `select i.invoice_ref as ref from app_public.costs c
         join app_public.invoices i on i.id = c.invoice_id where c.id = $1`,
        [costIds[0]],
      );
      const page = await signedInPage(e2e, 'accountant', language);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/costs?search=${encodeURIComponent(ref)}`);
      const table = page.getByTestId('costs-table');
      await table.locator('.ag-row[row-id]').first().waitFor();
      await expect.poll(() => table.getByTestId('pagination').textContent()).toMatch(/1–10 .* 12$/);
      await page.getByTestId('page-title').click();
      // Alt+A as either layout sends it: the letter differs, the key's place (code) does not.
      await page.evaluate(
        (key) => {
          document.body.dispatchEvent(
            new KeyboardEvent('keydown', { key, code: 'KeyA', altKey: true, bubbles: true }),
          );
        },
        language === 'ru' ? 'ф' : 'a',
      );
      const offer = page.getByTestId('select-all-matching');
      await offer.waitFor();
      expect(await offer.textContent()).toBe(
        language === 'ru' ? 'Выбрать все 12 строк по фильтрам' : 'Select all 12 rows that match',
      );
      await page.screenshot({ path: `/work/shots/costs/select-matching-${language}.png` });
      await offer.click();
      await offer.waitFor({ state: 'detached' });
      expect(await table.getByTestId('selection-summary').textContent()).toMatch(
        language === 'ru' ? /Выбрано 12 записей/ : /12 selected/,
      );
      await page.getByTestId('bulk-approve').click();
      await expect
        .poll(() => page.getByTestId('costs-message').textContent())
        .toBe(language === 'ru' ? 'Утверждено 12 расходов' : '12 costs approved');
      expect(await statuses(costIds)).toEqual(costIds.map(() => 'approved'));
    },
    SLOW,
  );
});
