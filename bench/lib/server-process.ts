// The benchmark server (bench/server.ts) as a child process, on the benchmark's database: the
// data check, the roles it needs and the start, shared by the benchmark scripts.
import { fork } from 'node:child_process';
import path from 'node:path';
import { AUTHENTICATOR_ROLE, VISITOR_ROLE } from '../../server/src/db/database.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { log } from './cli.ts';
import { BENCH_DATABASE, BYPASS_ROLE, withClient, type BenchCluster } from './cluster.ts';

/** Node's options for the server, as `npm start` gives them (docs/operations.md, "Node's young
 *  generation"): the benchmark measures the server as it runs. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * The benchmark database exists and holds data of the asked scale; then it is brought to the
 * current migrations (data generated before a new migration gets it, e.g. an index), so that
 * every benchmark measures the schema of the code it runs.
 */
export async function checkData(
  cluster: BenchCluster,
  scale: number,
): Promise<{ scale: number; seed: number }> {
  const comment = await withClient(cluster.serverUrl, async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [BENCH_DATABASE],
    );
    return rows[0]?.comment;
  });
  const hint = `run \`npm run bench:data -- --scale ${scale}\` first`;
  if (!comment) throw new Error(`No benchmark data in ${BENCH_DATABASE}: ${hint}.`);
  const generated = JSON.parse(comment) as { scale: number; seed: number };
  if (generated.scale !== scale) {
    throw new Error(`${BENCH_DATABASE} holds data of scale ${generated.scale}: ${hint}.`);
  }
  log('Applying migrations the benchmark database does not have yet ...');
  await migrate(cluster.ownerUrl);
  return generated;
}

/** The role that bypasses RLS: the visitor's privileges, BYPASSRLS, usable by the authenticator. */
export async function prepareRoles(cluster: BenchCluster) {
  await withClient(cluster.ownerUrl, async (client) => {
    await client.query(`do $$ begin
      if not exists (select from pg_roles where rolname = '${BYPASS_ROLE}') then
        create role ${BYPASS_ROLE} nologin bypassrls;
      end if; end $$`);
    await client.query(`grant ${VISITOR_ROLE} to ${BYPASS_ROLE}`);
    await client.query(`grant ${BYPASS_ROLE} to ${AUTHENTICATOR_ROLE}`);
    await client.query(
      `alter role ${AUTHENTICATOR_ROLE} with login password ${client.escapeLiteral(cluster.authenticatorPassword)}`,
    );
  });
}

/** Starts bench/server.ts in a child process and waits until it listens. */
export async function startServer(
  cluster: BenchCluster,
  /** Served as the web app (the production build), for the browser benchmark. */
  webRoot?: string,
  options: {
    /** Development mode: any query runs, not only trusted documents (default: production). */
    production?: boolean;
  } = {},
) {
  const production = options.production ?? true;
  const child = fork(path.join(import.meta.dirname, '..', 'server.ts'), [], {
    execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS],
    env: {
      ...process.env,
      ...(webRoot ? { BENCH_WEB_ROOT: webRoot } : {}),
      NODE_ENV: production ? 'production' : 'development',
      GRAPHILE_ENV: 'production',
      BENCH_PRODUCTION: String(production),
      BENCH_OWNER_URL: cluster.ownerUrl,
      BENCH_AUTHENTICATOR_URL: cluster.authenticatorUrl,
      BENCH_JWT_SECRET: cluster.jwtSecret,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 120 s')), 120_000);
    child.once('message', (message: { type?: string; port?: number }) => {
      clearTimeout(timer);
      if (message.type === 'ready' && message.port) resolve(message.port);
      else reject(new Error(`unexpected message from the server: ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code} before it was ready`));
    });
  });
  log(
    `Server (${production ? 'production' : 'development'} mode, pid ${child.pid}) listening on 127.0.0.1:${port}`,
  );
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { base: `http://127.0.0.1:${port}`, stop, pid: child.pid };
}

/**
 * The production server on a benchmark database of the asked scale, brought to the current
 * migrations first (a database generated before a new migration gets it), with `post` sending
 * one GraphQL request (an error or an answer without data throws, with the answer's start).
 */
export async function startMigratedServer(cluster: BenchCluster, scale: number) {
  await checkData(cluster, scale);
  await withClient(cluster.ownerUrl, (client) => client.query('analyze'));
  await prepareRoles(cluster);
  const { base, stop } = await startServer(cluster);
  const post = async <Data = Record<string, unknown>>(payload: unknown, token?: string) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(payload),
    });
    const json = (await response.json()) as { data?: Data; errors?: unknown[] };
    if (!response.ok || json.errors || !json.data)
      throw new Error(JSON.stringify(json).slice(0, 500));
    return json.data;
  };
  return { base, stop, post };
}
