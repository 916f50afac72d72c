// The app's tooltip (web/src/components/Tooltip.tsx; docs/web.md "First rows"): MUI's, created
// when its element is first pointed at, focused from the keyboard or pressed long, so that a list
// does not pay for the tooltips of every row's actions. Shown on the costs list, whose rows carry
// three each: the tooltip shows each way, in the reader's language, the element is named before
// any tooltip exists, and it keeps its focus and its click (it is never drawn again for it).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

const WORDS = {
  ru: { openInvoice: 'Открыть счёт №', noFiles: 'Нет вложений' },
  en: { openInvoice: 'Open invoice #', noFiles: 'No attachments' },
} as const;

const tooltipText = (page: Page) =>
  page
    .getByRole('tooltip')
    .allTextContents()
    .then((texts) => texts.join(' | '));

/** The first costs row's link to its invoice, and the tooltip it should show. */
async function firstRowLink(page: Page, language: 'ru' | 'en') {
  await page.goto('/costs');
  const link = page.locator('.ag-row [data-testid^="invoice-link-"]').first();
  await link.waitFor();
  const invoiceId = /\/invoices\/(\d+)$/.exec((await link.getAttribute('href')) ?? '')?.[1];
  expect(invoiceId).toBeTruthy();
  return { link, text: `${WORDS[language].openInvoice}${invoiceId}`, invoiceId: invoiceId! };
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? '');

/** Puts a finger on `target`; the function returned lifts it. */
async function touch(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
}

describe('tooltips', () => {
  for (const language of ['ru', 'en'] as const) {
    it(`a row action shows its tooltip when pointed at, focused from the keyboard or pressed long, in ${language}`, async () => {
      const page = await signedInPage(e2e, 'admin', language);
      const { link, text } = await firstRowLink(page, language);
      // Named before any tooltip exists.
      expect(await link.getAttribute('aria-label')).toBe(text);
      expect(await page.getByRole('tooltip').count()).toBe(0);

      await link.hover();
      await expect.poll(() => tooltipText(page)).toBe(text);
      // SHOTS_DIR=dir: the tooltip as shown, at 1440×900, to look at.
      if (process.env.SHOTS_DIR) {
        await page.setViewportSize({ width: 1440, height: 900 });
        await link.hover();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/tooltip-${language}.png` });
      }
      await page.mouse.move(2, 450);
      await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);

      // A disabled button (a cost without files) is named and shows its tooltip through the
      // element around it (a disabled button has no pointer events).
      const noFiles = page
        .locator('.ag-row span:has(> [data-testid="cost-attachments"][disabled])')
        .first();
      await noFiles.waitFor();
      expect(await noFiles.getAttribute('aria-label')).toBe(WORDS[language].noFiles);
      await noFiles.hover();
      await expect.poll(() => tooltipText(page)).toBe(WORDS[language].noFiles);
      await page.mouse.move(2, 450);
      await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);

      // From the keyboard, on a button not pointed at before: the focus arrives from the keyboard
      // (a key pressed first) and stays on the button while its tooltip is created; Escape closes
      // the tooltip, not the focus.
      const keyed = page.locator('.ag-row [data-testid^="invoice-link-"]').nth(2);
      const keyedId = /\/invoices\/(\d+)$/.exec((await keyed.getAttribute('href')) ?? '')?.[1];
      await page.keyboard.press('Shift');
      await keyed.focus();
      await expect.poll(() => tooltipText(page)).toBe(`${WORDS[language].openInvoice}${keyedId}`);
      expect(await focusedTestId(page)).toBe(await keyed.getAttribute('data-testid'));
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
      expect(await focusedTestId(page)).toBe(await keyed.getAttribute('data-testid'));
      await keyed.blur();

      // A long press on a touch screen.
      const other = page.locator('.ag-row [data-testid^="invoice-link-"]').nth(1);
      const otherId = /\/invoices\/(\d+)$/.exec((await other.getAttribute('href')) ?? '')?.[1];
      const release = await touch(page, other);
      await expect
        .poll(() => tooltipText(page), { timeout: 5_000 })
        .toBe(`${WORDS[language].openInvoice}${otherId}`);
      await release();
      await expect.poll(() => page.getByRole('tooltip').count(), { timeout: 5_000 }).toBe(0);
      await page.context().close();
    });
  }

  it('a short tap on a touch screen shows no tooltip', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru');
    await firstRowLink(page, 'ru');
    const noFiles = page
      .locator('.ag-row span:has(> [data-testid="cost-attachments"][disabled])')
      .first();
    const release = await touch(page, noFiles);
    await release();
    // Longer than a long press: a tooltip shown by the tap would still be there.
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await page.context().close();
  });
});
