// Lists' filters (issue 28 §8, issue 26): a date typed quickly is applied whole, once; a text
// search on costs finds by name, invoice number and supplier; home's "my rejected costs" lists
// only the author's costs.
import { describe, expect, it } from 'vitest';
import { tableLink } from '../web/src/components/DataTable/table-state.ts';
import { COSTS_TABLE } from '../web/src/features/costs/costs-list.ts';
import { signedInPage, slowCpu, useBrowser, type E2E } from './browser.ts';

const e2e: E2E = useBrowser();

const rowIds = (page: Awaited<ReturnType<typeof signedInPage>>, table: string) =>
  page
    .locator(`[data-testid=${table}] .ag-row[row-id]`)
    .evaluateAll((rows) =>
      [...new Set(rows.map((row) => Number(row.getAttribute('row-id'))))].sort((a, b) => a - b),
    );

describe('list filters', () => {
  it('a date typed quickly ("14.11.2025") is applied whole: the chip, the URL and the list agree', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru', '/documents');
    await page.getByTestId('toggle-filters').click();
    const field = page.getByRole('group', { name: /^Подписан с/ });
    await field.getByRole('spinbutton').first().click();
    await page.keyboard.type('14112025', { delay: 20 });
    await expect.poll(() => new URL(page.url()).searchParams.get('signedFrom')).toBe('2025-11-14');
    await expect
      .poll(() => page.getByTestId('filter-chips').innerText())
      .toContain('Подписан с: 14.11.2025');
    // Applied once, whole: no history entry for a part-typed year.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(4);
    const { rows } = await e2e.app.db.owner.query<{ n: number }>(
      `select count(*)::int as n from app_public.documents
        where not is_deleted and signing_date >= '2025-11-14'`,
    );
    const count = rows[0]!.n;
    if (count === 0) await page.getByTestId('table-empty').waitFor();
    else
      await expect.poll(() => page.getByTestId('pagination').innerText()).toContain(`из ${count}`);
  });

  it('home\'s "my rejected costs" lists only the author\'s rejected costs (createdBy filter)', async () => {
    const { rows: authors } = await e2e.app.db.owner.query<{ id: string; n: number }>(
      `select created_by as id, count(*)::int as n from app_public.costs
        where status = 'rejected' and not is_deleted and created_by is not null
        group by created_by order by n`,
    );
    const { rows: all } = await e2e.app.db.owner.query<{ n: number }>(
      `select count(*)::int as n from app_public.costs where status = 'rejected' and not is_deleted`,
    );
    const author = authors[0]!;
    // The bug showed only when someone else has rejected costs too.
    expect(all[0]!.n).toBeGreaterThan(author.n);
    const link = tableLink('/costs', COSTS_TABLE, {
      status: 'rejected',
      createdBy: { id: author.id, label: 'Author' },
    });
    expect(link).toBe(`/costs?status=rejected&createdBy=${author.id}%7EAuthor`);
    const page = await signedInPage(e2e, 'admin', 'en', link);
    await page.getByTestId('filter-chips').getByText('Created by: Author').waitFor();
    const { rows: own } = await e2e.app.db.owner.query<{ id: number }>(
      `select id from app_public.costs
        where status = 'rejected' and not is_deleted and created_by = $1 order by id desc limit 10`,
      [author.id],
    );
    await expect
      .poll(() => rowIds(page, 'costs-table'))
      .toEqual(own.map((row) => row.id).sort((a, b) => a - b));
  });

  it('the costs search finds a cost by its name, its invoice number and its supplier; Back shows the search before', async () => {
    const { rows } = await e2e.app.db.owner.query<{
      id: number;
      name: string;
      ref: string;
      supplier: string;
    }>(
      `select c.id, c.name, i.invoice_ref as ref, s.legal_name as supplier
         from app_public.costs c join app_public.invoices i on i.id = c.invoice_id
         join app_public.suppliers s on s.id = i.supplier_id
        where not c.is_deleted order by c.id desc limit 1`,
    );
    // The newest cost: first on the page (newest first) for any search that finds it.
    const cost = rows[0]!;
    const page = await signedInPage(e2e, 'admin', 'en', '/costs');
    for (const typed of [cost.name, cost.ref, cost.supplier]) {
      await page.getByTestId('costs-search').fill(typed);
      // Applied a moment after typing stops, without Enter.
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(typed);
      // The list has rendered it (the newest cost is first whatever the search).
      await page.getByTestId('filter-chips').getByText(typed, { exact: false }).waitFor();
      await page
        .locator(`[data-testid=costs-table] .ag-row[row-id="${cost.id}"]`)
        .first()
        .waitFor();
    }
    // Back is a change from elsewhere: the field shows the search it returns to.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(cost.ref);
    await expect.poll(() => page.getByTestId('costs-search').inputValue()).toBe(cost.ref);
  });

  it('a header clicked twice in quick succession sorts descending, on a slow machine too (the render of the first sort does not undo the second)', async () => {
    const page = await signedInPage(e2e, 'admin', 'en', '/admin/projects');
    const table = page.getByTestId('projects-table');
    await table.locator('.ag-row').first().waitFor();
    // A browser six times slower: the list renders a sort well after its address has changed.
    await slowCpu(page, 6);
    const header = table.locator('.ag-header-cell[col-id="name"] .ag-header-cell-label');
    await header.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('NAME.asc');
    await header.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('NAME.desc');
    // Settled: the rows come last (a late render of the first sort would have reached them
    // first), then the address and the header's arrow still say descending.
    await slowCpu(page, 1);
    const { rows } = await e2e.app.db.owner.query<{ name: string }>(
      `select name from app_public.projects where not is_archived order by name desc limit 1`,
    );
    await expect
      .poll(() =>
        table.locator('.ag-row[row-index="0"] .ag-cell[col-id="name"]').first().textContent(),
      )
      .toBe(rows[0]!.name);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('NAME.desc');
    await table.locator('.ag-header-cell[col-id="name"][aria-sort="descending"]').waitFor();
  });

  it('while a page loads, the footer keeps the total it knows ("11–20 из N", not "0–0 из 0"); before the first page it shows no count and no paging', async () => {
    const page = await signedInPage(e2e, 'accountant', 'ru');
    // The costs list's answers are held until the test lets them go.
    let release = () => {};
    let held = 0;
    // (A short query goes as GET with its operation's name in the address.)
    await page.route(
      (url) =>
        url.pathname.endsWith('/graphql') && url.searchParams.get('operationName') === 'AllCosts',
      async (route) => {
        held += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return route.continue();
      },
    );
    await page.goto('/costs');
    const footer = page.getByTestId('pagination');
    const next = footer.getByRole('button', { name: 'Следующая страница' });
    await expect.poll(() => held).toBe(1);
    await footer.waitFor();
    expect(await footer.innerText()).not.toMatch(/\d+–\d+/);
    expect(await next.isDisabled()).toBe(true);
    release();
    await expect.poll(() => footer.innerText()).toMatch(/1–10 из \d/);
    const total = /из (.+)$/m.exec(await footer.innerText())![1]!;

    await next.click();
    await expect.poll(() => held).toBe(2);
    await page.getByTestId('costs-table').locator('.ag-overlay-loading-center').waitFor();
    expect(await footer.innerText()).toContain(`11–20 из ${total}`);
    release();
    await page.getByTestId('costs-table').locator('.ag-row').first().waitFor();
    expect(await footer.innerText()).toContain(`11–20 из ${total}`);
  });
});
