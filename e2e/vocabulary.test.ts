// Issue 28 item 7: one vocabulary, in the reader's language. A duplicated invoice's reference ends
// with "(копия)" in the Russian interface and "(copy)" in the English one; the actions use the
// glossary's words (docs/glossary.md).
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

describe('one vocabulary', () => {
  for (const [language, suffix, returnToOpen] of [
    ['ru', '(копия)', 'Вернуть в открытые'],
    ['en', '(copy)', 'Return to open'],
  ] as const) {
    it(`a duplicate's reference says ${suffix} in ${language}, and a validated invoice offers "${returnToOpen}"`, async () => {
      const { rows } = await e2e.app.db.owner.query<{ id: number; ref: string }>(
        `select id, invoice_ref as ref from app_public.invoices where status = 'validated' and not is_deleted
          order by id limit 1`,
      );
      const page = await signedInPage(e2e, 'admin', language, `/invoices/${rows[0]!.id}`);
      await expect
        .poll(() => page.getByTestId('action-reset_to_open').textContent())
        .toBe(returnToOpen);
      await page.getByTestId('action-duplicate').click();
      await page.waitForURL((url) => !url.pathname.endsWith(`/invoices/${rows[0]!.id}`));
      await expect
        .poll(() => page.locator('main h1').first().textContent())
        .toContain(`${rows[0]!.ref} ${suffix}`);
    });
  }
});
