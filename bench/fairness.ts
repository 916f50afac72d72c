// npm run bench:fairness -- --scale S [--duration s]
// Fairness under heavy load (docs/operations.md "Heavy operations"): the accountant's 25-row
// invoice list, one request at a time, alone and while four heavy clients (viewer ×2, manager ×2,
// each in its own thread) loop, in development mode (60 aliases of 500 audit rows, sent as text)
// and in production mode (the web app's heaviest trusted documents at their largest pages, by id).
// Writes bench/results/fairness-scale-S.json; `npm run bench` folds it into latest.md.
import '../server/src/env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import { loadConfig } from '../server/src/config.ts';
import { LoginDocument } from '../web/src/api/session-generated.ts';
import {
  AllBillsDocument,
  AllInvoicesDocument,
  AnalyticsReportDocument,
  AuditLogDocument,
} from '../web/src/api/generated.ts';
import { log, numberOption, parseScaleArgs } from './lib/cli.ts';
import { openBenchCluster } from './lib/cluster.ts';
import {
  FAIRNESS_GOAL,
  fairnessRunFile,
  type FairnessMode,
  type FairnessRun,
} from './lib/fairness-report.ts';
import { byId } from './lib/queries.ts';
import { SCREENS } from './lib/screens.ts';
import { checkData, prepareRoles, startServer } from './lib/server-process.ts';
import { fmt, percentile } from './lib/stats.ts';
import { commitOf } from './lib/commit.ts';
import { machineOf } from './lib/machine.ts';

const { scale, values } = parseScaleArgs({ duration: { type: 'string' } });
const duration = numberOption(values.duration, 'duration', scale >= 0.5 ? 20 : 6);
const resultsDir = path.resolve('bench/results');

/** The legitimate request: the accountant's invoice list as the screen asks for it, 25 rows. */
const invoices = SCREENS.find((screen) => screen.key === 'invoices')!;
const LEGIT = JSON.stringify(byId(invoices.query, { ...invoices.variables, first: 25, offset: 0 }));

/** Development mode: 60 aliases of 500 audit rows each, under the cost limit (60 × 1,501). */
const AUDIT_ALIASES = JSON.stringify({
  query: `query Heavy { ${Array.from(
    { length: 60 },
    (_, i) => `a${i}: allAuditTrails(first: 500, offset: ${i * 500}) { nodes { id rowData } }`,
  ).join(' ')} }`,
});

/** Production mode: the web app's heaviest documents at their largest pages (exports, audit log,
 * analytics over the whole generated range), in turn. */
const TRUSTED_HEAVY_VIEWER = [
  ...[0, 500, 1000].map((offset) =>
    byId(AuditLogDocument.toString(), { first: 500, offset, orderBy: ['CREATED_AT_DESC'] }),
  ),
  ...[0, 500].map((offset) => byId(AllInvoicesDocument.toString(), { first: 500, offset })),
  ...[0, 500].map((offset) => byId(AllBillsDocument.toString(), { first: 500, offset })),
].map((body) => JSON.stringify(body));
/** The analytics report needs a permission the viewer does not have: the manager sends it too. */
const TRUSTED_HEAVY_MANAGER = [
  ...TRUSTED_HEAVY_VIEWER,
  JSON.stringify(
    byId(AnalyticsReportDocument.toString(), {
      projectIds: null,
      startYear: 2020,
      startMonth: 1,
      endYear: 2026,
      endMonth: 12,
    }),
  ),
];

const HEAVY_ACCOUNTS = ['viewer', 'viewer', 'manager', 'manager'] as const;

const cluster = await openBenchCluster(log);
try {
  await checkData(cluster, scale);
  await prepareRoles(cluster);
  const modes: FairnessMode[] = [];
  for (const production of [false, true]) {
    const server = await startServer(cluster, undefined, { production });
    try {
      modes.push(await measureMode(server.base, production));
    } finally {
      await server.stop();
    }
  }
  const config = loadConfig({ production: true });
  const run: FairnessRun = {
    scale,
    commit: commitOf(),
    date: new Date().toISOString(),
    machine: machineOf(),
    durationSeconds: duration,
    budget: {
      slots: config.heavySlots,
      poolSize: config.heavyPoolSize,
      queueSize: config.heavyQueueSize,
      waitMs: config.heavyWaitMs,
      lightPoolSize: config.authenticatorPoolSize,
    },
    modes,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(fairnessRunFile(resultsDir, scale), `${JSON.stringify(run, null, 2)}\n`);
  for (const mode of modes) {
    log(
      `${mode.mode}: p95 ${fmt(mode.alone.p95, 1)} ms alone, ${fmt(mode.loaded.p95, 1)} ms under ` +
        `heavy load: ratio ${fmt(mode.ratio, 2)} (goal ≤ ${FAIRNESS_GOAL})`,
    );
  }
  log(`Written to ${path.relative(process.cwd(), fairnessRunFile(resultsDir, scale))}`);
} finally {
  await cluster.stop();
}

async function measureMode(base: string, production: boolean): Promise<FairnessMode> {
  const post = async (body: string, token?: string) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });
    const text = await response.text();
    const json = JSON.parse(text) as {
      data?: Record<string, unknown>;
      errors?: { message: string }[];
    };
    if (!response.ok || json.errors?.length) {
      throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
    }
    return { json, bytes: text.length };
  };
  const tokens: Record<string, string> = {};
  for (const username of ['accountant', 'viewer', 'manager']) {
    const body = JSON.stringify(
      byId(LoginDocument.toString(), { username, password: DEMO_PASSWORD }),
    );
    const { json } = await post(body);
    tokens[username] = (json.data!.login as { accessToken: string }).accessToken;
  }
  const heavyBodies = (account: string) =>
    production
      ? account === 'manager'
        ? TRUSTED_HEAVY_MANAGER
        : TRUSTED_HEAVY_VIEWER
      : [AUDIT_ALIASES];
  // Each trusted heavy document once per account alone: what it answers and how long it takes.
  // (The development attack takes tens of seconds alone at scale 0.1: not probed.)
  for (const account of production ? ['viewer', 'manager'] : []) {
    for (const body of heavyBodies(account)) {
      const start = performance.now();
      const name = (JSON.parse(body) as { operationName?: string }).operationName;
      const outcome = await post(body, tokens[account]).then(
        ({ bytes }) => `${fmt(bytes / 1024)} kB`,
        (error: Error) => error.message.slice(0, 120),
      );
      log(`  ${account} ${name}: ${outcome} in ${fmt(performance.now() - start)} ms alone`);
    }
  }

  const legitLoop = async (seconds: number) => {
    const times: number[] = [];
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const start = performance.now();
      await post(LEGIT, tokens.accountant);
      times.push(performance.now() - start);
    }
    return times;
  };
  const summary = (times: number[]) => ({
    samples: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  });
  await legitLoop(2); // warm-up
  const alone = summary(await legitLoop(duration));
  log(`  ${production ? 'production' : 'development'}: alone p95 ${fmt(alone.p95, 1)} ms`);

  const clients = HEAVY_ACCOUNTS.map(
    (account) =>
      new Worker(new URL('./lib/heavy-client.ts', import.meta.url), {
        workerData: {
          url: `${base}/graphql`,
          token: tokens[account],
          bodies: heavyBodies(account),
        },
      }),
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const loaded = summary(await legitLoop(duration));
  const reports = await Promise.all(
    clients.map(async (worker) => {
      worker.postMessage('stop');
      const [counts] = (await once(worker, 'message')) as [
        { ok: number; refused: Record<string, number>; ms: number[] },
      ];
      await worker.terminate();
      return counts;
    }),
  );
  const refused: Record<string, number> = {};
  for (const report of reports) {
    for (const [key, count] of Object.entries(report.refused)) {
      refused[key] = (refused[key] ?? 0) + count;
    }
  }
  const heavyMs = reports.flatMap((report) => report.ms);
  return {
    mode: production ? 'production' : 'development',
    heavyRequests: production
      ? 'AuditLog, AllInvoices, AllBills at 500 rows (and the manager AnalyticsReport 2020–2026), by id, in turn'
      : '60 aliases of allAuditTrails(first: 500, offset: …) { nodes { id rowData } }, as text',
    alone,
    loaded,
    ratio: loaded.p95 / alone.p95,
    heavy: {
      answered: reports.reduce((sum, report) => sum + report.ok, 0),
      refused,
      p50: percentile(heavyMs, 50),
      p95: percentile(heavyMs, 95),
    },
  };
}
