// Bank statements in the browser (docs/reconciliation.md): the accountant imports a camt.053
// statement, accepts the sure match, splits a line over two bills, marks a bank fee as not a
// payment and undoes a match, in English and in Russian; the viewer sees the lines and may do
// none of it. Each language's run uses its own open bills of Northwind NL.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../server/src/banking/statement.ts';
import { writeCamt053 } from '../server/src/banking/write.ts';
import { violations } from './axe.ts';
import { signedInPage, useBrowser, visit } from './browser.ts';

const e2e = useBrowser();
const FLOW = 180_000;
const SHOTS = path.resolve('test-results', 'e2e');

interface Bill {
  bill_id: number;
  number: string;
  remaining: string;
  party_name: string;
}

/** Open bills of Northwind NL in EUR that no statement line names yet. */
async function freshBills(count: number): Promise<Bill[]> {
  const { rows } = await e2e.app.db.owner.query<Bill>(
    `select c.bill_id, c.number, c.remaining::text, c.party_name
       from app_hidden.open_payables c join app_public.subsidiaries s on s.id = c.subsidiary_id
      where s.short_name = 'Northwind NL' and c.kind = 'bill' and c.currency = 'EUR'
        and c.number is not null and c.remaining > 0
        and not exists (select from app_public.bank_statement_lines l where strpos(l.remittance, c.number) > 0)
      order by c.bill_id limit $1`,
    [count],
  );
  return rows;
}

const lineRow = (page: Page, text: string) =>
  page.locator('[data-testid="bank-lines"] .ag-row', { hasText: text }).first();

async function lineStatus(remittance: string): Promise<string> {
  const { rows } = await e2e.app.db.owner.query(
    'select status from app_public.bank_statement_lines where remittance = $1',
    [remittance],
  );
  return rows[0]?.status;
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('bank statements: import, accept, split, not a payment, undo', () => {
  for (const language of ['en', 'ru'] as const) {
    it(
      `the accountant imports a statement and matches it (${language})`,
      async () => {
        const [sure, first, second, other] = await freshBills(4);
        expect(other, 'four open bills of Northwind NL').toBeDefined();
        const tag = `${language.toUpperCase()}${Date.now() % 100000}`;
        const splitText = `Bills ${first!.number} and ${second!.number} ${tag}`;
        const sureText = `Payment ${sure!.number} ${tag}`;
        const feeText = `Account fee ${tag}`;
        const content = writeCamt053({
          statementId: `E2E-${tag}`,
          iban: 'NL91ABNA0417164300',
          currency: 'EUR',
          opening: '1000.00',
          entries: [
            { date: today, amount: sure!.remaining, name: sure!.party_name, remittance: sureText },
            {
              date: today,
              amount: fromCents(toCents(first!.remaining)! + toCents(second!.remaining)!),
              remittance: splitText,
            },
            { date: today, amount: '-4.20', name: 'ABN AMRO', remittance: feeText },
          ],
        });
        const page = await signedInPage(e2e, 'accountant', language);
        // Home counts the lines waiting (the demo statement's) and leads to the queue.
        await page.getByTestId('home-bank-lines').waitFor();
        await page.goto('/banking');
        await page.getByTestId('import').click();
        await page.getByTestId('statement-file').setInputFiles({
          name: 'statement.xml',
          mimeType: 'application/xml',
          buffer: Buffer.from(content),
        });
        await page.getByTestId('import-submit').click();
        await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
        await lineRow(page, sureText).waitFor();
        if (language === 'en') await shot(page, 'banking-queue-en');
        else await shot(page, 'banking-queue-ru');

        // The sure match: one click for the statement.
        await page
          .getByTestId('statements')
          .locator('tr', { hasText: `E2E-${tag}` })
          .getByTestId('accept-high')
          .click();
        await expect.poll(() => lineStatus(sureText)).toBe('matched');

        // The split: one line over two bills, each paid in full.
        await lineRow(page, splitText).getByTestId('match').click();
        const dialog = page.getByTestId('match-dialog');
        await dialog.getByTestId(`suggestion-${first!.number}`).getByRole('checkbox').check();
        await dialog.getByTestId(`suggestion-${second!.number}`).getByRole('checkbox').check();
        expect(await dialog.getByTestId(`amount-${first!.number}`).inputValue()).toBe(
          fromCents(toCents(first!.remaining)!),
        );
        expect(await dialog.getByTestId(`amount-${second!.number}`).inputValue()).toBe(
          fromCents(toCents(second!.remaining)!),
        );
        // Any other open bill is found by its client's name or number.
        await dialog.getByTestId('find-record').fill(other!.number);
        await page.keyboard.press('Enter');
        await dialog.getByTestId(`suggestion-${other!.number}`).waitFor();
        await shot(page, `banking-split-${language}`);
        await page.getByTestId('accept-match').click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => lineStatus(splitText)).toBe('matched');
        const { rows } = await e2e.app.db.owner.query(
          `select bp.bill_id, p.payment_method, p.reference is not null as has_reference
             from app_public.bank_line_payments blp join app_public.bank_statement_lines l on l.id = blp.line_id
             join app_public.payments p on p.id = blp.payment_id join app_public.bills_payments bp on bp.payment_id = p.id
            where l.remittance = $1 order by bp.bill_id`,
          [splitText],
        );
        expect(rows).toEqual([
          { bill_id: first!.bill_id, payment_method: 'transaction', has_reference: true },
          { bill_id: second!.bill_id, payment_method: 'transaction', has_reference: true },
        ]);

        // The bank fee is not a payment: marked with a note.
        await lineRow(page, feeText).getByTestId('ignore').click();
        await page.getByTestId('ignore-note').fill(language === 'en' ? 'Bank fee' : 'Комиссия');
        await page.getByTestId('ignore-submit').click();
        await expect.poll(() => lineStatus(feeText)).toBe('ignored');

        // Undo: the matched views show the line; undo takes its payments away.
        await page.getByTestId('view-matched').click();
        await lineRow(page, sureText).getByTestId('undo').click();
        await expect.poll(() => lineStatus(sureText)).toBe('unmatched');
        const paid = await e2e.app.db.owner.query(
          `select count(*)::int as n from app_public.bank_line_payments blp
             join app_public.bank_statement_lines l on l.id = blp.line_id where l.remittance = $1`,
          [sureText],
        );
        expect(paid.rows[0].n).toBe(0);

        await page.goto('/banking/reconciliation');
        await page.getByTestId('matched-total').waitFor();
        await expect.poll(() => page.getByTestId('matched-total').innerText()).toMatch(/\d/);
        await shot(page, `banking-reconciliation-${language}`);
        // The split's payments are found by their reference: the statement id and the file's line.
        await page.getByTestId('payment-reference-search').fill(`E2E-${tag}`);
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByTestId('payments-found').innerText())
          .toContain(`E2E-${tag}/`);
      },
      FLOW,
    );
  }

  it(
    'the viewer sees the statement lines but may not import, match, mark or undo',
    async () => {
      const page = await signedInPage(e2e, 'viewer', 'en', '/banking');
      await page.locator('[data-testid="bank-lines"] .ag-row').first().waitFor();
      expect(await page.getByTestId('import').count()).toBe(0);
      expect(await page.getByTestId('accept-high').count()).toBe(0);
      expect(await page.getByTestId('match').count()).toBe(0);
      expect(await page.getByTestId('ignore').count()).toBe(0);
      await page.getByTestId('view-all').click();
      await page.locator('[data-testid="bank-lines"] .ag-row').first().waitFor();
      expect(await page.getByTestId('undo').count()).toBe(0);
      expect(await page.getByTestId('home-bank-lines').count()).toBe(0);
    },
    FLOW,
  );

  it(
    'the admin adds a bank account; a wrong IBAN is refused by its check digits',
    async () => {
      const page = await signedInPage(e2e, 'admin', 'en', '/admin/bank-accounts');
      await page.locator('[data-testid="bank-accounts-table"] .ag-row').first().waitFor();
      expect(await page.getByTestId('bank-accounts-table').innerText()).toMatch(
        /NL91 ABNA 0417 1643 00/,
      );
      await shot(page, 'banking-accounts-en');
      await page.getByTestId('add').click();
      const dialog = page.getByTestId('bank-account-dialog');
      await dialog.getByRole('combobox', { name: 'Subsidiary' }).fill('Northwind NL');
      await page
        .getByRole('option', { name: /Northwind NL/ })
        .first()
        .click();
      await dialog.locator('input[name=name]').fill('ING savings');
      await dialog.locator('input[name=iban]').fill('NL21 INGB 0001 2345 67');
      await dialog.getByRole('combobox', { name: 'Currency' }).fill('EUR');
      await page.getByRole('option', { name: /^EUR/ }).first().click();
      await dialog.getByTestId('dialog-save').click();
      expect(await dialog.innerText()).toMatch(/The IBAN is not valid/);
      await dialog.locator('input[name=iban]').fill('NL20 INGB 0001 2345 67');
      await dialog.getByTestId('dialog-save').click();
      await dialog.waitFor({ state: 'detached' });
      const { rows } = await e2e.app.db.owner.query(
        "select iban from app_public.bank_accounts where name = 'ING savings'",
      );
      expect(rows).toEqual([{ iban: 'NL20INGB0001234567' }]);
    },
    FLOW,
  );

  it(
    'the banking screens and the match, import and not-a-payment dialogs have no axe violations',
    async () => {
      const page = await signedInPage(e2e, 'admin', 'ru');
      const found: string[] = [];
      for (const route of ['/banking', '/banking/reconciliation', '/admin/bank-accounts']) {
        await visit(page, route);
        await page.locator('main h1').first().waitFor();
        found.push(...(await violations(page)).map((v) => `${route} ${v}`));
      }
      await page.goto('/banking');
      await page.getByTestId('match').first().click();
      await page.getByTestId('match-dialog').locator('table, p').first().waitFor();
      found.push(...(await violations(page)).map((v) => `match dialog ${v}`));
      await page.keyboard.press('Escape');
      await page.getByTestId('match-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('import').click();
      await page.getByTestId('import-dialog').waitFor();
      found.push(...(await violations(page)).map((v) => `import dialog ${v}`));
      await page.keyboard.press('Escape');
      await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('ignore').first().click();
      await page.getByTestId('ignore-dialog').waitFor();
      found.push(...(await violations(page)).map((v) => `ignore dialog ${v}`));
      expect(found).toEqual([]);
    },
    FLOW,
  );
});
