// Administration in the browser (issue 15): companies, services, users, roles and accounts, each
// flow as an account that may (admin) and one that may not. Every test seeds its own records.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gql, login } from '../server/test/helpers.ts';
import { newPage, signedInPage, signIn, useBrowser } from './browser.ts';

const e2e = useBrowser();
const PASSWORD = 'Str0ng#pass';

const adminToken = async () => (await login(e2e.app.app, 'admin')).accessToken;

/** Picks an option of a MUI select (single or multiple) by its label. */
async function choose(page: Page, label: string, option: string, multiple = false) {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator(`li[data-option="${option}"]`).click();
  // A multiple select stays open (Escape closes it); a single one closes by itself, and Escape
  // would then close the dialog around it.
  if (multiple) await page.keyboard.press('Escape');
  await page.locator('[role=listbox]').waitFor({ state: 'detached' });
}

async function createUserByApi(username: string, role = 'viewer') {
  const token = await adminToken();
  const roles = await gql<{ allRoles: { nodes: { id: string; name: string }[] } }>(
    e2e.app.app,
    '{ allRoles { nodes { id name } } }',
    {},
    token,
  );
  const roleId = roles.data!.allRoles.nodes.find((r) => r.name === role)!.id;
  const created = await gql<{ createUser: { userId: string } }>(
    e2e.app.app,
    `mutation($input: CreateUserInput!) { createUser(input: $input) { userId } }`,
    {
      input: { username, firstName: 'Test', lastName: 'User', password: PASSWORD, roleId },
    },
    token,
  );
  return created.data!.createUser.userId;
}

describe('clients (SPEC §3, §5)', () => {
  it('a client with an 11-digit tax id is refused with the translated message, in en and ru', async () => {
    for (const [language, message] of [
      ['en', 'The tax id (ИНН) must be 10 or 12 digits.'],
      ['ru', 'ИНН должен содержать 10 или 12 цифр.'],
    ] as const) {
      const page = await signedInPage(e2e, 'admin', language, '/admin/clients');
      await page.getByTestId('add').click();
      const dialog = page.getByTestId('client-dialog');
      await dialog.locator('input[name=legalName]').fill('Eleven Digits LLC');
      await dialog.locator('input[name=taxId]').fill('12345678901');
      await dialog.getByTestId('dialog-save').click();
      await expect(dialog.textContent()).resolves.toContain(message);
      await page.context().close();
    }
    // The database refuses it too, whatever the browser does.
    const result = await gql(
      e2e.app.app,
      `mutation { createClient(input: { client: { legalName: "Eleven Digits LLC", taxId: "12345678901" } }) { client { id } } }`,
      {},
      await adminToken(),
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('InvalidTaxId');
  });

  it('"Acme Ltd" asks to confirm when "ACME LTD." exists: cancel says so, confirm creates', async () => {
    await e2e.app.db.owner.query(
      `insert into app_public.clients (legal_name, country) values ('ACME LTD.', 'United Kingdom')`,
    );
    const page = await signedInPage(e2e, 'admin', 'en', '/admin/clients');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('client-dialog');
    await dialog.locator('input[name=legalName]').fill('Acme Ltd');
    await dialog.locator('input[name=taxId]').fill('7712345671');
    await dialog.getByTestId('dialog-save').click();
    const similar = page.getByTestId('similar-companies');
    await expect(similar.textContent()).resolves.toContain('ACME LTD.');
    await page.getByTestId('similar-cancel').click();
    await expect(dialog.textContent()).resolves.toContain('Company creation canceled');
    const count = async () =>
      (
        await e2e.app.db.owner.query(
          `select count(*)::int as n from app_public.clients where tax_id = '7712345671'`,
        )
      ).rows[0].n;
    expect(await count()).toBe(0);
    await dialog.getByTestId('dialog-save').click();
    await page.getByTestId('similar-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await count()).toBe(1);
  });

  it('deleting a client used by bills names them: "used by N bills"', async () => {
    const { rows } = await e2e.app.db.owner.query<{ legal_name: string; n: number }>(
      `select c.legal_name, count(b.id)::int as n from app_public.clients c
         join app_public.bills b on b.client_id = c.id group by c.id order by n desc limit 1`,
    );
    const page = await signedInPage(
      e2e,
      'admin',
      'en',
      `/admin/clients?search=${encodeURIComponent(rows[0]!.legal_name)}`,
    );
    const table = page.getByTestId('clients-table');
    await table
      .locator('.ag-row', { hasText: rows[0]!.legal_name })
      .getByTestId('delete')
      .first()
      .click();
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('delete-error').textContent()).resolves.toContain(
      `Other entities depend on it. Used by ${rows[0]!.n} bills`,
    );
  });

  it('accounts without admin:company have no client, supplier or subsidiary screens', async () => {
    const page = await signedInPage(e2e, 'accountant');
    for (const path of ['/admin/clients', '/admin/supplier', '/admin/subsidiaries']) {
      await page.goto(path);
      await page.waitForURL(/\/no-access$/);
    }
  });
});

describe('suppliers, subsidiaries and services', () => {
  it('a supplier is created with its linked user, which the table shows', async () => {
    await createUserByApi('harbor.agent');
    const page = await signedInPage(e2e, 'admin', 'en', '/admin/supplier');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('supplier-dialog');
    await dialog.locator('input[name=legalName]').fill('Quayside Freight BV');
    await dialog.getByTestId('dialog-save').click();
    // SPEC §5: country is required for suppliers.
    await expect(dialog.textContent()).resolves.toContain('Field is required');
    await dialog.getByRole('combobox', { name: 'Country' }).fill('Netherl');
    await page.getByRole('option', { name: 'Netherlands (NL)' }).click();
    await dialog.getByRole('combobox', { name: 'Linked user' }).fill('harbor');
    await page.getByRole('option', { name: /harbor\.agent/ }).click();
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('suppliers-table')
      .locator('.ag-row', { hasText: 'Quayside Freight BV' })
      .filter({ hasText: 'harbor.agent' })
      .first()
      .waitFor();
  });

  it('subsidiaries link to the creation wizard and to their details page', async () => {
    const page = await signedInPage(
      e2e,
      'admin',
      'en',
      '/admin/subsidiaries?search=Northwind%20NL',
    );
    const { rows } = await e2e.app.db.owner.query<{ id: string }>(
      `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
    );
    const row = page.getByTestId('subsidiaries-table').locator('.ag-row').first();
    await row.getByTestId('details').first().click();
    await page.waitForURL(new RegExp(`/subsidiaries/${rows[0]!.id}$`));
    await page.goto('/admin/subsidiaries');
    await page.getByTestId('add').click();
    await page.waitForURL(/\/subsidiaries\/new$/);
  });

  it('a service is created and renamed; one used by bills is not deleted', async () => {
    const page = await signedInPage(e2e, 'admin', 'en', '/admin/services');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('service-dialog');
    await dialog.getByTestId('dialog-save').click();
    await expect(dialog.textContent()).resolves.toContain('Field is required');
    await dialog.locator('input[name=name]').fill('Night audit');
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByTestId('services-table');
    await table.locator('.ag-row', { hasText: 'Night audit' }).getByTestId('edit').first().click();
    await dialog.locator('input[name=name]').fill('Night audit and review');
    await dialog.getByTestId('dialog-save').click();
    await table.locator('.ag-row', { hasText: 'Night audit and review' }).first().waitFor();
    const used = await e2e.app.db.owner.query<{ name: string }>(
      `select s.name from app_public.services s where exists (select from app_public.bills b where b.service_id = s.id) limit 1`,
    );
    await page.goto(`/admin/services?search=${encodeURIComponent(used.rows[0]!.name)}`);
    await table.locator('.ag-row').first().getByTestId('delete').first().click();
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('delete-error').textContent()).resolves.toMatch(
      /Other entities depend on it. Used by \d+ bills?/,
    );
  });
});

describe('roles (SPEC §5, §6)', () => {
  it('a role needs a name and a scope; it is created with scopes; one in use is not deleted', async () => {
    const page = await signedInPage(e2e, 'admin', 'en', '/admin/roles');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('role-dialog');
    await dialog.locator('input[name=name]').fill('Auditor');
    await dialog.getByTestId('dialog-save').click();
    await expect(dialog.textContent()).resolves.toContain('Choose at least one scope');
    await dialog.getByTestId('scope-search').fill('invoice:r');
    // Each scope shows its description and what it implies.
    const invoiceRead = dialog.locator('[data-scope="invoice:read"]');
    await expect(invoiceRead.textContent()).resolves.toContain('See invoices');
    await expect(invoiceRead.textContent()).resolves.toContain('includes company:read');
    await invoiceRead.click();
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    const { rows } = await e2e.app.db.owner.query(
      `select rs.scope from app_public.role_scopes rs join app_public.roles r on r.id = rs.role_id where r.name = 'Auditor'`,
    );
    expect(rows).toEqual([{ scope: 'invoice:read' }]);

    await page.goto('/admin/roles?search=viewer');
    await page
      .getByTestId('roles-table')
      .locator('.ag-row')
      .first()
      .getByTestId('delete')
      .first()
      .click();
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('delete-error').textContent()).resolves.toMatch(
      /Other entities depend on it. Used by \d+ accounts?\./,
    );
  });

  it('without admin:user there are no user and role screens', async () => {
    const page = await signedInPage(e2e, 'manager');
    for (const path of ['/admin/roles', '/admin/users']) {
      await page.goto(path);
      await page.waitForURL(/\/no-access$/);
    }
  });
});

describe('users and accounts (SPEC §2, §6)', () => {
  it('admin creates a user limited to one subsidiary and `ops.* !ops.legacy`: the preview and what the user then sees agree', async () => {
    const expected = (
      await e2e.app.db.owner.query<{ access_key: string }>(
        `select access_key from app_public.projects where access_key like 'ops.%' and access_key <> 'ops.legacy' order by 1`,
      )
    ).rows.map((r) => r.access_key);
    expect(expected.length).toBeGreaterThan(1);

    const page = await signedInPage(e2e, 'admin', 'en', '/admin/users');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.locator('input[name=username]').fill('ops.lead');
    await dialog.locator('input[name=firstName]').fill('Olga');
    await dialog.locator('input[name=lastName]').fill('Petrova');
    await dialog.locator('input[name=password]').fill('weak');
    await dialog.locator('input[name=repeatPassword]').fill('weak');
    await choose(page, 'Role of the first account', 'viewer');
    await dialog.getByTestId('dialog-save').click();
    // SPEC §5 password rules.
    await expect(dialog.textContent()).resolves.toContain('At least 8 characters');
    await dialog.locator('input[name=password]').fill(PASSWORD);
    await dialog.locator('input[name=repeatPassword]').fill(PASSWORD);
    await dialog.getByTestId('dialog-save').click();
    await page.waitForURL(/\/admin\/users\/[0-9a-f-]{36}$/);

    const card = page.getByTestId('account-card').first();
    await card.getByTestId('main-account').waitFor();
    await choose(page, 'Allowed subsidiaries', 'Northwind NL', true);
    const pattern = card.getByTestId('account-pattern');
    await pattern.fill('ops.* !ops.legacy ops/x');
    await expect(card.textContent()).resolves.toContain('Invalid token: ops/x');
    await expect(card.getByTestId('save-account').isDisabled()).resolves.toBe(true);
    await pattern.fill('ops.* !ops.legacy');
    const preview = card.getByTestId('pattern-preview');
    await preview.locator(`[data-access-key="${expected[0]}"]`).waitFor();
    await expect(
      preview
        .locator('[data-access-key]')
        .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-access-key')).sort()),
    ).resolves.toEqual(expected);
    await card.getByTestId('save-account').click();
    await expect(card.getByRole('alert').textContent()).resolves.toContain(
      'The account has been saved',
    );

    // The new user signs in, and sees only those projects and that subsidiary.
    const own = await newPage(e2e);
    await own.goto('/login');
    await signIn(own, 'ops.lead', PASSWORD);
    await own.getByTestId('greeting').waitFor();
    const token = (await login(e2e.app.app, 'ops.lead', PASSWORD)).accessToken;
    const seen = await gql<{
      allProjects: { nodes: { accessKey: string }[] };
      allSubsidiaries: { nodes: { shortName: string }[] };
    }>(
      e2e.app.app,
      '{ allProjects(orderBy: ACCESS_KEY_ASC) { nodes { accessKey } } allSubsidiaries { nodes { shortName } } }',
      {},
      token,
    );
    expect(seen.data!.allProjects.nodes.map((p) => p.accessKey)).toEqual(expected);
    expect(seen.data!.allSubsidiaries.nodes.map((s) => s.shortName)).toEqual(['Northwind NL']);
    // Their own settings show the account read-only: no save, no new account.
    await own.goto('/user-settings');
    const ownCard = own.getByTestId('account-card').first();
    await expect(ownCard.textContent()).resolves.toContain('Northwind NL');
    expect(await ownCard.getByTestId('save-account').count()).toBe(0);
    expect(await own.getByTestId('add-account').count()).toBe(0);
  });

  it('an invalid project-access token is refused by the database too', async () => {
    const userId = await createUserByApi('pattern.probe');
    const token = await adminToken();
    const accounts = await gql<{ allAccounts: { nodes: { id: string }[] } }>(
      e2e.app.app,
      `query($userId: UUID!) { allAccounts(condition: { userId: $userId }) { nodes { id } } }`,
      { userId },
      token,
    );
    const result = await gql(
      e2e.app.app,
      `mutation($id: UUID!) { updateAccountById(input: { id: $id, patch: { accessPatternProjects: "ops/x" } }) { account { id } } }`,
      { id: accounts.data!.allAccounts.nodes[0]!.id },
      token,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('InvalidAccessToken');
  });

  it('deactivation stops sign-in; activation restores it', async () => {
    const userId = await createUserByApi('leaving.soon');
    const page = await signedInPage(e2e, 'admin', 'en', `/admin/users/${userId}`);
    await page.getByTestId('deactivate').click();
    await expect.poll(() => page.getByTestId('user-state').textContent()).toBe('Deactivated');

    const other = await newPage(e2e);
    await other.goto('/login');
    await signIn(other, 'leaving.soon', PASSWORD);
    await expect(other.getByRole('alert').textContent()).resolves.toMatch(/deactivated/);
    expect(other.url()).toMatch(/\/login/);

    await page.getByTestId('activate').click();
    await expect.poll(() => page.getByTestId('user-state').textContent()).toBe('Active');
    await signIn(other, 'leaving.soon', PASSWORD);
    await other.getByTestId('greeting').waitFor();
  });

  it("an administrator sets another user's password; a weak one is refused on the spot", async () => {
    const userId = await createUserByApi('forgot.it');
    const page = await signedInPage(e2e, 'admin', 'en', `/admin/users/${userId}`);
    const form = page.getByTestId('user-password');
    await form.locator('input[name=password]').fill('short1!');
    await form.locator('input[name=repeatPassword]').fill('short1!');
    await form.getByRole('button', { name: 'Set a new password' }).click();
    await expect(form.textContent()).resolves.toContain('At least 8 characters');
    await form.locator('input[name=password]').fill('N3w#password');
    await form.locator('input[name=repeatPassword]').fill('N3w#password');
    await form.getByRole('button', { name: 'Set a new password' }).click();
    await form.getByText('The password has been set').waitFor();
    await expect(login(e2e.app.app, 'forgot.it', 'N3w#password')).resolves.toHaveProperty(
      'accessToken',
    );
  });

  it('without admin:user one’s own accounts are read-only, but the main one can be chosen', async () => {
    const userId = await createUserByApi('two.desks');
    const token = await adminToken();
    const roles = await gql<{ allRoles: { nodes: { id: string; name: string }[] } }>(
      e2e.app.app,
      '{ allRoles { nodes { id name } } }',
      {},
      token,
    );
    await gql(
      e2e.app.app,
      `mutation($account: AccountInput!) { createAccount(input: { account: $account }) { account { id } } }`,
      {
        account: {
          name: 'Second desk',
          userId,
          roleId: roles.data!.allRoles.nodes.find((r) => r.name === 'accountant')!.id,
        },
      },
      token,
    );
    const page = await newPage(e2e);
    await page.goto('/login');
    await signIn(page, 'two.desks', PASSWORD);
    await page.getByTestId('greeting').waitFor();
    await page.goto('/user-settings');
    const second = page.locator('[data-testid="account-card"][data-account="Second desk"]');
    await second.waitFor();
    expect(await page.getByTestId('save-account').count()).toBe(0);
    expect(await page.getByTestId('delete-account').count()).toBe(0);
    expect(await page.getByTestId('add-account').count()).toBe(0);
    await expect(
      second.getByRole('combobox', { name: 'Base role' }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await second.getByTestId('make-main').click();
    await second.getByTestId('main-account').waitFor();
    const { rows } = await e2e.app.db.owner.query(
      `select a.name from app_public.default_accounts d join app_public.accounts a on a.id = d.account_id where d.user_id = $1`,
      [userId],
    );
    expect(rows).toEqual([{ name: 'Second desk' }]);
  });

  it('accounts are added and deleted on the user page', async () => {
    const userId = await createUserByApi('two.hats');
    const page = await signedInPage(e2e, 'admin', 'en', `/admin/users/${userId}`);
    await page.getByTestId('account-card').first().waitFor();
    await page.getByTestId('add-account').click();
    await page.getByTestId('new-account-name').fill('Second hat');
    await choose(page, 'Base role', 'accountant');
    await page.getByTestId('account-dialog').waitFor();
    await page.getByRole('button', { name: 'Save' }).last().click();
    const second = page.locator('[data-testid="account-card"][data-account="Second hat"]');
    await second.waitFor();
    await second.getByTestId('make-main').click();
    await second.getByTestId('main-account').waitFor();
    await page
      .locator('[data-testid="account-card"]:not([data-account="Second hat"])')
      .getByTestId('delete-account')
      .click();
    await page.getByTestId('confirm').click();
    await expect.poll(() => page.getByTestId('account-card').count()).toBe(1);
  });
});

describe('exchange rates', () => {
  const ratesOn = async (date: string) =>
    (
      await e2e.app.db.owner.query(
        `select currency, usd_per_unit::text as rate from app_public.exchange_rates where rate_date = $1 order by 1`,
        [date],
      )
    ).rows;

  it('a CSV import with one bad row changes nothing; the fixed file imports every row', async () => {
    const page = await signedInPage(e2e, 'admin', 'en', '/admin/exchange-rates');
    await page.getByTestId('import').click();
    const dialog = page.getByTestId('rates-import');
    const upload = (text: string) =>
      dialog.getByTestId('rates-file').setInputFiles({
        name: 'rates.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(text),
      });
    await upload(
      'currency;date;rate\nEUR;2032-01-31;1,0834\nGBP;2032-01-31;1,27\nXYZ;2032-01-31;2\n',
    );
    await dialog.getByText(/^3 rows, 1 with errors/).waitFor();
    await expect(dialog.locator('[data-line="3"]').textContent()).resolves.toContain(
      'unknown currency',
    );
    await expect(page.getByTestId('rates-apply').isDisabled()).resolves.toBe(true);
    expect(await ratesOn('2032-01-31')).toEqual([]);

    await upload('EUR,2032-01-31,1.0834\nGBP,2032-01-31,1.27\n');
    await dialog.getByText('2 rows, no errors.').waitFor();
    await page.getByTestId('rates-apply').click();
    await dialog.getByText('2 rates imported.').waitFor();
    expect(await ratesOn('2032-01-31')).toEqual([
      { currency: 'EUR', rate: '1.08340000' },
      { currency: 'GBP', rate: '1.27000000' },
    ]);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.goto('/admin/exchange-rates?currency=EUR');
    await page
      .getByTestId('rates-table')
      .locator('.ag-row', { hasText: '1.0834' })
      .first()
      .waitFor();
  });

  it('a rate is added with the currency search and the date picker, then edited', async () => {
    const page = await signedInPage(e2e, 'admin', 'en', '/admin/exchange-rates');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('rate-dialog');
    await dialog.getByRole('combobox', { name: 'Currency' }).fill('SEK');
    await page.getByRole('option', { name: /^SEK/ }).first().click();
    await dialog.locator('[role=spinbutton]').first().click();
    await page.keyboard.type('01312033');
    await dialog.locator('input[name=usdPerUnit]').fill('0,0961');
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ratesOn('2033-01-31')).toEqual([{ currency: 'SEK', rate: '0.09610000' }]);

    await page.goto('/admin/exchange-rates?currency=SEK');
    const row = page.getByTestId('rates-table').locator('.ag-row', { hasText: '0.0961' }).first();
    await row.getByTestId('edit').first().click();
    await dialog.locator('input[name=usdPerUnit]').fill('0.0958');
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ratesOn('2033-01-31')).toEqual([{ currency: 'SEK', rate: '0.09580000' }]);
  });

  it('only an administrator has the exchange-rate screen', async () => {
    const page = await signedInPage(e2e, 'accountant', 'en', '/admin/exchange-rates');
    await page.waitForURL(/\/no-access$/);
  });
});

describe('master data holds its shape (issue 29)', () => {
  it('a wrong ИНН check digit is refused with the translated message; countries are named in the language', async () => {
    for (const [language, message, country] of [
      ['en', 'The tax id (ИНН) has a wrong check digit.', 'Russia'],
      ['ru', 'Неверное контрольное число ИНН.', 'Россия'],
    ] as const) {
      const page = await signedInPage(e2e, 'admin', language);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/admin/clients?search=${encodeURIComponent('Alfa Retail')}`);
      await page
        .getByTestId('clients-table')
        .locator('.ag-row', { hasText: 'Alfa Retail JSC' })
        .filter({ hasText: country })
        .first()
        .waitFor();
      await page.getByTestId('add').click();
      const dialog = page.getByTestId('client-dialog');
      await dialog.locator('input[name=legalName]').fill('Check Digit LLC');
      // 7701234560 is valid; its last digit changed is not.
      await dialog.locator('input[name=taxId]').fill('7701234561');
      await dialog.getByTestId('dialog-save').click();
      await dialog.getByText(message).waitFor();
      await page.screenshot({ path: `test-results/client-checksum-${language}.png` });
      await page.context().close();
    }
  });

  it('a client used by bills is archived instead: the refusal links the bills; archived is hidden and restorable', async () => {
    const { rows } = await e2e.app.db.owner.query<{ id: string; legal_name: string }>(
      `select c.id, c.legal_name from app_public.clients c
        where exists (select from app_public.bills b where b.client_id = c.id)
        order by c.legal_name desc limit 1`,
    );
    const client = rows[0]!;
    for (const language of ['en', 'ru'] as const) {
      const page = await signedInPage(e2e, 'admin', language);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/admin/clients?search=${encodeURIComponent(client.legal_name)}`);
      const table = page.getByTestId('clients-table');
      const row = table.locator('.ag-row', { hasText: client.legal_name }).first();
      await row.getByTestId('delete').first().click();
      await page.getByTestId('confirm').click();
      const refusal = page.getByTestId('delete-error');
      await refusal.getByTestId('dependent-rows').locator('a').first().waitFor();
      expect(
        await refusal.getByTestId('dependent-rows').locator('a').first().getAttribute('href'),
      ).toMatch(/^\/bills\/\d+$/);
      await page.screenshot({ path: `test-results/client-dependents-${language}.png` });
      await refusal.getByTestId('archive-instead').click();
      await table
        .locator('.ag-row', { hasText: client.legal_name })
        .first()
        .waitFor({ state: 'detached' });
      const archived = async () =>
        (
          await e2e.app.db.owner.query('select is_archived from app_public.clients where id = $1', [
            client.id,
          ])
        ).rows[0].is_archived as boolean;
      expect(await archived()).toBe(true);
      await page.getByTestId('show-archived').click();
      await table
        .locator('.ag-row', { hasText: client.legal_name })
        .first()
        .getByTestId('restore')
        .first()
        .click();
      await table
        .locator('.ag-row', { hasText: client.legal_name })
        .first()
        .waitFor({ state: 'detached' });
      expect(await archived()).toBe(false);
      await page.context().close();
    }
  });

  it('a supplier in Germany takes a German VAT number, not an ИНН (in Russian)', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru', '/admin/supplier');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('supplier-dialog');
    await dialog.locator('input[name=legalName]').fill('Rheinufer Logistik GmbH');
    await dialog.getByRole('combobox', { name: 'Страна' }).fill('Герман');
    await page.getByRole('option', { name: 'Германия (DE)' }).click();
    await dialog.locator('input[name=taxId]').fill('5001013450');
    await dialog.getByTestId('dialog-save').click();
    await dialog.getByText(/Налоговый номер не подходит для страны/).waitFor();
    await dialog.locator('input[name=taxId]').fill('DE 812 345 678');
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    const { rows } = await e2e.app.db.owner.query(
      `select country, tax_id from app_public.suppliers where legal_name = 'Rheinufer Logistik GmbH'`,
    );
    expect(rows).toEqual([{ country: 'DE', tax_id: 'DE812345678' }]);
  });
});

describe('import and export of reference data (issue 29)', () => {
  it('projects export as CSV; a file with a bad row is previewed with its line and imports nothing; the fixed one imports all', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/projects');
    await page.getByTestId('reference-export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reference-export-csv').click(),
    ]);
    const exported = fs.readFileSync((await download.path())!, 'utf8');
    expect(exported.split(/\r?\n/)[0]).toBe('\uFEFFname;access_key');
    expect(exported).toContain('Platform core;ops.platform');

    const count = async () =>
      (
        await e2e.app.db.owner.query(
          `select count(*)::int as n from app_public.projects where access_key like 'imp29.%'`,
        )
      ).rows[0].n as number;
    await page.getByTestId('reference-import').click();
    const dialog = page.getByTestId('reference-import-dialog');
    const file = (body: string) => ({
      name: 'projects.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(body),
    });
    await dialog
      .getByTestId('reference-file')
      .setInputFiles(file('name;access_key\nИмпорт А;imp29.a\nИмпорт Б;.\n'));
    await dialog
      .locator('tr[data-line="2"][data-valid="false"]')
      .getByText(/Ключ доступа/)
      .waitFor();
    await page.screenshot({ path: 'test-results/reference-import-ru.png' });
    expect(await page.getByTestId('reference-apply').isDisabled()).toBe(true);
    expect(await count()).toBe(0);
    await dialog
      .getByTestId('reference-file')
      .setInputFiles(file('name;access_key\nИмпорт А;imp29.a\nИмпорт Б;imp29.b\n'));
    await dialog.locator('tr[data-line="2"][data-valid="true"]').waitFor();
    await page.getByTestId('reference-apply').click();
    await dialog.getByTestId('reference-imported').waitFor();
    expect(await count()).toBe(2);
  }, 90_000);
});
