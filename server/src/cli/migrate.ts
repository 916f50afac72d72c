// npm run db:migrate — applies pending migrations to the product database (embedded or DATABASE_URL).
import '../env.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
const database = await openDatabase(config, loadSecrets(config.dataDir), (message) =>
  console.log(message),
);
console.log('The database is up to date.');
await database.stop();
