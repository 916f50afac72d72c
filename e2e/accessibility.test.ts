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
