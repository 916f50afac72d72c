// Every action says it worked (issue 28 item 10): archiving and restoring a document, and
// deleting, archiving and restoring a reference record, each end with a toast naming the record,
// in the reader's language.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const tag = () => randomBytes(4).toString('hex');

async function seedDocument(name: string): Promise<string> {
  const { rows } = await e2e.app.db.owner.query<{ id: string }>(
    `insert into app_public.documents (name, type, signing_date, principal_id, created_by)
     select $1, 'Contract', current_date - 30,
            (select id from app_public.subsidiaries where short_name = 'Northwind UK'),
            (select id from app_public.users where username = 'admin')
     returning id`,
    [name],
  );
  return rows[0]!.id;
}

describe('actions say they worked', () => {
  it.each([
    ['ru', 'перенесён в архив', 'восстановлен из архива'],
    ['en', 'is moved to the archive', 'is restored from the archive'],
  ] as const)(
    'archiving and restoring a document says so (%s)',
    async (lang, archived, restored) => {
      const name = `Feedback ${tag()}`;
      const id = await seedDocument(name);
      const page = await signedInPage(e2e, 'admin', lang, `/documents/${id}`);
      await page.getByTestId('delete').click();
      await page.getByTestId('confirm').click();
      const notice = page.getByTestId('document-notice');
      await expect.poll(() => notice.textContent()).toContain(archived);
      expect(await notice.textContent()).toContain(name);
      await page.getByTestId('restore').click();
      await expect.poll(() => notice.textContent()).toContain(restored);
      await page.getByTestId('delete').waitFor();
    },
  );

  it.each([
    ['ru', 'перенесена в архив', 'восстановлена из архива', 'удалена'],
    ['en', 'is archived', 'is restored from the archive', 'is deleted'],
  ] as const)(
    'archiving, restoring and deleting a reference record says so (%s)',
    async (lang, archived, restored, deleted) => {
      const name = `Feedback service ${tag()}`;
      await e2e.app.db.owner.query('insert into app_public.services (name) values ($1)', [name]);
      const page = await signedInPage(
        e2e,
        'admin',
        lang,
        `/admin/services?search=${encodeURIComponent(name)}`,
      );
      const table = page.getByTestId('services-table');
      const row = table.locator('.ag-row', { hasText: name }).first();
      await row.getByTestId('archive').click();
      const done = page.getByTestId('reference-done');
      await expect.poll(() => done.textContent()).toContain(archived);
      expect(await done.textContent()).toContain(name);
      await page.goto(`/admin/services?search=${encodeURIComponent(name)}&archived=only`);
      await table.locator('.ag-row', { hasText: name }).first().getByTestId('restore').click();
      await expect.poll(() => done.textContent()).toContain(restored);
      await page.goto(`/admin/services?search=${encodeURIComponent(name)}`);
      await table.locator('.ag-row', { hasText: name }).first().getByTestId('delete').click();
      await page.getByTestId('confirm').click();
      await expect.poll(() => done.textContent()).toContain(deleted);
    },
  );
});
