// The web application in Debian's Chromium against the built app and a real server (issue: web
// foundation). Each test starts in a fresh browser context.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newPage, signedInPage, signIn, useBrowser } from './browser.ts';

const e2e = useBrowser({ accessTokenTtl: 4 });

/** Rows the grid shows (each row id once, whatever containers AG Grid splits a row into). */
const rowCount = (table: import('playwright-core').Locator) =>
  table
    .locator('.ag-row[row-id]')
    .evaluateAll((rows) => new Set(rows.map((r) => r.getAttribute('row-id'))).size);

const navigation = async (page: import('playwright-core').Page) => {
  await page.getByTestId('navigation').waitFor();
  return page
    .locator('[data-testid="navigation"] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
};

describe('sign-in and navigation by permission', () => {
  it.each([
    [
      'admin',
      [
        '/',
        '/invoices',
        '/costs',
        '/bills',
        '/banking',
        '/documents',
        '/analytics',
        '/admin/clients',
        '/admin/supplier',
        '/admin/subsidiaries',
        '/admin/bank-accounts',
        '/admin/projects',
        '/admin/cost-types',
        '/admin/services',
        '/admin/users',
        '/admin/roles',
        '/admin/exchange-rates',
        '/admin/audit',
      ],
    ],
    ['accountant', ['/', '/invoices', '/costs', '/bills', '/banking']],
    ['manager', ['/', '/invoices', '/costs', '/bills', '/banking', '/documents', '/analytics']],
    ['viewer', ['/', '/invoices', '/costs', '/bills', '/banking', '/documents']],
  ])('%s sees exactly the screens the account allows', async (username, expected) => {
    const page = await newPage(e2e);
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await signIn(page, username);
    expect(await navigation(page)).toEqual(expected);
    await expect(page.getByTestId('greeting').textContent()).resolves.toMatch(/^Hello, /);
  });

  it('a deactivated user cannot sign in and is told why', async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await signIn(page, 'blocked');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/deactivated/);
    expect(page.url()).toMatch(/\/login/);
  });

  it('a wrong password shows the SPEC message', async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await signIn(page, 'admin', 'wrong password');
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Login faild due to invalid credentials',
    );
  });

  it('the login form works with password managers', async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    expect(await page.getAttribute('input[name=username]', 'autocomplete')).toBe('username');
    expect(await page.getAttribute('input[name=password]', 'autocomplete')).toBe(
      'current-password',
    );
    expect(await page.isChecked('input[name=staySignedIn]')).toBe(true);
  });
});

describe('routing', () => {
  it('a deep link while signed out goes to login with `from`, then back to it', async () => {
    const page = await newPage(e2e);
    await page.goto('/admin/cost-types');
    await page.waitForURL(/\/login\?from=%2Fadmin%2Fcost-types/);
    await signIn(page, 'admin');
    await page.waitForURL(/\/admin\/cost-types$/);
    await page.getByTestId('cost-types-table').waitFor();
    expect(await page.title()).toBe('Cost types · Ledgerline');
  });

  it('a screen the account may not open shows no access, replacing the history entry', async () => {
    const page = await signedInPage(e2e, 'accountant');
    await page.goto('/admin/projects');
    await page.waitForURL(/\/no-access$/);
    await page.getByTestId('no-access').waitFor();
    await page.goBack();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/projects'));
  });

  it('an unknown path shows Page Not Found', async () => {
    const page = await signedInPage(e2e, 'viewer', 'en', '/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.title()).toBe('Not found · Ledgerline');
  });

  it('an already signed-in user entering /login goes home', async () => {
    const page = await signedInPage(e2e, 'viewer', 'en', '/login');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('component gallery (test grounds)', () => {
  it('is absent without its build flag: no route, and nothing of it in the built files', async () => {
    const page = await signedInPage(e2e, 'admin', 'en', '/test-grounds');
    await page.getByTestId('not-found').waitFor();
    const { WEB_DIST } = await import('../server/src/app.ts');
    const assets = fs.readdirSync(path.join(WEB_DIST, 'assets'));
    expect(assets.filter((file) => /TestGrounds/i.test(file))).toEqual([]);
    const code = assets
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(WEB_DIST, 'assets', file), 'utf8'))
      .join('\n');
    expect(code).not.toContain('sample-password-disabled');
  });
});

describe('shell', () => {
  it('switches language (Russian by default) and remembers it', async () => {
    const page = await newPage(e2e, 'ru');
    await page.goto('/login');
    await expect(page.locator('h1').textContent()).resolves.toBe('Вход');
    await signIn(page, 'admin');
    await page.getByTestId('greeting').waitFor();
    expect(await page.getByTestId('greeting').textContent()).toMatch(/^Здравствуйте/);
    // The English catalogue is loaded when first chosen: the text changes once it has arrived.
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('greeting').textContent()).toMatch(/^Hello/);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(await page.getByTestId('greeting').textContent()).toMatch(/^Hello/);
    // <html lang> follows the chosen language after a reload too.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('logout clears the session; a guarded page then asks to sign in', async () => {
    const page = await signedInPage(e2e, 'viewer');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('ledgerline.accessToken'))).toBeNull();
    await page.goto('/user-settings');
    await page.waitForURL(/\/login\?from=%2Fuser-settings/);
  });

  it('switches to another account of the user', async () => {
    const page = await signedInPage(e2e, 'accountant');
    expect(await navigation(page)).not.toContain('/documents');
    await page.getByTestId('account-switch').click();
    await page.getByRole('menuitem', { name: 'Group viewer' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="nav-/documents"]'));
    expect(await navigation(page)).toContain('/documents');
  });

  it('refreshes the access token when it expires and retries the call', async () => {
    const page = await newPage(e2e);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.postData()?.includes('RefreshAccess'))
        refreshes.push(request.url());
    });
    await page.goto('/login');
    await signIn(page, 'admin');
    await page.getByTestId('greeting').waitFor();
    const before = await page.evaluate(() => localStorage.getItem('ledgerline.accessToken'));
    await page.waitForTimeout(5_000); // the test server's access tokens live 4 s
    await page.getByTestId('nav-/admin/projects').click();
    await page.getByTestId('projects-table').locator('.ag-row').first().waitFor();
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => localStorage.getItem('ledgerline.accessToken'))).not.toBe(
      before,
    );
  });
});

describe('projects and cost types tables', () => {
  it('pages through projects and changes the page size', async () => {
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/projects').click();
    const table = page.getByTestId('projects-table');
    await table.locator('.ag-row').first().waitFor();
    await expect.poll(() => rowCount(table)).toBe(10);
    await expect(table.getByTestId('pagination').textContent()).resolves.toContain('1–10 of 13');
    await table.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rowCount(table)).toBe(3);
    await expect(table.getByTestId('pagination').textContent()).resolves.toContain('11–13 of 13');
  });

  it('a filtered, sorted page 2 opened by its URL shows the same rows as by clicking; Back returns', async () => {
    await e2e.app.db.owner.query(
      `insert into app_public.projects (name, access_key)
       select 'URL test ' || lpad(n::text, 2, '0'), 'urltest.p' || n from generate_series(1, 12) n`,
    );
    const names = (table: import('playwright-core').Locator) =>
      table.locator('.ag-cell[col-id="name"]').evaluateAll((cells) =>
        cells
          .map((cell) => ({
            index: Number(cell.closest('.ag-row')?.getAttribute('row-index')),
            name: cell.textContent ?? '',
          }))
          .sort((a, b) => a.index - b.index)
          .map((cell) => cell.name),
      );
    // By clicking: search, sort by name twice (ascending, then descending), next page.
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/projects').click();
    const table = page.getByTestId('projects-table');
    await table.locator('.ag-row').first().waitFor();
    await page.getByTestId('search').fill('URL test');
    await page.getByTestId('search').press('Enter');
    await expect.poll(() => rowCount(table)).toBe(10);
    const header = table.locator('.ag-header-cell[col-id="name"] .ag-header-cell-label');
    await header.click();
    await expect.poll(() => page.url()).toContain('sort=NAME.asc');
    await header.click();
    await expect.poll(() => page.url()).toContain('sort=NAME.desc');
    await table.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rowCount(table)).toBe(2);
    const clicked = await names(table);
    expect(clicked).toEqual(['URL test 02', 'URL test 01']);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'URL test',
      sort: 'NAME.desc',
      page: '2',
    });

    // By the URL, in a fresh page: the same rows, and again after a reload.
    const linked = await signedInPage(e2e, 'admin', 'en', `/admin/projects${url.search}`);
    const linkedTable = linked.getByTestId('projects-table');
    await expect.poll(() => rowCount(linkedTable)).toBe(2);
    expect(await names(linkedTable)).toEqual(clicked);
    await linked.reload();
    await expect.poll(() => rowCount(linkedTable)).toBe(2);
    expect(await names(linkedTable)).toEqual(clicked);
    await expect(linked.getByTestId('search').inputValue()).resolves.toBe('URL test');

    // Back returns to page 1 of the same filter and sort.
    await page.goBack();
    await expect.poll(() => rowCount(table)).toBe(10);
    expect((await names(table))[0]).toBe('URL test 12');

    // Parameters it cannot read fall back to the defaults, without an error.
    await linked.goto('/admin/projects?page=zero&size=7&sort=SECRET.asc');
    await expect.poll(() => rowCount(linkedTable)).toBe(10);
    await expect(linkedTable.getByTestId('pagination').textContent()).resolves.toContain('1–10');
  });

  it('filters with a removable chip', async () => {
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/projects').click();
    const table = page.getByTestId('projects-table');
    await table.locator('.ag-row').first().waitFor();
    await page.getByTestId('search').fill('ops.');
    await page.getByTestId('search').press('Enter');
    await expect.poll(() => rowCount(table)).toBe(5);
    await table.getByTestId('filter-chips').locator('.MuiChip-deleteIcon').click();
    await expect.poll(() => rowCount(table)).toBe(10);
  });

  it('creates and edits a project, refusing a bad access key', async () => {
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/projects').click();
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('project-dialog');
    await dialog.locator('input[name=name]').fill('Warehouse robots');
    await dialog.locator('input[name=accessKey]').fill('ops robots!');
    await dialog.getByTestId('dialog-save').click();
    await expect(dialog.textContent()).resolves.toContain(
      'The access key is words of Latin letters, digits and underscore joined by single dots',
    );
    await dialog.locator('input[name=accessKey]').fill('ops.robots');
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByTestId('projects-table');
    const row = table.locator('.ag-row', { hasText: 'Warehouse robots' });
    await row.waitFor();
    await table
      .locator('.ag-row', { hasText: 'Warehouse robots' })
      .getByTestId('edit')
      .first()
      .click();
    await dialog.locator('input[name=name]').fill('Warehouse robotics');
    await dialog.getByTestId('dialog-save').click();
    await table.locator('.ag-row', { hasText: 'Warehouse robotics' }).first().waitFor();
  });

  it('a dialog opens empty for create and with the row for edit, every time', async () => {
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/projects').click();
    const dialog = page.getByTestId('project-dialog');
    const name = dialog.locator('input[name=name]');
    await page.getByTestId('add').click();
    await name.fill('Typed then cancelled');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('add').click();
    await expect(name.inputValue()).resolves.toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const row = page.getByTestId('projects-table').locator('.ag-row[row-index="0"]');
    const original = (await row.locator('.ag-cell[col-id="name"]').textContent()) ?? '';
    expect(original).not.toBe('');
    await row.getByTestId('edit').first().click();
    await name.fill('Changed then cancelled');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('edit').first().click();
    await expect(name.inputValue()).resolves.toBe(original);
  });

  it('deleting a cost type in use is refused by the database and offers to archive it instead', async () => {
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/cost-types').click();
    const table = page.getByTestId('cost-types-table');
    await table.locator('.ag-row', { hasText: 'Travel' }).getByTestId('delete').first().click();
    await page.getByTestId('confirm').click();
    // Its costs refuse it; so may a closed period's invoice whose default it is (docs/permissions.md).
    await expect(page.getByTestId('delete-error').textContent()).resolves.toMatch(
      /Other entities depend on it\.|books of .* are closed/,
    );
    await page.getByRole('button', { name: 'Archive instead' }).waitFor();
    const { rows } = await e2e.app.db.owner.query<{ n: number }>(
      `select count(*)::int as n from app_public.cost_types where name = 'Travel'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('shortcuts work page-wide and the selection survives a page change until cleared', async () => {
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/projects').click();
    const table = page.getByTestId('projects-table');
    await table.locator('.ag-row').first().waitFor();
    // Focus outside the table: Alt+A still selects the rows shown.
    await page.getByTestId('page-title').click();
    await page.keyboard.press('Alt+A');
    await expect
      .poll(() => table.getByTestId('selection-summary').textContent())
      .toMatch(/10 selected/);
    // Another page: the ten stay selected, and one more joins them.
    await table.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => table.getByTestId('pagination').textContent()).toContain('11–');
    await table.locator('.ag-row .ag-checkbox-input').first().click();
    await expect
      .poll(() => table.getByTestId('selection-summary').textContent())
      .toMatch(/11 selected/);
    // Back on page 1 its rows show as selected again.
    await table.getByRole('button', { name: 'Previous page' }).click();
    await expect
      .poll(() =>
        table
          .locator('.ag-row-selected[row-id]')
          .evaluateAll((rows) => new Set(rows.map((r) => r.getAttribute('row-id'))).size),
      )
      .toBe(10);
    // Typing in a field is not a shortcut; elsewhere Ctrl+Q clears everything.
    await page.getByTestId('search').click();
    await page.keyboard.press('Control+Q');
    await expect(table.getByTestId('selection-summary').textContent()).resolves.toMatch(
      /11 selected/,
    );
    await page.getByTestId('page-title').click();
    await page.keyboard.press('Control+Q');
    await table.getByTestId('selection-summary').waitFor({ state: 'detached' });
  });

  it('selects all with Alt+A and deselects with Ctrl+Q', async () => {
    const page = await signedInPage(e2e, 'admin');
    await page.getByTestId('nav-/admin/cost-types').click();
    const table = page.getByTestId('cost-types-table');
    await table.locator('.ag-row').first().click();
    await page.keyboard.press('Alt+A');
    await expect(table.getByTestId('selection-summary').textContent()).resolves.toMatch(
      /10 selected/,
    );
    await page.keyboard.press('Control+Q');
    await table.getByTestId('selection-summary').waitFor({ state: 'detached' });
  });
});

describe('user settings and notifications', () => {
  it("a wrong current password says 'Current password isn't valid'; weak ones are refused on the spot", async () => {
    const page = await signedInPage(e2e, 'viewer', 'en', '/user-settings');
    const form = page.getByTestId('password-form');
    await form.locator('input[name=oldPassword]').fill('Wrong#2026pass');
    await form.locator('input[name=newPassword]').fill('short');
    await form.locator('input[name=repeatPassword]').fill('short');
    await form.locator('button[type=submit]').click();
    await expect(form.textContent()).resolves.toContain('At least 8 characters');
    await form.locator('input[name=newPassword]').fill('Better#2027pass');
    await form.locator('input[name=repeatPassword]').fill('Better#2027pass');
    await form.locator('button[type=submit]').click();
    await expect(form.getByRole('alert').textContent()).resolves.toBe(
      "Current password isn't valid",
    );
  });

  it('Ctrl+B shows and hides a password', async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await page.fill('input[name=password]', 'secret');
    await page.focus('input[name=password]');
    await page.keyboard.press('Control+B');
    expect(await page.getAttribute('input[name=password]', 'type')).toBe('text');
    await page.keyboard.press('Control+B');
    expect(await page.getAttribute('input[name=password]', 'type')).toBe('password');
  });

  it('shows the unread count, newest first, and marks all read', async () => {
    await e2e.app.db.owner.query(
      `insert into app_public.notifications (user_id, title, type, created_at)
       select id, t.title, 'test', now() - t.age from app_public.users,
              (values ('Older news', interval '2 hours'), ('Newest news', interval '1 minute')) t(title, age)
        where username = 'manager'`,
    );
    const page = await signedInPage(e2e, 'manager');
    const bellName = () => page.getByTestId('notifications').getAttribute('aria-label');
    await expect.poll(bellName).toBe('Notifications (unread: 2)');
    await page.getByTestId('notifications').click();
    const items = page.getByTestId('notification');
    await expect(items.nth(0).textContent()).resolves.toContain('Newest news');
    await expect(items.nth(1).textContent()).resolves.toContain('Older news');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    // The name follows the count on every render (the badge's own text lags while it fades out).
    await expect.poll(bellName).toBe('Notifications');
  });
});
