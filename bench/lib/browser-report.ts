// The browser benchmark's figures (bench/browser.ts) as the report shows them (bench.ts adds
// them to results/latest.md when a run of the same scale is saved beside it).
import fs from 'node:fs';
import path from 'node:path';
import type { Account } from './queries.ts';
import { fmt, percentile } from './stats.ts';
import { MISSED_GOAL } from './findings.ts';

/** Goals (p95 on this machine): first rows after a full load and after an in-app navigation. */
export const BROWSER_GOALS = { fullLoadMs: 500, inAppMs: 150 };

/** Before an in-app navigation the page has fetched nothing for this long (bench/browser.ts). */
export const SETTLED_QUIET_MS = 500;

export interface BrowserRow {
  key: string;
  screen: string;
  account: Account;
  fullLoad: number[];
  /** In-app navigations in a running app: back home, and once it has settled, to the screen. */
  inApp: number[];
  /**
   * The first in-app navigation after a full load of the home screen, the moment it shows: the
   * screen's code evaluated, its styles and the grid's theme added by it. Runs before 2026-12-06
   * lack it (their `inApp` was this).
   */
  inAppFirst?: number[];
  /** JavaScript bytes transferred by a full load on a cold cache (compressed, as sent). */
  jsBytes: number;
  /** Long tasks until the first rows, per full load: count and total ms (the worst load). */
  longTasks: { count: number; ms: number };
}

export interface BrowserRun {
  scale: number;
  rounds: number;
  commit: string;
  date: string;
  /** The machine measured (machine.ts); runs before 2026-12-06 lack it. */
  machine?: string;
  rows: BrowserRow[];
}

export function browserRunFile(dir: string, scale: number) {
  return path.join(dir, `browser-scale-${scale}.json`);
}

export function readBrowserRun(dir: string, scale: number): BrowserRun | undefined {
  const file = browserRunFile(dir, scale);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BrowserRun)
    : undefined;
}

/** The worst screen and account of a figure: its p95 and where. */
function worst(run: BrowserRun, pick: (row: BrowserRow) => number[]) {
  let found = { p95: Number.NaN, row: undefined as BrowserRow | undefined };
  for (const row of run.rows) {
    const p95 = percentile(pick(row), 95);
    if (!(p95 <= found.p95)) found = { p95, row };
  }
  return found;
}

/** The browser table, the goals and what meets them, and the two closing figures. */
export function renderBrowserSection(run: BrowserRun): { section: string[]; lines: string[] } {
  const mark = (value: number, goal: number) => (value <= goal ? 'yes' : '**no**');
  const fullWorst = worst(run, (row) => row.fullLoad);
  const inAppWorst = worst(run, (row) => row.inApp);
  // Runs before 2026-12-06 measured only the first in-app navigation (as `inApp`).
  const hasFirst = run.rows.some((row) => row.inAppFirst?.length);
  const firstWorst = worst(run, (row) => row.inAppFirst ?? []);
  const first = (row: BrowserRow) =>
    hasFirst ? ` ${fmt(percentile(row.inAppFirst ?? [], 95))} |` : '';
  const section = [
    '### The browser: navigation to the first rows',
    '',
    `\`npm run bench:browser -- --scale ${run.scale}\` at ${run.commit}, ${run.date.slice(0, 10)}` +
      `${run.machine ? `, on ${run.machine}` : ''}: ` +
      `the production build in Debian's Chromium (1440×900, ru), ${run.rounds} rounds per screen ` +
      'and account after a warm-up. Full load: `page.goto` of the URL to the first grid row (or the ' +
      "table's empty state; a record's title). In-app: the router's navigation to the URL to the " +
      'same, in a running app, to a screen not yet opened in the page (after a full load of the ' +
      'home screen, in-app to another list screen, back home and, once it has settled — nothing ' +
      `fetched for ${SETTLED_QUIET_MS} ms, then the main thread idle — to the URL; its rows ` +
      'fetched). ' +
      (hasFirst
        ? 'First in-app: the same navigation the moment the home screen shows after its own full ' +
          "load (the screen's code evaluated, its styles and the grid's theme added by it), for " +
          'information. '
        : '') +
      'JS: bytes transferred by a full load on a cold cache (compressed). Long tasks: main-thread ' +
      'tasks over 50 ms before the first rows, the worst load.',
    '',
    `Goals: full load ≤ ${BROWSER_GOALS.fullLoadMs} ms and in-app ≤ ${BROWSER_GOALS.inAppMs} ms, p95.`,
    '',
    `| screen | account | full load p50 | full load p95 | meets | in-app p50 | in-app p95 | meets |${hasFirst ? ' first in-app p95 |' : ''} JS kB | long tasks (ms) |`,
    `| --- | --- | ---: | ---: | --- | ---: | ---: | --- |${hasFirst ? ' ---: |' : ''} ---: | ---: |`,
    ...run.rows.map((row) => {
      const fullP95 = percentile(row.fullLoad, 95);
      const inAppP95 = percentile(row.inApp, 95);
      return (
        `| ${row.screen} | ${row.account} | ${fmt(percentile(row.fullLoad, 50))} | ${fmt(fullP95)} | ` +
        `${mark(fullP95, BROWSER_GOALS.fullLoadMs)} | ${fmt(percentile(row.inApp, 50))} | ` +
        `${fmt(inAppP95)} | ${mark(inAppP95, BROWSER_GOALS.inAppMs)} |${first(row)} ${fmt(row.jsBytes / 1024)} | ` +
        `${row.longTasks.count} (${fmt(row.longTasks.ms)}) |`
      );
    }),
    '',
    `Worst full load: ${fullWorst.row?.screen} as ${fullWorst.row?.account}, ${fmt(fullWorst.p95)} ms; ` +
      `worst in-app: ${inAppWorst.row?.screen} as ${inAppWorst.row?.account}, ${fmt(inAppWorst.p95)} ms.` +
      (hasFirst
        ? ` Worst first in-app: ${firstWorst.row?.screen} as ${firstWorst.row?.account}, ` +
          `${fmt(firstWorst.p95)} ms.`
        : '') +
      (fullWorst.p95 > BROWSER_GOALS.fullLoadMs || inAppWorst.p95 > BROWSER_GOALS.inAppMs
        ? ` ${MISSED_GOAL}`
        : ''),
    '',
  ];
  const lines = [
    `browser full-load p95 ms: ${fmt(fullWorst.p95)}`,
    `browser in-app p95 ms: ${fmt(inAppWorst.p95)}`,
  ];
  return { section, lines };
}
