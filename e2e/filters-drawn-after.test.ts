// A list's filter fields and its pagination are drawn right after the screen (docs/web.md "First
// rows"): the screen's own render has their outlines, and each then takes its outline's place and
// size, so nothing on the screen moves when they arrive.
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

/** Where each of the parts laid out beside the fields is, and how large (whole px). */
function boxesOf(selector: string): string[] {
  return Array.from(document.querySelectorAll(selector)).map((part) => {
    const box = part.getBoundingClientRect();
    return [box.x, box.y, box.width, box.height].map((n) => Math.round(n)).join(' ');
  });
}

/**
 * An in-app navigation to `at`: the parts under `parts` and the outlines in the page the moment
 * `container` is first in it (the screen's own render), then once the outlines (a field's, the
 * pagination's) have given way.
 */
async function drawnTwice(
  account: string,
  language: 'ru' | 'en',
  at: string,
  container: string,
  parts: string,
) {
  const page = await signedInPage(e2e, account, language, '/');
  const first = await page.evaluate(
    ({ at, container, parts, boxesOf }) =>
      new Promise<{ outlines: number; pagination: boolean; boxes: string[] }>((resolve) => {
        const boxes = new Function(`return (${boxesOf})`)() as (selector: string) => string[];
        const watch = new MutationObserver(() => {
          if (!document.querySelector(container)) return;
          watch.disconnect();
          resolve({
            outlines: document.querySelectorAll('[data-testid=field-outline]').length,
            pagination: document.querySelector('[data-testid=pagination-outline]') !== null,
            boxes: boxes(parts),
          });
        });
        watch.observe(document.body, { childList: true, subtree: true });
        history.pushState(null, '', at);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }),
    { at, container, parts, boxesOf: boxesOf.toString() },
  );
  await expect
    .poll(() =>
      page.locator('[data-testid=field-outline], [data-testid=pagination-outline]').count(),
    )
    .toBe(0);
  return { page, first, then: await page.evaluate(boxesOf, parts) };
}

describe.each(['ru', 'en'] as const)('filter fields drawn after the screen in %s', (language) => {
  it('the costs panel: ten outlines, then ten fields in their boxes, with the filters set', async () => {
    const { page, first, then } = await drawnTwice(
      'accountant',
      language,
      '/costs?status=approved&search=Cloud&archived=all',
      '[data-testid=costs-filters]',
      '[data-testid=costs-filters] form > div > *, [data-testid=costs-filters] > div > *',
    );
    expect(first.outlines).toBe(10);
    expect(then).toEqual(first.boxes);
    expect(await page.getByTestId('costs-search').inputValue()).toBe('Cloud');
  });

  it("a reference list's toolbar: the search and date fields, then the fields in their boxes", async () => {
    const toolbar = '[data-testid=subsidiaries-table] > div:first-child';
    const { page, first, then } = await drawnTwice(
      'admin',
      language,
      '/admin/subsidiaries?search=North&createdFrom=2026-01-01',
      toolbar,
      `${toolbar} > *`,
    );
    expect(first.outlines).toBe(3);
    expect(then).toEqual(first.boxes);
    expect(await page.getByTestId('search').inputValue()).toBe('North');
  });

  it('the exchange rates toolbar: a field in a box of its own and two dates', async () => {
    const toolbar = '[data-testid=rates-table] > div:first-child';
    const { first, then } = await drawnTwice(
      'admin',
      language,
      '/admin/exchange-rates?currency=EUR&from=2026-01-01&to=2026-03-31',
      toolbar,
      `${toolbar} > *`,
    );
    expect(first.outlines).toBe(3);
    expect(then).toEqual(first.boxes);
  });

  it("the audit log's filters: a text and two dates among choices, in a grid", async () => {
    const { first, then } = await drawnTwice(
      'admin',
      language,
      '/admin/audit?record=invoice&from=2026-01-01',
      '[data-testid=audit-filters]',
      '[data-testid=audit-filters] > *',
    );
    expect(first.outlines).toBe(3);
    expect(then).toEqual(first.boxes);
  });

  it("a list's footer: its pagination's room kept until the pagination is drawn", async () => {
    const footer = '[data-testid=invoices-table] > div:has(> [data-testid=usd-note])';
    const { first, then } = await drawnTwice(
      'accountant',
      language,
      '/invoices',
      '[data-testid=invoices-table]',
      footer,
    );
    expect(first.pagination).toBe(true);
    expect(first.boxes).toHaveLength(1);
    // Its height and width (the rows above it may not be in yet: its place is theirs to set).
    expect(then.map((box) => box.split(' ').slice(2))).toEqual(
      first.boxes.map((box) => box.split(' ').slice(2)),
    );
  });
});
