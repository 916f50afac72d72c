// npm run schema:export — writes what a reader of the database and the API opens first, so every
// change shows up in review as a diff (a test fails while a committed file is out of date):
// schema.graphql (the sorted GraphQL schema), db/schema.sql (the current database schema) and
// docs/workflows.md's transition graphs (from app_private.transitions).
import '../env.ts';
import fs from 'node:fs';
import pg from 'pg';
import { AuthService } from '../auth/service.ts';
import { accessTokens } from '../auth/tokens.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { SCHEMA_SQL_FILE, schemaDump } from '../db/schema-dump.ts';
import { WORKFLOWS_FILE, withWorkflowSections, workflowSections } from '../db/workflow-docs.ts';
import { SCHEMA_FILE, sortedSchemaSDL } from '../graphql/export.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
const secrets = loadSecrets(config.dataDir);
const database = await openDatabase(config, secrets);
const pool = new pg.Pool({ connectionString: database.ownerUrl });
pool.on('error', (error) => console.warn(`Database connection lost: ${error.message}`));
const auth = new AuthService({
  pool,
  tokens: accessTokens(secrets.jwtSecret, config.accessTokenTtl),
  refreshTokenTtl: config.refreshTokenTtl,
  loginRateLimit: config.loginRateLimit,
  loginRateWindowMs: config.loginRateWindowMs,
});
fs.writeFileSync(SCHEMA_FILE, await sortedSchemaSDL(database.authenticatorUrl, auth));
console.log(`Wrote ${SCHEMA_FILE.pathname}`);
const client = await pool.connect();
const sections = await workflowSections(client);
fs.writeFileSync(SCHEMA_SQL_FILE, await schemaDump(client));
console.log(`Wrote ${SCHEMA_SQL_FILE.pathname}`);
client.release();
fs.writeFileSync(
  WORKFLOWS_FILE,
  await withWorkflowSections(fs.readFileSync(WORKFLOWS_FILE, 'utf8'), sections),
);
console.log(`Wrote ${WORKFLOWS_FILE.pathname}`);
await pool.end();
await database.stop();
