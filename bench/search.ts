// npm run bench:search -- --scale S [--rounds n]
// The global search on the benchmark's data (issue 28; the export's benchmark is bench/export.ts):
// - search: globalSearch as each demo account, for typed texts taken from the data (an invoice
//   number in full and in part, a cost's, a supplier's, a client's and a document's name, an id),
//   one request at a time, `--rounds` times (10 at scale ≥ 0.5, 2 below); the goal is p95 < 50 ms.
// Applies migrations the benchmark database does not have yet (indexes of the search). Writes
// results/search-scale-S.json, and its section of results/latest.md (bench.ts adds it again on
// its next run).
import '../server/src/env.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import { GlobalSearchDocument } from '../web/src/api/generated.ts';
import { LoginDocument } from '../web/src/api/session-generated.ts';
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
import { startMigratedServer } from './lib/server-process.ts';
import { percentile } from './lib/stats.ts';

const { scale, values } = parseScaleArgs({ rounds: { type: 'string' } });
const rounds = Math.round(numberOption(values.rounds, 'rounds', scale >= 0.5 ? 10 : 2));
const RESULTS = path.resolve('bench', 'results');

const cluster = await openBenchCluster(log);
let stopServer = async () => {};
try {
  const server = await startMigratedServer(cluster, scale);
  stopServer = server.stop;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the documents' shapes vary
  const post = (payload: unknown, token?: string) => server.post<any>(payload, token);
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
