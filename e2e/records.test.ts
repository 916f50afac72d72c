// Record pages and forms (issues 26 and 28): attachments previewed beside their record, nothing
// typed is lost (unsaved-changes guard, wizard drafts), money typed with a decimal comma in ru,
// and every action on a bill says it worked. Each test runs in Russian and in English.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedBill } from './bill-seeds.ts';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const FLOW = 120_000;
const LANGUAGES = ['ru', 'en'] as const;

const TEXT = {
  ru: {
    validated: 'Счёт поставщику проверен.',
    paid: 'Платёж проведён',
    noFiles: 'У этих записей нет файлов.',
    restored: /Восстановлен черновик/,
    leave: 'Уйти без сохранения?',
  },
  en: {
    validated: 'The bill is validated.',
    paid: 'The payment is recorded',
    noFiles: 'These records have no files.',
    restored: /Restored the draft/,
    leave: 'Leave without saving?',
  },
} as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/work/shots/records/${name}.png` });

async function atFullSize(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe.each(LANGUAGES)('records in %s', (language) => {
  const text = TEXT[language];

  it(
    'a bill page says what each action did: validate and a payment typed with the language decimal mark',
    async () => {
      const bill = await seedBill(e2e, 1);
      const page = await signedInPage(e2e, 'accountant', language);
      await atFullSize(page);
      await page.goto(`/bills/${bill.id}`);
      await page.getByTestId('action-validate').click();
      await expect.poll(() => page.getByTestId('bill-notice').innerText()).toBe(text.validated);

      await page.getByTestId('add-payment').click();
      const amount = page.locator('input[name=amount]');
      // ru writes "2500,50": the comma is the decimal mark; en groups with commas.
      await amount.fill(language === 'ru' ? '100,5' : '100.5');
      expect(await amount.inputValue()).toBe(language === 'ru' ? '100,5' : '100.5');
      // Digits are grouped as the rest of the UI, while typing too.
      await amount.fill(language === 'ru' ? '1234,56' : '1234.56');
      expect(await amount.inputValue()).toMatch(language === 'ru' ? /^1\s234,56$/ : /^1,234\.56$/);
      await shot(page, `payment-dialog-${language}`);
      await amount.fill(language === 'ru' ? '333,37' : '333.37');
      await page.getByTestId('dialog-save').click();
      await page.getByTestId('payment-dialog').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('bill-notice').innerText()).toContain(text.paid);
      const paid = await e2e.app.db.owner.query<{ amount: string }>(
        `select p.amount::text from app_public.bills_payments bp
           join app_public.payments p on p.id = bp.payment_id where bp.bill_id = $1`,
        [bill.id],
      );
      expect(paid.rows.map((row) => row.amount)).toEqual(['333.37']);
      await shot(page, `bill-details-${language}`);
    },
    FLOW,
  );

  it(
    "a bill's act is previewed in a side panel beside the bill; a zip of no files says so",
    async () => {
      const bill = await seedBill(e2e, 1);
      const page = await signedInPage(e2e, 'accountant', language);
      await atFullSize(page);
      await page.goto(`/bills/${bill.id}`);
      await page.getByTestId('bill-files').getByTestId('preview-file').first().click();
      const preview = page.getByTestId('file-preview');
      await preview.waitFor();
      expect(await preview.innerText()).toMatch(/act\.pdf/);
      await preview.getByTestId('preview-pdf').waitFor();
      expect(await preview.getByTestId('preview-pdf').getAttribute('src')).toMatch(/^blob:/);
      await shot(page, `file-preview-${language}`);
      await preview.getByRole('button', { name: language === 'ru' ? 'Закрыть' : 'Close' }).click();
      await preview.waitFor({ state: 'detached' });

      // Without the act and files, "download all" says the bill has none.
      await e2e.app.db.owner.query('update app_public.bills set act_id = null where id = $1', [
        bill.id,
      ]);
      await page.reload();
      await page.getByTestId('download-zip').click();
      await expect.poll(() => page.getByTestId('bill-notice').innerText()).toBe(text.noFiles);
    },
    FLOW,
  );

  it(
    'leaving the bill wizard with changes asks first; staying keeps them, leaving goes',
    async () => {
      const page = await signedInPage(e2e, 'accountant', language);
      await atFullSize(page);
      await page.goto('/bills/new');
      await page.locator('input[name=name]').fill(`Guarded ${language}`);
      await page.getByTestId('nav-/bills').click();
      const dialog = page.getByTestId('unsaved-dialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(text.leave);
      await shot(page, `unsaved-dialog-${language}`);
      await dialog.getByTestId('unsaved-stay').click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/bills/new');
      expect(await page.locator('input[name=name]').inputValue()).toBe(`Guarded ${language}`);
      await page.getByTestId('nav-/bills').click();
      await page.getByTestId('unsaved-leave').click();
      await page.waitForURL((url) => url.pathname === '/bills');
    },
    FLOW,
  );

  it(
    'the invoice wizard keeps a draft in the browser after a reload, until it is discarded',
    async () => {
      const page = await signedInPage(e2e, 'accountant', language);
      await atFullSize(page);
      await page.goto('/invoices/new');
      const ref = `DRAFT-${language}-${Date.now()}`;
      await page.locator('input[name=invoiceRef]').fill(ref);
      // The draft is written half a second after the last change.
      await page.waitForTimeout(800);
      // Reloading asks the browser's own question first; the test accepts it.
      page.on('dialog', (question) => void question.accept());
      await page.reload();
      await page.getByTestId('draft-restored').waitFor();
      expect(await page.getByTestId('draft-restored').innerText()).toMatch(text.restored);
      expect(await page.locator('input[name=invoiceRef]').inputValue()).toBe(ref);
      await shot(page, `invoice-wizard-draft-${language}`);
      await page.getByTestId('discard-draft').click();
      await page.getByTestId('draft-restored').waitFor({ state: 'detached' });
      expect(await page.locator('input[name=invoiceRef]').inputValue()).toBe('');
      await page.reload();
      await page.locator('input[name=invoiceRef]').waitFor();
      expect(await page.getByTestId('draft-restored').count()).toBe(0);
    },
    FLOW,
  );
});
