import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { transaction } from './transaction.ts';

/** Ordered SQL migrations: `db/migrations/NNNN-name.sql`, each applied once, in its own transaction. */
export const migrationsDir = fileURLToPath(new URL('../../../db/migrations/', import.meta.url));

interface Migration {
  name: string;
  sql: string;
  hash: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}-[\w-]+\.sql$/.test(file))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, hash: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies the migrations not yet applied to the database at `connectionString` (an owner or
 * superuser connection). A migration already applied whose file has since changed is an error:
 * committed migrations are never edited, a new one is added instead.
 */
export async function migrate(
  connectionString: string,
  log: (message: string) => void = () => {},
  /** Only these (a restore first rebuilds the schema its backup was written under). */
  only: (name: string) => boolean = () => true,
): Promise<string[]> {
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
    for (const migration of readMigrations()) {
      if (!only(migration.name)) continue;
      const previous = done.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.hash) {
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
  } finally {
    await client.query('select pg_advisory_unlock(7310001)').catch(() => {});
    await client.end();
  }
  return applied;
}
