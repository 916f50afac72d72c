// The global search in the browser (issue 28): Ctrl+K by the key's position (also in the Russian
// layout) and the header's field open quick results grouped by kind and linked to the records;
// Enter on a hit opens it; "all results" opens /search?q=…, which a reload keeps; an account
// finds only what it may read. In Russian and in English.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const FLOW = 120_000;
const SHOTS = '/work/shots/search';

const KIND_TITLES = {
  ru: { invoice: 'Счета поставщиков', supplier: 'Поставщики' },
  en: { invoice: 'Invoices', supplier: 'Suppliers' },
};

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function invoiceOf(subsidiary: string, other = false) {
  const { rows } = await e2e.app.db.owner.query<{ id: number; invoice_ref: string }>(
    `select i.id, i.invoice_ref from app_public.invoices i
       join app_public.subsidiaries s on s.id = i.subsidiary_id
      where (s.short_name = $1) <> $2 and not i.is_deleted
        and (select count(*) from app_public.invoices o where o.invoice_ref = i.invoice_ref) = 1
      order by i.id limit 1`,
    [subsidiary, other],
  );
  return rows[0]!;
}

describe('global search: Ctrl+K, the header field, grouped linked results, /search?q=', () => {
  for (const language of ['ru', 'en'] as const) {
    it(
      `${language}: the accountant finds its invoice by Ctrl+K in any layout, not another subsidiary's`,
      async () => {
        const page = await signedInPage(e2e, 'accountant', language);
        await page.setViewportSize({ width: 1440, height: 900 });
        const own = await invoiceOf('Northwind NL');
        const foreign = await invoiceOf('Northwind NL', true);

        // Ctrl+K as the Russian layout sends it: the key "л" at the position of K.
        await page.evaluate(() =>
          window.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'л', code: 'KeyK', ctrlKey: true, bubbles: true }),
          ),
        );
        const input = page.getByTestId('search-dialog-input');
        await input.waitFor();
        await input.fill(own.invoice_ref);
        const group = page.getByTestId('search-group-invoice');
        await group.getByText(own.invoice_ref, { exact: true }).waitFor();
        expect(await group.locator('.MuiListSubheader-root').textContent()).toBe(
          KIND_TITLES[language].invoice,
        );
        await shot(page, `search-dialog-${language}`);

        await input.fill(foreign.invoice_ref);
        await page.getByTestId('search-empty').or(page.getByTestId('search-results')).waitFor();
        await page.waitForFunction(
          () => !document.querySelector('[data-testid="search-dialog"] .MuiLinearProgress-root'),
        );
        expect(await page.getByTestId('search-group-invoice').count()).toBe(0);

        // The keyboard: the first hit, then Enter opens its record.
        await input.fill(own.invoice_ref);
        await group.getByText(own.invoice_ref, { exact: true }).waitFor();
        await input.press('ArrowDown');
        await input.press('Enter');
        await page.waitForURL(`**/invoices/${own.id}`);
        expect(await page.getByTestId('search-dialog').count()).toBe(0);
      },
      FLOW,
    );

    it(
      `${language}: the header field opens the search; all results are on /search?q=, kept on reload`,
      async () => {
        const page = await signedInPage(e2e, 'admin', language);
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.getByTestId('header-search').click();
        const input = page.getByTestId('search-dialog-input');
        await input.fill('INV-');
        await page.getByTestId('search-group-invoice').waitFor();
        expect(
          await page.getByTestId('search-group-invoice').getByTestId('search-hit').count(),
        ).toBe(5);
        await page.getByTestId('search-all').click();
        await page.waitForURL('**/search?q=INV-');
        const hits = page.getByTestId('search-group-invoice').getByTestId('search-hit');
        await hits.first().waitFor();
        expect(await hits.count()).toBeGreaterThan(5);

        // A supplier's name: its group, linked to its invoices.
        const { rows } = await e2e.app.db.owner.query<{ id: string; legal_name: string }>(
          `select id, legal_name from app_public.suppliers order by legal_name limit 1`,
        );
        const supplier = rows[0]!;
        await page.getByTestId('search-page-input').fill(supplier.legal_name);
        await page.waitForURL((url) => url.searchParams.get('q') === supplier.legal_name);
        const suppliers = page.getByTestId('search-group-supplier');
        await suppliers.waitFor();
        expect(await suppliers.locator('.MuiListSubheader-root').textContent()).toContain(
          KIND_TITLES[language].supplier,
        );
        await shot(page, `search-page-${language}`);
        await page.reload();
        await suppliers.waitFor();
        expect(await page.getByTestId('search-page-input').inputValue()).toBe(supplier.legal_name);
        const link = suppliers.getByTestId('search-hit').first();
        expect(await link.getAttribute('href')).toContain(`/invoices?supplier=${supplier.id}`);
        await link.click();
        await page.waitForURL(`**/invoices?supplier=${supplier.id}*`);
      },
      FLOW,
    );
  }
});
