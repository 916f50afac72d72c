// Documents and subsidiaries in the browser (issue 14, SPEC §2 "Documents table", document
// details, edit and files, subsidiaries): each flow as an account that may and one that may not.
// Every test seeds its own records (through SQL as the owner or the API), so order does not matter.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gql, login } from '../server/test/helpers.ts';
import { signedInPage, useBrowser, visit } from './browser.ts';

const e2e = useBrowser();

/** A short unique tag, so each test finds its own records among the demo data. */
const tag = () => randomBytes(4).toString('hex');

const rowIds = (table: Locator) =>
  table
    .locator('.ag-row[row-id]')
    .evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('row-id')))]);

interface NewDocument {
  name: string;
  type?: 'Contract' | 'Amendment' | 'Offer' | 'Order';
  parent?: string;
  signing?: string;
  expiresInDays?: number;
  comments?: string;
}

/** Inserts a document as the owner (created by admin, principal Northwind UK); returns its id. */
async function seedDocument(doc: NewDocument): Promise<string> {
  const { rows } = await e2e.app.db.owner.query<{ id: string }>(
    `insert into app_public.documents (name, type, contract_reference, signing_date, expiration_date,
        comments, amount, currency, principal_id, contractor_id, created_by)
     select $1, $2, $3, coalesce($4::date, current_date - 30), current_date + $5::int, $6, 1234567.5, 'EUR',
            (select id from app_public.subsidiaries where short_name = 'Northwind UK'),
            (select id from app_public.suppliers order by legal_name limit 1),
            (select id from app_public.users where username = 'admin')
     returning id`,
    [
      doc.name,
      doc.type ?? 'Contract',
      doc.parent ?? null,
      doc.signing ?? null,
      doc.expiresInDays ?? 365,
      doc.comments ?? null,
    ],
  );
  return rows[0]!.id;
}

async function openList(page: Page, query = '') {
  await page.goto(`/documents${query}`);
  const table = page.getByTestId('documents-table');
  await table.waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="documents-table"] .MuiLinearProgress-root'),
  );
  return table;
}

describe('documents table (SPEC §2 filters, expiring in 30/60/90 days)', () => {
  it('filters by name, type and "expiring in the next 30/60/90 days", kept in the URL', async () => {
    const t = tag();
    const soon = await seedDocument({ name: `Lease ${t} soon`, expiresInDays: 20 });
    const later = await seedDocument({ name: `Lease ${t} later`, expiresInDays: 75 });
    const amendment = await seedDocument({
      name: `Lease ${t} amendment`,
      type: 'Amendment',
      parent: soon,
      expiresInDays: 20,
    });
    const far = await seedDocument({ name: `Lease ${t} far`, expiresInDays: 200 });
    const page = await signedInPage(e2e, 'viewer');
    let table = await openList(page, `?name=${t}`);
    expect((await rowIds(table)).sort()).toEqual([soon, later, amendment, far].sort());

    await page.getByTestId('filter-expiring').click();
    await page.getByTestId('expiring-30').click();
    await page.waitForURL(/expiring=30/);
    table = await openList(page, `?name=${t}&expiring=30`);
    expect((await rowIds(table)).sort()).toEqual([soon, amendment].sort());

    table = await openList(page, `?name=${t}&expiring=90`);
    expect((await rowIds(table)).sort()).toEqual([soon, later, amendment].sort());

    table = await openList(page, `?name=${t}&expiring=90&type=Contract`);
    expect((await rowIds(table)).sort()).toEqual([soon, later].sort());
    await expect(page.getByTestId('filter-chips').textContent()).resolves.toContain(
      'Expiring in the next 90 days',
    );
  });

  it('shows the type, parties and the amount in its currency; filters by comments', async () => {
    const t = tag();
    const contract = await seedDocument({ name: `Supply ${t}`, comments: `note-${t}` });
    await seedDocument({ name: `Order ${t}`, type: 'Order', parent: contract });
    const page = await signedInPage(e2e, 'viewer');
    const table = await openList(page, `?name=${t}`);
    const orderRow = table.locator('.ag-row', { hasText: `Order ${t}` }).first();
    await expect(orderRow.textContent()).resolves.toContain('Service Order');
    await expect(orderRow.textContent()).resolves.toContain('1,234,567.50 EUR');
    await expect(orderRow.textContent()).resolves.toContain('Northwind Trading Ltd');
    const filtered = await openList(page, `?comments=note-${t}`);
    expect(await rowIds(filtered)).toEqual([contract]);
  });

  it('a user without documentsRead is sent to no-access', async () => {
    const page = await signedInPage(e2e, 'accountant', 'en', '/documents');
    await page.waitForURL(/\/no-access/);
  });
});

describe('document details', () => {
  it('shows both directions of a parent/child link, each a link', async () => {
    const t = tag();
    const contract = await seedDocument({ name: `Framework ${t}` });
    const amendment = await seedDocument({
      name: `Amendment ${t}`,
      type: 'Amendment',
      parent: contract,
    });
    const page = await signedInPage(e2e, 'viewer', 'en', `/documents/${amendment}`);
    await page
      .getByTestId('parent-document')
      .getByRole('link', { name: `Framework ${t}` })
      .click();
    await page.waitForURL(new RegExp(`/documents/${contract}$`));
    await page.getByTestId('document-name').getByText(`Framework ${t}`, { exact: true }).waitFor();
    await page
      .getByTestId('child-documents')
      .getByRole('link', { name: `Amendment ${t}` })
      .click();
    await page.waitForURL(new RegExp(`/documents/${amendment}$`));
  });

  it('an unknown document says so with a link back to the list', async () => {
    const page = await signedInPage(e2e, 'viewer');
    const id = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/documents/${id}`);
    await expect(page.getByTestId('document-not-found').textContent()).resolves.toContain(
      `Document #${id} not found or you don't have access.`,
    );
    await page.getByTestId('back-to-list').click();
    await page.waitForURL(/\/documents$/);
  });

  it('a writer archives a document (then it is under "archived only"); a reader has no such action', async () => {
    const t = tag();
    const id = await seedDocument({ name: `Old ${t}` });
    const viewer = await signedInPage(e2e, 'viewer', 'en', `/documents/${id}`);
    await viewer.getByTestId('document-name').waitFor();
    expect(await viewer.getByTestId('delete').count()).toBe(0);
    expect(await viewer.getByTestId('edit').count()).toBe(0);
    await viewer.context().close();

    const page = await signedInPage(e2e, 'admin', 'en', `/documents/${id}`);
    await page.getByTestId('delete').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('restore').waitFor();
    let table = await openList(page, `?name=${t}`);
    expect(await rowIds(table)).toEqual([]);
    table = await openList(page, `?name=${t}&archived=only`);
    expect(await rowIds(table)).toEqual([id]);
  });
});

describe('who sees what (issue 14 item 5)', () => {
  it('a supplier user sees only the document it is a reader of, and cannot open another', async () => {
    const t = tag();
    const shared = await seedDocument({ name: `Shared ${t}` });
    const hidden = await seedDocument({ name: `Hidden ${t}` });
    const admin = await login(e2e.app.app, 'admin');
    const { rows } = await e2e.app.db.owner.query<{ id: string }>(
      `select id from app_public.roles where name = 'viewer'`,
    );
    const created = await gql<{ createUser: { userId: string } }>(
      e2e.app.app,
      `mutation ($input: CreateUserInput!) { createUser(input: $input) { userId } }`,
      {
        input: {
          username: `supplier.${t}`,
          password: 'Demo#2026pass',
          firstName: 'Sven',
          lastName: 'Supplier',
          roleId: rows[0]!.id,
        },
      },
      admin.accessToken,
    );
    const userId = created.data!.createUser.userId;
    await e2e.app.db.owner.query(
      `update app_public.suppliers set user_id = $1
        where id = (select id from app_public.suppliers where user_id is null order by legal_name limit 1)`,
      [userId],
    );
    await e2e.app.db.owner.query(
      'insert into app_public.document_readers (document_id, user_id) values ($1, $2)',
      [shared, userId],
    );
    const page = await signedInPage(e2e, `supplier.${t}`);
    const table = await openList(page);
    expect(await rowIds(table)).toEqual([shared]);
    await page.goto(`/documents/${hidden}`);
    await page.getByTestId('document-not-found').waitFor();
    await page.goto(`/documents/${shared}`);
    await expect(page.getByTestId('document-name').textContent()).resolves.toBe(`Shared ${t}`);
    expect(await page.getByTestId('edit').count()).toBe(0);
  });

  it('a supplier user that edits a document changes it (not who sees it, not its archive)', async () => {
    const t = tag();
    const edited = await seedDocument({ name: `Edited ${t}` });
    await seedDocument({ name: `Not shared ${t}` });
    const roleId = (
      await e2e.app.db.owner.query<{ id: string }>(
        `with r as (insert into app_public.roles (name) values ($1) returning id)
         insert into app_public.role_scopes (role_id, scope) select id, 'documents:write' from r returning role_id as id`,
        [`supplier-editor-${t}`],
      )
    ).rows[0]!.id;
    const admin = await login(e2e.app.app, 'admin');
    const created = await gql<{ createUser: { userId: string } }>(
      e2e.app.app,
      `mutation ($input: CreateUserInput!) { createUser(input: $input) { userId } }`,
      {
        input: {
          username: `editor.${t}`,
          password: 'Demo#2026pass',
          firstName: 'Eda',
          lastName: 'Editor',
          roleId,
        },
      },
      admin.accessToken,
    );
    const userId = created.data!.createUser.userId;
    await e2e.app.db.owner.query(
      `update app_public.suppliers set user_id = $1
        where id = (select id from app_public.suppliers where user_id is null order by legal_name desc limit 1)`,
      [userId],
    );
    await e2e.app.db.owner.query(
      'insert into app_public.document_editors (document_id, user_id) values ($1, $2)',
      [edited, userId],
    );
    const page = await signedInPage(e2e, `editor.${t}`);
    const table = await openList(page, `?name=${t}`);
    expect(await rowIds(table)).toEqual([edited]);
    await page.goto(`/documents/${edited}`);
    await page.getByTestId('document-name').waitFor();
    expect(await page.getByTestId('delete').count()).toBe(0);
    await page.getByTestId('edit').click();
    await page.getByTestId('document-form').waitFor();
    expect(await page.getByTestId('people-readers').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Comments' }).fill(`Checked by the supplier ${t}`);
    await page.getByTestId('save').click();
    await page.waitForURL(new RegExp(`/documents/${edited}$`));
    await page.getByText(`Checked by the supplier ${t}`, { exact: true }).waitFor();
  });
});

/** A minimal PDF of its own content (the storage sniffs the content and finds duplicates). */
const pdf = (t: string) =>
  Buffer.from(`%PDF-1.4\n% ${t}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** Picks the option of a server-search field whose text contains `option`. */
async function search(page: Page, label: string, typed: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Types a date (en-US: MM/DD/YYYY) into a date field. */
async function typeDate(page: Page, label: string, iso: string) {
  const [y, m, d] = iso.split('-');
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${m}${d}${y}`);
}

describe('document wizard, connected documents and files', () => {
  it('creates a contract with a PDF, then an amendment under it; both directions of the link show', async () => {
    const t = tag();
    const page = await signedInPage(e2e, 'admin', 'en', '/documents/new');
    await page.getByTestId('type-Contract').click();
    await page.getByLabel('Name', { exact: false }).first().fill(`Cleaning ${t}`);
    await search(page, 'Contractor', 'Acme', /Acme/);
    await search(page, 'Principal', 'UK', /Northwind UK/);
    await page.getByRole('textbox', { name: 'Amount' }).fill('12500.75');
    await search(page, 'Currency', 'EUR', /^EUR/);
    await typeDate(page, 'Signing date', '2026-01-15');
    await typeDate(page, 'Expiration date', '2027-01-14');
    await page.getByTestId('next').click();
    await page
      .getByTestId('document-drop-zone')
      .locator('input[type=file]')
      .setInputFiles({
        name: `contract-${t}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf(t),
      });
    await page.getByText(`contract-${t}.pdf`).waitFor();
    await page.getByTestId('create').click();
    await page.getByTestId('show-document').click();
    await page.getByTestId('document-name').getByText(`Cleaning ${t}`).waitFor();
    await expect(page.getByTestId('field-amount').textContent()).resolves.toBe('12,500.75 EUR');
    await expect(page.getByTestId('file-name').textContent()).resolves.toBe(`contract-${t}.pdf`);
    const contractUrl = page.url();

    await page.getByTestId('add-related').click();
    await page.getByTestId('type-Amendment').click();
    await page.getByLabel('Name', { exact: false }).first().fill(`Amendment 1 ${t}`);
    await page.getByTestId('next').click();
    await page.getByTestId('create').click();
    await page.getByTestId('show-document').click();
    await page.getByTestId('document-name').getByText(`Amendment 1 ${t}`).waitFor();
    await expect(page.getByTestId('field-contractor').textContent()).resolves.toContain('Acme');
    await page
      .getByTestId('parent-document')
      .getByRole('link', { name: `Cleaning ${t}` })
      .click();
    await page.waitForURL(contractUrl);
    await page
      .getByTestId('child-documents')
      .getByRole('link', { name: `Amendment 1 ${t}` })
      .waitFor();
  });

  it('edit moves an amendment to another contract, and connects it back from the first, each in one save', async () => {
    const t = tag();
    const first = await seedDocument({ name: `First ${t}` });
    const second = await seedDocument({ name: `Second ${t}` });
    const amendment = await seedDocument({ name: `Change ${t}`, type: 'Amendment', parent: first });
    const page = await signedInPage(e2e, 'admin', 'en', `/documents/${amendment}/edit`);
    await page.getByTestId('parent-select').click();
    await page.getByRole('option', { name: `Second ${t}` }).click();
    await page.getByTestId('save').click();
    // Re-parenting asks first and names the old parent.
    await page.getByRole('dialog').getByText(`is now under "First ${t}"`).waitFor();
    await page.getByTestId('confirm').click();
    await page.waitForURL(new RegExp(`/documents/${amendment}$`));
    await page
      .getByTestId('parent-document')
      .getByRole('link', { name: `Second ${t}` })
      .waitFor();
    await page.goto(`/documents/${first}`);
    await page.getByText('No child documents.').waitFor();

    // From the first contract: connect the amendment back (it leaves the second).
    await page.goto(`/documents/${first}/edit`);
    await page.getByTestId('connect-search').fill(`Change ${t}`);
    await page.getByTestId('connect-candidates').getByText(`now under “Second ${t}”`).waitFor();
    await page.getByTestId('connect').click();
    await page.getByTestId('save').click();
    await page.getByRole('dialog').getByText(`is now under "Second ${t}"`).waitFor();
    await page.getByTestId('confirm').click();
    await page.waitForURL(new RegExp(`/documents/${first}$`));
    await page
      .getByTestId('child-documents')
      .getByRole('link', { name: `Change ${t}` })
      .waitFor();
    await page.goto(`/documents/${second}`);
    await page.getByText('No child documents.').waitFor();
  });

  it('refuses an expiration before the signing with the translated message', async () => {
    const t = tag();
    const id = await seedDocument({ name: `Dates ${t}`, signing: '2026-03-10' });
    const page = await signedInPage(e2e, 'admin', 'ru', `/documents/${id}/edit`);
    const group = page.getByRole('group', { name: 'Дата окончания' });
    await group.getByRole('spinbutton').first().click();
    await page.keyboard.type('01032026');
    await page.getByTestId('save').click();
    await page.getByText('Дата окончания не может быть раньше даты подписания').waitFor();
    expect(page.url()).toMatch(/\/edit$/);
  });

  it('the files page uploads and removes a file; details download it and the zip; a reader has no files action', async () => {
    const t = tag();
    const id = await seedDocument({ name: `Files ${t}` });
    const page = await signedInPage(e2e, 'admin', 'en', `/documents/${id}/files`);
    await page
      .getByTestId('document-drop-zone')
      .locator('input[type=file]')
      .setInputFiles({
        name: `scan-${t}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf(t),
      });
    await page.getByTestId('upload').click();
    await page.getByTestId('file-name').getByText(`scan-${t}.pdf`).waitFor();
    // On the details page: download one file under its name, and all of them as a zip.
    await page.goto(`/documents/${id}`);
    const [one] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-file').click(),
    ]);
    expect(one.suggestedFilename()).toBe(`scan-${t}.pdf`);
    expect(fs.readFileSync((await one.path())!).toString()).toContain(t);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-zip').click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`Files ${t}.zip`);
    expect(
      fs
        .readFileSync((await zip.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await page.goto(`/documents/${id}/files`);
    await page.getByTestId('remove-file').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('no-files').waitFor();
    await page.context().close();

    const viewer = await signedInPage(e2e, 'viewer', 'en', `/documents/${id}`);
    await viewer.getByTestId('document-name').waitFor();
    expect(await viewer.getByTestId('manage-files').count()).toBe(0);
    await viewer.goto(`/documents/${id}/files`);
    await viewer.waitForURL(/\/no-access/);
  });

  it('a read-only account cannot open the wizard or the edit page', async () => {
    const id = await seedDocument({ name: `Locked ${tag()}` });
    const page = await signedInPage(e2e, 'viewer', 'en', '/documents/new');
    await page.waitForURL(/\/no-access/);
    await page.goto(`/documents/${id}/edit`);
    await page.waitForURL(/\/no-access/);
  });
});

describe('subsidiaries: wizard and details', () => {
  it('creates a subsidiary with its linked document; details show it and the documents where it is the principal', async () => {
    const t = tag();
    const page = await signedInPage(e2e, 'admin', 'en', '/subsidiaries/new');
    await page.getByRole('textbox', { name: 'Legal name' }).fill(`Zephyr ${t} Holding GmbH`);
    await page.getByRole('textbox', { name: 'Short name' }).fill(`Zephyr ${t}`);
    await page.getByTestId('next').click();
    // Country is required (SPEC §5).
    await page.getByText('Field is required').waitFor();
    await page.getByRole('combobox', { name: 'Country' }).fill('Germany');
    await page.getByRole('option', { name: 'Germany (DE)' }).click();
    await page.getByTestId('next').click();
    await page.locator('input[name=documentName]').fill(`Service agreement ${t}`);
    await search(page, 'Contractor', 'Acme', /Acme/);
    await typeDate(page, 'Signing date', '2026-02-01');
    await page.getByTestId('create').click();
    await page.getByTestId('show-subsidiary').click();
    await page.getByTestId('subsidiary-name').getByText(`Zephyr ${t} Holding GmbH`).waitFor();
    await page.getByTestId('linked-document-link').getByText(`Service agreement ${t}`).waitFor();
    await page
      .getByTestId('principal-documents')
      .getByRole('link', { name: `Service agreement ${t}` })
      .click();
    await page.getByTestId('field-principal').getByText(`Zephyr ${t} Holding GmbH`).waitFor();
  });

  it('a similar company asks first; cancelling says so and creates nothing', async () => {
    const page = await signedInPage(e2e, 'admin', 'en', '/subsidiaries/new');
    await page.getByRole('textbox', { name: 'Legal name' }).fill('Northwind Trading Limited');
    await page.getByRole('combobox', { name: 'Country' }).fill('United Kingdom');
    await page.getByRole('option', { name: 'United Kingdom (GB)' }).click();
    await page.getByTestId('next').click();
    await page.getByTestId('similar-companies').getByText('Northwind Trading Ltd').waitFor();
    await page.getByTestId('similar-cancel').click();
    await page.getByTestId('creation-canceled').getByText('Company creation canceled').waitFor();
    const { rows } = await e2e.app.db.owner.query(
      `select 1 from app_public.subsidiaries where legal_name = 'Northwind Trading Limited'`,
    );
    expect(rows).toEqual([]);
  });

  it('a reader sees the details but cannot open the wizard', async () => {
    const page = await signedInPage(e2e, 'viewer');
    const { rows } = await e2e.app.db.owner.query<{ id: string }>(
      `select id from app_public.subsidiaries where short_name = 'Northwind UK'`,
    );
    await page.goto(`/subsidiaries/${rows[0]!.id}`);
    await page.getByTestId('subsidiary-name').getByText('Northwind Trading Ltd').waitFor();
    expect(await page.getByTestId('link-document').count()).toBe(0);
    await page.goto('/subsidiaries/new');
    await page.waitForURL(/\/no-access/);
  });
});

describe('documents export', () => {
  it('exports the filtered rows as CSV with exact amounts and the currency', async () => {
    const t = tag();
    await seedDocument({ name: `Export ${t} one` });
    await seedDocument({ name: `Export ${t} two` });
    const page = await signedInPage(e2e, 'viewer');
    await openList(page, `?name=${t}`);
    await page.getByTestId('export-button').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Amount,Currency');
    expect(text).toContain(`Export ${t} one`);
    expect(text).toContain('1234567.50,EUR');
  });
});

describe('accessibility of these screens with data (DESIGN §8, WCAG 2.2 AA, axe-core)', () => {
  const AXE = fs.readFileSync(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );

  async function violations(page: Page): Promise<string[]> {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    );
    await page.addScriptTag({ content: AXE });
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<any> } }).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      });
      return result.violations.map(
        (v: { id: string; nodes: { target: string[] }[] }) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
    });
  }

  it('documents list, details, edit, files, wizard and subsidiary pages have no violations', async () => {
    const t = tag();
    const contract = await seedDocument({ name: `Axe ${t}` });
    await seedDocument({ name: `Axe child ${t}`, type: 'Order', parent: contract });
    const { rows } = await e2e.app.db.owner.query<{ id: string }>(
      `select id from app_public.subsidiaries where short_name = 'Northwind UK'`,
    );
    const page = await signedInPage(e2e, 'admin', 'ru');
    const found: string[] = [];
    for (const [route, ready] of [
      ['/documents', 'documents-table'],
      [`/documents/${contract}`, 'document-name'],
      [`/documents/${contract}/edit`, 'document-form'],
      [`/documents/${contract}/files`, 'document-drop-zone'],
      ['/documents/new', 'document-wizard'],
      ['/subsidiaries/new', 'subsidiary-wizard'],
      [`/subsidiaries/${rows[0]!.id}`, 'subsidiary-name'],
    ] as const) {
      await visit(page, route);
      await page.getByTestId(ready).first().waitFor();
      found.push(...(await violations(page)).map((v) => `${route} ${v}`));
    }
    expect(found).toEqual([]);
  }, 120_000);
});

describe('the contract hierarchy and registry (issue 29)', () => {
  /** A staff user whose role may write documents (not an administrator), with the demo password. */
  async function documentWriter(): Promise<string> {
    const username = `writer.${tag()}`;
    await e2e.app.db.owner.query(
      `with role as (insert into app_public.roles (name) values ($1) returning id),
            scopes as (insert into app_public.role_scopes (role_id, scope)
                       select role.id, s from role, unnest(array['documents:read', 'documents:write', 'company:read', 'service:read']) s),
            person as (insert into app_public.users (username, first_name, last_name, is_active)
                       values ($1, 'Wendy', 'Writer', true) returning id),
            secret as (insert into app_private.user_secrets (user_id, password_hash)
                       select person.id, s.password_hash from person, app_private.user_secrets s
                        join app_public.users v on v.id = s.user_id where v.username = 'viewer')
       insert into app_public.accounts (name, user_id, role_id) select 'Documents', person.id, role.id from person, role`,
      [username],
    );
    return username;
  }

  it('a document writer is offered "add amendment or order" on a contract; a reader of it is not (en and ru)', async () => {
    const t = tag();
    const contract = await seedDocument({ name: `Offered ${t}` });
    const writer = await documentWriter();
    for (const language of ['en', 'ru'] as const) {
      const page = await signedInPage(e2e, writer, language, `/documents/${contract}`);
      await page.getByTestId('document-name').waitFor();
      await page.getByTestId('add-related').waitFor();
      await page.getByTestId('edit').waitFor();
      await expect(page.getByTestId('document-status').textContent()).resolves.toBe(
        language === 'en' ? 'Active' : 'Действует',
      );
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `test-results/document-writer-${language}.png` });
      await page.context().close();
    }
    // The viewer reads documents only: no action that would be refused at the end.
    const reader = await signedInPage(e2e, 'viewer', 'en', `/documents/${contract}`);
    await reader.getByTestId('document-name').waitFor();
    expect(await reader.getByTestId('add-related').count()).toBe(0);
    expect(await reader.getByTestId('edit').count()).toBe(0);
    expect(await reader.getByTestId('delete').count()).toBe(0);
  });

  it('the parent picker offers only contracts of the chosen contractor, with the contractor shown; an archived child is marked', async () => {
    const t = tag();
    const mine = await seedDocument({ name: `Picker mine ${t}` });
    const others = await e2e.app.db.owner.query<{ id: string }>(
      `insert into app_public.documents (name, type, principal_id, contractor_id)
       select $1, 'Contract', (select id from app_public.subsidiaries where short_name = 'Northwind UK'),
              (select id from app_public.suppliers order by legal_name desc limit 1) returning id`,
      [`Picker other ${t}`],
    );
    expect(others.rows).toHaveLength(1);
    const amendment = await seedDocument({ name: `Picked ${t}`, type: 'Amendment', parent: mine });
    const archived = await seedDocument({ name: `Gone ${t}`, type: 'Amendment', parent: mine });
    await e2e.app.db.owner.query(
      'update app_public.documents set is_deleted = true where id = $1',
      [archived],
    );
    for (const language of ['en', 'ru'] as const) {
      const page = await signedInPage(e2e, 'admin', language, `/documents/${amendment}/edit`);
      const picker = page.getByTestId('parent-select');
      await picker.click();
      await picker.fill(`Picker`);
      await page.getByRole('option', { name: new RegExp(`Picker mine ${t}`) }).waitFor();
      expect(
        await page.getByRole('option', { name: new RegExp(`Picker other ${t}`) }).count(),
      ).toBe(0);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `test-results/parent-picker-${language}.png` });
      await page.keyboard.press('Escape');
      await page.goto(`/documents/${mine}`);
      await page
        .getByTestId('child-documents')
        .locator('li', { hasText: `Gone ${t}` })
        .getByTestId('child-archived')
        .waitFor();
      await page.context().close();
    }
  });

  it('a contract is refused under another contract by the database (DocumentParentType)', async () => {
    const t = tag();
    const parent = await seedDocument({ name: `Outer ${t}` });
    const inner = await seedDocument({ name: `Inner ${t}` });
    const token = (await login(e2e.app.app, 'admin')).accessToken;
    const result = await gql(
      e2e.app.app,
      `mutation($id: UUID!, $data: JSON!) { editDocument(input: { documentId: $id, data: $data }) { result { id } } }`,
      { id: inner, data: { contract_reference: parent } },
      token,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('DocumentParentType');
  });
});
