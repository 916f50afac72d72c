import '../env.ts';
// Writes the sorted GraphQL schema to schema.graphql (or, with --check, fails if it differs), so
// every API change shows up in review as a diff.
import fs from 'node:fs';
import pg from 'pg';
import { makeSchema } from 'postgraphile';
import { lexicographicSortSchema, printSchema } from 'postgraphile/graphql';
import { AuthService } from '../auth/service.ts';
import { accessTokens } from '../auth/tokens.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { makePreset } from '../graphql/preset.ts';
import { loadSecrets } from '../secrets.ts';

const file = new URL('../../../schema.graphql', import.meta.url);
const check = process.argv.includes('--check');

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
const preset = makePreset({ connectionString: database.authenticatorUrl, production: false, auth });
const { schema, resolvedPreset } = await makeSchema(preset);
const sdl = printSchema(lexicographicSortSchema(schema)) + '\n';
await Promise.all((resolvedPreset.pgServices ?? []).map((service) => service.release?.()));
await pool.end();
await database.stop();

if (check) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed !== sdl) {
    console.error('schema.graphql is out of date: run `npm run schema:export` and commit it.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date.');
} else {
  fs.writeFileSync(file, sdl);
  console.log(`Wrote ${file.pathname}`);
}
