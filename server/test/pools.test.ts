// docs/operations.md "Connections": one pool per database role, sized in config.ts. Under load a
// process holds at most DB_POOL_SIZE connections as the authenticator and DB_OWNER_POOL_SIZE as the
// owner, and GraphQL and file storage share the authenticator's.
import { expect, it } from 'vitest';
import { createTestApp, gql, login } from './helpers.ts';

it('a process opens one pool per database role, no larger than its configured size', async () => {
  const { app, db } = await createTestApp({ authenticatorPoolSize: 3, ownerPoolSize: 2 });
  const token = (await login(app, 'admin')).accessToken;
  const query = '{ allInvoices(first: 20) { nodes { id invoiceRef } } }';
  await Promise.all([
    ...Array.from({ length: 12 }, () => gql(app, query, {}, token)),
    ...Array.from({ length: 4 }, () => login(app, 'viewer')),
    ...Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/health' })),
  ]);
  const { rows } = await db.owner.query<{ name: string; connections: number }>(
    `select application_name as name, count(*)::int as connections from pg_stat_activity
      where datname = current_database() and application_name like 'ledgerline %'
      group by 1 order by 1`,
  );
  expect(rows.map((row) => row.name)).toEqual(['ledgerline authenticator', 'ledgerline owner']);
  const connections = Object.fromEntries(rows.map((row) => [row.name, row.connections]));
  expect(connections['ledgerline authenticator']).toBeGreaterThan(1);
  expect(connections['ledgerline authenticator']).toBeLessThanOrEqual(3);
  expect(connections['ledgerline owner']).toBeLessThanOrEqual(2);
});
