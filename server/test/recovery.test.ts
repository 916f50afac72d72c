// docs/operations.md "A database that died": the server starts the embedded PostgreSQL it owns
// again, its pools reconnect by themselves, /health says why meanwhile and /ready is false.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  AUTHENTICATOR_ROLE,
  ensureDatabaseExists,
  setAuthenticatorPassword,
  withCredentials,
  withDatabase,
} from '../src/db/database.ts';
import { runningServer, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { keepEmbeddedPostgresRunning } from '../src/db/watchdog.ts';
import { freePort } from './free-port.ts';
import { TEST_JWT_SECRET } from './helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-recovery-'));
fs.chmodSync(dir, 0o755);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

it('after the embedded postmaster is killed, the server restarts it and /health and /ready recover', async () => {
  const options = {
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    password: 'recovery-test-password',
    persistent: false,
  };
  const cluster = await startEmbeddedPostgres(options);
  // Checked every 1.5 s, so the test sees the database down before it is back.
  const kept = keepEmbeddedPostgresRunning(options, cluster, () => {}, 1500);
  cleanups.push(() => kept.stop());
  await ensureDatabaseExists(cluster.url('postgres'), 'ledgerline');
  const ownerUrl = withDatabase(cluster.url('postgres'), 'ledgerline');
  await migrate(ownerUrl);
  await setAuthenticatorPassword(ownerUrl, 'recovery-authenticator');
  const app = await buildApp({
    config: loadConfig({
      production: false,
      dataDir: path.join(dir, 'data'),
      fileSweepIntervalMs: 0,
    }),
    ownerUrl,
    authenticatorUrl: withCredentials(ownerUrl, AUTHENTICATOR_ROLE, 'recovery-authenticator'),
    jwtSecret: TEST_JWT_SECRET,
  });
  cleanups.push(() => app.close());
  const status = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { code: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  expect(await status('/health')).toEqual({ code: 200, body: { ok: true } });
  expect(await status('/ready')).toEqual({ code: 200, body: { ready: true } });

  const before = runningServer(options.dataDir)!;
  process.kill(before.pid, 'SIGKILL');
  // While it is down, both say why; then both recover without anyone restarting the server.
  let healthDown = false;
  let readyDown = false;
  const deadline = Date.now() + 40_000;
  for (;;) {
    const health = await status('/health');
    const ready = await status('/ready');
    if (health.code === 503) {
      healthDown = true;
      expect(String(health.body.reason)).toMatch(/^database unreachable/);
    }
    if (ready.code === 503) readyDown = true;
    if (healthDown && readyDown && health.code === 200 && ready.code === 200) break;
    if (Date.now() > deadline) throw new Error('the database did not come back in 40 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sawDown = healthDown && readyDown;
  expect(sawDown).toBe(true);
  expect(runningServer(options.dataDir)!.pid).not.toBe(before.pid);
  expect((await status('/ready')).code).toBe(200);
  const graphql = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: '{ allCurrencies(first: 1) { totalCount } }' },
  });
  expect(graphql.statusCode, graphql.body).toBe(200);
}, 90_000);
