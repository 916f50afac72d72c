// Administration (issue 15): a delete refused with "Other entities depend on it." (SPEC §8) names
// what depends on the record, through app_public.record_dependents.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, rowsAs, sqlErrorAs, type TestDatabase } from './helpers.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});

const dependents = (username: string, table: string, id: string) =>
  rowsAs<{ table_name: string; count: number }>(
    db,
    username,
    'select table_name, count from app_public.record_dependents($1, $2)',
    [table, id],
  );

describe('SPEC §8: deleting a referenced record names what depends on it', () => {
  it('a client used by bills: the refusal is IsConstraintViolation and the bills are counted', async () => {
    const { rows } = await db.owner.query<{ client_id: string; n: number }>(
      `select client_id, count(*)::int as n from app_public.bills group by client_id order by n desc limit 1`,
    );
    const { client_id: clientId, n } = rows[0]!;
    expect(n).toBeGreaterThan(0);
    // restrict_violation: the foreign key refuses the delete (shown as IsConstraintViolation).
    expect(
      await sqlErrorAs(db, 'admin', 'delete from app_public.clients where id = $1', [clientId]),
    ).toBe('23001');
    const found = await dependents('admin', 'clients', clientId);
    expect(found).toContainEqual({ table_name: 'bills', count: n });
  });

  it('a role used by accounts counts the accounts; an unused record has no dependents', async () => {
    const { rows } = await db.owner.query<{ id: string; n: number }>(
      `select r.id, count(a.id)::int as n from app_public.roles r join app_public.accounts a on a.role_id = r.id
        where r.name = 'viewer' group by r.id`,
    );
    expect(await dependents('admin', 'roles', rows[0]!.id)).toEqual([
      { table_name: 'accounts', count: rows[0]!.n },
    ]);
    const service = await db.owner.query<{ id: string }>(
      `insert into app_public.services (name) values ('Unused service for dependents') returning id`,
    );
    expect(await dependents('admin', 'services', service.rows[0]!.id)).toEqual([]);
  });

  it('tells nothing about a record the caller cannot see, and only about the admin tables', async () => {
    // The accountant is limited to Northwind NL: Northwind UK is invisible to it.
    const { rows } = await db.owner.query<{ id: string }>(
      `select id from app_public.subsidiaries where short_name = 'Northwind UK'`,
    );
    expect((await dependents('admin', 'subsidiaries', rows[0]!.id)).length).toBeGreaterThan(0);
    expect(await dependents('accountant', 'subsidiaries', rows[0]!.id)).toEqual([]);
    expect(
      await sqlErrorAs(db, 'admin', `select * from app_public.record_dependents('users', $1)`, [
        rows[0]!.id,
      ]),
    ).toBe('LL001');
  });
});
