// npm run db:reset — replaces the product database with a freshly migrated and seeded one, and
// removes the stored files. It ends either with the new database or with the old one untouched:
// the new one is built beside it (<name>_reset) and swapped in by renaming only when complete.
// Refuses to run in production or while the server (or anything else) is connected.
import '../env.ts';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase, setAuthenticatorPassword, withDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
if (config.production) {
  console.error('db:reset refuses to run with NODE_ENV=production.');
  process.exit(1);
}
const secrets = loadSecrets(config.dataDir);
const database = await openDatabase(config, secrets, () => {}, { migrate: false });
const name = decodeURIComponent(new URL(database.ownerUrl).pathname.slice(1));
const fresh = `${name}_reset`;
const old = `${name}_old`;
const admin = new pg.Client({ connectionString: withDatabase(database.ownerUrl, 'postgres') });
await admin.connect();
const ident = (value: string) => admin.escapeIdentifier(value);
let exitCode = 0;
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
  const freshUrl = withDatabase(database.ownerUrl, fresh);
  try {
    await migrate(freshUrl, (message) => console.log(message));
    await seedDemoData(freshUrl);
    await setAuthenticatorPassword(freshUrl, secrets.authenticatorPassword);
  } catch (error) {
    await admin.query(`drop database if exists ${ident(fresh)}`);
    throw error;
  }
  // The swap: two renames, undone if the second fails; then the old database goes.
  await admin.query(`drop database if exists ${ident(old)}`);
  await admin.query(`alter database ${ident(name)} rename to ${ident(old)}`);
  try {
    await admin.query(`alter database ${ident(fresh)} rename to ${ident(name)}`);
  } catch (error) {
    await admin.query(`alter database ${ident(old)} rename to ${ident(name)}`);
    throw error;
  }
  await admin.query(`drop database ${ident(old)}`);
  fs.rmSync(path.join(config.dataDir, 'files'), { recursive: true, force: true });
  console.log('The database was reset and the demo data seeded.');
} catch (error) {
  console.error(`db:reset: nothing was changed. ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await admin.end();
  await database.stop();
}
process.exit(exitCode);
