import type pg from 'pg';
import { makeWithPgClientViaPgClientAlreadyInTransaction } from 'postgraphile/adaptors/pg';
import { isCappedCount } from './plugins/capped-count.ts';

type WithPgClient = Grafast.Context['withPgClient'];
type PgClient = Parameters<Parameters<WithPgClient>[1]>[0];

/**
 * The adaptor's client, but a capped count's statement goes unnamed. @dataplan/pg names every
 * statement (a prepared statement per text); from its sixth run PostgreSQL may keep one generic
 * plan for any values, which cannot see a range filter's: it takes a third of the table as
 * matching. This year's payments counted as the manager became a sequential scan stopping at the
 * 1,001st match, starting where the last scan of the table stopped (synchronized scans), so one
 * count in a few read every older page first (310 ms at scale 10, against 1-4 ms by the
 * subsidiaries' index). An unnamed statement is planned for its values at every run; a count's planning is
 * cheap, unlike a list's with its columns (planning every statement made the large lists 2-3x
 * slower). bench/README.md "Findings" has the measurements.
 */
function withUnnamedCounts(client: PgClient): PgClient {
  const unnamed: PgClient = Object.create(client);
  unnamed.query = (query) =>
    client.query(isCappedCount(query.text) ? { ...query, name: undefined } : query);
  return unnamed;
}

/** Connections already given the session setting below. */
const prepared = new WeakSet<pg.PoolClient>();

/**
 * The connection each GraphQL query runs on, as PostGraphile's own adaptor gives it (a transaction
 * with the request's settings local to it: role, claims, statement timeout), in three round trips
 * instead of four: `begin` and the settings go as one message, then the statement, then `commit`.
 * Like the adaptor, a new connection is first told not to optimise plans with JIT.
 */
export function withPgClientOn(pool: pg.Pool): WithPgClient {
  return async (pgSettings, given) => {
    const callback: typeof given = (client) => given(withUnnamedCounts(client));
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const settings = Object.entries(pgSettings ?? {}).filter(([, value]) => value != null);
      const setup = prepared.has(client) ? '' : 'set jit_optimize_above_cost = -1; ';
      prepared.add(client);
      if (settings.length === 0) {
        if (setup) await client.query(setup);
        return await makeWithPgClientViaPgClientAlreadyInTransaction(client, false)(null, callback);
      }
      const values = settings
        .map(
          ([key, value]) =>
            `set_config(${client.escapeLiteral(key)}, ${client.escapeLiteral(String(value))}, true)`,
        )
        .join(', ');
      try {
        await client.query(`${setup}begin; select ${values}`);
        const result = await makeWithPgClientViaPgClientAlreadyInTransaction(client, true)(
          null,
          callback,
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
    } finally {
      // A connection that could not roll back is closed rather than given to the next request.
      client.release(broken);
    }
  };
}
