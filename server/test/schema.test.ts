// The committed schema.graphql is the API contract: it must match what the server generates.
import fs from 'node:fs';
import pg from 'pg';
import { expect, it } from 'vitest';
import { AuthService } from '../src/auth/service.ts';
import { accessTokens } from '../src/auth/tokens.ts';
import { SCHEMA_FILE, sortedSchemaSDL } from '../src/graphql/export.ts';
import { createTestDatabase, TEST_JWT_SECRET } from './helpers.ts';

it('schema.graphql is up to date (run `npm run schema:export` after an API change)', async () => {
  const db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.ownerUrl, max: 1 });
  const auth = new AuthService({
    pool,
    tokens: accessTokens(TEST_JWT_SECRET, 900),
    refreshTokenTtl: 3600,
    loginRateLimit: 10,
    loginRateWindowMs: 60_000,
  });
  const generated = await sortedSchemaSDL(db.authenticatorUrl, auth);
  await pool.end();
  expect(generated === fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(true);
});
