// The export benchmark's figures (bench/export.ts) as the report shows them: export.ts writes them
// into results/latest.md, and bench.ts adds them again on its next run when a run of the same
// scale is saved beside it.
import fs from 'node:fs';
import path from 'node:path';
import { fmt } from './stats.ts';

/** One list exported as the admin: its rows fetched page by page (keyset), one after another. */
export interface ExportListRun {
  list: string;
  /** Rows the server gave (100,000 unless the list holds fewer or the fetching stopped). */
  rows: number;
  /** Why the fetching stopped before the end, if it did. */
  stopped?: string;
  pages: number;
  pageSize: number;
  /** All pages one after another, as the export fetches them. */
  fetchMs: number;
  pageP50: number;
  pageP95: number;
  pageMax: number;
  /** The mean of the first and of the last tenth of the pages: equal when a page costs the same
   * wherever it is in the list. */
  firstPagesMean: number;
  lastPagesMean: number;
}

export interface ExportRun {
  scale: number;
  commit: string;
  date: string;
  /** `uptime`'s load averages (1, 5, 15 min) at the start and the end: the machine is shared. */
  loadStart: number[];
  loadEnd: number[];
  cores: number;
  lists: ExportListRun[];
  /** The browser's work on 100,000 rows of the first list, measured in Node. */
  browser: {
    rows: number;
    /** The longest step between two yields to the browser: one page turned into typed cells. */
    cellsPageMax: number;
    csvMs: number;
    /** Written in the export's Web Worker, off the main thread. */
    xlsxMs: number;
  };
}

export function exportRunFile(dir: string, scale: number) {
  return path.join(dir, `export-scale-${scale}.json`);
}

export function readExportRun(dir: string, scale: number): ExportRun | undefined {
  const file = exportRunFile(dir, scale);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ExportRun) : undefined;
}

const HEADING = '### A 100,000-row export';
const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');

/** The section (a table of the lists) and the closing lines. */
export function renderExportSection(run: ExportRun): { section: string[]; lines: string[] } {
  const b = run.browser;
  const first = run.lists[0];
  const section = [
    HEADING,
    '',
    `\`npm run bench:export -- --scale ${run.scale}\` at ${run.commit}, ${run.date.slice(0, 10)}: ` +
      `each list exported as the admin the way the export module does it (the list's document and ` +
      `default order, production server, trusted documents), pages fetched one after another, ` +
      `each after the previous page's last row (the connection's \`after\` cursor: keyset ` +
      `paging). Load average (\`uptime\`, ${run.cores} cores) ${load(run.loadStart)} at the ` +
      `start, ${load(run.loadEnd)} at the end.`,
    '',
    '| list | rows | pages | fetch s | page p50 ms | page p95 ms | slowest ms | first 10 % of pages, mean ms | last 10 %, mean ms |',
    '| ---- | ---: | ----: | ------: | ----------: | ----------: | ---------: | ---------------------------: | -----------------: |',
    ...run.lists.map(
      (row) =>
        `| ${row.list}${row.stopped ? ` (**stopped: ${row.stopped}**)` : ''} | ` +
        `${row.rows.toLocaleString('en')} | ${row.pages} × ${row.pageSize} | ` +
        `${fmt(row.fetchMs / 1000, 1)} | ${fmt(row.pageP50)} | ${fmt(row.pageP95)} | ` +
        `${fmt(row.pageMax)} | ${fmt(row.firstPagesMean)} | ${fmt(row.lastPagesMean)} |`,
    ),
    '',
    `The browser's work on ${b.rows.toLocaleString('en')} rows of ${first?.list ?? 'the list'}, ` +
      `measured in Node: the longest step on the main thread between two yields (one page into ` +
      `typed cells) ${fmt(b.cellsPageMax, 1)} ms; the whole CSV ${fmt(b.csvMs)} ms; the XLSX ` +
      `${fmt(b.xlsxMs)} ms, written in a Web Worker (off the main thread).`,
  ];
  const lines = first
    ? [
        `export ${first.rows} rows fetch s: ${fmt(first.fetchMs / 1000, 1)}${first.stopped ? ' (stopped)' : ''}`,
        `export page p95 ms: ${fmt(first.pageP95)}`,
        `export longest main-thread step ms: ${fmt(b.cellsPageMax, 1)}`,
      ]
    : [];
  return { section, lines };
}

/** latest.md with this section and its lines replaced (or added before the closing lines). */
export function replaceExportSection(report: string, section: string[], lines: string[]): string {
  let text = report.replace(/\n### A 100,000-row export\n[\s\S]*?(?=\n### |\n\nratio )/, '');
  text = text.replace(
    /^(export \d+ rows fetch s|export page p95 ms|export longest main-thread step ms): .*\n/gm,
    '',
  );
  const closing = text.lastIndexOf('\n\nratio ');
  const body = (closing >= 0 ? text.slice(0, closing) : text).trimEnd();
  const tail = closing >= 0 ? text.slice(closing) : '\n';
  return `${body}\n\n${section.join('\n')}${tail.trimEnd()}\n${lines.join('\n')}\n`;
}
