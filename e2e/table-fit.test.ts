// Tables fit (issue 28 §1): at 1440×900, in Russian and in English, every list shows its default
// columns whole: no header or value cut short (text wider than its cell), no header word broken
// across lines (sorted or not) and no cell beyond the grid's visible width (off-screen, or under
// the pinned actions).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2E, signedInPage, useBrowser, visit } from './browser.ts';
import { LIST_ROUTES } from './routes.ts';

const e2e: E2E = useBrowser();

async function pageAt1440(language: 'ru' | 'en'): Promise<Page> {
  const page = await signedInPage(e2e, 'admin', language);
  await page.setViewportSize({ width: 1440, height: 900 });
  return page;
}

/**
 * The cells and headers of every grid on the page that are cut short or out of view, and the
 * headers with a word that does not fit on a line (the browser would break it inside the word,
 * "Дата подписа|ния"), for a column that sorts beside its sort arrow (24 px).
 */
function clippedCells(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const measure = document.createElement('canvas').getContext('2d')!;
    /** The words of `element`'s text wider than `room` px in its font (the browser would break
     *  each inside the word). */
    const wordsWiderThan = (element: HTMLElement, room: number): string[] => {
      const style = getComputedStyle(element);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return (element.textContent ?? '')
        .split(/\s+/)
        .filter((word) => measure.measureText(word).width > room + 0.5);
    };
    const found: string[] = [];
    for (const grid of Array.from(document.querySelectorAll('.ag-root-wrapper')) as HTMLElement[]) {
      const root = grid.getBoundingClientRect();
      // The actions pinned to the right: a part of each row and of the header (AG Grid 36).
      const pinned = grid.querySelector('.ag-grid-pinned-right-cells') as HTMLElement | null;
      const pinnedLeft =
        pinned && pinned.offsetWidth > 0 ? pinned.getBoundingClientRect().left : root.right;
      const cells = Array.from(grid.querySelectorAll('.ag-header-cell, .ag-cell')) as HTMLElement[];
      for (const cell of cells) {
        if (cell.offsetWidth === 0) continue;
        const column = cell.getAttribute('col-id') ?? '?';
        const header = cell.classList.contains('ag-header-cell');
        const where = header ? `header of ${column}` : `cell of ${column}`;
        const box = cell.getBoundingClientRect();
        const inPinned = Boolean(cell.closest('.ag-grid-pinned-right-cells'));
        const right = inPinned ? root.right : pinnedLeft;
        if (box.right > right + 1 || box.left < root.left - 1) {
          found.push(`${where}: outside the grid's view`);
          continue;
        }
        // The text inside: a header's label; a cell (its value or its actions) and a status
        // chip's label. The grid's own selection checkboxes are left out.
        if (column === 'ag-Grid-SelectionColumn') continue;
        const parts = header
          ? (Array.from(cell.querySelectorAll('.ag-header-cell-text')) as HTMLElement[])
          : [cell, ...(Array.from(cell.querySelectorAll('.cell-chip')) as HTMLElement[])];
        for (const part of parts) {
          if (part.scrollWidth > part.clientWidth + 1) {
            found.push(`${where}: "${(part.textContent ?? '').trim().slice(0, 40)}" cut short`);
            break;
          }
        }
        // A value that wraps is not cut short, but a word wider than its line would be broken
        // inside it ("Нидерла|ндская"): each word must fit the cell's line.
        if (!header && cell.classList.contains('ag-cell-wrap-text')) {
          const style = getComputedStyle(cell);
          const room =
            cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          for (const word of wordsWiderThan(cell, room))
            found.push(`${where}: "${word}" does not fit on a line`);
        }
        // The label's room: its row in the header cell, less the sort arrow's for a column that
        // sorts (the arrow shows once it is sorted).
        const label = header ? parts[0] : undefined;
        const row = cell.querySelector('.ag-header-cell-label') as HTMLElement | null;
        if (label && row) {
          const sortable = cell.classList.contains('ag-header-cell-sortable');
          for (const word of wordsWiderThan(label, row.clientWidth - (sortable ? 24 : 0)))
            found.push(
              `${where}: "${word}" does not fit on a line${sortable ? ' with the sort arrow' : ''}`,
            );
        }
      }
    }
    return [...new Set(found)];
  });
}

/**
 * The rows of every grid on the page that are not as high as their wrapped values: a value whose
 * last line is below its cell's padding (cut off), or a row with a line's room or more below its
 * tallest value (too high: kept from a longer value, a narrower column or the other language).
 * A value's lines are measured as laid out, not as the table computes them.
 */
function rowHeightProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const range = document.createRange();
    const found: string[] = [];
    for (const row of Array.from(document.querySelectorAll<HTMLElement>('.ag-row[row-id]'))) {
      const cells = Array.from(row.querySelectorAll<HTMLElement>('.ag-cell-wrap-text'));
      if (cells.length === 0 || row.offsetHeight === 0) continue;
      // The least room left below a value: the tallest value's.
      let least = Infinity;
      for (const cell of cells) {
        const style = getComputedStyle(cell);
        const bottom =
          cell.getBoundingClientRect().bottom -
          parseFloat(style.borderBottomWidth) -
          parseFloat(style.paddingBottom);
        range.selectNodeContents(cell);
        const value = range.getBoundingClientRect();
        if (value.height === 0) continue;
        const room = bottom - value.bottom;
        const column = cell.getAttribute('col-id') ?? '?';
        if (room < -0.5)
          found.push(`row ${row.getAttribute('row-id')}, ${column}: its last line cut off`);
        least = Math.min(least, room);
      }
      // A row of one line (42 px, the table's ROW_HEIGHT) may have room to spare.
      const line = parseFloat(getComputedStyle(cells[0]!).lineHeight);
      if (least !== Infinity && least >= line / 2 && row.offsetHeight > 42)
        found.push(
          `row ${row.getAttribute('row-id')}: ${Math.round(least)} px empty below its values`,
        );
    }
    return found;
  });
}

/**
 * Header labels not wholly inside their header cell: the header is as high as its labels, which
 * wrap between their words (DataTable/row-heights.ts).
 */
function headerLabelsCut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.ag-header-cell')).flatMap((cell) => {
      const label = cell.querySelector('.ag-header-cell-text');
      if (!label?.textContent) return [];
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      return text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5
        ? [`header of ${cell.getAttribute('col-id')}: "${label.textContent}" cut off`]
        : [];
    }),
  );
}

/** The most grid rows seen moving (a transition of a row itself) in any frame for 300 ms. */
function slidingRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let most = 0;
        const start = performance.now();
        const look = () => {
          const rows = document
            .getAnimations()
            .filter((animation) =>
              (animation.effect as KeyframeEffect | null)?.target?.classList.contains('ag-row'),
            );
          most = Math.max(most, rows.length);
          if (performance.now() - start < 300) requestAnimationFrame(look);
          else resolve(most);
        };
        look();
      }),
  );
}

/**
 * The tables inside record pages (an invoice's cost lines, payments and files; a bill's costs,
 * payments and files): every header and value whole and within the part of the page it is seen
 * through (its scrolling box, else the window).
 */
function clippedRecordCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of Array.from(document.querySelectorAll('main table')) as HTMLElement[]) {
      let view = { left: 0, right: window.innerWidth };
      for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const rect = box.getBoundingClientRect();
        view = { left: Math.max(view.left, rect.left), right: Math.min(view.right, rect.right) };
        break;
      }
      const name = table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table';
      for (const cell of Array.from(table.querySelectorAll('th, td')) as HTMLElement[]) {
        if (cell.offsetWidth === 0) continue;
        const text = (cell.textContent ?? '').trim().slice(0, 40);
        const where = `${name}, ${cell.tagName === 'TH' ? 'header' : 'cell'} "${text}"`;
        const box = cell.getBoundingClientRect();
        const beyond = Math.max(box.right - view.right, view.left - box.left);
        if (beyond > 1) {
          found.push(`${where}: ${Math.ceil(beyond)} px outside the table's view`);
          continue;
        }
        const parts = [cell, ...(Array.from(cell.querySelectorAll('*')) as HTMLElement[])];
        if (parts.some((part) => part.clientWidth > 0 && part.scrollWidth > part.clientWidth + 1))
          found.push(`${where}: cut short`);
      }
    }
    return [...new Set(found)];
  });
}

/** An invoice and a bill of the demo data with the most cost lines, with payments and files. */
async function recordRoutes(): Promise<string[]> {
  const { rows } = await e2e.app.db.owner.query<{ invoice: number; bill: number }>(`select
    (select i.id from app_public.invoices i where not i.is_deleted
      order by exists (select from app_public.invoices_payments p where p.invoice_id = i.id) desc,
               exists (select from app_public.invoices_files f where f.invoice_id = i.id) desc,
               (select count(*) from app_public.costs c where c.invoice_id = i.id) desc, i.id
      limit 1) as invoice,
    (select b.id from app_public.bills b where not b.is_deleted
      order by exists (select from app_public.bills_payments p where p.bill_id = b.id) desc,
               exists (select from app_public.bills_files f where f.bill_id = b.id) desc,
               (select count(*) from app_public.costs c where c.bill_id = b.id) desc, b.id
      limit 1) as bill`);
  return [`/invoices/${rows[0]!.invoice}`, `/bills/${rows[0]!.bill}`];
}

describe('tables fit at 1440×900', () => {
  for (const language of ['ru', 'en'] as const) {
    it(`every list shows its default columns whole (${language})`, async () => {
      const page = await pageAt1440(language);
      const problems: string[] = [];
      for (const route of LIST_ROUTES) {
        await visit(page, route);
        await page.locator('.ag-header-cell').first().waitFor();
        // The first page of rows (or the empty state) has arrived.
        await page
          .locator('.ag-row, [data-testid=table-empty]')
          .first()
          .waitFor()
          .catch(() => undefined);
        await page.waitForTimeout(300);
        const found = [
          ...(await clippedCells(page)),
          ...(await rowHeightProblems(page)),
          ...(await headerLabelsCut(page)),
        ];
        problems.push(...found.map((problem) => `${route} (${language}): ${problem}`));
        if (process.env.SHOTS_DIR) {
          const name = `${route.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}-${language}`;
          await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
        }
      }
      expect(problems).toEqual([]);
    }, 240_000);

    it(`a page longer than the window keeps its footer in view and draws every row (${language})`, async () => {
      const page = await pageAt1440(language);
      await page.goto('/costs?size=50');
      const table = page.getByTestId('costs-table');
      await table.locator('.ag-row').first().waitFor();
      // "1–50 of …": more rows than fit at 900 px even at their least height.
      const shown = Number(
        /\b1–(\d+)/.exec(await table.getByTestId('pagination').innerText())?.[1],
      );
      expect(shown).toBeGreaterThan(900 / 40);
      // Every row of the page is in the page soon after the first rows (the browser's find, a
      // row scrolled to), not only those in view.
      await expect
        .poll(() =>
          table
            .locator('.ag-row[row-index]')
            .evaluateAll((rows) => new Set(rows.map((row) => row.getAttribute('row-index'))).size),
        )
        .toBe(shown);
      // The rows scroll inside the grid: the footer stays in the window.
      const footer = (await table.getByTestId('pagination').boundingBox())!;
      expect(footer.y + footer.height).toBeLessThanOrEqual(900);
    });

    it(`rows stay as high as their wrapped values when the window, the language or the page changes (${language})`, async () => {
      const page = await pageAt1440(language);
      const other = language === 'ru' ? 'en' : 'ru';
      /** The rows end up as high as their values after a change (measured again in a frame or
       *  two; on a loaded machine later). */
      const check = (when: string) =>
        expect.poll(() => rowHeightProblems(page), { message: when }).toEqual([]);
      await page.goto('/costs?size=50');
      const table = page.getByTestId('costs-table');
      await table.locator('.ag-row[row-id]').first().waitFor();
      await check('first drawn');
      // The names and invoices wrap onto more lines in a narrower window, and fewer again after.
      const tall = () =>
        table
          .locator('.ag-row[row-id]')
          .evaluateAll((rows) => Math.max(...rows.map((r) => (r as HTMLElement).offsetHeight)));
      const wide = await tall();
      await page.setViewportSize({ width: 1024, height: 900 });
      // The rows grown to their values take their new places at once, not sliding there.
      expect(await slidingRows(page)).toBe(0);
      await expect.poll(tall).toBeGreaterThan(wide);
      await check('at 1024 px');
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect.poll(tall).toBe(wide);
      await check('back at 1440 px');
      // A column dragged narrower by its header's edge: its names take more lines.
      const edge = (await table
        .locator('.ag-header-cell[col-id=name] .ag-header-cell-resize')
        .boundingBox())!;
      await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
      await page.mouse.down();
      await page.mouse.move(edge.x - 60, edge.y + edge.height / 2, { steps: 5 });
      await page.mouse.up();
      await expect.poll(tall).toBeGreaterThan(wide);
      await check('the names column narrower');
      // A header label of more lines than two (its text made so): the header grows to it, and
      // back once the label is short again (the other language's headers).
      const headerHeight = () =>
        table.locator('.ag-header').evaluate((header) => (header as HTMLElement).offsetHeight);
      const low = await headerHeight();
      await table
        .locator('.ag-header-cell[col-id=status] .ag-header-cell-text')
        .evaluate((label) => (label.textContent = 'один два три четыре пять шесть семь восемь'));
      await expect.poll(headerHeight).toBeGreaterThan(low);
      expect(await headerLabelsCut(page)).toEqual([]);
      await page.getByTestId(`language-${other}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(other);
      await check(`in ${other}`);
      await page.getByTestId(`language-${language}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await check(`back in ${language}`);
      await expect.poll(headerHeight).toBe(low);
      await table
        .getByTestId('pagination')
        .getByRole('button', { name: /next|след/i })
        .click();
      await expect.poll(() => table.getByTestId('pagination').innerText()).toMatch(/\b51\b/);
      await check('the next page');
    });

    it(`every table of a record page shows its columns whole (${language})`, async () => {
      const page = await pageAt1440(language);
      const problems: string[] = [];
      for (const route of await recordRoutes()) {
        await visit(page, route);
        await page.locator('main table tbody tr').first().waitFor();
        await page.waitForTimeout(300);
        const found = await clippedRecordCells(page);
        problems.push(...found.map((problem) => `${route} (${language}): ${problem}`));
        if (process.env.SHOTS_DIR) {
          const name = `${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${language}`;
          await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
