// npm run db:reset — drops every table and file of the product database, then migrates and seeds
// the demo data again. Refuses to run in production.
import '../env.ts';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { seedDemoData } from '../db/seed.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
if (config.production) {
  console.error('db:reset refuses to run with NODE_ENV=production.');
  process.exit(1);
}
const secrets = loadSecrets(config.dataDir);
let database = await openDatabase(config, secrets, () => {}, { migrate: false });
const client = new pg.Client({ connectionString: database.ownerUrl });
await client.connect();
await client.query(
  'drop schema if exists app_public, app_hidden, app_private, ledgerline_migrations cascade',
);
await client.end();
await database.stop();
fs.rmSync(path.join(config.dataDir, 'files'), { recursive: true, force: true });

database = await openDatabase(config, secrets, (message) => console.log(message));
await seedDemoData(database.ownerUrl);
console.log('The database was reset and the demo data seeded.');
await database.stop();
