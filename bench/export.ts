// npm run bench:export -- --scale S [--lists invoices,costs,bills] [--rows n]
// A 100,000-row export on the benchmark's data (issue 28 item 6), as the export module does it:
// - fetch: each list of the admin, up to `--rows` rows (100,000), in pages of API_PAGE_MAX with
//   the list's document, its default order and the connection's `after` cursor (keyset paging:
//   each page starts after the previous page's last row); the pages' time, p95 and slowest, and
//   the first pages against the last (equal when a late page costs what an early one does);
// - the browser's work on those rows, measured here in Node: turning a page into typed cells (the
//   longest step on the main thread between two yields) and writing the whole CSV and XLSX (the
//   XLSX in the export's Web Worker in the browser, off the main thread).
// Applies migrations the benchmark database does not have yet. Writes results/export-scale-S.json
// and its section of results/latest.md (bench.ts adds it again on its next run). Prints `uptime`'s
// load before and after: on a shared machine every figure depends on it.
import '../server/src/env.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import {
  AllBillsDocument,
  AllCostsDocument,
  AllInvoicesDocument,
} from '../web/src/api/generated.ts';
import { LoginDocument } from '../web/src/api/session-generated.ts';
import { cellOf, type ExportColumn } from '../web/src/components/export/cells.ts';
import {
  API_PAGE_MAX,
  buildExport,
  connectionPage,
  loadPages,
  rowsPages,
  type PageLoader,
} from '../web/src/components/export/run.ts';
import { log, numberOption, parseScaleArgs } from './lib/cli.ts';
import { openBenchCluster } from './lib/cluster.ts';
import {
  exportRunFile,
  renderExportSection,
  replaceExportSection,
  type ExportListRun,
  type ExportRun,
} from './lib/export-report.ts';
import { byId } from './lib/queries.ts';
import { startMigratedServer } from './lib/server-process.ts';
import { percentile } from './lib/stats.ts';

const { scale, values } = parseScaleArgs({
  lists: { type: 'string' },
  rows: { type: 'string' },
});
const EXPORT_ROWS = Math.round(numberOption(values.rows, 'rows', 100_000));
/** A list's fetching stops after this long (a safety net; keyset pages cost the same). */
const LIST_BUDGET_MS = 600_000;
const RESULTS = path.resolve('bench', 'results');

type Row = Record<string, unknown>;
type Post = (payload: unknown) => Promise<Row>;

/** Each list as its screen exports it: its document, its default order, no filter. */
const LISTS: Record<string, (post: Post) => PageLoader<Row>> = {
  invoices: (post) => async (first, after) => {
    const variables = { first, offset: 0, after, orderBy: ['CREATED_AT_DESC', 'PRIMARY_KEY_ASC'] };
    const data = await post(byId(AllInvoicesDocument.toString(), variables));
    return connectionPage(data.allInvoices as never);
  },
  costs: (post) => async (first, after) => {
    const none = '00000000-0000-0000-0000-000000000000';
    const variables = {
      first,
      offset: 0,
      after,
      orderBy: ['ID_DESC', 'PRIMARY_KEY_ASC'],
      projectId: none,
      withProject: false,
      costTypeId: none,
      withCostType: false,
      subsidiaryId: none,
      withSubsidiary: false,
      supplierId: none,
      withSupplier: false,
    };
    const data = await post(byId(AllCostsDocument.toString(), variables));
    return connectionPage(data.allCosts as never);
  },
  bills: (post) => async (first, after) => {
    const variables = { first, offset: 0, after, orderBy: ['CREATED_AT_DESC', 'PRIMARY_KEY_ASC'] };
    const data = await post(byId(AllBillsDocument.toString(), variables));
    return connectionPage(data.allBills as never);
  },
};
const lists = String(values.lists ?? 'invoices,costs,bills')
  .split(',')
  .map((list) => list.trim());
for (const list of lists) if (!LISTS[list]) throw new Error(`Unknown list ${list}`);

const loadStart = os.loadavg();
log(`Load average ${loadStart.map((value) => value.toFixed(2)).join(', ')}`);
const cluster = await openBenchCluster(log);
let stopServer = async () => {};
try {
  const server = await startMigratedServer(cluster, scale);
  stopServer = server.stop;
  const request = (payload: unknown, token?: string) => server.post<Row>(payload, token);
  const signIn = async () => {
    const login = await request(
      byId(LoginDocument.toString(), { username: 'admin', password: DEMO_PASSWORD }),
    );
    return (login.login as { accessToken: string }).accessToken;
  };
  let token = await signIn();
  // An access token lives 15 minutes; the web app then refreshes it and repeats the request.
  const post: Post = async (payload) => {
    try {
      return await request(payload, token);
    } catch (error) {
      if (!String(error).includes('JwtTokenExpired')) throw error;
      token = await signIn();
      return request(payload, token);
    }
  };

  const runs: ExportListRun[] = [];
  let firstRows: Row[] = [];
  for (const list of lists) {
    log(`Export of ${list}: up to ${EXPORT_ROWS.toLocaleString('en')} rows ...`);
    const loader = LISTS[list]!(post);
    const pageTimes: number[] = [];
    let stopped: string | undefined;
    const start = performance.now();
    const timed: PageLoader<Row> = async (first, after) => {
      if (performance.now() - start > LIST_BUDGET_MS)
        throw new Error(`the time budget (${LIST_BUDGET_MS / 1000} s) ran out`);
      const pageStart = performance.now();
      const page = await loader(first, after);
      pageTimes.push(performance.now() - pageStart);
      if (pageTimes.length % 20 === 0) log(`  ${list}: ${pageTimes.length} pages`);
      return page;
    };
    let rows: Row[] = [];
    try {
      rows = (await loadPages(EXPORT_ROWS, timed)).rows;
    } catch (error) {
      stopped = String(error).slice(0, 160);
      log(`Export of ${list} stopped: ${stopped}`);
    }
    const fetchMs = performance.now() - start;
    const tenth = Math.max(1, Math.floor(pageTimes.length / 10));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
    runs.push({
      list,
      rows: rows.length,
      stopped,
      pages: pageTimes.length,
      pageSize: API_PAGE_MAX,
      fetchMs,
      pageP50: percentile(pageTimes, 50),
      pageP95: percentile(pageTimes, 95),
      pageMax: Math.max(...pageTimes),
      firstPagesMean: mean(pageTimes.slice(0, tenth)),
      lastPagesMean: mean(pageTimes.slice(-tenth)),
    });
    log(
      `  ${rows.length} rows in ${(fetchMs / 1000).toFixed(1)} s, page p95 ${percentile(pageTimes, 95).toFixed(0)} ms`,
    );
    if (runs.length === 1) firstRows = rows;
  }

  // The browser's work on the first list's rows (repeated to EXPORT_ROWS when the server gave
  // fewer), here in Node: each page's cells (main thread), the CSV, the XLSX (a Web Worker there).
  const rows = firstRows.length
    ? Array.from({ length: EXPORT_ROWS }, (_, index) => firstRows[index % firstRows.length]!)
    : [];
  const t = ((key: string) => key) as never;
  const columns: ExportColumn<Row>[] = [
    { field: 'id', header: 'id' },
    { field: 'invoiceRef', header: 'invoiceRef' },
    { field: 'invoiceDate', header: 'invoiceDate' },
    { field: 'dueDate', header: 'dueDate' },
    { field: 'currency', header: 'currency' },
    { field: 'amount', header: 'amount', kind: 'money', currency: (row) => String(row.currency) },
    { field: 'amountUsd', header: 'amountUsd', kind: 'money', currency: 'USD' },
    {
      field: 'amountWVat',
      header: 'amountWVat',
      kind: 'money',
      currency: (row) => String(row.currency),
    },
    { field: 'status', header: 'status', kind: 'status' },
    { field: 'createdAt', header: 'createdAt' },
  ];
  let cellsPageMax = 0;
  for (let offset = 0; offset < rows.length; offset += API_PAGE_MAX) {
    const start = performance.now();
    for (const row of rows.slice(offset, offset + API_PAGE_MAX))
      for (const column of columns) cellOf(column, row, t);
    cellsPageMax = Math.max(cellsPageMax, performance.now() - start);
  }
  const time = async (format: 'csv' | 'xlsx') => {
    log(`Building the ${format.toUpperCase()} of ${rows.length.toLocaleString('en')} rows ...`);
    const start = performance.now();
    const loadPage = rowsPages(rows);
    await buildExport({ format, title: 'Invoices', columns, loadPage, t, language: 'ru' });
    return performance.now() - start;
  };
  const csvMs = await time('csv');
  const xlsxMs = await time('xlsx');

  const run: ExportRun = {
    scale,
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
    date: new Date().toISOString(),
    loadStart,
    loadEnd: os.loadavg(),
    cores: os.cpus().length,
    lists: runs,
    browser: { rows: rows.length, cellsPageMax, csvMs, xlsxMs },
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(exportRunFile(RESULTS, scale), `${JSON.stringify(run, null, 2)}\n`);
  const latest = path.join(RESULTS, 'latest.md');
  const { section, lines } = renderExportSection(run);
  if (fs.existsSync(latest)) {
    fs.writeFileSync(latest, replaceExportSection(fs.readFileSync(latest, 'utf8'), section, lines));
    log(`Written to ${path.relative(process.cwd(), latest)}`);
  }
  console.log(`\n${[...section, '', ...lines].join('\n')}`);
} finally {
  await stopServer();
  await cluster.stop();
}
