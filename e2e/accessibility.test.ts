// DESIGN §8: no axe-core violations at WCAG 2.2 AA on any route, with menus and dialogs open as
// well as closed (axe-core injected into Debian Chromium).
import { describe, expect, it } from 'vitest';
import { violations } from './axe.ts';
import type { Page } from 'playwright-core';
import { newPage, signedInPage, useBrowser, visit } from './browser.ts';
import { MISSING, ROUTES } from './routes.ts';

const e2e = useBrowser();

describe('accessibility (WCAG 2.2 AA, axe-core)', () => {
  it('the sign-in page, in both languages', async () => {
    for (const language of ['ru', 'en'] as const) {
      const page = await newPage(e2e, language);
      await page.goto('/login');
      await page.locator('h1').waitFor();
      expect(await violations(page), language).toEqual([]);
    }
  });

  it('every route of the signed-in application', async () => {
    const page = await signedInPage(e2e, 'admin');
    const found: string[] = [];
    for (const route of ROUTES) {
      await visit(page, route);
      await page.locator('main h1').first().waitFor();
      found.push(...(await violations(page)).map((v) => `${route} ${v}`));
    }
    expect(found).toEqual([]);
  }, 180_000);

  it('the controls: a subsidiary with its lock date, a locked invoice, a cost waiting for its second approval', async () => {
    const { rows } = await e2e.app.db.owner.query<{ route: string }>(
      `select '/subsidiaries/' || s.id as route from app_public.subsidiaries s where s.short_name = 'Northwind RU'
       union all
       (select '/invoices/' || i.id from app_public.invoices i join app_public.subsidiaries s on s.id = i.subsidiary_id
         where i.invoice_date <= s.lock_date order by i.id limit 1)
       union all
       (select '/invoices/' || invoice_id from app_public.costs where first_approved_by is not null limit 1)`,
    );
    expect(rows).toHaveLength(3);
    const page = await signedInPage(e2e, 'admin');
    const found: string[] = [];
    for (const { route } of rows) {
      await visit(page, route);
      await page.locator('main h1').first().waitFor();
      await page
        .locator(
          '[data-testid=subsidiary-controls], [data-testid=period-locked-banner], [data-testid=cost-approvers]',
        )
        .first()
        .waitFor();
      found.push(...(await violations(page)).map((v) => `${route} ${v}`));
    }
    await page.goto(rows[0]!.route);
    await page.getByTestId('edit-subsidiary-controls').click();
    await page.getByTestId('subsidiary-controls-form').waitFor();
    found.push(...(await violations(page)).map((v) => `controls dialog ${v}`));
    expect(found).toEqual([]);
  });

  it('with the notifications, account and user menus and a dialog open', async () => {
    const page = await signedInPage(e2e, 'admin');
    const found: string[] = [];
    for (const opener of ['notifications', 'user-menu']) {
      await page.getByTestId(opener).click();
      await page.locator('.MuiPopover-paper').first().waitFor();
      found.push(...(await violations(page)).map((v) => `${opener} ${v}`));
      await page.keyboard.press('Escape');
    }
    await page.goto('/admin/projects');
    await page.getByTestId('add').click();
    await page.getByTestId('project-dialog').waitFor();
    found.push(...(await violations(page)).map((v) => `dialog ${v}`));
    expect(found).toEqual([]);
  });
});

/** What opens a picker within a part of the page: a combobox (Select, Autocomplete) or a date
 *  field's calendar button. */
const openers = (scope: string) =>
  [
    '[role=combobox]',
    'button[aria-label*="выберите дату" i]',
    'button[aria-label*="choose date" i]',
  ]
    .map((opener) => `${scope} ${opener}:visible`)
    .join(', ');
/** A picker's open state: its list, menu or calendar. */
const POPUPS =
  '[role=listbox]:visible, .MuiPopover-paper:visible, .MuiAutocomplete-popper:visible, .MuiPickersPopper-root:visible, .MuiAutocomplete-noOptions:visible';

/** Opens every picker on the page in turn and runs axe with each one open. */
async function pickersOpen(
  page: Page,
  where: string,
  scope = 'main',
): Promise<{ found: string[]; opened: number }> {
  const found: string[] = [];
  let opened = 0;
  const count = await page.locator(openers(scope)).count();
  for (let index = 0; index < count; index++) {
    const opener = page.locator(openers(scope)).nth(index);
    if (!(await opener.isVisible()) || (await opener.isDisabled().catch(() => false))) continue;
    const name =
      (await opener.getAttribute('aria-label')) ??
      (await opener.getAttribute('id')) ??
      String(index);
    await opener.click();
    const popup = page.locator(POPUPS).first();
    const open = await popup
      .waitFor({ timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (open) {
      opened++;
      found.push(...(await violations(page)).map((v) => `${where} [${name} open] ${v}`));
    }
    await page.keyboard.press('Escape');
    await page
      .locator(POPUPS)
      .first()
      .waitFor({ state: 'hidden', timeout: 2000 })
      .catch(() => {});
  }
  return { found, opened };
}

describe('accessibility with every picker open (WCAG 2.2 AA, axe-core)', () => {
  it('every Select, Autocomplete, multiple Select and date picker of every route, open', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru');
    const { rows } = await e2e.app.db.owner.query<{ route: string }>(
      `(select '/admin/users/' || u.id as route from app_public.users u where u.username = 'manager')`,
    );
    const found: string[] = [];
    let opened = 0;
    for (const route of [...ROUTES, ...rows.map((row) => row.route)]) {
      await visit(page, route);
      await page.locator('main h1').first().waitFor();
      // A user's accounts come after the page: their multi-selects are the pickers to check.
      if (/^\/admin\/users\/[0-9a-f-]{36}$/.test(route) && route !== `/admin/users/${MISSING}`) {
        await page.getByTestId('account-subsidiaries').first().waitFor();
      }
      const result = await pickersOpen(page, route);
      found.push(...result.found);
      opened += result.opened;
    }
    expect(found).toEqual([]);
    // The pickers were opened indeed (forms, filters, pagination, the account's multi-selects).
    expect(opened).toBeGreaterThan(30);
  }, 600_000);

  it('the filter dialogs and the record dialogs, with their pickers open', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru');
    const found: string[] = [];
    let opened = 0;
    for (const [route, opener, dialog] of [
      ['/invoices', 'open-filters', '[role=dialog]'],
      ['/bills', 'toggle-filters', '[role=dialog]'],
      ['/admin/roles', 'add', '[role=dialog]'],
      ['/admin/projects', 'add', '[role=dialog]'],
    ] as const) {
      await visit(page, route);
      await page.locator('main h1').first().waitFor();
      const button = page.getByTestId(opener).first();
      if (!(await button.isVisible().catch(() => false))) continue;
      await button.click();
      await page.locator(dialog).first().waitFor();
      found.push(...(await violations(page)).map((v) => `${route} dialog ${v}`));
      const result = await pickersOpen(page, `${route} dialog`, '[role=dialog]');
      opened += result.opened;
      found.push(...result.found);
      await page.keyboard.press('Escape');
    }
    expect(found).toEqual([]);
    expect(opened).toBeGreaterThan(2);
  }, 300_000);
});
