// Administration (issue 15): a delete refused with "Other entities depend on it." (SPEC §8) names
// what depends on the record, through app_public.record_dependents.
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestDatabase, rowsAs, sqlErrorAs, type TestDatabase } from './helpers.ts';

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

describe('exchange rates imported from CSV: every row checked, all or nothing', () => {
  const rate = (currency: string, date: string) =>
    db.owner
      .query<{ usd_per_unit: string }>(
        'select usd_per_unit from app_public.exchange_rates where currency = $1 and rate_date = $2',
        [currency, date],
      )
      .then((r) => r.rows[0]?.usd_per_unit);

  it('names the problem of each bad row', async () => {
    const rows = [
      { currency: 'EUR', rateDate: '2031-01-31', usdPerUnit: '1.0834' },
      { currency: 'XXQ', rateDate: '2031-02-30', usdPerUnit: '-1' },
      { currency: 'eur', rateDate: '2031-01-31', usdPerUnit: '1.09' },
    ];
    const problems = await rowsAs(
      db,
      'admin',
      'select line, code from app_public.check_exchange_rates($1::jsonb)',
      [JSON.stringify(rows)],
    );
    expect(problems).toEqual([
      { line: 2, code: 'UnknownCurrency' },
      { line: 2, code: 'InvalidPaymentDate' },
      { line: 2, code: 'InvalidAmount' },
      { line: 3, code: 'DuplicateRate' },
    ]);
  });

  it('one bad row changes nothing; good rows are all written, replacing a rate of the same day', async () => {
    const good = [
      { currency: 'EUR', rateDate: '2031-03-31', usdPerUnit: '1.0834' },
      { currency: 'GBP', rateDate: '2031-03-31', usdPerUnit: '1.27' },
    ];
    const bad = [...good, { currency: 'EUR', rateDate: '2031-04-01', usdPerUnit: 'abc' }];
    const refused = await asUser(db, 'admin', async (client) => {
      try {
        await client.query('select app_public.import_exchange_rates($1::jsonb)', [
          JSON.stringify(bad),
        ]);
      } catch (error) {
        return (error as { hint?: string }).hint;
      }
    });
    expect(refused).toBe('ImportHasErrors');
    expect(await rate('EUR', '2031-03-31')).toBeUndefined();

    // asUser rolls back: write as the owner would commit; run the import as admin and read inside.
    const written = await asUser(db, 'admin', async (client) => {
      const n = await client.query<{ n: number }>(
        'select app_public.import_exchange_rates($1::jsonb) as n',
        [JSON.stringify(good)],
      );
      const again = await client.query<{ n: number }>(
        'select app_public.import_exchange_rates($1::jsonb) as n',
        [JSON.stringify([{ currency: 'EUR', rateDate: '2031-03-31', usdPerUnit: '1.1' }])],
      );
      const { rows } = await client.query(
        `select currency, usd_per_unit::text from app_public.exchange_rates where rate_date = '2031-03-31' order by 1`,
      );
      return { n: n.rows[0]!.n, again: again.rows[0]!.n, rows };
    });
    expect(written).toEqual({
      n: 2,
      again: 1,
      rows: [
        { currency: 'EUR', usd_per_unit: '1.10000000' },
        { currency: 'GBP', usd_per_unit: '1.27000000' },
      ],
    });
  });

  it('only an administrator may import', async () => {
    const refused = await asUser(db, 'accountant', async (client) => {
      try {
        await client.query('select app_public.import_exchange_rates($1::jsonb)', [
          JSON.stringify([{ currency: 'EUR', rateDate: '2031-05-31', usdPerUnit: '1.08' }]),
        ]);
      } catch (error) {
        return (error as { hint?: string }).hint;
      }
    });
    expect(refused).toBe('Forbidden');
  });
});

describe('accounts edited in the browser', () => {
  it('the account one is signed in with cannot be deleted; another user’s can', async () => {
    const hint = (username: string, sql: string) =>
      asUser(db, username, async (client) => {
        try {
          const result = await client.query(sql);
          return `deleted ${result.rowCount}`;
        } catch (error) {
          return (error as { hint?: string }).hint;
        }
      });
    expect(
      await hint(
        'admin',
        `delete from app_public.accounts where id = nullif(current_setting('jwt.claims.account_id'), '')::uuid`,
      ),
    ).toBe('CannotDeleteCurrentAccount');
    expect(
      await hint(
        'admin',
        `delete from app_public.accounts where name = 'Group viewer' and user_id = (select id from app_public.users where username = 'accountant')`,
      ),
    ).toBe('deleted 1');
  });
});
