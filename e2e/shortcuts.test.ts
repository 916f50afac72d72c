// SPEC §2 shortcuts in the Russian layout (issue 28 item 5): they go by the key's place, so a
// Russian keyboard's Ctrl+Й is Ctrl+Q; Ctrl+I says the id is copied; Alt+A says how many rows of
// how many matching it selected.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

/** A key press as a Russian keyboard sends it: the Cyrillic letter, the Latin key's code. */
async function russianKey(
  page: Page,
  key: string,
  code: string,
  modifier: 'ctrlKey' | 'altKey',
  selector?: string,
) {
  await page.evaluate(
    ({ key, code, modifier, selector }) => {
      const target = selector ? document.querySelector(selector)! : document.body;
      target.dispatchEvent(
        new KeyboardEvent('keydown', {
          key,
          code,
          [modifier]: true,
          bubbles: true,
          cancelable: true,
        }),
      );
    },
    { key, code, modifier, selector },
  );
}

describe('shortcuts in any keyboard layout', () => {
  it('Alt+Ф selects the page and says how many match, Ctrl+Ш copies the id and says so, Ctrl+Й clears', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin/projects');
    const table = page.getByTestId('projects-table');
    await table.locator('.ag-row').first().waitFor();
    // The table's own total ("1–10 из 42").
    const total = /из (.+)$/.exec((await table.getByTestId('pagination').textContent()) ?? '')?.[1];
    expect(total).toBeTruthy();
    await page.getByTestId('page-title').click();
    await russianKey(page, 'ф', 'KeyA', 'altKey');
    await expect
      .poll(() => table.getByTestId('selection-summary').textContent())
      .toMatch(/Выбрано 10 записей/);
    await expect
      .poll(() => page.getByTestId('shortcut-notice').textContent())
      .toBe(`Выбраны 10 строк этой страницы; всего по фильтрам ${total}`);

    await russianKey(page, 'й', 'KeyQ', 'ctrlKey');
    await table.getByTestId('selection-summary').waitFor({ state: 'detached' });

    const firstId = await table.locator('.ag-row[row-id]').first().getAttribute('row-id');
    await table.locator('.ag-row[row-id] .ag-cell[col-id=name]').first().click();
    await russianKey(page, 'ш', 'KeyI', 'ctrlKey', '.ag-cell-focus');
    await expect
      .poll(() => page.getByTestId('shortcut-notice').textContent())
      .toBe(`ID ${firstId} скопирован`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstId);
  });

  it('Ctrl+И shows and hides the password on the sign-in page', async () => {
    const page = await newPage(e2e, 'ru');
    await page.goto('/login');
    await page.fill('input[name=password]', 'secret');
    await russianKey(page, 'и', 'KeyB', 'ctrlKey', 'input[name=password]');
    expect(await page.getAttribute('input[name=password]', 'type')).toBe('text');
    await russianKey(page, 'и', 'KeyB', 'ctrlKey', 'input[name=password]');
    expect(await page.getAttribute('input[name=password]', 'type')).toBe('password');
  });
});
