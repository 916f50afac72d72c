import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import {
  AUTHENTICATOR_ROLE,
  accessLimit,
  requestRole,
  VISITOR_ROLE,
  withCredentials,
  withDatabase,
} from '../src/db/database.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { AUTHENTICATOR_PASSWORD, TEMPLATE_DATABASE } from './global-setup.ts';

export interface TestDatabase {
  ownerUrl: string;
  authenticatorUrl: string;
  /** Owner connection, for arranging data and checking what was written. */
  owner: pg.Pool;
}

/** A fresh database cloned from the migrated, seeded template; dropped after the file's tests. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const ownerUrl = withDatabase(serverUrl, name);
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 4 });
  afterAll(async () => {
    await owner.end();
    const drop = new pg.Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  return {
    ownerUrl,
    authenticatorUrl: withCredentials(ownerUrl, AUTHENTICATOR_ROLE, AUTHENTICATOR_PASSWORD),
    owner,
  };
}

export const TEST_JWT_SECRET = 'test-jwt-secret-of-enough-length-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
}

/** The whole server on a fresh database, driven in-process with app.inject (no sockets). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'trustedDocuments' | 'heavyBudget'> = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-test-data-'));
  const config = loadConfig({
    production: false,
    loginRateLimit: 1000,
    dataDir,
    fileSweepIntervalMs: 0,
    ...overrides,
  });
  const app = await buildApp({
    config,
    ownerUrl: db.ownerUrl,
    authenticatorUrl: db.authenticatorUrl,
    jwtSecret: TEST_JWT_SECRET,
    ...options,
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, db, config };
}

export interface GraphQLResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } & Record<string, unknown> }[];
}

export async function gql<T = Record<string, any>>(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: { query, variables },
  });
  return response.json() as GraphQLResult<T>;
}

/** The error code of the first error, or undefined when there was none. */
export function errorCode(result: GraphQLResult): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

export interface Tokens {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}

const LOGIN = `mutation Login($username: String!, $password: String!) {
  login(input: { username: $username, password: $password }) { accessToken expiresIn refreshToken }
}`;

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<Tokens> {
  const result = await gql<{ login: Tokens }>(app, LOGIN, { username, password });
  if (!result.data?.login)
    throw new Error(`login as ${username} failed: ${JSON.stringify(result.errors)}`);
  return result.data.login;
}

/**
 * Runs SQL exactly as a GraphQL request of the user would: as the authenticator switched to the
 * visitor role, with the user's (main or given) account in the JWT claims. Rolled back afterwards.
 */
export async function asUser<T>(
  db: TestDatabase,
  username: string | null,
  work: (client: pg.PoolClient) => Promise<T>,
  accountName?: string,
): Promise<T> {
  const client = await db.owner.connect();
  let role = VISITOR_ROLE;
  try {
    await client.query('begin');
    if (username) {
      const { rows } = await client.query<{ user_id: string; account_id: string }>(
        `select u.id as user_id, a.id as account_id
           from app_public.users u join app_public.accounts a on a.user_id = u.id
           left join app_public.default_accounts d on d.account_id = a.id
          where u.username = $1 and ($2::text is null or a.name = $2)
          order by (d.account_id is not null) desc limit 1`,
        [username, accountName ?? null],
      );
      const who = rows[0]!;
      await client.query(
        `select set_config('jwt.claims.user_id', $1, true), set_config('jwt.claims.account_id', $2, true)`,
        [who.user_id, who.account_id],
      );
      // The role the API would run the request as (the token says whether the account is limited).
      role = requestRole(await accessLimit(client, who.account_id));
    }
    await client.query(`set local role ${role}`);
    return await work(client);
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
}

/** Runs a statement as the user and returns the database error code it failed with, if any. */
export async function sqlErrorAs(
  db: TestDatabase,
  username: string | null,
  sql: string,
  params: unknown[] = [],
): Promise<string | undefined> {
  return asUser(db, username, async (client) => {
    try {
      await client.query(sql, params);
      return undefined;
    } catch (error) {
      return (error as { code?: string }).code;
    }
  });
}

/** Rows a user can see of a query. */
export async function rowsAs<T extends pg.QueryResultRow = Record<string, any>>(
  db: TestDatabase,
  username: string | null,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return asUser(db, username, async (client) => (await client.query<T>(sql, params)).rows);
}
