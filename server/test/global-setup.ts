// Starts one real PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL), migrates and seeds a
// template database once; every test file then works on its own clone of it (see helpers.ts).
import '../src/env.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  ensureDatabaseExists,
  setAuthenticatorPassword,
  withDatabase,
} from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { onFreePort } from './free-port.ts';

export const TEMPLATE_DATABASE = 'ledgerline_test_template';
export const AUTHENTICATOR_PASSWORD = 'test-authenticator-password';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

let cluster: EmbeddedCluster | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    const pgDir = path.join(dataDir, 'pg');
    cluster = await onFreePort((port) =>
      startEmbeddedPostgres({
        dataDir: pgDir,
        port,
        password: 'test-superuser-password',
        persistent: false,
      }),
    );
    serverUrl = cluster.url('postgres');
  }
  const client = await import('pg').then(
    ({ default: pg }) => new pg.Client({ connectionString: serverUrl }),
  );
  await client.connect();
  await client.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await client.end();
  await ensureDatabaseExists(serverUrl, TEMPLATE_DATABASE);
  const templateUrl = withDatabase(serverUrl, TEMPLATE_DATABASE);
  await migrate(templateUrl);
  await seedDemoData(templateUrl);
  await setAuthenticatorPassword(templateUrl, AUTHENTICATOR_PASSWORD);
  project.provide('pgServerUrl', serverUrl);
}

export async function teardown() {
  await cluster?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
