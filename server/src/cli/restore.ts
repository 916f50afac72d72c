// npm run db:restore FILE — replaces the database and the stored files with a backup's. Stop the
// server first. Either both are replaced or nothing changes.
import '../env.ts';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { restore } from '../db/backup.ts';
import { openDatabase, setAuthenticatorPassword } from '../db/database.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- FILE (a file written by npm run db:backup)');
  process.exit(2);
}
const secrets = loadSecrets(config.dataDir);
const database = await openDatabase(config, secrets, () => {}, { migrate: false });
try {
  const manifest = await restore(
    database.ownerUrl,
    path.join(config.dataDir, 'files'),
    path.resolve(file),
    (message) => console.log(message),
  );
  // The restored database's login role gets this installation's password.
  await setAuthenticatorPassword(database.ownerUrl, secrets.authenticatorPassword);
  console.log(`Restored the backup of ${manifest.createdAt} (${manifest.files} files).`);
} catch (error) {
  console.error(`db:restore: nothing was changed. ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
