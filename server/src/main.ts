import './env.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './db/seed.ts';
import { loadSecrets } from './secrets.ts';

const config = loadConfig();
const secrets = loadSecrets(config.dataDir);
console.log(`Ledgerline 1.4.2 (${config.production ? 'production' : 'development'})`);
console.log(
  config.databaseUrl ? 'Using DATABASE_URL.' : `Starting PostgreSQL in ${config.dataDir}/pg ...`,
);
const database = await openDatabase(config, secrets, (message) => console.log(message), {
  keepRunning: true,
});
if (await seedDemoData(database.ownerUrl)) console.log('Seeded the demo data.');

const app = await buildApp({
  config,
  ownerUrl: database.ownerUrl,
  authenticatorUrl: database.authenticatorUrl,
  jwtSecret: secrets.jwtSecret,
  logger: config.logRequests,
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  await app.close();
  await database.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(`\nLedgerline is running at ${url}`);
console.log(`  GraphQL: ${url}/graphql${config.production ? '' : `   GraphiQL: ${url}/graphiql`}`);
console.log(`\nDemo sign-ins (password ${DEMO_PASSWORD}):`);
for (const user of DEMO_USERS) console.log(`  ${user.username.padEnd(12)} ${user.description}`);
