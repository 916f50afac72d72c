import pg from 'pg';
import { withDatabase } from './database.ts';

/**
 * Replaces a database with a new one, all or nothing (db:reset, db:restore): refuses while anything
 * is connected to it, has `build` fill a new database beside it (`<name>_<suffix>`), and only when
 * that is complete swaps the two by renaming; if the build or the swap fails, the new database is
 * dropped and the current one is as it was. `ownerUrl` names the database to replace.
 */
export async function replaceDatabase(
  ownerUrl: string,
  suffix: string,
  build: (freshUrl: string) => Promise<void>,
): Promise<void> {
  const name = decodeURIComponent(new URL(ownerUrl).pathname.slice(1));
  const fresh = `${name}_${suffix}`;
  const old = `${name}_old`;
  const admin = new pg.Client({ connectionString: withDatabase(ownerUrl, 'postgres') });
  await admin.connect();
  const ident = (value: string) => admin.escapeIdentifier(value);
  try {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    if (rows[0]!.n > 0) {
      throw new Error(
        `${rows[0]!.n} connection(s) to the database '${name}' are open: stop the server (npm start) first.`,
      );
    }
    await admin.query(`drop database if exists ${ident(fresh)}`);
    await admin.query(`create database ${ident(fresh)}`);
    try {
      await build(withDatabase(ownerUrl, fresh));
    } catch (error) {
      await admin.query(`drop database if exists ${ident(fresh)}`).catch(() => {});
      throw error;
    }
    await admin.query(`drop database if exists ${ident(old)}`);
    const existed =
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
    if (existed) await admin.query(`alter database ${ident(name)} rename to ${ident(old)}`);
    try {
      await admin.query(`alter database ${ident(fresh)} rename to ${ident(name)}`);
    } catch (error) {
      if (existed) await admin.query(`alter database ${ident(old)} rename to ${ident(name)}`);
      await admin.query(`drop database if exists ${ident(fresh)}`).catch(() => {});
      throw error;
    }
    if (existed) await admin.query(`drop database ${ident(old)}`);
  } finally {
    await admin.end();
  }
}
