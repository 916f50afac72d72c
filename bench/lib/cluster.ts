import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { AUTHENTICATOR_ROLE, withCredentials, withDatabase } from '../../server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';

/** The benchmark's own database: never the demo one (`ledgerline` in ./data/pg). */
export const BENCH_DATABASE = 'ledgerline_bench';

/** A role like the visitor but with BYPASSRLS; exists only in the benchmark cluster. */
export const BYPASS_ROLE = 'ledgerline_bench_bypass';

/** Where the benchmark keeps its PostgreSQL cluster and secrets (git-ignored). */
export const BENCH_DIR = path.resolve(process.env.BENCH_DATA_DIR || 'data/bench');

interface BenchSecrets {
  postgresPassword: string;
  authenticatorPassword: string;
  jwtSecret: string;
}

function loadBenchSecrets(dir: string): BenchSecrets {
  const file = path.join(dir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as BenchSecrets;
  const fresh = () => randomBytes(24).toString('base64url');
  const secrets = {
    postgresPassword: fresh(),
    authenticatorPassword: fresh(),
    jwtSecret: fresh() + fresh(),
  };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export interface BenchCluster {
  /** Superuser connection to the benchmark database. */
  ownerUrl: string;
  /** The API's login role on the benchmark database. */
  authenticatorUrl: string;
  /** Superuser connection to the maintenance database `postgres`. */
  serverUrl: string;
  jwtSecret: string;
  authenticatorPassword: string;
  stop(): Promise<void>;
}

/** Where a benchmark cluster lives: its directory (secrets and `pg/`) and its port. */
export interface ClusterPlace {
  dir: string;
  port: number;
}

/** The benchmark's cluster: BENCH_DATA_DIR (default data/bench) on BENCH_PG_PORT (default 5437). */
export const BENCH_PLACE: ClusterPlace = {
  dir: BENCH_DIR,
  port: Number(process.env.BENCH_PG_PORT || 5437),
};

/**
 * Starts (initialising on first use) the benchmark's embedded PostgreSQL in data/bench/pg, on
 * BENCH_PG_PORT (default 5437), separate from the demo cluster and from the tests' clusters; or
 * the one at `place` (bench:growth opens two: the scales it compares).
 */
export async function openBenchCluster(
  log: (message: string) => void,
  place: ClusterPlace = BENCH_PLACE,
): Promise<BenchCluster> {
  const secrets = loadBenchSecrets(place.dir);
  const port = place.port;
  const dataDir = path.join(place.dir, 'pg');
  if (!fs.existsSync(dataDir)) log(`Initialising a PostgreSQL cluster in ${dataDir} ...`);
  fs.mkdirSync(place.dir, { recursive: true });
  fs.chmodSync(place.dir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dataDir,
    port,
    password: secrets.postgresPassword,
    log: (message) => {
      // Errors only; not the expected ones of a shutdown or of autovacuum giving way to a load.
      if (!/FATAL|ERROR|PANIC/.test(message)) return;
      if (/administrator command|canceling autovacuum task/.test(message)) return;
      log(message.trim());
    },
  });
  const serverUrl = cluster.url('postgres');
  const ownerUrl = withDatabase(serverUrl, BENCH_DATABASE);
  return {
    serverUrl,
    ownerUrl,
    authenticatorUrl: withCredentials(ownerUrl, AUTHENTICATOR_ROLE, secrets.authenticatorPassword),
    jwtSecret: secrets.jwtSecret,
    authenticatorPassword: secrets.authenticatorPassword,
    stop: () => cluster.stop(),
  };
}

/** Runs `work` on one connection and closes it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
