// Exports that open right (issue 28 item 6), downloaded from the invoices list in Russian: the
// XLSX has typed cells (an id a number, a date a date, money a number with its currency's format)
// and headers without a repeated currency; the CSV is UTF-8 with a BOM, ";" between cells and a
// decimal comma; both are named "<list title> <yyyy-mm-dd>". A slow export shows its progress.
// A list of more than one page is fetched by cursor (keyset): each page after the last row of the
// one before, every row once, in the list's order.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();
const FLOW = 120_000;
const SHOTS = '/work/shots/export';

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

async function download(page: Page, format: 'xlsx' | 'csv') {
  await page.getByTestId('export-button').click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`export-${format}`).click(),
  ]);
  const target = path.join(fs.mkdtempSync('/tmp/ledgerline-export-'), file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(target) };
}

describe('exports of a list: typed XLSX, CSV in the reader’s convention, one file name rule', () => {
  it(
    'ru: the invoices list as XLSX and CSV, opened and checked',
    async () => {
      const page = await signedInPage(e2e, 'accountant', 'ru');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/invoices');
      await page.locator('.ag-row').first().waitFor();

      const xlsx = await download(page, 'xlsx');
      expect(xlsx.name).toBe(`Счета поставщиков ${today()}.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      expect(headers.length).toBeGreaterThan(3);
      for (const header of headers) expect(header).not.toMatch(/(USD|EUR).*\1/);
      const column = (name: RegExp) => headers.findIndex((header) => name.test(header)) + 1;
      const id = column(/^ID$/);
      const date = column(/^Дата счёта$/);
      const amount = column(/^(Сумма|С НДС)$/);
      expect(
        [id, date, amount].every((index) => index > 0),
        headers.join(' | '),
      ).toBe(true);
      const row = sheet.getRow(2);
      expect(typeof row.getCell(id).value).toBe('number');
      expect(row.getCell(date).value).toBeInstanceOf(Date);
      expect(row.getCell(date).numFmt).toBe('dd.mm.yyyy');
      expect(typeof row.getCell(amount).value).toBe('number');
      expect(row.getCell(amount).numFmt).toMatch(/^#,##0\.00 "[A-Z]{3}"$/);

      const csv = await download(page, 'csv');
      expect(csv.name).toBe(`Счета поставщиков ${today()}.csv`);
      const text = csv.bytes.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [head, first] = text.slice(1).split('\r\n');
      expect(head!.split(';')).toEqual(headers);
      const cells = first!.split(';');
      expect(cells[amount - 1]).toMatch(/^\d+,\d{2}$/);
      expect(cells[date - 1]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(sheet.rowCount - 1).toBe(text.slice(1).split('\r\n').filter(Boolean).length - 1);
    },
    FLOW,
  );

  it(
    'a list of more than one page: each page after the last row of the one before, every row once',
    async () => {
      const page = await signedInPage(e2e, 'admin', 'en', '/costs?archived=all');
      await page.locator('.ag-row').first().waitFor();
      const asked: { offset?: number; after?: string | null }[] = [];
      page.on('request', (request) => {
        if (!request.url().includes('/graphql')) return;
        const body = request.postData();
        const variables = (
          body
            ? (JSON.parse(body) as { variables?: object }).variables
            : JSON.parse(new URL(request.url()).searchParams.get('variables') ?? '{}')
        ) as Record<string, unknown>;
        if (variables.first === 500) asked.push(variables as (typeof asked)[number]);
      });
      const csv = await download(page, 'csv');
      const lines = csv.bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
      const headers = lines[0]!.split(',');
      const id = headers.indexOf('ID');
      expect(id, headers.join(' | ')).toBeGreaterThanOrEqual(0);
      const ids = lines.slice(1).map((line) => Number(line.split(',')[id]));
      const { rows } = await e2e.app.db.owner.query<{ n: number }>(
        'select count(*)::int n from app_public.costs',
      );
      expect(rows[0]!.n).toBeGreaterThan(500);
      expect(ids).toHaveLength(rows[0]!.n);
      // The list's order (the newest id first), so no row twice and none left out.
      expect(ids.every((value, index) => index === 0 || value < ids[index - 1]!)).toBe(true);
      // Pages by cursor: the first from the start, the next after the first's last row.
      expect(asked.length).toBeGreaterThanOrEqual(2);
      expect(asked.every((variables) => variables.offset === 0)).toBe(true);
      expect(asked[0]!.after ?? null).toBeNull();
      expect(typeof asked[1]!.after).toBe('string');
    },
    FLOW,
  );

  for (const language of ['ru', 'en'] as const) {
    it(
      `${language}: a slow export shows how many rows it has loaded, and can be stopped`,
      async () => {
        const page = await signedInPage(e2e, 'admin', language);
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto('/costs?archived=all');
        await page.locator('.ag-row').first().waitFor();
        // The export's pages after the first answer late, as on a large list.
        await page.route(
          (url) => url.pathname === '/graphql',
          async (route) => {
            // A query goes as GET with its variables in the URL, or as POST.
            const request = `${route.request().url()} ${route.request().postData() ?? ''}`;
            if (/"after":"|after%22%3A%22/.test(request))
              await new Promise((resolve) => setTimeout(resolve, 8_000));
            await route.continue().catch(() => {});
          },
        );
        await page.getByTestId('export-button').click();
        await page.getByTestId('export-csv').click();
        const progress = page.getByTestId('export-progress');
        await progress.waitFor();
        await expect
          .poll(() => progress.textContent(), { timeout: 30_000 })
          .toMatch(language === 'ru' ? /Загружено 500 / : /^500 (of [\d,]+ )?rows loaded/);
        await page.screenshot({ path: path.join(SHOTS, `export-progress-${language}.png`) });
        // Stopped while its second page is still on the way: gone at once, and no file.
        let downloaded = false;
        page.on('download', () => (downloaded = true));
        const stopped = Date.now();
        await page.getByTestId('export-cancel').dispatchEvent('click');
        await progress.waitFor({ state: 'detached' });
        expect(Date.now() - stopped).toBeLessThan(5_000);
        await page.waitForTimeout(500);
        expect(downloaded).toBe(false);
      },
      FLOW,
    );
  }
});
