import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { transaction } from './transaction.ts';

/** Ordered SQL migrations: `db/migrations/NNNN-name.sql`, each applied once, in its own transaction. */
export const migrationsDir = fileURLToPath(new URL('../../../db/migrations/', import.meta.url));

/**
 * `db/migrations/lock.json`: the SHA-256 of every committed migration (`locked`), and for the few
 * migrations whose text was changed on main after databases had applied it, the hashes of those
 * earlier texts (`replaced`). A database that applied a replaced text is accepted; 0035 brings it
 * to the state the current texts give. `npm run db:lock` adds new migration files to `locked`.
 */
export const LOCK_FILE = 'lock.json';

export interface MigrationLock {
  locked: Record<string, string>;
  replaced: Record<string, string[]>;
}

export interface Migration {
  name: string;
  sql: string;
  hash: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function readMigrations(dir = migrationsDir): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}-[\w-]+\.sql$/.test(file))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, hash: sha256(sql) };
    });
}

export function readLock(dir = migrationsDir): MigrationLock {
  const file = path.join(dir, LOCK_FILE);
  if (!fs.existsSync(file)) return { locked: {}, replaced: {} };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as MigrationLock;
}

/** Migration files whose text is not the one locked: a committed migration was edited. */
export function editedMigrations(migrations: Migration[], lock: MigrationLock): string[] {
  return migrations
    .filter((m) => lock.locked[m.name] !== undefined && lock.locked[m.name] !== m.hash)
    .map((m) => m.name);
}

/** Each table's storage file: a migration that rewrites a table gives it a new one. */
async function tableFiles(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; file: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.relfilenode::text as file
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and n.nspname <> 'information_schema'
        and n.nspname not like 'pg\\_%'`,
  );
  return new Map(rows.map((row) => [row.name, row.file]));
}

/**
 * Applies the migrations not yet applied to the database at `connectionString` (an owner or
 * superuser connection). Refuses to start when a migration file differs from its hash in
 * lock.json, or when one already applied was applied with a text that is neither the current one
 * nor one of its replaced texts: committed migrations are never edited, a new one is added instead.
 */
export async function migrate(
  connectionString: string,
  log: (message: string) => void = () => {},
  /** Only these (a restore first rebuilds the schema its backup was written under). */
  only: (name: string) => boolean = () => true,
  /** Another directory of migrations (tests build databases from earlier migration sets). */
  dir = migrationsDir,
): Promise<string[]> {
  const migrations = readMigrations(dir);
  const lock = readLock(dir);
  const edited = editedMigrations(migrations, lock);
  if (edited.length > 0) {
    throw new Error(
      `Migration ${edited.join(', ')} differs from its hash in db/migrations/${LOCK_FILE}: ` +
        'a committed migration is never edited; add a new migration instead.',
    );
  }
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    // One migrator at a time per database, whoever starts first.
    await client.query('select pg_advisory_lock(7310001)');
    await client.query(`
      create schema if not exists ledgerline_migrations;
      create table if not exists ledgerline_migrations.applied (
        name text primary key,
        hash text not null,
        applied_at timestamptz not null default now()
      );`);
    const { rows } = await client.query<{ name: string; hash: string }>(
      'select name, hash from ledgerline_migrations.applied',
    );
    const done = new Map(rows.map((row) => [row.name, row.hash]));
    const filesBefore = await tableFiles(client);
    // A migration applied under a name this version does not have, numbered among its own, was
    // renamed or removed on main: its database is not one the current texts can upgrade. (One
    // numbered after them is a newer version's, which a backup restore reports itself.)
    const names = new Set(migrations.map((m) => m.name));
    const last = migrations.at(-1)?.name ?? '';
    const gone = rows.map((row) => row.name).filter((name) => !names.has(name) && name < last);
    if (gone.length > 0) {
      throw new Error(
        `The database applied ${gone.join(', ')}, which this version does not have: it was renamed or removed after it was applied.`,
      );
    }
    for (const migration of migrations) {
      if (!only(migration.name)) continue;
      const previous = done.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.hash && !lock.replaced[migration.name]?.includes(previous)) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      log(`Applying migration ${migration.name}`);
      try {
        await transaction(client, async () => {
          await client.query(migration.sql);
          await client.query(
            'insert into ledgerline_migrations.applied (name, hash) values ($1, $2)',
            [migration.name, migration.hash],
          );
        });
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.name);
    }
    // A migration that rewrites a table (a stored generated column, a changed type) leaves it
    // without its visibility map, and autovacuum does not count a rewrite as changes: until a
    // vacuum, every index-only scan of the table (the lists' capped counts) reads the table too.
    // The tables the migrations rewrote are vacuumed here, after they committed.
    if (applied.length > 0) {
      const filesAfter = await tableFiles(client);
      for (const [table, file] of filesBefore) {
        const now = filesAfter.get(table);
        if (now === undefined || now === file) continue;
        log(`Vacuuming ${table}, rewritten by the migrations`);
        await client.query(`vacuum (analyze) ${table}`);
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock(7310001)').catch(() => {});
    await client.end();
  }
  return applied;
}
