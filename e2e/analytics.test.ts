// Analytics, home and notifications in Chromium against the built app and a real server (issue
// 16). Each test file has its own database (a clone of the seeded template); tests that need
// particular records insert them.
import { describe, expect, it } from 'vitest';
import { gql, login } from '../server/test/helpers.ts';
import { signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

/** An exact decimal string as the English UI shows it (1,234.50), never through a float. */
function formatMoney(value: string, _language: 'en', currency?: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0')}`;
  return currency ? `${text} ${currency}` : text;
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await e2e.app.db.owner.query(sql, params);
  return rows[0] as T;
}

describe('analytics (SPEC §5 period, create_report)', () => {
  it("the manager's analytics for one project over 2024-11..2026-02 shows SPEC §5's months and the totals of a direct SQL sum", async () => {
    const project = await one<{ id: string }>(
      `select id from app_public.projects where access_key = 'ops.platform'`,
    );
    const sums = await one<{ costs: string; bills: string; margin: string }>(
      `select c.total::text as costs, b.total::text as bills, (b.total - c.total)::text as margin
         from (select sum(amount_usd_w_vat) as total from app_public.costs
                where project_id = $1 and status = 'approved' and not is_deleted
                  and year * 12 + period between 2024 * 12 + 11 and 2026 * 12 + 2) c,
              (select sum(amount_usd_w_vat) as total from app_public.bills
                where project_id = $1 and not is_deleted
                  and year * 12 + period between 2024 * 12 + 11 and 2026 * 12 + 2) b`,
      [project.id],
    );
    const page = await signedInPage(
      e2e,
      'manager',
      'en',
      `/analytics?projects=${project.id}&from=2024-11&to=2026-02`,
    );
    const table = page.getByTestId('analytics-months');
    await table.waitFor();
    // Across years: the start year from November, the whole of 2025, 2026 up to February.
    const months = await table
      .locator('tbody tr:not([data-testid]) td[data-column=month]')
      .allTextContents();
    expect(months).toHaveLength(2 + 12 + 2);
    expect(months[0]).toBe('Nov 2024');
    expect(months[2]).toBe('Jan 2025');
    expect(months.at(-1)).toBe('Feb 2026');
    const total = page.getByTestId('analytics-months-total');
    await expect(total.locator('td[data-column=costs]').textContent()).resolves.toBe(
      formatMoney(sums.costs, 'en'),
    );
    await expect(total.locator('td[data-column=bills]').textContent()).resolves.toBe(
      formatMoney(sums.bills, 'en'),
    );
    await expect(total.locator('td[data-column=margin]').textContent()).resolves.toBe(
      formatMoney(sums.margin, 'en'),
    );
    await expect(page.getByTestId('analytics-total-costs').textContent()).resolves.toBe(
      formatMoney(sums.costs, 'en', 'USD'),
    );
    // The chart: a bar per month for costs and for bills, one line for the margin.
    const bars = await page.locator('.MuiBarChart-element').count();
    expect(bars).toBeGreaterThanOrEqual(16);
    expect(bars).toBeLessThanOrEqual(32);
    expect(await page.locator('.MuiLineChart-line').count()).toBe(1);
  });

  it('exports the table by month to XLSX with the SQL totals', async () => {
    const project = await one<{ id: string }>(
      `select id from app_public.projects where access_key = 'ops.data'`,
    );
    const sums = await one<{ costs: string; bills: string }>(
      `select (select sum(amount_usd_w_vat) from app_public.costs
                where project_id = $1 and status = 'approved' and not is_deleted
                  and year * 12 + period between 2025 * 12 + 1 and 2025 * 12 + 12)::text as costs,
              (select sum(amount_usd_w_vat) from app_public.bills
                where project_id = $1 and not is_deleted
                  and year * 12 + period between 2025 * 12 + 1 and 2025 * 12 + 12)::text as bills`,
      [project.id],
    );
    const page = await signedInPage(
      e2e,
      'manager',
      'en',
      `/analytics?projects=${project.id}&from=2025-01&to=2025-12`,
    );
    await page.getByTestId('analytics-months').waitFor();
    await page.getByTestId('export-button').click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
    const file = await (await download).path();
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 3)).toEqual(['Month', 'Costs, USD']);
    // 12 months and the total.
    expect(sheet.rowCount).toBe(1 + 12 + 1);
    const last = sheet.getRow(sheet.rowCount).values as unknown[];
    expect(last[1]).toBe('Total');
    expect((last[2] as number).toFixed(2)).toBe(sums.costs);
    expect((last[3] as number).toFixed(2)).toBe(sums.bills);
  });

  it('a start later than the end shows SPEC §5 message and no figures', async () => {
    const page = await signedInPage(e2e, 'manager', 'en', '/analytics?from=2026-03&to=2026-02');
    // The message comes with the form's validation, a moment after the fields show.
    await expect
      .poll(() => page.getByTestId('analytics-to').textContent())
      .toContain('The start of the period is after its end.');
    expect(await page.getByTestId('analytics-months').count()).toBe(0);
  });

  it('the manager is offered only its projects (not ops.legacy); the viewer has no analytics', async () => {
    const page = await signedInPage(e2e, 'manager', 'en', '/analytics');
    await page.getByTestId('analytics-projects').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toContain('Platform core');
    expect(options).not.toContain('Legacy billing');
    await page.keyboard.press('Escape');

    const viewer = await signedInPage(e2e, 'viewer', 'en', '/analytics');
    await viewer.waitForURL(/\/no-access$/);
  });
});

describe('home (issue 16)', () => {
  it("the accountant's 'waiting for approval' count equals the costs list filtered the same way, and its link opens that list", async () => {
    // A cost of our own, waiting for approval, on a draft invoice of the accountant's subsidiary.
    await e2e.app.db.owner.query(
      `insert into app_public.costs (name, amount, vat, invoice_id, period, year, created_by)
       select 'E2E cost to approve', 100, 20, i.id, 1, 2026, i.created_by
         from app_public.invoices i join app_public.subsidiaries s on s.id = i.subsidiary_id
        where s.short_name = 'Northwind NL' and i.status = 'draft' and not i.is_deleted
        order by i.id limit 1`,
    );
    const token = (await login(e2e.app.app, 'accountant')).accessToken;
    const list = await gql<{ allCosts: { totalCount: number } }>(
      e2e.app.app,
      `{ allCosts(first: 0, filter: { status: { equalTo: to_approve }, isDeleted: { equalTo: false } }) { totalCount } }`,
      {},
      token,
    );
    const expected = list.data!.allCosts.totalCount;
    const inSubsidiary = await one<{ n: number }>(
      `select count(*)::int as n from app_public.costs c join app_public.subsidiaries s on s.id = c.subsidiary_id
        where s.short_name = 'Northwind NL' and c.status = 'to_approve' and not c.is_deleted`,
    );
    expect(expected).toBe(inSubsidiary.n);

    const page = await signedInPage(e2e, 'accountant');
    const count = page.getByTestId('home-costsToApprove-count');
    await expect.poll(() => count.textContent()).toBe(String(expected));
    await page.getByTestId('home-costsToApprove-all').click();
    await page.waitForURL((url) => url.pathname === '/costs');
    expect(new URL(page.url()).searchParams.get('status')).toBe('to_approve');
  });

  it('the viewer, who may not approve or validate, has no such cards; its aging covers the group', async () => {
    const page = await signedInPage(e2e, 'viewer');
    await page.getByTestId('home-overdueBills').waitFor();
    expect(await page.getByTestId('home-costsToApprove').count()).toBe(0);
    expect(await page.getByTestId('home-invoicesToValidate').count()).toBe(0);
    const payables = page.getByTestId('home-aging-payables');
    await payables.locator('table').waitFor();
    const expected = await one<{ total: string }>(
      `select sum(round(amount_usd_w_vat * (amount_w_vat - paid_amount) / amount_w_vat, 2))::text as total
         from app_public.invoices
        where not is_deleted and status in ('draft', 'open', 'validated') and amount_w_vat > paid_amount`,
    );
    await expect(
      payables.locator('tbody tr').last().locator('td').last().textContent(),
    ).resolves.toBe(formatMoney(expected.total, 'en'));
    await payables.getByTestId('aging-payables-total').last().click();
    await page.waitForURL((url) => url.pathname === '/invoices');
    expect(new URL(page.url()).searchParams.get('unpaid')).toBe('1');
  });
});

describe('notifications (issue 16)', () => {
  it('a rejected invoice notifies its author in their language, the link opens it and marks it read; the rejecting admin gets none', async () => {
    const invoice = await one<{ id: number; invoice_ref: string }>(
      `select i.id, i.invoice_ref from app_public.invoices i join app_public.users u on u.id = i.created_by
        where u.username = 'accountant' and i.status = 'open' and not i.is_deleted order by i.id limit 1`,
    );
    const admin = (await login(e2e.app.app, 'admin')).accessToken;
    const rejected = await gql(
      e2e.app.app,
      `mutation($id: Int!) { rejectInvoice(input: { invoiceId: $id, reason: "VAT does not match" }) { clientMutationId } }`,
      { id: invoice.id },
      admin,
    );
    expect(rejected.errors).toBeUndefined();
    const byAdmin = await one<{ n: number }>(
      `select count(*)::int as n from app_public.notifications n join app_public.users u on u.id = n.user_id
        where u.username = 'admin' and n.params->>'id' = $1 and n.type = 'invoice_rejected'`,
      [String(invoice.id)],
    );
    expect(byAdmin.n).toBe(0);

    const page = await signedInPage(e2e, 'accountant', 'ru');
    const unread = await one<{ n: number }>(
      `select count(*)::int as n from app_public.notifications n join app_public.users u on u.id = n.user_id
        where u.username = 'accountant' and not n.is_read`,
    );
    const bell = page.getByTestId('notifications');
    await expect
      .poll(() => bell.getAttribute('aria-label'))
      .toBe(`Уведомления (непрочитанных: ${unread.n})`);
    await bell.click();
    const first = page.getByTestId('notification').first();
    await expect(first.textContent()).resolves.toContain(`Счёт ${invoice.invoice_ref} отклонён`);
    await expect(first.textContent()).resolves.toContain('Причина: VAT does not match');
    await first.click();
    await page.waitForURL((url) => url.pathname === `/invoices/${invoice.id}`);
    await expect
      .poll(
        async () =>
          (
            await one<{ read: boolean }>(
              `select bool_and(is_read) as read from app_public.notifications
                where params->>'id' = $1 and type = 'invoice_rejected'`,
              [String(invoice.id)],
            )
          ).read,
      )
      .toBe(true);
    await expect
      .poll(() => bell.getAttribute('aria-label'))
      .toBe(unread.n - 1 > 0 ? `Уведомления (непрочитанных: ${unread.n - 1})` : 'Уведомления');
  });

  it('the list pages further back: 20 at first, then the older ones', async () => {
    await e2e.app.db.owner.query(
      `insert into app_public.notifications (user_id, title, type, is_read, read_at, created_at)
       select u.id, 'Paging news ' || g, 'test', true, now(), now() - make_interval(days => g)
         from app_public.users u, generate_series(1, 30) g where u.username = 'viewer'`,
    );
    const total = await one<{ n: number }>(
      `select count(*)::int as n from app_public.notifications n join app_public.users u on u.id = n.user_id
        where u.username = 'viewer'`,
    );
    const page = await signedInPage(e2e, 'viewer');
    await page.getByTestId('notifications').click();
    const items = page.getByTestId('notification');
    await expect.poll(() => items.count()).toBe(20);
    await page.getByTestId('notifications-more').click();
    await expect.poll(() => items.count()).toBe(Math.min(40, total.n));
    await expect(items.last().textContent()).resolves.toContain(
      total.n <= 40 ? 'Paging news 30' : 'Paging news',
    );
  });
});
