import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Secrets } from '../secrets.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { keepEmbeddedPostgresRunning } from './watchdog.ts';
import { migrate } from './migrate.ts';

/** The login role PostGraphile connects as; it can only become `ledgerline_visitor`. */
export const AUTHENTICATOR_ROLE = 'ledgerline_authenticator';
/** The role every GraphQL request runs as; all grants and RLS policies are written for it. */
export const VISITOR_ROLE = 'ledgerline_visitor';
/**
 * The role the requests of a project-limited account run as: the visitor plus the policies that
 * read the row's projects (db/migrations/0033, 0034). Only a planner hint: every policy still
 * checks the account's limits.
 */
export const PROJECT_LIMITED_ROLE = 'ledgerline_project_limited';
/**
 * The role the requests of a supplier's user run as: the project-limited role's policies plus
 * the supplier's (db/migrations/0053, 0095), kept off the other accounts' plans.
 */
export const SUPPLIER_USER_ROLE = 'ledgerline_supplier_user';

/** What limits an account's rows beyond its subsidiaries, as the access token carries it. */
export interface AccessLimit {
  /** It has a project limit (app_private.account_access). */
  projectLimited?: boolean;
  /** Its user is a supplier's user (suppliers.user_id). */
  supplierUser?: boolean;
}

/** The account's limits now (an owner connection), for its access token. */
export async function accessLimit(
  client: Pick<pg.ClientBase, 'query'>,
  accountId: string,
): Promise<AccessLimit> {
  const { rows } = await client.query<{ projects: boolean; supplier: boolean }>(
    `select aa.allowed_project_ids is not null as projects,
            exists (select from app_public.suppliers s where s.user_id = aa.user_id) as supplier
       from app_private.account_access aa
      where aa.account_id = $1`,
    [accountId],
  );
  const row = rows[0];
  return {
    ...(row?.projects ? { projectLimited: true } : {}),
    ...(row?.supplier ? { supplierUser: true } : {}),
  };
}

/**
 * The role a request with these claims runs as. A stale token only ever hides rows: an account
 * limited since the token was issued sees nothing as the plain visitor, a supplier's user nothing
 * as the project-limited role (0095).
 */
export function requestRole(claims: AccessLimit | undefined): string {
  if (claims?.supplierUser) return SUPPLIER_USER_ROLE;
  return claims?.projectLimited ? PROJECT_LIMITED_ROLE : VISITOR_ROLE;
}
const DATABASE_NAME = 'ledgerline';

export interface Database {
  /** Owner connection: migrations, seeding, and the auth module's private tables. */
  ownerUrl: string;
  /** Authenticator connection used by the GraphQL API. */
  authenticatorUrl: string;
  stop(): Promise<void>;
}

export function withCredentials(connectionString: string, user: string, password: string): string {
  const url = new URL(connectionString);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}

export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the database if the server does not have it yet. */
export async function ensureDatabaseExists(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database,
    ]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL may name a database that does not exist yet: it is created when the role may
 * create databases; otherwise the error says in one line what to run.
 */
export async function ensureExternalDatabase(
  ownerUrl: string,
  log: (message: string) => void = () => {},
): Promise<void> {
  const probe = new pg.Client({ connectionString: ownerUrl });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => {});
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const url = new URL(ownerUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  try {
    await ensureDatabaseExists(ownerUrl, name);
    log(`Created the database ${name}.`);
  } catch (error) {
    const user = decodeURIComponent(url.username) || 'the DATABASE_URL role';
    throw new Error(
      `The database "${name}" does not exist and ${user} may not create it (${(error as Error).message}): ` +
        `run "createdb -h ${url.hostname} -p ${url.port || 5432} -O ${user} ${name}" as a PostgreSQL administrator, then start again.`,
      { cause: error },
    );
  }
}

/** Gives the authenticator role the password the server will connect with. */
export async function setAuthenticatorPassword(ownerUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(
      `alter role ${AUTHENTICATOR_ROLE} with login password ${client.escapeLiteral(password)}`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Opens the product's database: the embedded PostgreSQL in `$DATA_DIR/pg` unless `DATABASE_URL`
 * names another server, then brings its schema up to date.
 */
export async function openDatabase(
  config: Config,
  secrets: Secrets,
  log: (message: string) => void = () => {},
  options: { migrate?: boolean; keepRunning?: boolean } = {},
): Promise<Database> {
  let ownerUrl: string;
  let stop = async () => {};
  if (config.databaseUrl) {
    ownerUrl = config.databaseUrl;
    await ensureExternalDatabase(ownerUrl, log);
  } else {
    const embedded = {
      dataDir: path.join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      password: secrets.postgresPassword,
    };
    const cluster = await startEmbeddedPostgres(embedded);
    await ensureDatabaseExists(cluster.url('postgres'), DATABASE_NAME);
    ownerUrl = cluster.url(DATABASE_NAME);
    // The server (not the one-shot commands) starts its PostgreSQL again if it dies.
    const kept = options.keepRunning
      ? keepEmbeddedPostgresRunning(embedded, cluster, log)
      : cluster;
    stop = () => kept.stop();
  }
  if (options.migrate !== false) await migrate(ownerUrl, log);
  let authenticatorUrl = config.authDatabaseUrl;
  if (!authenticatorUrl && options.migrate !== false) {
    await setAuthenticatorPassword(ownerUrl, secrets.authenticatorPassword);
  }
  authenticatorUrl ??= withCredentials(ownerUrl, AUTHENTICATOR_ROLE, secrets.authenticatorPassword);
  return { ownerUrl, authenticatorUrl, stop };
}
