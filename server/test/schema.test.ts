// What a reader opens first must match what the code generates: schema.graphql (the API contract),
// db/schema.sql (the database as it is now) and docs/workflows.md's graphs (from
// app_private.transitions). `npm run schema:export` writes all three.
import fs from 'node:fs';
import pg from 'pg';
import { expect, it } from 'vitest';
import { AuthService } from '../src/auth/service.ts';
import { accessTokens } from '../src/auth/tokens.ts';
import { SCHEMA_SQL_FILE, schemaDump } from '../src/db/schema-dump.ts';
import { WORKFLOWS_FILE, withWorkflowSections, workflowSections } from '../src/db/workflow-docs.ts';
import { SCHEMA_FILE, sortedSchemaSDL } from '../src/graphql/export.ts';
import { createTestDatabase, TEST_JWT_SECRET } from './helpers.ts';

it('schema.graphql, db/schema.sql and the graphs of docs/workflows.md are up to date (run `npm run schema:export`)', async () => {
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
  expect(generated === fs.readFileSync(SCHEMA_FILE, 'utf8'), 'schema.graphql').toBe(true);
  const client = await pool.connect();
  const sections = await workflowSections(client);
  const dump = await schemaDump(client);
  client.release();
  expect(dump === fs.readFileSync(SCHEMA_SQL_FILE, 'utf8'), 'db/schema.sql').toBe(true);
  await pool.end();
  const committed = fs.readFileSync(WORKFLOWS_FILE, 'utf8');
  expect(await withWorkflowSections(committed, sections), 'docs/workflows.md').toBe(committed);
});

// A stored generated column (0309's project_keys) is not a default: a row cannot set it, and
// db/schema.sql says which it is.
it('db/schema.sql tells a stored generated column from a default', () => {
  const dump = fs.readFileSync(SCHEMA_SQL_FILE, 'utf8');
  expect(dump).toContain('project_keys text[] generated always as ((project_ids)::text[]) stored,');
  expect(dump).not.toMatch(/project_keys text\[\] default/);
});

it('every query and mutation, and every exposed table, function and type, says what it does', async () => {
  const { buildSchema } = await import('postgraphile/graphql');
  const schema = buildSchema(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  const undocumented = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
    Object.values(type.getFields())
      .filter((field) => !field.description?.trim())
      .map((field) => `${type.name}.${field.name}`),
  );
  expect(undocumented).toEqual([]);
  const db = await createTestDatabase();
  const { rows } = await db.owner.query<{ name: string }>(`
    select p.oid::regprocedure::text as name from pg_proc p
     where p.pronamespace = 'app_public'::regnamespace and obj_description(p.oid, 'pg_proc') is null
    union all
    select 'table ' || c.relname from pg_class c
     where c.relnamespace = 'app_public'::regnamespace and c.relkind in ('r', 'v') and obj_description(c.oid, 'pg_class') is null
    union all
    select 'type ' || t.typname from pg_type t
     where t.typnamespace = 'app_public'::regnamespace and t.typtype in ('e', 'c')
       and (t.typtype = 'e' or exists (select from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))
       and obj_description(t.oid, 'pg_type') is null
    order by 1`);
  expect(rows.map((row) => row.name)).toEqual([]);
});
