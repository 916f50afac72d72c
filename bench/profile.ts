// npm run bench:profile -- --scale S [--duration s] [--rounds n] [--out file]
// Where the Node server's time goes under the nested-list load of `npm run bench`: the ratio of
// GraphQL to the raw SQL route (requests per second, rounds alternated), then a CPU profile of the
// server (the inspector's sampling profiler, what node --cpu-prof writes, around the GraphQL
// variant's load alone), summarised as self time per package and per function into
// bench/results/cpu-profile.md (the raw .cpuprofile is not kept).
import '../server/src/env.ts';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import { LoginDocument } from '../web/src/api/session-generated.ts';
import { log, numberOption, parseScaleArgs } from './lib/cli.ts';
import { openBenchCluster, withClient } from './lib/cluster.ts';
import { commitOf } from './lib/commit.ts';
import { byId, NESTED_QUERY } from './lib/queries.ts';
import { checkData, prepareRoles, startServer } from './lib/server-process.ts';
import { fmt, median } from './lib/stats.ts';

const { scale, values } = parseScaleArgs({
  duration: { type: 'string' },
  rounds: { type: 'string' },
  out: { type: 'string' },
});
const duration = Math.round(numberOption(values.duration, 'duration', 5));
const rounds = Math.round(numberOption(values.rounds, 'rounds', 3));
const outFile = path.resolve(
  typeof values.out === 'string' ? values.out : 'bench/results/cpu-profile.md',
);
const CONNECTIONS = 8;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script belongs to: node_modules/<name> (scoped too), the project, or Node. */
function packageOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!.replace(/\/$/, '');
  if (url.startsWith('node:')) return 'node (built-in modules)';
  if (url.includes('/server/src/')) return 'ledgerline server';
  if (url.includes('/bench/')) return 'bench server';
  return url;
}

/** Adds `us` microseconds to `key`'s sum. */
function add<K>(sums: Map<K, number>, key: K, us: number) {
  sums.set(key, (sums.get(key) ?? 0) + us);
}

const cluster = await openBenchCluster(log);
try {
  await checkData(cluster, scale);
  await prepareRoles(cluster);
  const server = await startServer(cluster);
  let ratios: { graphql: number[]; raw: number[] };
  let profile: CpuProfile;
  try {
    const { subsidiaryId } = await withClient(cluster.ownerUrl, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
      );
      return { subsidiaryId: rows[0]!.id };
    });
    const login = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        byId(LoginDocument.toString(), { username: 'accountant', password: DEMO_PASSWORD }),
      ),
    });
    const token = ((await login.json()) as { data: { login: { accessToken: string } } }).data.login
      .accessToken;
    const body = JSON.stringify(byId(NESTED_QUERY, { subsidiaryId }));
    const load = async (url: string, seconds: number) => {
      const result = await autocannon({
        url: server.base + url,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 30,
      });
      if (result.non2xx + result.errors + result.timeouts > 0) {
        throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      return result.requests.average;
    };
    await load('/graphql', 2);
    await load('/bench/raw/invoices', 2);
    ratios = { graphql: [], raw: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? (['raw', 'graphql'] as const) : (['graphql', 'raw'] as const);
      for (const key of order) {
        const rps = await load(key === 'raw' ? '/bench/raw/invoices' : '/graphql', duration);
        ratios[key].push(rps);
        log(`  round ${round + 1} ${key.padEnd(7)} ${fmt(rps)} rps`);
      }
    }
    log(`Profiling the GraphQL variant for ${duration * 2} s`);
    await fetch(`${server.base}/bench/profile/start`, { method: 'POST' });
    await load('/graphql', duration * 2);
    const stopped = await fetch(`${server.base}/bench/profile/stop`, { method: 'POST' });
    profile = (await stopped.json()) as CpuProfile;
  } finally {
    await server.stop();
  }

  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    add(selfUs, id, profile.timeDeltas[i] ?? 0);
  });
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    // The profiler's own stop call, which serialises the profile: not the server's work.
    if (url === 'node:inspector') continue;
    total += us;
    const pkg = packageOf(url);
    add(byPackage, pkg, us);
    const where = url ? `${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} | ${pkg} | ${where.replace(/^file:\/\/.*?\/(server|bench)\//, '$1/')}`;
    add(byFunction, key, us);
  }
  // Native code (system calls above all) by the first caller outside Node's built-in modules: a
  // socket write is the database client's query or the HTTP response.
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
  const byNativeCaller = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url } = node.callFrame;
    if (!us || url || functionName.startsWith('(')) continue;
    let caller = parent.get(node.id);
    while (caller !== undefined) {
      const frame = nodeById.get(caller)!.callFrame;
      if (frame.url && !frame.url.startsWith('node:')) break;
      caller = parent.get(caller);
    }
    const frame = caller === undefined ? undefined : nodeById.get(caller)!.callFrame;
    const from = frame
      ? `${packageOf(frame.url)}: ${frame.functionName || '(anonymous)'}`
      : '(no JavaScript caller)';
    const key = `${functionName || '(anonymous)'} | ${from}`;
    add(byNativeCaller, key, us);
  }
  const pct = (us: number) => `${fmt((100 * us) / total, 1)}%`;
  /** A table's rows: the `count` largest sums, each as its key's cells, ms and share. */
  const largest = (sums: Map<string, number>, count: number) =>
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, us]) => `| ${key} | ${fmt(us / 1000)} | ${pct(us)} |`);
  const ratio = median(ratios.graphql) / median(ratios.raw);
  const lines = [
    '# Where the Node server spends its time under the nested-list load',
    '',
    `Produced by \`npm run bench:profile -- --scale ${scale}\` on ${new Date().toISOString()}, ` +
      `commit ${commitOf()}: the benchmark server (bench/server.ts, production mode), ` +
      `${CONNECTIONS} connections sending the nested invoice list (bench/lib/queries.ts) by ` +
      'document id as the accountant; the profile is sampled only during a GraphQL-only run.',
    '',
    `Throughput first (${rounds} rounds of ${duration} s, order alternated): GraphQL ` +
      `${ratios.graphql.map((r) => fmt(r)).join(', ')} requests/s, raw SQL route ` +
      `${ratios.raw.map((r) => fmt(r)).join(', ')}: **ratio graphql/raw ${fmt(ratio, 2)}** ` +
      '(medians).',
    '',
    `Then the profile: ${fmt(total / 1000)} ms of CPU in the profile's samples besides ` +
      `${fmt(idle / 1000)} ms idle (self time: the function itself, not what it calls). The ` +
      'profiler samples wall-clock time on the main thread: on a machine whose cores are ' +
      'shared, time the process waits for a core inside a system call (writev, writeBuffer: ' +
      'socket writes) is counted to that call.',
    '',
    '## Self time by package',
    '',
    '| package | self ms | share |',
    '| --- | ---: | ---: |',
    ...largest(byPackage, 20),
    '',
    '## Top functions by self time',
    '',
    '| function | package | where | self ms | share |',
    '| --- | --- | --- | ---: | ---: |',
    ...largest(byFunction, 30),
    '',
    '## Native code by caller',
    '',
    'The native functions above (system calls, string work) by the first caller outside ' +
      "Node's built-in modules.",
    '',
    '| native function | called from | self ms | share |',
    '| --- | --- | ---: | ---: |',
    ...largest(byNativeCaller, 10),
    '',
  ];
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, lines.join('\n'));
  log(`ratio graphql/raw ${fmt(ratio, 2)}; written to ${path.relative(process.cwd(), outFile)}`);
} finally {
  await cluster.stop();
}
