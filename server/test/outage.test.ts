// docs/operations.md "A database that died": while PostgreSQL cannot be reached, GraphQL answers
// ServiceUnavailable with HTTP 503 and Retry-After (the web app says the service is restarting),
// not a masked InvalidQuery.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  AUTHENTICATOR_ROLE,
  ensureDatabaseExists,
  setAuthenticatorPassword,
  withCredentials,
  withDatabase,
} from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { onFreePort } from './free-port.ts';
import { TEST_JWT_SECRET } from './helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-outage-'));
fs.chmodSync(dir, 0o755);
let cluster: EmbeddedCluster;
let app: FastifyInstance;

beforeAll(async () => {
  // A port the system reports free, asked again if another process takes it first.
  cluster = await onFreePort((port) =>
    startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      port,
      password: 'outage-test-password',
      persistent: false,
    }),
  );
  await ensureDatabaseExists(cluster.url('postgres'), 'ledgerline');
  const ownerUrl = withDatabase(cluster.url('postgres'), 'ledgerline');
  await migrate(ownerUrl);
  await seedDemoData(ownerUrl);
  await setAuthenticatorPassword(ownerUrl, 'outage-authenticator');
  app = await buildApp({
    config: loadConfig({
      production: false,
      dataDir: path.join(dir, 'data'),
      fileSweepIntervalMs: 0,
    }),
    ownerUrl,
    authenticatorUrl: withCredentials(ownerUrl, AUTHENTICATOR_ROLE, 'outage-authenticator'),
    jwtSecret: TEST_JWT_SECRET,
  });
  // Connections in the pools first, so that the outage also cuts open ones.
  const warm = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: '{ allCurrencies(first: 1) { totalCount } }' },
  });
  expect(warm.statusCode, warm.body).toBe(200);
  await cluster.stop();
}, 120_000);

afterAll(async () => {
  await app?.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

function expectServiceUnavailable(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  const error = response.json().errors[0];
  expect(error.extensions.code).toBe('ServiceUnavailable');
  expect(error.message).toBe('The service is restarting. Try again in a moment.');
}

it('a query while the database is down is refused with ServiceUnavailable, 503 and Retry-After', async () => {
  // Twice: the first finds the pooled connection dead, the second cannot connect at all.
  for (let i = 0; i < 2; i++) {
    expectServiceUnavailable(
      await app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ allCurrencies(first: 1) { totalCount } }' },
      }),
    );
  }
});

it('a query sent by GET while the database is down is refused the same way', async () => {
  expectServiceUnavailable(
    await app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ allCurrencies(first: 1) { totalCount } }')}`,
    }),
  );
});

it('signing in while the database is down is refused with ServiceUnavailable', async () => {
  expectServiceUnavailable(
    await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query:
          'mutation($u: String!, $p: String!) { login(input: { username: $u, password: $p }) { accessToken } }',
        variables: { u: 'admin', p: 'whatever' },
      },
    }),
  );
});
