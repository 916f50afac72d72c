// npm run bench -- --scale S [--duration s] [--rounds n] [--connections n] [--list-duration s]
//                            [--list-rounds n]
//                            [--login-duration s] [--warmup s] [--out file]
// Measures the API on the data of `npm run bench:data -- --scale S`: the server runs in a child
// process (bench/server.ts), the load (autocannon) comes from this process over loopback.
import '../server/src/env.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { VISITOR_ROLE } from '../server/src/db/database.ts';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import { formatCount, log, numberOption, parseScaleArgs } from './lib/cli.ts';
import {
  BENCH_DIR,
  BYPASS_ROLE,
  openBenchCluster,
  withClient,
  type BenchCluster,
} from './lib/cluster.ts';
import { readBrowserRun, renderBrowserSection } from './lib/browser-report.ts';
import { readFairnessRun, renderFairnessSection } from './lib/fairness-report.ts';
import { readExportRun, renderExportSection } from './lib/export-report.ts';
import {
  machinesOf,
  renderGrowthSection,
  screensRunOf,
  type ScreensRun,
} from './lib/growth-report.ts';
import { readSearchRun, renderSearchSection } from './lib/search-report.ts';
import { cpuDelta, sampleCpu } from './lib/cpu.ts';
import {
  graphqlData,
  listCases,
  listRun,
  loadTarget,
  measureListRound,
  postJson,
  renewTokens,
  signInAll,
  type LoadTarget,
} from './lib/list-latency.ts';
import { commitOf } from './lib/commit.ts';
import { machineOf } from './lib/machine.ts';
import { checkData, prepareRoles, startServer } from './lib/server-process.ts';
import { countsFor } from './lib/generate.ts';
import {
  explainNotes,
  RATIO_GRAPHQL_RAW_GOAL,
  worstAccountRatio,
  type Findings,
} from './lib/notes.ts';
import { byId, COUNT_INVOICES, NESTED_QUERY, PAGE_SIZE, RAW_NESTED_SQL } from './lib/queries.ts';
import { LoginDocument } from '../web/src/api/session-generated.ts';
import { fmt, mean, median, percentile } from './lib/stats.ts';

const { scale, values } = parseScaleArgs({
  duration: { type: 'string' },
  rounds: { type: 'string' },
  connections: { type: 'string' },
  'list-duration': { type: 'string' },
  'list-rounds': { type: 'string' },
  'login-duration': { type: 'string' },
  warmup: { type: 'string' },
  out: { type: 'string' },
});
// Full runs (scale ≥ 0.5) measure long enough for stable medians; small scales only check that
// everything still works (CI runs --scale 0.01).
const full = scale >= 0.5;
const settings = {
  duration: Math.round(numberOption(values.duration, 'duration', full ? 10 : 1)),
  rounds: Math.round(numberOption(values.rounds, 'rounds', full ? 5 : 2)),
  connections: Math.round(numberOption(values.connections, 'connections', 8)),
  listDuration: Math.round(numberOption(values['list-duration'], 'list-duration', full ? 4 : 1)),
  listRounds: Math.round(numberOption(values['list-rounds'], 'list-rounds', full ? 3 : 1)),
  loginDuration: Math.round(
    numberOption(values['login-duration'], 'login-duration', full ? 10 : 1),
  ),
  warmup: Math.round(numberOption(values.warmup, 'warmup', full ? 4 : 1)),
};
const outFile = path.resolve(
  typeof values.out === 'string' ? values.out : 'bench/results/latest.md',
);

interface Run {
  rps: number;
  serverMs: number[];
  latencyP50: number;
  latencyP97: number;
  /** CPU milliseconds per request: the Node server, PostgreSQL, the load generator. */
  cpuPerRequest: { server: number; postgres: number; load: number };
}

const cluster = await openBenchCluster(log);
let stopServer = async () => {};
try {
  const generated = await checkData(cluster, scale);
  await prepareRoles(cluster);
  const { base, stop, pid } = await startServer(cluster);
  stopServer = stop;
  const findings = await measure(cluster, base, pid, generated);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  // Read before this run writes its own results (which would count as changes to the checkout).
  const commit = commitOf();
  saveScaleRun(findings, commit);
  const report = renderReport(findings, commit);
  fs.writeFileSync(outFile, report);
  console.log(`\n${report}`);
  log(`Written to ${path.relative(process.cwd(), outFile)}`);
} finally {
  await stopServer();
  await cluster.stop();
}

async function measure(
  cluster: BenchCluster,
  base: string,
  serverPid: number | undefined,
  generated: { scale: number; seed: number },
): Promise<Findings> {
  const post = (url: string, payload: unknown, token?: string) =>
    postJson(base, url, payload, token);
  const tokens = await signInAll(base);

  const { subsidiaryId, postgres } = await withClient(cluster.ownerUrl, async (client) => {
    const { rows } = await client.query<{ id: string; version: string }>(
      `select id, current_setting('server_version') as version
         from app_public.subsidiaries where short_name = 'Northwind NL'`,
    );
    return { subsidiaryId: rows[0]!.id, postgres: rows[0]!.version };
  });

  // The variants of the nested list answer the same, and the bypass role really bypasses. Requests
  // name the document by its id, as the web app's production build does; the text variant sends
  // the same document as its text (the effect of trusted documents on the GraphQL figures).
  const nestedBody = JSON.stringify(byId(NESTED_QUERY, { subsidiaryId }));
  const nestedTextBody = JSON.stringify({ query: NESTED_QUERY, variables: { subsidiaryId } });
  const nestedGraphQL = await post('/graphql', JSON.parse(nestedBody), tokens.accountant);
  const nestedData = graphqlData('nested list', nestedGraphQL.json);
  const nestedInvoices = nestedData.allInvoices as {
    totalCount: number;
    nodes: { costs: { nodes: unknown[] } }[];
  };
  if (nestedInvoices.nodes.length !== Math.min(PAGE_SIZE, nestedInvoices.totalCount)) {
    throw new Error(`nested list returned ${nestedInvoices.nodes.length} rows`);
  }
  const nestedRaw = await post('/bench/raw/invoices', JSON.parse(nestedBody), tokens.accountant);
  if (!isDeepStrictEqual(nestedRaw.json.data, nestedData)) {
    throw new Error('the raw SQL route does not answer exactly what GraphQL answers');
  }
  const nestedBypass = await post(
    '/bench/bypass/graphql',
    JSON.parse(nestedBody),
    tokens.accountant,
  );
  if (!isDeepStrictEqual(graphqlData('bypass', nestedBypass.json), nestedData)) {
    throw new Error('the BYPASSRLS instance does not answer what the RLS-bound one answers');
  }
  const nestedText = await post('/graphql', JSON.parse(nestedTextBody), tokens.accountant);
  if (!isDeepStrictEqual(graphqlData('text', nestedText.json), nestedData)) {
    throw new Error('the document sent as its text does not answer what its id does');
  }
  const countAll = byId(COUNT_INVOICES);
  const visibleCount = (data: Record<string, unknown>) =>
    (data.allInvoices as { totalCount: number }).totalCount;
  const rlsCount = visibleCount(
    graphqlData('count', (await post('/graphql', countAll, tokens.accountant)).json),
  );
  const bypassCount = visibleCount(
    graphqlData('count', (await post('/bench/bypass/graphql', countAll, tokens.accountant)).json),
  );
  if (!(bypassCount > rlsCount)) {
    throw new Error(`the bypass role sees ${bypassCount} invoices, the accountant ${rlsCount}`);
  }
  const costLines = nestedInvoices.nodes.reduce((sum, node) => sum + node.costs.nodes.length, 0);
  log(
    `Nested list: ${nestedInvoices.nodes.length} of ${formatCount(nestedInvoices.totalCount)} invoices, ` +
      `${costLines} cost lines, ${fmt(nestedGraphQL.bytes / 1024, 1)} kB; raw SQL and BYPASSRLS ` +
      `answers identical; the accountant sees ${formatCount(rlsCount)} of ${formatCount(bypassCount)} invoices`,
  );

  const load = async (target: LoadTarget, connections: number, duration: number): Promise<Run> => {
    const cpuBefore = sampleCpu(serverPid, path.join(BENCH_DIR, 'pg'));
    const run = await loadTarget(base, target, connections, duration);
    const cpu = cpuDelta(cpuBefore, sampleCpu(serverPid, path.join(BENCH_DIR, 'pg')));
    const requests = Math.max(1, run.serverMs.length);
    return {
      ...run,
      cpuPerRequest: {
        server: cpu.server / requests,
        postgres: cpu.postgres / requests,
        load: cpu.load / requests,
      },
    };
  };

  // 1. The nested list: GraphQL, raw SQL, GraphQL as the BYPASSRLS role; rotated each round.
  const variants = [
    { key: 'graphql', target: { path: '/graphql', label: 'nested-graphql' } },
    { key: 'raw', target: { path: '/bench/raw/invoices', label: 'nested-raw' } },
    { key: 'bypass', target: { path: '/bench/bypass/graphql', label: 'nested-bypass' } },
    { key: 'text', target: { path: '/graphql', label: 'nested-text' } },
  ].map((variant) => ({
    key: variant.key,
    target: {
      ...variant.target,
      body: variant.key === 'text' ? nestedTextBody : nestedBody,
      token: tokens.accountant,
    },
    runs: [] as Run[],
  }));
  log(
    `Nested list: warm-up ${settings.warmup}s per variant, then ${settings.rounds} rounds of ` +
      `${settings.duration}s per variant at ${settings.connections} connections`,
  );
  for (const variant of variants) await load(variant.target, settings.connections, settings.warmup);
  for (let round = 0; round < settings.rounds; round++) {
    const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
    for (const variant of order) {
      const run = await load(variant.target, settings.connections, settings.duration);
      variant.runs.push(run);
      log(`  round ${round + 1} ${variant.key.padEnd(7)} ${fmt(run.rps)} rps`);
    }
  }

  // 2. Latency of each variant alone (one connection): where the time of one request goes.
  const single: Record<string, number[]> = {};
  for (const variant of variants) {
    const run = await load(variant.target, 1, settings.listDuration);
    single[variant.key] = run.serverMs;
  }

  // 3. Page 1 of each list screen, as each demo account whose permissions open it (the route's
  // permission flag from the account's effective scopes, as the web app decides), one connection,
  // server-side time. Then the list queries no screen sends, for information.
  // Each line is measured in every round, the rounds one after another over all the lines, so a
  // passing disturbance of the machine (a checkpoint, autovacuum) falls on one round of a line;
  // its figures are the medians of its rounds' p50, p95 and p99.
  const cases = await listCases(base, tokens);
  for (let round = 0; round < settings.listRounds; round++) {
    await renewTokens(base, [...cases.lists, ...cases.info]);
    for (const item of [...cases.lists, ...cases.info]) {
      await measureListRound(base, item, {
        warmup: round === 0 ? Math.max(1, Math.round(settings.warmup / 2)) : 1,
        duration: settings.listDuration,
      });
    }
  }
  const lists: Findings['lists'] = cases.lists.map(listRun);
  const info: Findings['info'] = cases.info.map(listRun);

  // 4. Sign-in throughput: argon2id verification of the password is the work, on purpose.
  const loginTarget = {
    path: '/graphql',
    body: JSON.stringify(
      byId(LoginDocument.toString(), { username: 'accountant', password: DEMO_PASSWORD }),
    ),
    // Signed in again: the tokens of the run's start may have expired by now (15 minutes).
    token: (await signInAll(base)).accountant,
    label: 'login',
  };
  await load(loginTarget, 4, 1);
  const login = await load(loginTarget, 4, settings.loginDuration);
  log(`Login: ${fmt(login.rps, 1)} sign-ins per second`);

  // 5. Database time of the nested list's SQL as the visitor and as the bypassing role.
  const databaseMs = await withClient(cluster.ownerUrl, async (client) => {
    const { rows } = await client.query<{ user_id: string; account_id: string }>(
      `select u.id as user_id, d.account_id from app_public.users u
         join app_public.default_accounts d on d.user_id = u.id where u.username = 'accountant'`,
    );
    const who = rows[0]!;
    const timeAs = async (role: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        await client.query('begin');
        await client.query(
          `select set_config('role', $1, true), set_config('jwt.claims.user_id', $2, true),
                  set_config('jwt.claims.account_id', $3, true)`,
          [role, who.user_id, who.account_id],
        );
        const { rows: plan } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
          `explain (analyze, format json) ${RAW_NESTED_SQL}`,
          [subsidiaryId],
        );
        await client.query('rollback');
        if (i > 1) times.push(plan[0]!['QUERY PLAN'][0]['Execution Time']);
      }
      return median(times);
    };
    return { visitor: await timeAs(VISITOR_ROLE), bypass: await timeAs(BYPASS_ROLE) };
  });

  const byKey = Object.fromEntries(variants.map((variant) => [variant.key, variant])) as Record<
    string,
    (typeof variants)[number]
  >;
  const rpsOf = (key: string) => median(byKey[key]!.runs.map((run) => run.rps));
  // The same ratios round by round (A and B measured next to each other in time).
  const perRound = (a: string, b: string) =>
    byKey[a]!.runs.map((run, round) => run.rps / byKey[b]!.runs[round]!.rps);
  return {
    scale,
    seed: generated.seed,
    postgres,
    settings,
    nested: {
      totalCount: nestedInvoices.totalCount,
      rows: nestedInvoices.nodes.length,
      costLines,
      kB: nestedGraphQL.bytes / 1024,
      variants: variants.map((variant) => ({
        key: variant.key,
        runs: variant.runs.map((run) => run.rps),
        rps: rpsOf(variant.key),
        loadedP50: median(variant.runs.flatMap((run) => run.serverMs)),
        loadedP95: percentile(
          variant.runs.flatMap((run) => run.serverMs),
          95,
        ),
        cpuPerRequest: {
          server: median(variant.runs.map((run) => run.cpuPerRequest.server)),
          postgres: median(variant.runs.map((run) => run.cpuPerRequest.postgres)),
          load: median(variant.runs.map((run) => run.cpuPerRequest.load)),
        },
        singleP50: percentile(single[variant.key]!, 50),
        singleMean: mean(single[variant.key]!),
        singleP95: percentile(single[variant.key]!, 95),
      })),
      databaseMs,
    },
    roundRatios: {
      graphqlRaw: perRound('graphql', 'raw'),
      textRaw: perRound('text', 'raw'),
      rlsBypass: perRound('graphql', 'bypass'),
    },
    ratioGraphqlRaw: rpsOf('graphql') / rpsOf('raw'),
    ratioTextRaw: rpsOf('text') / rpsOf('raw'),
    ratioRlsBypass: rpsOf('graphql') / rpsOf('bypass'),
    nestedRps: rpsOf('graphql'),
    lists,
    info,
    p95List: Math.max(...lists.map((l) => l.p95)),
    worstAccountRatio: worstAccountRatio(lists),
    cores: os.cpus().length,
    login: {
      rps: login.rps,
      p50: percentile(login.serverMs, 50),
      p95: percentile(login.serverMs, 95),
    },
  };
}

function scaleRunFile(scale: number) {
  return path.join(path.dirname(outFile), `screens-scale-${scale}.json`);
}

function saveScaleRun(f: Findings, commit: string) {
  // The list screens' figures of this scale (and the requests measured for information), for the
  // growth tables of later runs.
  const run = screensRunOf(f.scale, commit, f.lists, f.info);
  fs.writeFileSync(scaleRunFile(f.scale), `${JSON.stringify(run, null, 2)}\n`);
}

/**
 * p95 per screen and account against the scale, from the runs at each scale saved next to the
 * results (screens-scale-S.json; run `npm run bench:data -- --scale S && npm run bench -- --scale
 * S` for S = 0.1, 3 and 1).
 */
function growthTable(): string[] {
  const dir = path.dirname(outFile);
  const runs = fs
    .readdirSync(dir)
    .filter((name) => /^screens-scale-[\d.]+\.json$/.test(name))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ScreensRun)
    .sort((a, b) => a.scale - b.scale);
  if (runs.length < 2) return [];
  const rows = new Map<string, string>();
  for (const run of runs) {
    for (const l of run.lists) rows.set(`${l.key}/${l.account}`, `${l.screen} | ${l.account}`);
  }
  const cell = (run: ScreensRun, id: string) => {
    const l = run.lists.find((item) => `${item.key}/${item.account}` === id);
    return l ? `${fmt(l.p95, 1)} (${formatCount(l.totalCount ?? 0)})` : '—';
  };
  return [
    '### Growth: p95 ms (rows counted) against the scale',
    '',
    `Scale 1 is ${formatCount(countsFor(1).invoices)} invoices and ` +
      `${formatCount(countsFor(1).costs)} costs; the data grows in proportion. Runs: ` +
      runs
        .map((run) => `scale ${run.scale} at ${run.commit}, ${run.date.slice(0, 10)}`)
        .join('; ') +
      `. ${machinesOf(runs, 'columns')}`,
    '',
    `| screen | account | ${runs.map((run) => `scale ${run.scale}`).join(' | ')} |`,
    `| --- | --- | ${runs.map(() => '---:').join(' | ')} |`,
    ...[...rows].map(
      ([id, label]) => `| ${label} | ${runs.map((run) => cell(run, id)).join(' | ')} |`,
    ),
    '',
  ];
}

/** Requests per second of a nested-list variant (median of the rounds). */
function byKeyRps(f: Findings, key: string): number {
  return f.nested.variants.find((v) => v.key === key)?.rps ?? Number.NaN;
}

function renderReport(f: Findings, commit: string): string {
  const counts = countsFor(f.scale);
  const variantName: Record<string, string> = {
    graphql: 'GraphQL `/graphql` (RLS, accountant)',
    raw: 'raw SQL route, same transaction and settings (RLS)',
    bypass: 'GraphQL, role with BYPASSRLS',
    text: 'GraphQL `/graphql`, the document sent as its text',
  };
  const s = f.settings;
  const lines: string[] = [
    '# Ledgerline benchmarks',
    '',
    `Produced by \`npm run bench -- --scale ${f.scale}\` on ${new Date().toISOString()}, commit ${commit}.`,
    '',
    `- Data: scale ${f.scale}, seed ${f.seed}: ${formatCount(counts.invoices)} invoices, ` +
      `${formatCount(counts.costs)} costs, ${formatCount(counts.bills)} bills, ` +
      `${formatCount(counts.payments)} payments, ${formatCount(counts.documents)} documents, ` +
      `${counts.subsidiaries} subsidiaries, ${formatCount(counts.suppliers)} suppliers, ` +
      `${formatCount(counts.projects)} projects (\`npm run bench:data\`).`,
    `- Machine: ${machineOf()}, ` +
      `${fmt(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; PostgreSQL ${f.postgres} ` +
      '(embedded, default settings). Server, database and load generator share these cores.',
    `- Server: \`buildApp\` in production mode in a child process; load from autocannon in the ` +
      `parent process over loopback. Throughput: ${s.connections} connections, ${s.warmup} s ` +
      `warm-up per variant, then ${s.rounds} rounds of ${s.duration} s per variant with the ` +
      'order rotated each round; the figure is the median of the rounds. Latency: one ' +
      `connection for ${s.listDuration} s after a warm-up, in each of ${s.listRounds} rounds ` +
      '(every line once per round); the figures are the medians of the rounds, measured in the ' +
      'server from the first request hook to the response sent.',
    '',
    `## Nested invoice list (${f.nested.rows} invoices with ${f.nested.costLines} cost lines and supplier names)`,
    '',
    `Page 1 of the accountant's invoices of Northwind NL (${formatCount(f.nested.totalCount)} in ` +
      `total), newest first, with \`totalCount\`; ${fmt(f.nested.kB, 1)} kB of JSON. The three ` +
      'variants return identical JSON (checked before measuring).',
    '',
    '| variant | requests/s (median) | rounds | server ms p50 / p95 under load | server ms p50 / p95 alone |',
    '| --- | ---: | --- | ---: | ---: |',
    ...f.nested.variants.map(
      (v) =>
        `| ${variantName[v.key]} | ${fmt(v.rps)} | ${v.runs.map((r) => fmt(r)).join(', ')} | ` +
        `${fmt(v.loadedP50, 1)} / ${fmt(v.loadedP95, 1)} | ${fmt(v.singleP50, 1)} / ${fmt(v.singleP95, 1)} |`,
    ),
    '',
    'Ratios round by round (A ÷ B of the same round; the figures below are ratios of the ' +
      `medians): graphql/raw ${f.roundRatios.graphqlRaw.map((r) => fmt(r, 2)).join(', ')} ` +
      `(median ${fmt(median(f.roundRatios.graphqlRaw), 2)}); rls/bypass ` +
      `${f.roundRatios.rlsBypass.map((r) => fmt(r, 2)).join(', ')} ` +
      `(median ${fmt(median(f.roundRatios.rlsBypass), 2)}).`,
    '',
    'Trusted documents: the requests above name their document by its id, as the web app does ' +
      'in production (the server runs nothing else there). The same request with the document ' +
      `sent as its text: ${fmt(byKeyRps(f, 'text'))} requests/s, ratio to raw ` +
      `${fmt(f.ratioTextRaw, 2)} against ${fmt(f.ratioGraphqlRaw, 2)} by id (round by round ` +
      `${f.roundRatios.textRaw.map((r) => fmt(r, 2)).join(', ')}). The server parses and ` +
      'validates a document once either way (grafserv keeps both by text), so the id saves the ' +
      'request body, not work: its gain is that nothing but the web app’s own operations runs.',
    '',
    `Where the time goes: CPU milliseconds per request under load (median of the rounds), from ` +
      `/proc; ${f.cores} cores give ${fmt(f.cores * 1000)} CPU ms per second.`,
    '',
    '| variant | Node server | PostgreSQL | load generator | total | cores busy | requests/s the cores allow |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...f.nested.variants.map((v) => {
      const c = v.cpuPerRequest;
      const total = c.server + c.postgres + c.load;
      return (
        `| ${variantName[v.key]} | ${fmt(c.server, 2)} | ${fmt(c.postgres, 2)} | ${fmt(c.load, 2)} | ` +
        `${fmt(total, 2)} | ${fmt((100 * total * v.rps) / (f.cores * 1000))}% | ` +
        `${fmt((f.cores * 1000) / total)} |`
      );
    }),
    '',
    `Database execution time of the raw statement (EXPLAIN ANALYZE, median): ` +
      `${fmt(f.nested.databaseMs.visitor, 2)} ms as the visitor, ` +
      `${fmt(f.nested.databaseMs.bypass, 2)} ms as the BYPASSRLS role.`,
    '',
    `## List screens, page 1 (${PAGE_SIZE} rows, one connection)`,
    '',
    'Each screen sends its own GraphQL document (web/src/api/generated.ts) with the variables its ' +
      'own functions build from the URL below (bench/lib/screens.ts), as each demo account whose ' +
      'permissions open the route. Rows counted: `cappedCount`, exact up to 1,000 (1,001: more).',
    '',
    '| screen | account | URL | rows counted | kB | requests | server ms p50 | p95 | p99 | p95 by round |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[...f.lists, ...f.info].map(
      (l) =>
        `| ${l.screen} | ${l.account} | ${l.url ? `\`${l.url}\`` : '—'} | ` +
        `${l.totalCount == null ? '—' : formatCount(l.totalCount)} | ${fmt(l.kB, 1)} | ${l.samples} | ${fmt(l.p50, 1)} | ` +
        `**${fmt(l.p95, 1)}** | ${fmt(l.p99, 1)} | ${l.p95Rounds.map((r) => fmt(r, 1)).join(', ')} |`,
    ),
    '',
    "The unpaid total lines are the unpaid view's own second request (its total outstanding, " +
      'sent with the page, which does not wait for it); the payments lines are an API list no ' +
      'screen sends. Neither is counted in the figures.',
    '',
    '### Accounts against the accountant',
    '',
    '| screen | accountant p95 | slowest account | its p95 | ratio |',
    '| --- | ---: | --- | ---: | ---: |',
    ...f.worstAccountRatio.perScreen.map(
      (r) =>
        `| ${r.screen} | ${fmt(r.accountant, 1)} | ${r.slowest} | ${fmt(r.p95, 1)} | ${fmt(r.ratio, 2)} |`,
    ),
    '',
    ...growthTable(),
    '## Sign-in',
    '',
    `${fmt(f.login.rps, 1)} sign-ins per second at 4 connections (server ms p50 ` +
      `${fmt(f.login.p50, 1)}, p95 ${fmt(f.login.p95, 1)}). Each verifies an argon2id hash ` +
      '(19 MiB, 2 passes, 1 lane: the OWASP floor) on the libuv thread pool: this is the cost ' +
      'of the password hash, kept on purpose, and it is what caps sign-ins on two cores.',
    '',
    '## Targets (at scale 1)',
    '',
    '| figure | value | target | met |',
    '| --- | ---: | --- | --- |',
  ];
  const targets = [
    [
      'ratio graphql/raw',
      fmt(f.ratioGraphqlRaw, 2),
      `≥ ${RATIO_GRAPHQL_RAW_GOAL}`,
      f.ratioGraphqlRaw >= RATIO_GRAPHQL_RAW_GOAL,
    ],
    ['ratio rls/bypass', fmt(f.ratioRlsBypass, 2), '≥ 0.85', f.ratioRlsBypass >= 0.85],
    ['nested list rps', fmt(f.nestedRps), '≥ 800', f.nestedRps >= 800],
    ['p95 list ms', fmt(f.p95List, 1), '< 50', f.p95List < 50],
    [
      'worst account ratio',
      fmt(f.worstAccountRatio.value, 2),
      '≤ 2',
      f.worstAccountRatio.value <= 2,
    ],
  ] as const;
  for (const [figure, value, target, met] of targets) {
    lines.push(`| ${figure} | ${value} | ${target} | ${met ? 'yes' : 'no'} |`);
  }
  const notes = explainNotes(f);
  if (notes.length) lines.push('', '## Notes', '', ...notes);
  // The browser's own time, when `npm run bench:browser` was run at this scale (results beside).
  const browserRun = readBrowserRun(path.dirname(outFile), f.scale);
  const browser = browserRun ? renderBrowserSection(browserRun) : undefined;
  if (browser) lines.push('', ...browser.section);
  // Fairness under heavy clients, when `npm run bench:fairness` was run at this scale.
  const fairnessRun = readFairnessRun(path.dirname(outFile), f.scale);
  const fairness = fairnessRun ? renderFairnessSection(fairnessRun) : undefined;
  if (fairness) lines.push('', ...fairness.section);
  const searchRun = readSearchRun(path.dirname(outFile), f.scale);
  const search = searchRun ? renderSearchSection(searchRun) : undefined;
  if (search) lines.push('', ...search.section);
  const exportRun = readExportRun(path.dirname(outFile), f.scale);
  const exported = exportRun ? renderExportSection(exportRun) : undefined;
  if (exported) lines.push('', ...exported.section);
  // Scale 10 against scale 1, once both have run.
  const growth = renderGrowthSection(path.dirname(outFile));
  if (growth) lines.push('', ...growth.section);
  lines.push(
    '',
    `ratio graphql/raw: ${f.ratioGraphqlRaw.toFixed(2)}`,
    `ratio rls/bypass: ${f.ratioRlsBypass.toFixed(2)}`,
    `nested list rps: ${Math.round(f.nestedRps)}`,
    `p95 list ms: ${f.p95List.toFixed(1)}`,
    `worst account ratio: ${f.worstAccountRatio.value.toFixed(2)}`,
    ...(browser?.lines ?? []),
    ...(fairness?.lines ?? []),
    ...(search?.lines ?? []),
    ...(exported?.lines ?? []),
    ...(growth?.lines ?? []),
    '',
  );
  return lines.join('\n');
}
