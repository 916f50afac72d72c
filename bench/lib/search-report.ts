// The search benchmark's figures (bench/search.ts; the export's are in export-report.ts) as the report shows them: search.ts
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
}

export function searchRunFile(dir: string, scale: number) {
  return path.join(dir, `search-scale-${scale}.json`);
}

export function readSearchRun(dir: string, scale: number): SearchRun | undefined {
  const file = searchRunFile(dir, scale);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SearchRun) : undefined;
}

const HEADING = '### Global search';

/** The section (a table per figure) and the closing lines. */
export function renderSearchSection(run: SearchRun): { section: string[]; lines: string[] } {
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
  ];
  const lines = [`search p95 ms: ${fmt(run.p95, 1)}`];
  return { section, lines };
}

/** latest.md with this section and its lines replaced (or added before the closing lines). */
export function replaceSection(report: string, section: string[], lines: string[]): string {
  let text = report.replace(
    /\n### Global search(?: and a 100,000-row export)?\n[\s\S]*?(?=\n### |\n\nratio )/,
    '',
  );
  text = text.replace(/^search p95 ms: .*\n/gm, '');
  const closing = text.lastIndexOf('\n\nratio ');
  const body = closing >= 0 ? text.slice(0, closing) : text.trimEnd();
  const tail = closing >= 0 ? text.slice(closing) : '\n';
  return `${body}\n\n${section.join('\n')}\n${tail.trimEnd()}\n${lines.join('\n')}\n`;
}
