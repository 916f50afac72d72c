// npm run bench:data -- --scale S [--seed N] [--audit-rows N]
// Generates the benchmark data set into its own database (ledgerline_bench) on the benchmark's
// own PostgreSQL cluster (data/bench/pg), never the demo database.
import '../server/src/env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../server/src/auth/passwords.ts';
import { ensureDatabaseExists, setAuthenticatorPassword } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/db/seed.ts';
import { formatCount, log, numberOption, parseScaleArgs } from './lib/cli.ts';
import { BENCH_DATABASE, openBenchCluster, withClient } from './lib/cluster.ts';
import { auditRowsFor } from './lib/audit.ts';
import { countsFor, generate } from './lib/generate.ts';
import { dataRunFile, type DataRun } from './lib/growth-report.ts';

const { scale, values } = parseScaleArgs({
  seed: { type: 'string' },
  'audit-rows': { type: 'string' },
});
const seed = Math.round(numberOption(values.seed, 'seed', 2026));
const auditRows = Math.min(
  auditRowsFor(scale),
  Math.round(numberOption(values['audit-rows'], 'audit-rows', auditRowsFor(scale))),
);
const target = countsFor(scale);
log(
  `Benchmark data at scale ${scale} (seed ${seed}): ${formatCount(target.invoices)} invoices, ` +
    `${formatCount(target.costs)} costs, ${formatCount(target.bills)} bills, ` +
    `${formatCount(target.payments)} payments, ${formatCount(target.documents)} documents, ` +
    `${formatCount(auditRows)} audit rows`,
);

const cluster = await openBenchCluster(log);
try {
  await withClient(cluster.serverUrl, async (client) => {
    // Loading writes a lot of WAL; fewer checkpoints make it faster. Only this cluster.
    await client.query(`alter system set max_wal_size = '8GB'`);
    await client.query(`alter system set checkpoint_timeout = '30min'`);
    await client.query('select pg_reload_conf()');
    await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  });
  await ensureDatabaseExists(cluster.serverUrl, BENCH_DATABASE);
  log(`Created database ${BENCH_DATABASE}; applying migrations ...`);
  await migrate(cluster.ownerUrl);
  await setAuthenticatorPassword(cluster.ownerUrl, cluster.authenticatorPassword);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = await withClient(cluster.ownerUrl, async (client) => {
    const generated = await generate(client, { scale, seed, passwordHash, log, auditRows });
    log('VACUUM ANALYZE ...');
    await client.query('vacuum (freeze, analyze)');
    await client.query(
      `comment on database ${BENCH_DATABASE} is ${client.escapeLiteral(
        JSON.stringify({ scale, seed, auditRows, generatedAt: new Date().toISOString() }),
      )}`,
    );
    const { rows } = await client.query<Record<string, string>>(`
      select (select count(*) from app_public.subsidiaries) subsidiaries,
             (select count(*) from app_public.suppliers) suppliers,
             (select count(*) from app_public.projects) projects,
             (select count(*) from app_public.invoices) invoices,
             (select count(*) from app_public.costs) costs,
             (select count(*) from app_public.bills) bills,
             (select count(*) from app_public.payments) payments,
             (select count(*) from app_public.documents) documents,
             (select count(*) from app_public.audit_trail) audit_rows,
             pg_size_pretty(pg_database_size(current_database())) size,
             pg_database_size(current_database())::text bytes`);
    const { bytes, ...row } = rows[0]!;
    const run: DataRun = {
      scale,
      seed,
      auditRows,
      seconds: Math.round(process.uptime()),
      databaseBytes: Number(bytes),
      generatedAt: new Date().toISOString(),
    };
    const results = path.resolve('bench/results');
    fs.writeFileSync(dataRunFile(results, scale), `${JSON.stringify(run, null, 2)}\n`);
    log(
      `Loaded: ${Object.entries(row)
        .map(([key, value]) => `${key} ${/^\d+$/.test(value) ? formatCount(Number(value)) : value}`)
        .join(', ')}`,
    );
    return generated;
  });
  void counts;
  log('Done.');
} finally {
  await cluster.stop();
}
