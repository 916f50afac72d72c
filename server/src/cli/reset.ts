// npm run db:reset — replaces the product database with a freshly migrated and seeded one, and
// removes the stored files. It ends either with the new database or with the old one untouched:
// the new one is built beside it (<name>_reset) and swapped in by renaming only when complete.
// Refuses to run in production or while the server (or anything else) is connected.
import '../env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase, setAuthenticatorPassword } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { replaceDatabase } from '../db/replace-database.ts';
import { seedDemoData } from '../db/seed.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
if (config.production) {
  console.error('db:reset refuses to run with NODE_ENV=production.');
  process.exit(1);
}
const secrets = loadSecrets(config.dataDir);
const database = await openDatabase(config, secrets, () => {}, { migrate: false });
try {
  await replaceDatabase(database.ownerUrl, 'reset', async (freshUrl) => {
    await migrate(freshUrl, (message) => console.log(message));
    await seedDemoData(freshUrl);
    await setAuthenticatorPassword(freshUrl, secrets.authenticatorPassword);
  });
  fs.rmSync(path.join(config.dataDir, 'files'), { recursive: true, force: true });
  console.log('The database was reset and the demo data seeded.');
} catch (error) {
  console.error(`db:reset: nothing was changed. ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
