import {
  runningServer,
  startEmbeddedPostgres,
  type EmbeddedCluster,
  type EmbeddedOptions,
} from './embedded.ts';

/** The embedded PostgreSQL a process owns, started again whenever it is found dead. */
export interface KeptCluster {
  /** Stops watching and stops the server (when this process started it). */
  stop(): Promise<void>;
}

/**
 * Watches the embedded PostgreSQL (its postmaster.pid) every `intervalMs` and starts it again
 * when it died (killed, crashed). The server's connection pools reconnect by themselves once it is
 * back; until then /health says why and /ready is false. A failed start is retried on the next
 * tick (after a kill, the old server's processes may hold its shared memory for a moment).
 */
export function keepEmbeddedPostgresRunning(
  options: EmbeddedOptions,
  initial: EmbeddedCluster,
  log: (message: string) => void,
  intervalMs = 2000,
): KeptCluster {
  let cluster = initial;
  let starting = false;
  const timer = setInterval(() => {
    if (starting || runningServer(options.dataDir)) return;
    starting = true;
    log('PostgreSQL is not running; starting it again ...');
    startEmbeddedPostgres(options)
      .then((started) => {
        cluster = started;
        log('PostgreSQL is running again.');
      })
      .catch((error: unknown) => log(`PostgreSQL did not start yet: ${String(error)}`))
      .finally(() => {
        starting = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await cluster.stop();
    },
  };
}
