// DESIGN §8: no axe-core violations at WCAG 2.2 AA on any route, with menus and dialogs open as
// well as closed (axe-core injected into Debian Chromium).
import { describe, expect, it } from 'vitest';
import { violations } from './axe.ts';
import { newPage, signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const ID = '00000000-0000-4000-8000-000000000001';
const ROUTES = [
  '/',
  '/invoices',
  '/invoices/new',
  '/invoices/1',
  '/costs',
  '/bills',
  '/bills/new',
  '/bills/1',
  '/documents',
  '/documents/new',
  `/documents/${ID}`,
  `/documents/${ID}/edit`,
  `/documents/${ID}/files`,
  '/subsidiaries/new',
  `/subsidiaries/${ID}`,
  '/analytics',
  '/admin/clients',
  '/admin/supplier',
  '/admin/subsidiaries',
  '/admin/projects',
  '/admin/cost-types',
  '/admin/services',
  '/admin/users',
  `/admin/users/${ID}`,
  '/admin/roles',
  '/admin/exchange-rates',
  '/admin/bank-accounts',
  '/banking',
  '/banking/reconciliation',
  '/user-settings',
  '/no-access',
  '/no-such-page',
];

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
      await page.goto(route);
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
      await page.goto(route);
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
