// The search and export benchmark's figures (bench/search.ts) as the report shows them: search.ts
// writes them into results/latest.md, and bench.ts adds them again on its next run when a run of
// the same scale is saved beside it.
import fs from 'node:fs';
import path from 'node:path';
import type { Account } from './queries.ts';
import { fmt } from './stats.ts';

/** Goal: the global search answers within 50 ms (p95, every account). */
export const SEARCH_GOAL_MS = 50;

export interface SearchRun {
  scale: number;
  rounds: number;
  commit: string;
  date: string;
  terms: string[];
  accounts: {
    account: Account;
    requests: number;
    p50: number;
    p95: number;
    max: number;
    hits: number;
  }[];
  p95: number;
  export: {
    /** Rows the server gave (100,000 unless it stopped). */
    rows: number;
    /** Why the fetching stopped before 100,000 rows, if it did. */
    stopped?: string;
    pages: number;
    /** All pages one after another, as the export fetches them. */
    fetchMs: number;
    pageP95: number;
    pageMax: number;
    /** The longest step between two yields to the browser: one page turned into typed cells. */
    cellsPageMax: number;
    csvMs: number;
    /** Written in the export's Web Worker, off the main thread. */
    xlsxMs: number;
  };
}

export function searchRunFile(dir: string, scale: number) {
  return path.join(dir, `search-scale-${scale}.json`);
}

export function readSearchRun(dir: string, scale: number): SearchRun | undefined {
  const file = searchRunFile(dir, scale);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SearchRun) : undefined;
}

const HEADING = '### Global search and a 100,000-row export';

/** The section (a table per figure) and the closing lines. */
export function renderSearchSection(run: SearchRun): { section: string[]; lines: string[] } {
  const e = run.export;
  const section = [
    HEADING,
    '',
    `\`npm run bench:search -- --scale ${run.scale}\` at ${run.commit}, ${run.date.slice(0, 10)}: ` +
      `globalSearch over GraphQL (production server, trusted documents), one request at a time, ` +
      `${run.rounds} rounds of ${run.terms.length} texts × 5 and 50 per kind, per account. ` +
      `Goal: p95 < ${SEARCH_GOAL_MS} ms.`,
    '',
    '| account | requests | p50 ms | p95 ms | max ms | hits (5 per kind) | goal |',
    '| ------- | -------: | -----: | -----: | -----: | ----------------: | ---- |',
    ...run.accounts.map(
      (row) =>
        `| ${row.account} | ${row.requests} | ${fmt(row.p50, 1)} | ${fmt(row.p95, 1)} | ` +
        `${fmt(row.max, 1)} | ${row.hits} | ${row.p95 < SEARCH_GOAL_MS ? 'yes' : '**no**'} |`,
    ),
    '',
    `Export of the invoices list as the admin: ${e.rows.toLocaleString('en')} rows in ` +
      `${e.pages} pages of 500, fetched in ${fmt(e.fetchMs / 1000, 1)} s (page p95 ` +
      `${fmt(e.pageP95)} ms, slowest ${fmt(e.pageMax)} ms; offset paging, so later pages cost ` +
      `more)${e.stopped ? `; **stopped before 100,000 rows: ${e.stopped}**` : ''}. The browser's ` +
      `work on 100,000 rows (the fetched ones repeated when fewer), measured in Node: the longest ` +
      `step on the main thread (one page into typed cells) ${fmt(e.cellsPageMax, 1)} ms; the ` +
      `whole CSV ${fmt(e.csvMs)} ms; the XLSX ${fmt(e.xlsxMs)} ms, written in a Web Worker.`,
  ];
  const lines = [
    `search p95 ms: ${fmt(run.p95, 1)}`,
    `export ${e.rows} rows fetch s: ${fmt(e.fetchMs / 1000, 1)}${e.stopped ? ' (stopped)' : ''}`,
    `export longest main-thread step ms: ${fmt(e.cellsPageMax, 1)}`,
  ];
  return { section, lines };
}

/** latest.md with this section and its lines replaced (or added before the closing lines). */
export function replaceSection(report: string, section: string[], lines: string[]): string {
  let text = report.replace(
    /\n### Global search and a 100,000-row export\n[\s\S]*?(?=\n### |\n\nratio )/,
    '',
  );
  text = text.replace(
    /^(search p95 ms|export \d+ rows fetch s|export longest main-thread step ms): .*\n/gm,
    '',
  );
  const closing = text.lastIndexOf('\n\nratio ');
  const body = closing >= 0 ? text.slice(0, closing) : text.trimEnd();
  const tail = closing >= 0 ? text.slice(closing) : '\n';
  return `${body}\n\n${section.join('\n')}\n${tail.trimEnd()}\n${lines.join('\n')}\n`;
}
