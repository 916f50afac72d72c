// npm run db:backup [FILE] — writes the database and the stored files, consistent with each
// other, to one file (default: backups/ledgerline-<time>.zip). Works while the server runs.
import '../env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
const file = path.resolve(
  process.argv[2] ??
    path.join('backups', `ledgerline-${new Date().toISOString().replace(/[:.]/g, '-')}.zip`),
);
fs.mkdirSync(path.dirname(file), { recursive: true });
const database = await openDatabase(config, loadSecrets(config.dataDir), () => {}, {
  migrate: false,
});
try {
  const manifest = await backup(database.ownerUrl, path.join(config.dataDir, 'files'), file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.files} files to ${file}`,
  );
} catch (error) {
  console.error(`db:backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
