// npm run schema:export — writes the sorted GraphQL schema to schema.graphql, so every API change
// shows up in review as a diff (a test fails while the committed file is out of date).
import '../env.ts';
import fs from 'node:fs';
import pg from 'pg';
import { AuthService } from '../auth/service.ts';
import { accessTokens } from '../auth/tokens.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { SCHEMA_FILE, sortedSchemaSDL } from '../graphql/export.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
const secrets = loadSecrets(config.dataDir);
const database = await openDatabase(config, secrets);
const pool = new pg.Pool({ connectionString: database.ownerUrl });
const auth = new AuthService({
  pool,
  tokens: accessTokens(secrets.jwtSecret, config.accessTokenTtl),
  refreshTokenTtl: config.refreshTokenTtl,
  loginRateLimit: config.loginRateLimit,
  loginRateWindowMs: config.loginRateWindowMs,
});
fs.writeFileSync(SCHEMA_FILE, await sortedSchemaSDL(database.authenticatorUrl, auth));
await pool.end();
await database.stop();
console.log(`Wrote ${SCHEMA_FILE.pathname}`);
