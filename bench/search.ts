// npm run bench:search -- --scale S [--rounds n]
// The global search and a 100,000-row export on the benchmark's data (issue 28):
// - search: globalSearch as each demo account, for typed texts taken from the data (an invoice
//   number in full and in part, a cost's, a supplier's, a client's and a document's name, an id),
//   one request at a time, `--rounds` times (10 at scale ≥ 0.5, 2 below); the goal is p95 < 50 ms;
// - export: the invoices list of the admin, 100,000 rows (or all there are) fetched as the export
//   module does (pages of 500, the list's document and order), the pages' time and the slowest
//   page; and the browser's work per page, measured here in Node: turning a page into typed cells
//   (the longest step on the main thread between two yields) and writing the XLSX of every row
//   (done in the export's Web Worker, off the main thread).
// Applies migrations the benchmark database does not have yet (indexes of the search). Writes
// results/search-scale-S.json, and its section of results/latest.md (bench.ts adds it again on
// its next run).
import '../server/src/env.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrate } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import { AllInvoicesDocument, GlobalSearchDocument } from '../web/src/api/generated.ts';
import { LoginDocument } from '../web/src/api/session-generated.ts';
import { cellOf, type ExportColumn } from '../web/src/components/export/cells.ts';
import { buildExport } from '../web/src/components/export/run.ts';
import { log, numberOption, parseScaleArgs } from './lib/cli.ts';
import { openBenchCluster, withClient } from './lib/cluster.ts';
import { byId, type Account } from './lib/queries.ts';
import { ACCOUNTS } from './lib/screens.ts';
import {
  renderSearchSection,
  replaceSection,
  searchRunFile,
  type SearchRun,
} from './lib/search-report.ts';
import { checkData, prepareRoles, startServer } from './lib/server-process.ts';
import { percentile } from './lib/stats.ts';

const { scale, values } = parseScaleArgs({ rounds: { type: 'string' } });
const rounds = Math.round(numberOption(values.rounds, 'rounds', scale >= 0.5 ? 10 : 2));
const EXPORT_ROWS = 100_000;
/** The export's fetching stops after this long (offset paging gets slower page by page). */
const EXPORT_BUDGET_MS = 150_000;
const RESULTS = path.resolve('bench', 'results');

const cluster = await openBenchCluster(log);
let stopServer = async () => {};
try {
  await checkData(cluster, scale);
  log('Applying migrations the benchmark database does not have yet ...');
  await migrate(cluster.ownerUrl);
  await withClient(cluster.ownerUrl, (client) => client.query('analyze'));
  await prepareRoles(cluster);
  const { base, stop } = await startServer(cluster);
  stopServer = stop;

  const post = async (payload: unknown, token?: string) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(payload),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the documents' shapes vary
    const json = (await response.json()) as { data?: any; errors?: unknown[] };
    if (!response.ok || json.errors) throw new Error(JSON.stringify(json).slice(0, 500));
    return json.data;
  };
  const tokens = {} as Record<Account, string>;
  for (const username of ACCOUNTS) {
    const data = await post(byId(LoginDocument.toString(), { username, password: DEMO_PASSWORD }));
    tokens[username] = data.login.accessToken;
  }

  // What people type: taken from the data, so that every text finds something.
  const terms = await withClient(cluster.ownerUrl, async (client) => {
    const one = async (sql: string) =>
      Object.values((await client.query(sql)).rows[0])[0] as string;
    return [
      await one(`select invoice_ref from app_public.invoices order by id desc limit 1`),
      (await one(`select invoice_ref from app_public.invoices order by id desc limit 1`)).slice(
        0,
        -2,
      ),
      await one(`select split_part(name, ' ', 1) from app_public.costs order by id desc limit 1`),
      await one(`select substr(legal_name, 1, 6) from app_public.suppliers order by id limit 1`),
      await one(`select substr(legal_name, 1, 6) from app_public.clients order by id limit 1`),
      await one(
        `select substr(name, 1, 8) from app_public.documents order by created_at desc limit 1`,
      ),
      await one(`select max(id)::text from app_public.costs`),
    ];
  });
  log(`Search texts: ${terms.map((term) => JSON.stringify(term)).join(', ')}`);

  const search = (term: string, account: Account, perKind: number) =>
    post(byId(GlobalSearchDocument.toString(), { search: term, perKind }), tokens[account]);
  // Warm-up: every text once per account.
  for (const account of ACCOUNTS) for (const term of terms) await search(term, account, 5);
  const timings: Record<string, number[]> = {};
  const hits: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    for (const account of ACCOUNTS) {
      for (const term of terms) {
        for (const perKind of [5, 50]) {
          const start = performance.now();
          const data = await search(term, account, perKind);
          (timings[account] ??= []).push(performance.now() - start);
          if (round === 0 && perKind === 5)
            hits[account] = (hits[account] ?? 0) + data.globalSearch.nodes.length;
        }
      }
    }
  }

  // The export: the invoices list as the admin exports it.
  log(`Export: up to ${EXPORT_ROWS} invoices in pages of 500 ...`);
  const pageTimes: number[] = [];
  const fetched: Record<string, unknown>[] = [];
  let stopped: string | undefined;
  const exportStart = performance.now();
  for (let offset = 0; offset < EXPORT_ROWS; offset += 500) {
    if (performance.now() - exportStart > EXPORT_BUDGET_MS) {
      stopped = `the time budget (${EXPORT_BUDGET_MS / 1000} s) ran out at offset ${offset}`;
      break;
    }
    const start = performance.now();
    try {
      const data = await post(
        byId(AllInvoicesDocument.toString(), {
          first: 500,
          offset,
          orderBy: ['INVOICE_DATE_DESC', 'PRIMARY_KEY_ASC'],
        }),
        tokens.admin,
      );
      pageTimes.push(performance.now() - start);
      const nodes = data.allInvoices.nodes as Record<string, unknown>[];
      fetched.push(...nodes);
      if (nodes.length < 500) break;
    } catch (error) {
      stopped = `the page at offset ${offset} failed after ${Math.round(performance.now() - start)} ms: ${String(error).slice(0, 160)}`;
      break;
    }
  }
  if (stopped) log(`Export stopped: ${stopped}`);
  const fetchMs = performance.now() - exportStart;

  // The browser's work on 100,000 rows, here in Node: each page's cells (main thread), the XLSX.
  // The fetched rows, repeated to 100,000 when the server gave fewer.
  const rows = Array.from(
    { length: Math.min(EXPORT_ROWS, fetched.length ? EXPORT_ROWS : 0) },
    (_, index) => fetched[index % fetched.length]!,
  );
  const t = ((key: string) => key) as never;
  const columns: ExportColumn<Record<string, unknown>>[] = [
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
  for (let offset = 0; offset < rows.length; offset += 500) {
    const start = performance.now();
    for (const row of rows.slice(offset, offset + 500))
      for (const column of columns) cellOf(column, row, t);
    cellsPageMax = Math.max(cellsPageMax, performance.now() - start);
  }
  const loadPage = async (first: number, offset: number) => rows.slice(offset, offset + first);
  const time = async (format: 'csv' | 'xlsx') => {
    const start = performance.now();
    await buildExport({ format, title: 'Invoices', columns, loadPage, t, language: 'ru' });
    return performance.now() - start;
  };
  const csvMs = await time('csv');
  const xlsxMs = await time('xlsx');

  const all = Object.values(timings).flat();
  const run: SearchRun = {
    scale,
    rounds,
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
    date: new Date().toISOString(),
    terms,
    accounts: ACCOUNTS.map((account) => ({
      account,
      requests: timings[account]!.length,
      p50: percentile(timings[account]!, 50),
      p95: percentile(timings[account]!, 95),
      max: Math.max(...timings[account]!),
      hits: hits[account] ?? 0,
    })),
    p95: percentile(all, 95),
    export: {
      rows: fetched.length,
      stopped,
      pages: pageTimes.length,
      fetchMs,
      pageP95: percentile(pageTimes, 95),
      pageMax: Math.max(...pageTimes),
      cellsPageMax,
      csvMs,
      xlsxMs,
    },
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(searchRunFile(RESULTS, scale), `${JSON.stringify(run, null, 2)}\n`);
  const latest = path.join(RESULTS, 'latest.md');
  const { section, lines } = renderSearchSection(run);
  if (fs.existsSync(latest)) {
    fs.writeFileSync(latest, replaceSection(fs.readFileSync(latest, 'utf8'), section, lines));
    log(`Written to ${path.relative(process.cwd(), latest)}`);
  }
  console.log(`\n${[...section, '', ...lines].join('\n')}`);
} finally {
  await stopServer();
  await cluster.stop();
}
