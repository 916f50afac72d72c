import os from 'node:os';
import path from 'node:path';

/** Everything the server reads from the environment, in one place. */
export interface Config {
  /** Port of the HTTP server (`PORT`, default 3000). */
  port: number;
  /** Host interface to listen on (`HOST`, default 0.0.0.0). */
  host: string;
  /** Where the embedded database, files and generated secrets live (`DATA_DIR`, default ./data). */
  dataDir: string;
  /** An external PostgreSQL (≥ 15) to use instead of the embedded one (`DATABASE_URL`). */
  databaseUrl: string | undefined;
  /** The API's login role, when it is managed outside (`AUTH_DATABASE_URL`). */
  authDatabaseUrl: string | undefined;
  /** Port of the embedded PostgreSQL (`PG_PORT`, default 5433). */
  embeddedPgPort: number;
  /** `production` turns off introspection and Ruru. */
  production: boolean;
  /**
   * GraphQL runs only trusted documents: the web app's (web/src/api/trusted-documents.json) and
   * those given to buildApp, named by their hash or sent as their exact text; any other query is
   * refused with UnknownOperation (`TRUSTED_DOCUMENTS_ONLY=true|false`, default: production).
   */
  trustedDocumentsOnly: boolean;
  /** Behind a reverse proxy: client addresses come from X-Forwarded-For (`TRUST_PROXY=true`). */
  trustProxy: boolean;
  /** Log every request as a JSON line (`LOG_REQUESTS=true`). */
  logRequests: boolean;
  /** Outside production, add the SQL and plan of each request to GraphQL responses (`GRAPHQL_EXPLAIN=true`). */
  graphqlExplain: boolean;
  /** Lifetime of an access token in seconds (`ACCESS_TOKEN_TTL`, default 900). */
  accessTokenTtl: number;
  /** Absolute lifetime of a refresh-token family in seconds (`REFRESH_TOKEN_TTL`, default 30 days). */
  refreshTokenTtl: number;
  /** Secret for signing access tokens (`JWT_SECRET`; generated into DATA_DIR when unset). */
  jwtSecret: string | undefined;
  /** Login attempts allowed per username and per IP address in one window (`LOGIN_RATE_LIMIT`). */
  loginRateLimit: number;
  /** Length of the login rate-limit window in ms (`LOGIN_RATE_WINDOW_MS`, default 15 min). */
  loginRateWindowMs: number;
  /** How often expired uploads and unreferenced bytes are swept (`FILE_SWEEP_INTERVAL_MS`; 0: never). */
  fileSweepIntervalMs: number;
  /**
   * Connections per process to the API's login role, shared by GraphQL and file storage: every
   * request as the signed-in account runs on one of them (`DB_POOL_SIZE`, default 20).
   */
  authenticatorPoolSize: number;
  /**
   * Connections per process as the owner: sign-in, tokens, file bookkeeping, health checks
   * (`DB_OWNER_POOL_SIZE`, default 5). A process holds at most the two sizes together.
   */
  ownerPoolSize: number;
  /**
   * Heavy GraphQL operations (docs/operations.md "Heavy operations") running at once in a process
   * (`HEAVY_SLOTS`, default one less than the machine's cores, at least 1); each account runs at
   * most one of them while others wait (with one slot, one at a time, accounts in turn).
   */
  heavySlots: number;
  /** Connections of the heavy operations' own pool (`HEAVY_DB_POOL_SIZE`, default as HEAVY_SLOTS). */
  heavyPoolSize: number;
  /** Heavy operations waiting at once, all accounts together (`HEAVY_QUEUE_SIZE`, default 16). */
  heavyQueueSize: number;
  /** How long a heavy operation may wait for its turn, in ms (`HEAVY_WAIT_MS`, default 10 s). */
  heavyWaitMs: number;
  /** Statement timeout of a heavy operation's SQL (`HEAVY_STATEMENT_TIMEOUT_MS`, default 15 s). */
  heavyStatementTimeoutMs: number;
}

/**
 * Heavy work at once by default: one less than the cores, so that a light request (a screen's
 * page) always finds a core that no heavy statement holds (bench:fairness on two cores: the list's
 * p95 under four heavy clients 1.6–1.7× its p95 alone with one slot, 2.1–2.4× with two).
 */
const HEAVY_DEFAULT = Math.max(1, os.availableParallelism() - 1);

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  }
  return value;
}

function booleanFromEnv(name: string): boolean | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') {
    throw new Error(`${name} must be true or false, got '${raw}'`);
  }
  return raw === 'true';
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const production = overrides.production ?? process.env.NODE_ENV === 'production';
  return {
    port: intFromEnv('PORT', 3000),
    host: process.env.HOST || '0.0.0.0',
    dataDir: path.resolve(process.env.DATA_DIR || 'data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    authDatabaseUrl: process.env.AUTH_DATABASE_URL || undefined,
    embeddedPgPort: intFromEnv('PG_PORT', 5433),
    production,
    trustedDocumentsOnly: booleanFromEnv('TRUSTED_DOCUMENTS_ONLY') ?? production,
    trustProxy: process.env.TRUST_PROXY === 'true',
    logRequests: process.env.LOG_REQUESTS === 'true',
    graphqlExplain: process.env.GRAPHQL_EXPLAIN === 'true',
    accessTokenTtl: intFromEnv('ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtl: intFromEnv('REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    jwtSecret: process.env.JWT_SECRET || undefined,
    loginRateLimit: intFromEnv('LOGIN_RATE_LIMIT', 10),
    loginRateWindowMs: intFromEnv('LOGIN_RATE_WINDOW_MS', 15 * 60 * 1000),
    fileSweepIntervalMs:
      process.env.FILE_SWEEP_INTERVAL_MS === '0'
        ? 0
        : intFromEnv('FILE_SWEEP_INTERVAL_MS', 60 * 60 * 1000),
    authenticatorPoolSize: intFromEnv('DB_POOL_SIZE', 20),
    ownerPoolSize: intFromEnv('DB_OWNER_POOL_SIZE', 5),
    heavySlots: intFromEnv('HEAVY_SLOTS', HEAVY_DEFAULT),
    heavyPoolSize: intFromEnv('HEAVY_DB_POOL_SIZE', HEAVY_DEFAULT),
    heavyQueueSize: intFromEnv('HEAVY_QUEUE_SIZE', 16),
    heavyWaitMs: intFromEnv('HEAVY_WAIT_MS', 10_000),
    heavyStatementTimeoutMs: intFromEnv('HEAVY_STATEMENT_TIMEOUT_MS', 15_000),
    ...overrides,
  };
}
