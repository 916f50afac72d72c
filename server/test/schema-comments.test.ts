// db/schema.sql explains what the API does not show: every app_hidden and app_private function,
// every private table and every row-level security policy has a comment (0037), so a new one
// without fails here.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from './helpers.ts';

let client: pg.Client;
beforeAll(async () => {
  const db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.ownerUrl });
  await client.connect();
});
afterAll(() => client.end());

it('every app_hidden and app_private function has a comment', async () => {
  const { rows } = await client.query(
    `select p.oid::regprocedure::text as name from pg_proc p
      where p.pronamespace::regnamespace::text in ('app_hidden', 'app_private')
        and obj_description(p.oid, 'pg_proc') is null order by 1`,
  );
  expect(rows.map((row) => row.name)).toEqual([]);
});

it('every private table has a comment', async () => {
  const { rows } = await client.query(
    `select c.oid::regclass::text as name from pg_class c
      where c.relnamespace::regnamespace::text in ('app_hidden', 'app_private') and c.relkind = 'r'
        and obj_description(c.oid, 'pg_class') is null order by 1`,
  );
  expect(rows.map((row) => row.name)).toEqual([]);
});

it('every row-level security policy has a comment', async () => {
  const { rows } = await client.query(
    `select format('%s on %s', p.polname, p.polrelid::regclass) as name from pg_policy p
      where obj_description(p.oid, 'pg_policy') is null order by 1`,
  );
  expect(rows.map((row) => row.name)).toEqual([]);
});
