// A list's loading bar lies over its grid's top edge (components/DataTable): the grid stays
// where it is when loading starts and ends — its first rows arriving, another page asked for —
// instead of moving down by the bar's height and back up again.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pushRoute, signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

/** The GraphQL answers are held until the function returned is called (the screen loading). */
async function holdAnswers(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const passing: Promise<void>[] = [];
  const hold = (route: Route) => void passing.push(held.then(() => route.continue()));
  await page.route('**/graphql*', hold);
  return async () => {
    release();
    await Promise.all(passing);
    await page.unroute('**/graphql*', hold);
  };
}

/** Where the grid's top is on the page, in px. */
const gridTop = (page: Page) =>
  page
    .locator('[data-testid=cost-types-table] .ag-root-wrapper')
    .evaluate((grid) => Math.round(grid.getBoundingClientRect().top));

const loadingBar = (page: Page) =>
  page.locator('[data-testid=cost-types-table] .MuiLinearProgress-root');

describe.each(['ru', 'en'] as const)('a list while it loads, in %s', (language) => {
  it('the grid stays in place as its first rows arrive and as another page loads', async () => {
    const page = await signedInPage(e2e, 'admin', language, '/');

    let answer = await holdAnswers(page);
    await pushRoute(page, '/admin/cost-types');
    await loadingBar(page).waitFor();
    const loading = await gridTop(page);
    await answer();
    await page.locator('[data-testid=cost-types-table] .ag-row').first().waitFor();
    await expect.poll(() => loadingBar(page).count()).toBe(0);
    expect(await gridTop(page)).toBe(loading);

    answer = await holdAnswers(page);
    await pushRoute(page, '/admin/cost-types?page=2');
    await loadingBar(page).waitFor();
    expect(await gridTop(page)).toBe(loading);
    await answer();
    await expect.poll(() => loadingBar(page).count()).toBe(0);
    expect(await gridTop(page)).toBe(loading);
  });
});
