// npm run bench:browser -- --scale S [--rounds n] [--out file]
// The browser's own time: the production build served by the benchmark server on the data of
// `npm run bench:data -- --scale S`, driven by Debian's Chromium (playwright-core). For every list
// screen (bench/lib/screens.ts, the same URLs as the API benchmark) and every record page, as each
// demo account whose permissions open it: the time from navigation to the first rows, after a
// full load and after an in-app navigation (in a running app, and the first one after a full
// load of the home screen), the JavaScript transferred on a cold cache, and the long tasks
// (main-thread tasks over 50 ms) until the first rows.
import '../server/src/env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { WEB_DIST } from '../server/src/app.ts';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import type { Permission } from '../web/src/session/permissions.ts';
import { log, numberOption, parseScaleArgs } from './lib/cli.ts';
import { openBenchCluster } from './lib/cluster.ts';
import type { Account } from './lib/queries.ts';
import { ACCOUNTS, SCREENS } from './lib/screens.ts';
import { checkData, prepareRoles, startServer } from './lib/server-process.ts';
import { fmt, percentile } from './lib/stats.ts';
import {
  browserRunFile,
  SETTLED_QUIET_MS,
  type BrowserRow,
  type BrowserRun,
} from './lib/browser-report.ts';
import { commitOf } from './lib/commit.ts';
import { accountFlags, signInAll } from './lib/list-latency.ts';
import { machineOf } from './lib/machine.ts';

const { scale, values } = parseScaleArgs({
  rounds: { type: 'string' },
  out: { type: 'string' },
  accounts: { type: 'string' },
  screens: { type: 'string' },
});
/** `--accounts a,b` and `--screens key,key` (screens.ts keys; invoice, bill, document): a part. */
const only = (value: unknown) =>
  typeof value === 'string' ? new Set(value.split(',').map((item) => item.trim())) : undefined;
const onlyAccounts = only(values.accounts);
const onlyScreens = only(values.screens);
const full = scale >= 0.5;
const rounds = Math.round(numberOption(values.rounds, 'rounds', full ? 10 : 2));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The build served: web/dist, or another copy of a build (to compare two side by side). */
const WEB_ROOT = path.resolve(process.env.BENCH_WEB_ROOT || WEB_DIST);

/** What "the first rows" are on a page: the grid's first row, its empty state, a record's title. */
const LIST_READY = '.ag-row, [data-testid=table-empty]';
const HOME_READY = '[data-testid=greeting]';
interface Target {
  key: string;
  screen: string;
  url: string;
  permission: Permission;
  ready: string;
}

/** Record pages: opened from a row of their list (the first record the account sees there). */
const RECORDS = [
  {
    key: 'invoice',
    screen: 'Invoice page',
    list: '/invoices?size=10',
    link: /^\/invoices\/\d+$/,
    permission: 'invoiceRead',
    ready: '[data-testid=page-title]',
  },
  {
    key: 'bill',
    screen: 'Bill page',
    list: '/bills?size=10',
    link: /^\/bills\/\d+$/,
    permission: 'billRead',
    ready: '[data-testid=bill-title]',
  },
  {
    key: 'document',
    screen: 'Document page',
    list: '/documents?size=10',
    link: /^\/documents\/[0-9a-f-]{36}$/,
    permission: 'documentsRead',
    ready: '[data-testid=document-name]',
  },
] as const;

/**
 * Installed before every document: watches for the selector kept in sessionStorage and records
 * when it first matches (performance.now(): from the navigation's start on a full load), and
 * collects long tasks. `__benchWatch` re-arms it for an in-app navigation.
 */
function instrument() {
  const state = {
    first: null as number | null,
    longTasks: [] as { start: number; duration: number }[],
  };
  const w = window as unknown as {
    __bench: typeof state;
    __benchWatch: (selector: string) => void;
  };
  w.__bench = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: none are reported.
  }
  let observer: MutationObserver | undefined;
  w.__benchWatch = (selector: string) => {
    state.first = null;
    observer?.disconnect();
    const check = () => {
      if (state.first === null && document.querySelector(selector)) {
        state.first = performance.now();
        observer?.disconnect();
      }
    };
    observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    check();
  };
  const selector = sessionStorage.getItem('bench.ready');
  if (selector) w.__benchWatch(selector);
}

async function signedIn(context: BrowserContext, base: string, account: Account): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.fill('input[name=username]', account);
  await page.fill('input[name=password]', DEMO_PASSWORD);
  await page.click('button[type=submit]');
  await page.locator(HOME_READY).waitFor({ timeout: 30_000 });
  return page;
}

/** A full load of `url`: ms from the navigation's start to the first rows, and its long tasks. */
async function fullLoad(page: Page, base: string, target: Target) {
  await page.evaluate((ready) => sessionStorage.setItem('bench.ready', ready), target.ready);
  await page.goto(`${base}${target.url}`);
  await page.waitForFunction(
    () => (window as unknown as { __bench: { first: number | null } }).__bench.first !== null,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const bench = (
      window as unknown as {
        __bench: { first: number; longTasks: { start: number; duration: number }[] };
      }
    ).__bench;
    const before = bench.longTasks.filter((task) => task.start < bench.first);
    const js = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
      .reduce((sum, entry) => sum + (entry as unknown as { transferSize: number }).transferSize, 0);
    return {
      ms: bench.first,
      js,
      longTasks: {
        count: before.length,
        ms: before.reduce((sum, task) => sum + task.duration, 0),
      },
    };
  });
}

/** The router's navigation to `url`, as a link does it (the history entry pushed, the router told). */
async function navigate(page: Page, url: string, ready: string) {
  await page.evaluate(
    ({ url, ready }) => {
      const w = window as unknown as {
        __benchWatch: (selector: string) => void;
        __benchStart: number;
      };
      w.__benchWatch(ready);
      w.__benchStart = performance.now();
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    },
    { url, ready },
  );
  await page.waitForFunction(
    () => (window as unknown as { __bench: { first: number | null } }).__bench.first !== null,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as { __bench: { first: number }; __benchStart: number };
    return w.__bench.first - w.__benchStart;
  });
}

/**
 * Until the page has settled: what a person sees has been drawn and the app's own idle work is
 * done — nothing fetched for SETTLED_QUIET_MS (the sidebar's screens are fetched and evaluated
 * while the browser is idle, after the home screen's queries: for the admin 78 chunks, which went
 * on for about a second after the greeting), then the main thread idle.
 */
async function settled(page: Page) {
  await page.evaluate(async (quietMs) => {
    // A fetch's entry appears once it has finished (a page holds 250, more than a load makes).
    const lastFetch = () =>
      Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      );
    const until = performance.now() + 10_000;
    while (performance.now() - lastFetch() < quietMs && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));
  }, SETTLED_QUIET_MS);
}

/** A full load of the home screen, until its greeting shows (no first rows watched for). */
async function loadHome(page: Page, base: string) {
  await page.evaluate(() => sessionStorage.removeItem('bench.ready'));
  await page.goto(`${base}/`);
  await page.locator(HOME_READY).waitFor({ timeout: 30_000 });
}

/**
 * The first in-app navigation to the target after a full load of the home screen, the moment its
 * greeting shows: ms to the first rows. It also pays what a page does once (the screen's code
 * evaluated, its styles inserted, the grid's theme added).
 */
async function inAppFirst(page: Page, base: string, target: Target) {
  await loadHome(page, base);
  return navigate(page, target.url, target.ready);
}

/**
 * An in-app navigation in a running app, to a screen not yet opened in the page: after a full
 * load of the home screen, in-app to another screen (`warm`: the grid and the shared parts drawn
 * once), back home and, once it has settled, to the target: ms to the first rows (its rows not in
 * the app's cache: fetched, as on a first visit).
 */
async function inAppAgain(page: Page, base: string, target: Target, warm: Target | undefined) {
  await loadHome(page, base);
  if (warm) {
    await settled(page);
    await navigate(page, warm.url, warm.ready);
    await navigate(page, '/', HOME_READY);
  }
  await settled(page);
  return navigate(page, target.url, target.ready);
}

/** The first record of the list the account sees, as its link in the list. */
async function firstRecord(page: Page, base: string, record: (typeof RECORDS)[number]) {
  await page.evaluate(() => sessionStorage.setItem('bench.ready', '.ag-row'));
  await page.goto(`${base}${record.list}`);
  await page
    .locator(`${LIST_READY}`)
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => {});
  const hrefs = await page
    .locator('.ag-row a[href]')
    .evaluateAll((links) =>
      links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''),
    );
  return hrefs.find((href) => record.link.test(href));
}

async function measureAccount(
  base: string,
  account: Account,
  flags: Record<Permission, boolean>,
  browser: Awaited<ReturnType<typeof chromium.launch>>,
): Promise<BrowserRow[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(instrument);
  await context.addInitScript(() => {
    if (!localStorage.getItem('ledgerline.language'))
      localStorage.setItem('ledgerline.language', 'ru');
  });
  const page = await signedIn(context, base, account);
  const cdp = await context.newCDPSession(page);
  const targets: Target[] = SCREENS.filter(
    (screen) => flags[screen.permission] && (!onlyScreens || onlyScreens.has(screen.key)),
  ).map((screen) => ({
    key: screen.key,
    screen: screen.screen,
    url: screen.url,
    permission: screen.permission,
    ready: LIST_READY,
  }));
  for (const record of RECORDS) {
    if (!flags[record.permission] || (onlyScreens && !onlyScreens.has(record.key))) continue;
    const url = await firstRecord(page, base, record);
    if (!url) {
      log(`  ${account}: no ${record.key} to open in ${record.list}; not measured`);
      continue;
    }
    targets.push({ ...record, url });
  }
  const rows: BrowserRow[] = [];
  for (const target of targets) {
    // A cold cache for the transfer figure, then a warm-up of each kind.
    await cdp.send('Network.clearBrowserCache');
    const cold = await fullLoad(page, base, target);
    // Another list screen of the account warms the app for the navigation in a running app.
    const warm = targets.find((other) => other.ready === LIST_READY && other.key !== target.key);
    await inAppAgain(page, base, target, warm);
    await inAppFirst(page, base, target);
    const first: number[] = [];
    const row: BrowserRow = {
      key: target.key,
      screen: target.screen,
      account,
      fullLoad: [],
      inApp: [],
      inAppFirst: first,
      jsBytes: cold.js,
      longTasks: { count: 0, ms: 0 },
    };
    for (let round = 0; round < rounds; round++) {
      const loaded = await fullLoad(page, base, target);
      row.fullLoad.push(loaded.ms);
      if (loaded.longTasks.ms > row.longTasks.ms) row.longTasks = loaded.longTasks;
      row.inApp.push(await inAppAgain(page, base, target, warm));
      first.push(await inAppFirst(page, base, target));
    }
    log(
      `  ${account} ${target.screen}: full load p95 ${fmt(percentile(row.fullLoad, 95))} ms, ` +
        `in-app p95 ${fmt(percentile(row.inApp, 95))} ms (the first after a full load of home ` +
        `${fmt(percentile(first, 95))}), JS ${fmt(row.jsBytes / 1024)} kB`,
    );
    rows.push(row);
  }
  await context.close();
  return rows;
}

{
  const outFile = path.resolve(
    typeof values.out === 'string' ? values.out : browserRunFile('bench/results', scale),
  );
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  const cluster = await openBenchCluster(log);
  let stopServer = async () => {};
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    await checkData(cluster, scale);
    await prepareRoles(cluster);
    const server = await startServer(cluster, WEB_ROOT);
    stopServer = server.stop;
    const flags = await accountFlags(server.base, await signInAll(server.base));
    const rows: BrowserRow[] = [];
    for (const account of ACCOUNTS) {
      if (onlyAccounts && !onlyAccounts.has(account)) continue;
      log(`Browser: ${account}`);
      rows.push(...(await measureAccount(server.base, account, flags[account], browser)));
    }
    const run: BrowserRun = {
      scale,
      rounds,
      commit: commitOf(),
      date: new Date().toISOString(),
      machine: machineOf(),
      rows,
    };
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    fs.writeFileSync(outFile, `${JSON.stringify(run, null, 2)}\n`);
    log(`Written to ${path.relative(process.cwd(), outFile)}`);
  } finally {
    await browser.close();
    await stopServer();
    await cluster.stop();
  }
}
